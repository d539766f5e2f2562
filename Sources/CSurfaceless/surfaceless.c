// EGL's surfaceless platform through libepoxy (which opens libEGL at run time: scripts/setup
// installs libegl1 and libegl-mesa0). Kept in C so that no Swift module sees EGL's headers.
#include <epoxy/egl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "surfaceless.h"

#ifndef EGL_PLATFORM_SURFACELESS_MESA
#define EGL_PLATFORM_SURFACELESS_MESA 0x31DD
#endif

struct radial_egl_context {
    EGLDisplay display;
    EGLContext context;
};

static void say(char *error, size_t size, const char *what) {
    if (error && size) snprintf(error, size, "%s (EGL error 0x%04x)", what, eglGetError());
}

radial_egl_context *radial_egl_create(char *error, size_t error_size) {
    if (!epoxy_has_egl_extension(EGL_NO_DISPLAY, "EGL_MESA_platform_surfaceless")) {
        if (error && error_size) snprintf(error, error_size, "EGL has no surfaceless platform (EGL_MESA_platform_surfaceless); install libegl-mesa0");
        return NULL;
    }
    EGLDisplay display = eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    if (display == EGL_NO_DISPLAY) { say(error, error_size, "no surfaceless EGL display"); return NULL; }
    EGLint major = 0, minor = 0;
    if (!eglInitialize(display, &major, &minor)) { say(error, error_size, "eglInitialize failed"); return NULL; }
    if (!eglBindAPI(EGL_OPENGL_API)) { say(error, error_size, "EGL cannot bind OpenGL"); return NULL; }
    // RADIAL_GL_DEBUG=1 asks for a debug context, so KHR_debug reports every message.
    const char *debug = getenv("RADIAL_GL_DEBUG");
    const EGLint attributes[] = {
        EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
        EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
        EGL_CONTEXT_OPENGL_DEBUG, (debug && strcmp(debug, "1") == 0) ? EGL_TRUE : EGL_FALSE,
        EGL_NONE,
    };
    EGLContext context = eglCreateContext(display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attributes);
    if (context == EGL_NO_CONTEXT) { say(error, error_size, "no OpenGL 3.3 core context"); return NULL; }
    radial_egl_context *c = malloc(sizeof *c);
    if (!c) { eglDestroyContext(display, context); return NULL; }
    c->display = display;
    c->context = context;
    if (!radial_egl_make_current(c)) { say(error, error_size, "eglMakeCurrent failed"); radial_egl_destroy(c); return NULL; }
    return c;
}

int radial_egl_make_current(radial_egl_context *c) {
    return eglMakeCurrent(c->display, EGL_NO_SURFACE, EGL_NO_SURFACE, c->context) ? 1 : 0;
}

void radial_egl_release_current(radial_egl_context *c) {
    eglMakeCurrent(c->display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
}

void radial_egl_destroy(radial_egl_context *c) {
    if (!c) return;
    eglMakeCurrent(c->display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(c->display, c->context);
    // Not eglTerminate: the surfaceless display is one per process, shared by every context on
    // it (another session's, a test's), and terminating it would pull theirs away too.
    free(c);
}
