#pragma once
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/// Writes 8-bit RGBA pixels (top row first, `stride` bytes a row) to `path` as a PNG with zlib
/// `level` (0-9) and libpng's `filters` mask (PNG_FILTER_* bits; 0 for none). Returns 0 on
/// success, or -1 with a message in `message`.
///
/// In C because libpng reports errors by longjmp, which Swift cannot catch; the simplified
/// API (png_image_write_to_file) cannot set the level or the filters.
int radial_png_write(const char *path, const uint8_t *pixels, int width, int height, size_t stride,
                     int level, int filters, int strategy, char *message, size_t message_size);

/// The same into `file`, open for writing (an `open_memstream` for a PNG in memory), which is
/// closed whatever happens; 0 on success, or -1 with a message in `message`.
int radial_png_write_file(FILE *file, const uint8_t *pixels, int width, int height, size_t stride,
                          int level, int filters, int strategy, char *message, size_t message_size);
