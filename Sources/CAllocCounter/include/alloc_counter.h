#pragma once
#include <stdint.h>
/// Heap allocations made by the calling thread so far (malloc, calloc, realloc, aligned).
uint64_t radial_thread_allocations(void);
