#ifndef RADIAL_SURFACELESS_H
#define RADIAL_SURFACELESS_H
#include <stddef.h>

/// An OpenGL 3.3 core context on EGL's surfaceless platform (EGL_MESA_platform_surfaceless):
/// no window system, no DISPLAY; draw into framebuffer objects.
typedef struct radial_egl_context radial_egl_context;

/// A new context, or NULL with a sentence in `error` (of `error_size` bytes) saying why.
radial_egl_context *radial_egl_create(char *error, size_t error_size);
/// Makes it current on the calling thread (1 on success).
int radial_egl_make_current(radial_egl_context *context);
/// Leaves the calling thread with no current context.
void radial_egl_release_current(radial_egl_context *context);
void radial_egl_destroy(radial_egl_context *context);

#endif
