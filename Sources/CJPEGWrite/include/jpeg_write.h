#pragma once
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/// Writes 8-bit straight-alpha RGBA pixels (top row first, `stride` bytes a row) to `path` as a
/// baseline JPEG of `quality` (1-100). JPEG has no alpha: every pixel is composited onto the
/// opaque `background` (R, G, B), which changes nothing for Radial's pages (they are opaque).
/// Chroma is kept at full resolution (4:4:4) from quality 90 up and halved both ways (4:2:0)
/// below, as ImageMagick does: thin colored lines and text keep their color at the default 90.
///
/// Returns 0 on success. On failure returns -1 and leaves the system's error number in
/// `*error_number` when a system call failed (0 otherwise) and libjpeg's words in `message`.
/// The file may be left partly written: the caller writes to a temporary name and removes it.
///
/// In C because libjpeg reports errors by calling an error_exit that must not return (longjmp
/// here), which Swift cannot catch.
int radial_jpeg_write(const char *path, const uint8_t *pixels, int width, int height, size_t stride,
                      int quality, const uint8_t background[3], int *error_number,
                      char *message, size_t message_size);

/// The same into `file`, open for writing (an `open_memstream` for a JPEG in memory), which is
/// closed whatever happens.
int radial_jpeg_write_file(FILE *file, const uint8_t *pixels, int width, int height, size_t stride,
                           int quality, const uint8_t background[3], int *error_number,
                           char *message, size_t message_size);
