#ifndef RADIAL_PRESENT_H
#define RADIAL_PRESENT_H

// How a GLFW window's frames reach the screen, beyond glfwSwapBuffers. `window` is a
// GLFWwindow *; its context must be current.

/// What the back buffer holds, from GLX_EXT_buffer_age: 0 unknown contents (or no GLX, or no
/// extension), n >= 1 the frame swapped n swaps ago.
int radial_back_buffer_age(void *window);

/// Whether GLX_MESA_copy_sub_buffer is there: presenting by copying the back buffer to the
/// window, which leaves the back buffer as it was.
int radial_can_copy_sub_buffer(void *window);

/// Copies the back buffer's rectangle (x, y from the lower left, in pixels) to the window.
void radial_copy_sub_buffer(void *window, int x, int y, int width, int height);

/// Whether a copy failed since the last call (the window had shrunk under it: X said BadValue
/// or BadMatch, which is caught instead of ending the program), and forgets it.
int radial_take_copy_failure(void);

#endif
