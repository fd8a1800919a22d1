/* alloc.c -- the single internal allocator (Boehm GC) and small containers. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include <gc/gc.h>
#include <gc/gc_inline.h>
#include <gc/gc_mark.h>
#include <limits.h>
#include <time.h>

#include "alloc.h"

static void *oom(size_t n)
{
	fprintf(stderr, "kanrewrite: out of memory (%zu bytes)\n", n);
	abort();
}

/*
 * The collector's cost is a mark of the live heap per collection plus a
 * sweep per allocated byte. A search allocates fast and keeps little, so
 * with Boehm's default start (a heap of a few hundred KiB grown on demand)
 * it collects thousands of times a second. Starting with 16 MiB cut the
 * instructions of the benchmark programs by 1.6-1.9x (valgrind, mid
 * sizes: factor 355M -> 198M, *o 393M -> 202M, reverso 891M -> 468M);
 * 32 or 64 MiB gained nothing more. But time is not instructions: the
 * allocator hands out the memory a collection freed, and between two
 * collections it walks the whole heap, so a smaller heap keeps what it
 * hands out in the caches (1 MiB of L2 per core here, an L3 shared with
 * the rest of the machine). Against 16 MiB, 8 MiB took 5-9% off zebra,
 * divide, factor and logo and 3% off mul-forward (interleaved runs),
 * left the rewriter benchmarks as they were, and costs appendo-splits,
 * whose heap grows to 350 MiB of answers, 6%; 4 MiB gained nothing
 * more and cost appendo-splits 16%. Free-space divisor 1 (default 3)
 * lets big live heaps grow before collecting, since every collection
 * marks all of the live heap again: against divisor 2, pluso-backward
 * (a 70 MiB frontier) 1.55 -> 1.16 s of processor time, KanrenRelationSub
 * forward at 10^5 nodes 44 -> 32 us/node, bench_graph -10%, for about a
 * third more peak memory. GC_INITIAL_HEAP_SIZE and GC_FREE_SPACE_DIVISOR
 * in the environment still take precedence.
 */
#define INITIAL_HEAP (8u << 20)

/* Time inside collections (kr_memory_stats.gc_seconds). */
static double gc_started, gc_total;

double kri_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The user's collection hook (kr_memory_on_collection). */
static kr_collection_fn collection_fn;
static void *collection_data;

#ifdef HAVE_GC_SET_ON_COLLECTION_EVENT
/* Called by the collector with its lock held: no allocation here. */
static void GC_CALLBACK on_collection(GC_EventType e)
{
	if (e == GC_EVENT_START) {
		if (collection_fn)
			collection_fn(true, collection_data);
		gc_started = kri_now();
	} else if (e == GC_EVENT_END) {
		gc_total += kri_now() - gc_started;
		if (collection_fn)
			collection_fn(false, collection_data);
	}
}
#endif

bool kr_memory_on_collection(kr_collection_fn fn, void *data)
{
	collection_fn = fn;
	collection_data = data;
#ifdef HAVE_GC_SET_ON_COLLECTION_EVENT
	return true;
#else
	return false;
#endif
}

/*
 * Boehm GC warns on standard error when large blocks are allocated
 * repeatedly ("Repeated allocation of very large block ... May lead to
 * memory leak and poor performance"): a hint that its blacklisting may
 * keep such blocks from being reused. Big graphs make it happen in the
 * normal course -- the arrays of a graph of 10^6 nodes grow by doubling
 * past 32 MiB -- and a user can do nothing about it, so it is dropped.
 * The collector's other warnings still reach standard error.
 */
static GC_warn_proc default_warn;

static void GC_CALLBACK warn(char *msg, GC_word arg)
{
	if (strstr(msg, "Repeated allocation of very large block"))
		return;
	default_warn(msg, arg);
}

/*
 * The kind of the free lists' objects (alloc.h): as the collector's
 * NORMAL kind (scanned, cleared), but its descriptor is the object's
 * whole size, the last word included.
 */
static int obj_kind = -1;

/*
 * Once only: a second call would take our own warn as the default one,
 * which then calls itself. A refill before kr_init calls it, and kr_init
 * again.
 */
void kri_alloc_init(void)
{
	if (obj_kind >= 0)
		return;
	GC_INIT();
	obj_kind = (int)GC_new_kind(GC_new_free_list(), 0 | GC_DS_LENGTH, 1, 1);
	GC_set_oom_fn(oom);
	default_warn = GC_get_warn_proc();
	GC_set_warn_proc(warn);
#ifdef HAVE_GC_SET_ON_COLLECTION_EVENT
	GC_set_on_collection_event(on_collection);
#endif
	if (!getenv("GC_FREE_SPACE_DIVISOR"))
		GC_set_free_space_divisor(1);
	if (!getenv("GC_INITIAL_HEAP_SIZE") && GC_get_heap_size() < INITIAL_HEAP)
		GC_expand_hp(INITIAL_HEAP - GC_get_heap_size());
}

