/* kanrewrite/common.h -- initialisation, allocation and version. */
/* See the LICENSE file for copying conditions. */
#ifndef KANREWRITE_COMMON_H
#define KANREWRITE_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/**
 * @file kanrewrite/common.h
 * Ownership rule, stated once for the whole library: every object is
 * garbage-collected (Boehm GC); nothing is freed or consumed by callers.
 * Terms are immutable; graphs (kr_fgraph and the nodes it owns) are
 * mutable, and an array borrowed from a graph is valid until the graph's
 * next mutation.
 */

/** Version string of the library, e.g. "0.1.0". */
const char *kr_version(void);

/**
 * Initialise the library (the garbage collector and the built-in ops,
 * printers and relations). Call it once from the main program before any
 * other call; later calls do nothing.
 * Errors: none; aborts when the collector cannot start.
 */
void kr_init(void);

/**
 * Allocate n bytes of zeroed, collected memory that may hold pointers.
 * For extensions (user ops and rewriters) that need memory the collector
 * scans. Errors: none; aborts on out-of-memory, never returns NULL.
 */
void *kr_alloc(size_t n);

/**
 * Allocate n bytes of collected memory that holds no pointers (strings,
 * numeric buffers); not zeroed. Errors: none; aborts on out-of-memory.
 */
void *kr_alloc_atomic(size_t n);

/** What the collector has done so far (see kr_memory_stats_get()). */
typedef struct kr_memory_stats {
	size_t allocated;   /**< bytes allocated since kr_init(), in total */
	size_t heap;        /**< bytes of heap the collector holds now */
	size_t collections; /**< collections so far */
	/**
	 * Seconds (wall clock) spent inside collections so far: the world is
	 * stopped, marking and eager sweeping. Lazy sweeping, which Boehm GC
	 * does while allocating, is not counted. 0 when the collector cannot
	 * report it (Boehm GC before 7.6).
	 */
	double gc_seconds;
	/**
	 * Bytes the collections have reclaimed so far (the collector's
	 * estimate; 0 when it cannot report it, Boehm GC before 7.6).
	 */
	size_t reclaimed;
} kr_memory_stats;

/**
 * The collector's (Boehm GC's) running figures. The allocation of a piece
 * of work is the difference of `allocated` before and after it; small
 * objects are taken from the collector in batches, so the figure may run
 * a few KiB ahead of what the program has used. For benchmarks and memory
 * accounting. Shape: out not NULL. Errors: none. Cost: O(1).
 */
void kr_memory_stats_get(kr_memory_stats *out);

/**
 * A full collection now (Boehm GC's GC_gcollect). The collector grows its
 * heap rather than collect while it has allocated less than the heap
 * holds, so after a piece of work that filled the heap is dropped (a
 * search stopped at a memory limit), the next piece of work would grow
 * the heap further before collecting; collecting first lets it reuse
 * the space. Errors: none. Cost: a mark of the live data and a sweep of
 * the heap.
 */
void kr_memory_collect(void);

/**
 * A function the collector calls when it grows its heap, with the new
 * heap size in bytes (see kr_memory_on_growth()).
 */
typedef void (*kr_heap_growth_fn)(size_t heap, void *data);

/**
 * Call fn(heap, data) each time the collector grows its heap (Boehm GC's
 * GC_set_on_heap_resize), so that a program can stop a search that is
 * filling memory before the system refuses it more and the allocator has
 * to abort. fn runs inside the collector: it must not allocate or call
 * the library; setting a flag that the work polls is what it is for.
 * fn NULL removes the hook; one hook at a time.
 * Returns: true, or false when the collector cannot report its growth
 * (Boehm GC before 7.4; fn is then never called). Errors: none.
 * Cost: O(1); fn's own cost is added to each heap growth (measured: 272
 * growths as a heap grew to 2 GiB).
 */
bool kr_memory_on_growth(kr_heap_growth_fn fn, void *data);

/**
 * A function the collector calls as each collection starts (`start`
 * true) and ends (false); see kr_memory_on_collection().
 */
typedef void (*kr_collection_fn)(bool start, void *data);

/**
 * Call fn(true, data) as each collection starts and fn(false, data) as it
 * ends (Boehm GC's GC_set_on_collection_event), so that a program can
 * count what the collections cost it apart from its own work: the
 * benchmarks read the processor's instruction counter there. fn runs
 * inside the collector, with the world stopped: it must not allocate or
 * call the library. fn NULL removes the hook; one hook at a time.
 * Returns: true, or false when the collector cannot report its
 * collections (Boehm GC before 7.6; fn is then never called).
 * Errors: none. Cost: O(1); fn's own cost twice per collection.
 */
bool kr_memory_on_collection(kr_collection_fn fn, void *data);

/** Copy a NUL-terminated string into collected memory. Aborts on OOM. */
char *kr_strdup(const char *s);

/** printf into a new collected string. Aborts on OOM. */
char *kr_strfmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
