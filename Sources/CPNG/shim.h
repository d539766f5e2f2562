#include <png.h>
// PNG_FORMAT_RGBA is a compound macro Swift cannot import; give it a name.
static const unsigned int RADIAL_PNG_FORMAT_RGBA = PNG_FORMAT_RGBA;
