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

void radial_copy_sub_buffer(void *window, int x, int y, int width, int height) {
    glXCopySubBufferMESA(glfwGetX11Display(), glfwGetGLXWindow((GLFWwindow *)window), x, y, width, height);
}
