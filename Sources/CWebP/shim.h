#include <webp/encode.h>
