// ATK, its AT-SPI bridge and GLib, for Sources/CAccessibility only: no Swift module imports this.
#include <atk/atk.h>
#include <at-spi2-atk/2.0/atk-bridge.h>   // atk-bridge-2.0's only header (see Package.swift)
