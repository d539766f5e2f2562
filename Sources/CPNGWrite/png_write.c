#include "png_write.h"
#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

struct failure {
    jmp_buf jump;
    char *message;
    size_t size;
};

static void on_error(png_structp png, png_const_charp text) {
    struct failure *f = png_get_error_ptr(png);
    snprintf(f->message, f->size, "%s", text);
    longjmp(f->jump, 1);
}

static void on_warning(png_structp png, png_const_charp text) { (void)png; (void)text; }

int radial_png_write(const char *path, const uint8_t *pixels, int width, int height, size_t stride,
                     int level, int filters, int strategy, char *message, size_t message_size) {
    FILE *file = fopen(path, "wb");
    if (!file) { snprintf(message, message_size, "%s", strerror(errno)); return -1; }
    return radial_png_write_file(file, pixels, width, height, stride, level, filters, strategy, message, message_size);
}

int radial_png_write_file(FILE *file, const uint8_t *pixels, int width, int height, size_t stride,
                          int level, int filters, int strategy, char *message, size_t message_size) {
    struct failure f = { .message = message, .size = message_size };
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &f, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        snprintf(message, message_size, "out of memory");
        png_destroy_write_struct(&png, NULL);
        fclose(file);
        return -1;
    }
    if (setjmp(f.jump)) {
        png_destroy_write_struct(&png, &info);
        fclose(file);
        return -1;
    }
    png_init_io(png, file);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB_ALPHA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters ? filters : PNG_FILTER_NONE);
    png_set_compression_level(png, level);
    png_set_compression_strategy(png, strategy);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) png_write_row(png, pixels + (size_t)y * stride);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    if (fclose(file) != 0) { snprintf(message, message_size, "%s", strerror(errno)); return -1; }
    return 0;
}
