// Counts heap allocations per thread for `radial bench`, by interposing glibc's allocator
// entry points and forwarding to the real ones (__libc_*). A thread-local counter keeps the
// count to the render thread (Mesa's llvmpipe threads allocate on their own).
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include "alloc_counter.h"

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static __thread uint64_t allocations;

uint64_t radial_thread_allocations(void) { return allocations; }

void *malloc(size_t n) { allocations++; return __libc_malloc(n); }
void *calloc(size_t a, size_t b) { allocations++; return __libc_calloc(a, b); }
void *realloc(void *p, size_t n) { allocations++; return __libc_realloc(p, n); }
void free(void *p) { __libc_free(p); }
int posix_memalign(void **out, size_t align, size_t n) {
    allocations++;
    void *p = __libc_memalign(align, n);
    if (!p) return 12; /* ENOMEM */
    *out = p;
    return 0;
}
void *aligned_alloc(size_t align, size_t n) { allocations++; return __libc_memalign(align, n); }
void *memalign(size_t align, size_t n) { allocations++; return __libc_memalign(align, n); }
