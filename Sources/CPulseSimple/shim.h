// PulseAudio's simple API (PipeWire answers it through pipewire-pulse): the window plays audio
// graphs with it.
#include <pulse/simple.h>
#include <pulse/error.h>
