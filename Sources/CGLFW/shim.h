// GLFW must not pull in a GL header of its own: libepoxy's must come first, and RadialGL owns it.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
