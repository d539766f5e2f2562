#ifndef RADIAL_XKEYS_H
#define RADIAL_XKEYS_H

// A GLFW key as X names it, for ATK's key listeners (Orca): GLFW hands the window a key code of
// its own, the X keycode (its "scancode" on X11) and modifier flags; AT-SPI wants the X keysym,
// X's modifier mask and the text, as GDK gives them to GTK.

typedef struct {
    unsigned keysym;    // XK_KP_Enter, XK_a, ... (0 when X has none for the key)
    unsigned state;     // X's modifier mask: ShiftMask, LockMask, ControlMask, Mod1Mask (Alt), Mod2Mask (Num Lock), Mod4Mask (Super)
    char text[32];      // what the key types (UTF-8), or else the keysym's name ("KP_Enter"), as GTK fills AtkKeyEventStruct.string
    int typed;          // 1 when `text` is typed text, 0 when it is the keysym's name
} RadialXKey;

/// Fills `out` for X keycode `keycode` pressed with GLFW modifier flags `glfw_mods`
/// (GLFW_MOD_*). Returns 0 when there is no X display (GLFW on another platform).
int radial_x_key(int keycode, int glfw_mods, RadialXKey *out);

#endif
