// GLX_EXT_buffer_age and GLX_MESA_copy_sub_buffer through libepoxy's GLX dispatch. Kept in C
// so that no Swift module sees GLX's and GLFW's native headers next to RadialGL's GL header.
#include <epoxy/glx.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#define GLFW_EXPOSE_NATIVE_X11
#define GLFW_EXPOSE_NATIVE_GLX
#include <GLFW/glfw3native.h>
#include "present.h"

static int has_extension(const char *name) {
    Display *display = glfwGetX11Display();
    return display && epoxy_has_glx_extension(display, DefaultScreen(display), name);
}

int radial_back_buffer_age(void *window) {
    static int supported = -1;   // -1: not asked yet
    Display *display = glfwGetX11Display();
    GLXWindow drawable = glfwGetGLXWindow((GLFWwindow *)window);
    if (!display || !drawable) return 0;
    if (supported < 0) supported = has_extension("GLX_EXT_buffer_age");
    if (!supported) return 0;
    unsigned int age = 0;
    glXQueryDrawable(display, drawable, GLX_BACK_BUFFER_AGE_EXT, &age);
    return (int)age;
}

int radial_can_copy_sub_buffer(void *window) {
    return glfwGetGLXWindow((GLFWwindow *)window) && has_extension("GLX_MESA_copy_sub_buffer");
}

// A copy can race a resize: when the window shrank and GLFW has not yet told us (the
// ConfigureNotify is still queued), llvmpipe's copy puts an image larger than the window, and
// the X server answers BadValue (or BadMatch) to its XShmPutImage / XPutImage. Xlib's default
// handler would end the program: a tiling window manager that resizes a window as soon as it
// maps, or a user dragging a corner, must not crash the gallery. The error is asynchronous, so
// it is caught here by request and only noted; the next frame swaps at the new size and redraws
// whole (radial_take_copy_failure).
static int (*previous_handler)(Display *, XErrorEvent *);
static int shm_major = -1;
static volatile int copy_failed;

static int on_x_error(Display *display, XErrorEvent *e) {
    int put_image = e->request_code == 72 /* X_PutImage */ || (shm_major > 0 && e->request_code == shm_major && e->minor_code == 3 /* X_ShmPutImage */);
    if (put_image && (e->error_code == BadValue || e->error_code == BadMatch)) {
        copy_failed = 1;
        return 0;
    }
    return previous_handler ? previous_handler(display, e) : 0;
}

int radial_take_copy_failure(void) {
    int failed = copy_failed;
    copy_failed = 0;
    return failed;
}

void radial_copy_sub_buffer(void *window, int x, int y, int width, int height) {
    Display *display = glfwGetX11Display();
    if (shm_major < 0) {
        int event, error;
        if (!XQueryExtension(display, "MIT-SHM", &shm_major, &event, &error)) shm_major = 0;
        previous_handler = XSetErrorHandler(on_x_error);
    }
    glXCopySubBufferMESA(display, glfwGetGLXWindow((GLFWwindow *)window), x, y, width, height);
}
