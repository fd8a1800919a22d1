/* alloc.h -- the single internal allocator (Boehm GC) and small containers. */
/* See the LICENSE file for copying conditions. */
#ifndef KRI_ALLOC_H
#define KRI_ALLOC_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kanrewrite/common.h"
#include "kanrewrite/error.h"

/*
 * All memory of the library comes from kri_alloc (scanned, zeroed) or
 * kri_alloc_atomic (not scanned, not zeroed); both abort on out-of-memory
 * through the collector's OOM hook, so they never return NULL. Never keep
 * a collected pointer in malloc'd memory: the collector does not scan it.
 */
void kri_alloc_init(void);
void *kri_alloc_atomic(size_t n);

/* A monotonic clock, in seconds (profiles, the collector's time). */
double kri_now(void);
void *kri_realloc(void *p, size_t n);

/*
 * On the library's global variables: not exported, so that the
 * library's own code reaches them directly and not through the global
 * offset table of a shared build (the free lists are read at every
 * allocation). The exported kr_ functions are listed at link time.
 */
#if defined(__GNUC__)
#define KRI_HIDDEN __attribute__((visibility("hidden")))
#else
#define KRI_HIDDEN
#endif

/*
 * kri_alloc's fast path: small objects come from free lists of cleared
 * objects that the collector hands out a block at a time
 * (GC_generic_malloc_many, as its gc_inline.h does for single-threaded
 * programs), so an allocation is a few instructions instead of a call
 * into the collector. kri_freelists[g] holds objects of g granules (16
 * bytes each), linked through their first word. The array is static
 * data, a root of the collector, so the objects on the lists stay
 * reserved. The library is single-threaded, as the variable counter of
 * term.c already is.
 *
 * Sizes. When interior pointers are recognised, GC_MALLOC makes an
 * object one byte larger than asked for, so that a pointer just past the
 * end of an array still keeps the array alive, and the collector's
 * NORMAL kind does not scan the last word of an object, where that byte
 * is. kri_alloc adds the byte too (arrays); kri_alloc_struct, for the
 * structs of the engine, does not, so that a struct of 16, 32 or 48
 * bytes takes as many and not a granule more. The objects are of a kind
 * of our own (kri_alloc_init) that the collector scans whole: in the
 * NORMAL kind a struct without the byte lost the pointer in its last
 * word. Logo allocated 9% fewer bytes a query (155 -> 141 MB).
 */
#define KRI_GRANULE 16
#define KRI_FREELISTS 34 /* objects of up to 528 bytes: a 32-way node */
extern KRI_HIDDEN void *kri_freelists[KRI_FREELISTS];
void *kri_alloc_refill(size_t granules);
void *kri_alloc_large(size_t n);

#ifdef KRI_GC_STRESS
/*
 * configure --enable-gc-stress: with KANREWRITE_GC_STRESS=N in the
 * environment every Nth allocation empties the free lists and collects
 * first, so that the next ones reuse what the collection freed: an
 * object the collector cannot see is reused while still in use, and the
 * tests fail where it happens.
 */
void kri_alloc_stress(void);
#define KRI_STRESS() kri_alloc_stress()
#else
#define KRI_STRESS() ((void)0)
#endif

/* An object of g granules from its free list. */
static inline void *kri_alloc_granules(size_t g)
{
	KRI_STRESS();
	void **p = kri_freelists[g];
	if (__builtin_expect(p == NULL, 0))
		p = kri_alloc_refill(g);
	kri_freelists[g] = *p;
	*p = NULL;
	return p;
}

static inline void *kri_alloc(size_t n)
{
	size_t g = (n + KRI_GRANULE) / KRI_GRANULE;
	if (__builtin_expect(g >= KRI_FREELISTS, 0))
		return kri_alloc_large(n);
	return kri_alloc_granules(g);
}

/*
 * kri_alloc for an object of n > 0 bytes that is only ever reached
 * through its start or a field inside it: a struct, a struct with a
 * trailing array read by index (a trie node's slots, a call's
 * arguments), or an array whose elements are referred to one by one (a
 * batch of trie leaves). No pointer past its end is formed, so it needs
 * no extra byte, and an object of a multiple of 16 bytes takes that many
 * (a self-suspending fresh goal takes 32 bytes, not 48). Arrays that
 * code walks with a moving pointer keep kri_alloc.
 */
static inline void *kri_alloc_struct(size_t n)
{
	size_t g = (n + KRI_GRANULE - 1) / KRI_GRANULE;
	if (__builtin_expect(g >= KRI_FREELISTS, 0))
		return kri_alloc_large(n);
	return kri_alloc_granules(g);
}

/* API-misuse assertion (house style lane 3): aborts naming the function. */
#define kr_check(cond)                                                        \
	do {                                                                  \
		if (!(cond))                                                  \
			kri_misuse(__func__, #cond);                          \
	} while (0)
_Noreturn void kri_misuse(const char *fn, const char *cond);

/*
 * Room for one more element in a growable array of `size`-byte elements
 * in collected (scanned) memory: `items` itself while len < *cap, else a
 * copy of its len elements in twice the room (`first` elements for an
 * empty one), *cap updated. Amortised O(1) per element.
 */
void *kri_grow(void *items, size_t len, size_t *cap, size_t size,
	       size_t first);

/* A growable array of pointers in collected memory. */
typedef struct kri_vec {
	void **items;
	size_t len, cap;
} kri_vec;

void kri_vec_push(kri_vec *v, void *x);
void *kri_vec_pop(kri_vec *v);
void kri_vec_clear(kri_vec *v);

/* A growable character buffer in collected memory (atomic). */
typedef struct kri_buf {
	char *s;
	size_t len, cap;
} kri_buf;

void kri_buf_putc(kri_buf *b, char c);
void kri_buf_puts(kri_buf *b, const char *s);
void kri_buf_putn(kri_buf *b, const char *s, size_t n);
void kri_buf_printf(kri_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* The NUL-terminated contents (never NULL). */
char *kri_buf_str(kri_buf *b);

/*
 * An open-addressing hash map from pointers to pointers, in collected
 * memory. Keys are compared by address; NULL is not a valid key.
 */
typedef struct kri_pmap {
	void **keys;
	void **vals;
	size_t len, cap; /* cap is 0 or a power of two */
} kri_pmap;

void *kri_pmap_get(const kri_pmap *m, const void *key);
bool kri_pmap_has(const kri_pmap *m, const void *key);
void kri_pmap_put(kri_pmap *m, const void *key, void *val);
bool kri_pmap_del(kri_pmap *m, const void *key);
void kri_pmap_clear(kri_pmap *m);
/* Iterate: for (size_t i = 0; kri_pmap_next(m, &i, &k, &v);) ... */
bool kri_pmap_next(const kri_pmap *m, size_t *i, void **key, void **val);

uint64_t kri_hash_ptr(const void *p);
uint64_t kri_hash_mix(uint64_t h, uint64_t x);
uint64_t kri_hash_bytes(const void *p, size_t n);

#endif
