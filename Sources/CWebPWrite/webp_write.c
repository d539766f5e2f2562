#include "webp_write.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <webp/encode.h>

static const char *describe(WebPEncodingError code) {
    switch (code) {
    case VP8_ENC_ERROR_OUT_OF_MEMORY: case VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: return "out of memory";
    case VP8_ENC_ERROR_BAD_DIMENSION: return "the picture is too large for WebP (16383 pixels a side at most)";
    case VP8_ENC_ERROR_PARTITION0_OVERFLOW: case VP8_ENC_ERROR_PARTITION_OVERFLOW: return "the picture is too detailed for one WebP partition";
    case VP8_ENC_ERROR_FILE_TOO_BIG: return "the WebP would be larger than 4 GiB";
    default: return "libwebp could not encode the picture";
    }
}

int radial_webp_write(const char *path, const uint8_t *pixels, int width, int height, size_t stride,
                      int quality, int lossless_level, int *error_number, char *message, size_t message_size) {
    *error_number = 0;
    if (message_size) message[0] = 0;
    FILE *file = fopen(path, "wb");
    if (!file) {
        *error_number = errno;
        snprintf(message, message_size, "%s", strerror(errno));
        return -1;
    }
    return radial_webp_write_file(file, pixels, width, height, stride, quality, lossless_level, error_number, message, message_size);
}

int radial_webp_write_file(FILE *file, const uint8_t *pixels, int width, int height, size_t stride,
                           int quality, int lossless_level, int *error_number, char *message, size_t message_size) {
    *error_number = 0;
    if (message_size) message[0] = 0;
    WebPConfig config;
    WebPPicture picture;
    WebPMemoryWriter memory;
    if (!WebPConfigInit(&config) || !WebPPictureInit(&picture)) {
        snprintf(message, message_size, "libwebp %06x does not match its headers", WebPGetEncoderVersion());
        fclose(file);
        return -1;
    }
    if (quality >= 100) {
        WebPConfigLosslessPreset(&config, lossless_level);
        config.exact = 1;
    } else {
        config.quality = (float)quality;
    }
    // A second thread for the encoder's analysis and filtering passes: cwebp -mt took a lossy
    // settled 800x800 page from 63 to 47 ms here (the lossless one 88 to 81), same bytes.
    config.thread_level = 1;
    if (!WebPValidateConfig(&config)) { snprintf(message, message_size, "libwebp refused the settings"); fclose(file); return -1; }
    picture.use_argb = config.lossless;   // lossless encodes ARGB; lossy converts to YUV once
    picture.width = width;
    picture.height = height;
    if (!WebPPictureImportRGBA(&picture, pixels, (int)stride)) {
        snprintf(message, message_size, "%s", describe(picture.error_code));
        WebPPictureFree(&picture);
        fclose(file);
        return -1;
    }
    // Encode into memory, then write: the file is small, and a failing write is one errno.
    WebPMemoryWriterInit(&memory);
    picture.writer = WebPMemoryWrite;
    picture.custom_ptr = &memory;
    int ok = WebPEncode(&config, &picture);
    WebPEncodingError code = picture.error_code;
    WebPPictureFree(&picture);
    if (!ok) {
        snprintf(message, message_size, "%s", describe(code));
        WebPMemoryWriterClear(&memory);
        fclose(file);
        return -1;
    }
    size_t written = fwrite(memory.mem, 1, memory.size, file);
    int failed = written != memory.size ? (errno ? errno : EIO) : 0;
    WebPMemoryWriterClear(&memory);
    if (fflush(file) != 0 && !failed) failed = errno ? errno : EIO;
    if (fclose(file) != 0 && !failed) failed = errno ? errno : EIO;
    if (failed) {
        *error_number = failed;
        snprintf(message, message_size, "%s", strerror(failed));
        return -1;
    }
    return 0;
}
