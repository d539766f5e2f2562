// A GLFW key as X names it (see xkeys.h). XLookupString, as GDK's X11 backend does for a key
// without an input method: the keysym for the keycode at the modifier state, and its text.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#define GLFW_EXPOSE_NATIVE_X11
#include <GLFW/glfw3native.h>
#include <X11/Xutil.h>
#include <string.h>
#include "xkeys.h"

/// A code point as UTF-8 into `out` (at least 5 bytes); returns the length.
static int utf8(unsigned c, char *out) {
    if (c < 0x80) { out[0] = (char)c; return 1; }
    if (c < 0x800) { out[0] = (char)(0xC0 | (c >> 6)); out[1] = (char)(0x80 | (c & 0x3F)); return 2; }
    if (c < 0x10000) { out[0] = (char)(0xE0 | (c >> 12)); out[1] = (char)(0x80 | ((c >> 6) & 0x3F)); out[2] = (char)(0x80 | (c & 0x3F)); return 3; }
    out[0] = (char)(0xF0 | (c >> 18)); out[1] = (char)(0x80 | ((c >> 12) & 0x3F)); out[2] = (char)(0x80 | ((c >> 6) & 0x3F)); out[3] = (char)(0x80 | (c & 0x3F));
    return 4;
}

int radial_x_key(int keycode, int glfw_mods, RadialXKey *out) {
    memset(out, 0, sizeof *out);
    Display *display = glfwGetX11Display();
    if (!display) return 0;
    unsigned state = 0;
    if (glfw_mods & GLFW_MOD_SHIFT) state |= ShiftMask;
    if (glfw_mods & GLFW_MOD_CAPS_LOCK) state |= LockMask;
    if (glfw_mods & GLFW_MOD_CONTROL) state |= ControlMask;
    if (glfw_mods & GLFW_MOD_ALT) state |= Mod1Mask;
    if (glfw_mods & GLFW_MOD_NUM_LOCK) state |= Mod2Mask;
    if (glfw_mods & GLFW_MOD_SUPER) state |= Mod4Mask;
    out->state = state;
    XKeyEvent event = {.type = KeyPress, .display = display, .keycode = (unsigned)keycode, .state = state, .same_screen = True};
    char latin1[16] = {0};
    KeySym keysym = NoSymbol;
    int n = XLookupString(&event, latin1, (int)sizeof latin1 - 1, &keysym, NULL);
    out->keysym = (unsigned)keysym;
    // Text only for what prints visibly (a space is "space"), as GTK's
    // atk_key_event_from_gdk_event_key does; control characters are named instead.
    unsigned code = 0;
    if (keysym >= 0x01000000 && keysym <= 0x0110FFFF) code = (unsigned)(keysym - 0x01000000);
    else if (n == 1) code = (unsigned char)latin1[0];   // XLookupString's text is Latin-1
    int printable = code > 0x20 && code != 0x7F && !(code >= 0x80 && code < 0xA0);
    if (printable) {
        out->text[utf8(code, out->text)] = 0;
        out->typed = 1;
    } else {
        const char *name = keysym != NoSymbol ? XKeysymToString(keysym) : NULL;
        if (name) strncpy(out->text, name, sizeof out->text - 1);
    }
    return 1;
}
