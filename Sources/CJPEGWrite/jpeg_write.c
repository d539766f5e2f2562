#include "jpeg_write.h"
#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

struct failure {
    struct jpeg_error_mgr manager;   // first: libjpeg's `err` points here
    jmp_buf jump;
    char *message;
    size_t size;
};

static void on_error(j_common_ptr info) {
    struct failure *f = (struct failure *)info->err;
    char text[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, text);
    snprintf(f->message, f->size, "%s", text);
    longjmp(f->jump, 1);
}

static void on_message(j_common_ptr info) { (void)info; }   // warnings: nothing on stderr

int radial_jpeg_write(const char *path, const uint8_t *pixels, int width, int height, size_t stride,
                      int quality, const uint8_t background[3], int *error_number,
                      char *message, size_t message_size) {
    *error_number = 0;
    if (message_size) message[0] = 0;
    FILE *file = fopen(path, "wb");
    if (!file) { *error_number = errno; snprintf(message, message_size, "%s", strerror(errno)); return -1; }
    return radial_jpeg_write_file(file, pixels, width, height, stride, quality, background, error_number, message, message_size);
}

int radial_jpeg_write_file(FILE *file, const uint8_t *pixels, int width, int height, size_t stride,
                           int quality, const uint8_t background[3], int *error_number,
                           char *message, size_t message_size) {
    *error_number = 0;
    if (message_size) message[0] = 0;
    // volatile: changed after setjmp and read after the longjmp.
    uint8_t *volatile row = malloc((size_t)width * 3);
    if (!row) { fclose(file); snprintf(message, message_size, "out of memory"); return -1; }

    struct jpeg_compress_struct info;
    struct failure f = { .message = message, .size = message_size };
    info.err = jpeg_std_error(&f.manager);
    f.manager.error_exit = on_error;
    f.manager.output_message = on_message;
    if (setjmp(f.jump)) {
        // libjpeg's stdio destination says only "Output file write error": errno says why.
        *error_number = ferror(file) ? errno : 0;
        jpeg_destroy_compress(&info);
        free(row);
        fclose(file);
        return -1;
    }
    jpeg_create_compress(&info);
    jpeg_stdio_dest(&info, file);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    info.input_components = 3;
    info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    int full = quality >= 90;
    info.comp_info[0].h_samp_factor = full ? 1 : 2;
    info.comp_info[0].v_samp_factor = full ? 1 : 2;
    // Optimal Huffman tables: 5-10 % smaller for a second pass over coefficients already in memory.
    info.optimize_coding = TRUE;
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        const uint8_t *src = pixels + (size_t)info.next_scanline * stride;
        for (int x = 0; x < width; x++) {
            unsigned a = src[4 * x + 3];
            for (int c = 0; c < 3; c++) {
                // Straight alpha over an opaque background, rounded: v·a + bg·(255 − a), / 255.
                unsigned v = src[4 * x + c] * a + background[c] * (255 - a);
                row[3 * x + c] = (uint8_t)((v + 127) / 255);
            }
        }
        JSAMPROW rows[1] = { row };
        jpeg_write_scanlines(&info, rows, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    free(row);
    // Buffered data reaches the disk (or fails to) here.
    if (fflush(file) != 0 || ferror(file)) {
        *error_number = errno;
        snprintf(message, message_size, "%s", strerror(errno));
        fclose(file);
        return -1;
    }
    if (fclose(file) != 0) { *error_number = errno; snprintf(message, message_size, "%s", strerror(errno)); return -1; }
    return 0;
}
