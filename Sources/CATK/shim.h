// ATK, its AT-SPI bridge and GLib, for Sources/CAccessibility only: no Swift module imports this.
#include <atk/atk.h>
#include <atk-bridge.h>