void *kri_freelists[KRI_FREELISTS];

/* Refill the free list of `granules`-granule objects; its first object. */
void *kri_alloc_refill(size_t granules)
{
	if (obj_kind < 0) /* an allocation before kr_init */
		kri_alloc_init();
	GC_generic_malloc_many(granules * KRI_GRANULE, obj_kind,
			       &kri_freelists[granules]);
	if (!kri_freelists[granules])
		oom(granules * KRI_GRANULE);
	return kri_freelists[granules];
}

void *kri_alloc_large(size_t n)
{
	KRI_STRESS();
	void *p = GC_MALLOC(n);
	if (!p)
		oom(n);
	return p;
}

#ifdef KRI_GC_STRESS
static unsigned long stress_count, stress_every;

static void stress(void)
{
	if (stress_every == 0) {
		const char *e = getenv("KANREWRITE_GC_STRESS");
		unsigned long n = e ? strtoul(e, NULL, 10) : 0;
		stress_every = n ? n : ULONG_MAX;
	}
	if (++stress_count % stress_every == 0) {
		memset(kri_freelists, 0, sizeof kri_freelists);
		GC_gcollect();
	}
}

void kri_alloc_stress(void) { stress(); }
#endif

void *kri_alloc_atomic(size_t n)
{
#ifdef KRI_GC_STRESS
	stress();
#endif
	void *p = GC_MALLOC_ATOMIC(n ? n : 1);
	if (!p)
		oom(n);
	return p;
}

void *kri_realloc(void *p, size_t n)
{
#ifdef KRI_GC_STRESS
	stress();
#endif
	void *q = GC_REALLOC(p, n ? n : 1);
	if (!q)
		oom(n);
	return q;
}

void *kr_alloc(size_t n) { return kri_alloc(n); }

void kr_memory_stats_get(kr_memory_stats *out)
{
	kr_check(out != NULL);
	out->allocated = GC_get_total_bytes();
	out->heap = GC_get_heap_size();
	out->collections = GC_get_gc_no();
	out->gc_seconds = gc_total;
	out->reclaimed = 0;
#ifdef HAVE_GC_GET_PROF_STATS
	struct GC_prof_stats_s ps;
	if (GC_get_prof_stats(&ps, sizeof ps) == sizeof ps)
		out->reclaimed = ps.reclaimed_bytes_before_gc +
				 ps.bytes_reclaimed_since_gc;
#endif
}

static kr_heap_growth_fn growth_fn;
static void *growth_data;

#ifdef HAVE_GC_SET_ON_HEAP_RESIZE
/* Called by the collector with its lock held: no allocation here. */
static void GC_CALLBACK on_heap_resize(GC_word heap)
{
	if (growth_fn)
		growth_fn((size_t)heap, growth_data);
}
#endif

bool kr_memory_on_growth(kr_heap_growth_fn fn, void *data)
{
	growth_fn = fn;
	growth_data = data;
#ifdef HAVE_GC_SET_ON_HEAP_RESIZE
	GC_set_on_heap_resize(fn ? on_heap_resize : 0);
	return true;
#else
	return false;
#endif
}

void kr_memory_collect(void)
{
	/* objects on the free lists stay reserved: hand them back first */
	memset(kri_freelists, 0, sizeof kri_freelists);
	GC_gcollect();
}

void *kr_alloc_atomic(size_t n) { return kri_alloc_atomic(n); }

char *kr_strdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = kri_alloc_atomic(n);
	memcpy(p, s, n);
	return p;
}

