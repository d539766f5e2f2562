#pragma once
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/// Writes 8-bit straight-alpha RGBA pixels (top row first, `stride` bytes a row) to `path` as a
/// still WebP. `quality` 1-99 is lossy (libwebp's quality, its default method 4); 100 is
/// lossless (libwebp's lossless preset `lossless_level`, 0-9, with the exact RGB under every
/// pixel kept). Opaque pictures are stored without an alpha channel.
///
/// Returns 0 on success. On failure returns -1 and leaves the system's error number in
/// `*error_number` when a system call failed (0 otherwise) and the reason in `message`.
/// The file may be left partly written: the caller writes to a temporary name and removes it.
int radial_webp_write(const char *path, const uint8_t *pixels, int width, int height, size_t stride,
                      int quality, int lossless_level, int *error_number, char *message, size_t message_size);

/// The same into `file`, open for writing (an `open_memstream` for a WebP in memory), which is
/// closed whatever happens.
int radial_webp_write_file(FILE *file, const uint8_t *pixels, int width, int height, size_t stride,
                           int quality, int lossless_level, int *error_number, char *message, size_t message_size);