char *kr_strfmt(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return kr_strdup("");
	char *p = kri_alloc_atomic((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return p;
}

void kri_misuse(const char *fn, const char *cond)
{
	fprintf(stderr, "kanrewrite: API misuse in %s: %s does not hold\n", fn,
		cond);
	abort();
}

/* ------------------------------------------------------------------ vec */

void *kri_grow(void *items, size_t len, size_t *cap, size_t size,
	       size_t first)
{
	if (len < *cap)
		return items;
	kr_check(*cap <= SIZE_MAX / 2 / size);
	size_t n = *cap ? *cap * 2 : first;
	void *to = kri_alloc(n * size);
	if (len)
		memcpy(to, items, len * size);
	*cap = n;
	return to;
}

void kri_vec_push(kri_vec *v, void *x)
{
	v->items = kri_grow(v->items, v->len, &v->cap, sizeof *v->items, 8);
	v->items[v->len++] = x;
}

void *kri_vec_pop(kri_vec *v)
{
	kr_check(v->len > 0);
	void *x = v->items[--v->len];
	v->items[v->len] = NULL;
	return x;
}

void kri_vec_clear(kri_vec *v) { v->len = 0; }

/* ------------------------------------------------------------------ buf */

static void buf_reserve(kri_buf *b, size_t extra)
{
	if (b->len + extra + 1 <= b->cap)
		return;
	size_t cap = b->cap ? b->cap : 64;
	while (cap < b->len + extra + 1)
		cap *= 2;
	char *s = kri_alloc_atomic(cap);
	if (b->len)
		memcpy(s, b->s, b->len);
	b->s = s;
	b->cap = cap;
}

void kri_buf_putn(kri_buf *b, const char *s, size_t n)
{
	buf_reserve(b, n);
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = 0;
}

void kri_buf_putc(kri_buf *b, char c) { kri_buf_putn(b, &c, 1); }

void kri_buf_puts(kri_buf *b, const char *s) { kri_buf_putn(b, s, strlen(s)); }

void kri_buf_printf(kri_buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n <= 0)
		return;
	buf_reserve(b, (size_t)n);
	va_start(ap, fmt);
	vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

char *kri_buf_str(kri_buf *b)
{
	if (!b->s)
		buf_reserve(b, 0), b->s[0] = 0;
	return b->s;
}

/* ----------------------------------------------------------------- hash */

uint64_t kri_hash_mix(uint64_t h, uint64_t x)
{
	h ^= x + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
	h ^= h >> 31;
	h *= 0xbf58476d1ce4e5b9ULL;
	h ^= h >> 27;
	return h;
}

uint64_t kri_hash_ptr(const void *p)
{
	uint64_t x = (uint64_t)(uintptr_t)p;
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	x *= 0xc4ceb9fe1a85ec53ULL;
	x ^= x >> 33;
	return x;
}

uint64_t kri_hash_bytes(const void *p, size_t n)
{
	const unsigned char *s = p;
	uint64_t h = 0xcbf29ce484222325ULL; /* FNV-1a */
	for (size_t i = 0; i < n; i++) {
		h ^= s[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

/* ----------------------------------------------------------------- pmap */

/*
 * Invariant: keys[i] is NULL (empty), TOMB (deleted) or a live key; len
 * counts live keys plus tombstones, and stays below 3/4 of cap.
 */
static char tomb_mark;
#define TOMB ((void *)&tomb_mark)

static size_t pmap_find(const kri_pmap *m, const void *key)
{
	size_t mask = m->cap - 1;
	size_t i = (size_t)kri_hash_ptr(key) & mask;
	while (m->keys[i] && m->keys[i] != key)
		i = (i + 1) & mask;
	return i;
}

void *kri_pmap_get(const kri_pmap *m, const void *key)
{
	if (!m->cap)
		return NULL;
	size_t i = pmap_find(m, key);
	return m->keys[i] ? m->vals[i] : NULL;
}

bool kri_pmap_has(const kri_pmap *m, const void *key)
{
	return m->cap && m->keys[pmap_find(m, key)] != NULL;
}

static void pmap_grow(kri_pmap *m)
{
	kri_pmap old = *m;
	size_t live = 0;
	for (size_t i = 0; i < old.cap; i++)
		if (old.keys[i] && old.keys[i] != TOMB)
			live++;
	size_t cap = 16;
	while (cap * 3 < (live + 1) * 4 * 2)
		cap *= 2;
	m->keys = kri_alloc(cap * sizeof(void *));
	m->vals = kri_alloc(cap * sizeof(void *));
	m->cap = cap;
	m->len = 0;
	for (size_t i = 0; i < old.cap; i++)
		if (old.keys[i] && old.keys[i] != TOMB)
			kri_pmap_put(m, old.keys[i], old.vals[i]);
}

void kri_pmap_put(kri_pmap *m, const void *key, void *val)
{
	kr_check(key != NULL && key != TOMB);
	if ((m->len + 1) * 4 >= m->cap * 3)
		pmap_grow(m);
	size_t mask = m->cap - 1;
	size_t i = (size_t)kri_hash_ptr(key) & mask, slot = (size_t)-1;
	while (m->keys[i] && m->keys[i] != key) {
		if (m->keys[i] == TOMB && slot == (size_t)-1)
			slot = i;
		i = (i + 1) & mask;
	}
	if (m->keys[i] == key) {
		m->vals[i] = val;
		return;
	}
	if (slot != (size_t)-1)
		i = slot;
	else
		m->len++;
	m->keys[i] = (void *)key;
	m->vals[i] = val;
}

bool kri_pmap_del(kri_pmap *m, const void *key)
{
	if (!m->cap)
		return false;
	size_t i = pmap_find(m, key);
	if (!m->keys[i])
		return false;
	m->keys[i] = TOMB;
	m->vals[i] = NULL;
	return true;
}

void kri_pmap_clear(kri_pmap *m)
{
	m->keys = m->vals = NULL;
	m->len = m->cap = 0;
}

bool kri_pmap_next(const kri_pmap *m, size_t *i, void **key, void **val)
{
	for (; *i < m->cap; (*i)++) {
		void *k = m->keys[*i];
		if (k && k != TOMB) {
			if (key)
				*key = k;
			if (val)
				*val = m->vals[*i];
			(*i)++;
			return true;
		}
	}
	return false;
}
