/* subst.c -- persistent substitutions: a hash array mapped trie on var ids. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "term/term.h"
#include "term/unify.h"

/*
 * A node covers BITS (4) bits of the variable id at its depth. `bitmap` says
 * which of the 16 children exist; they are stored densely in `slots`, in bit
 * order. A slot is either a child node or, tagged with its low bit, a leaf:
 * one binding key -> val, allocated once when the binding is made. Nodes
 * are never modified after they are published: extension copies the path
 * from the root (at most 16 nodes for 64-bit ids, usually 2 to 4) and adds
 * one leaf.
 *
 * Why 16-way: a binding copies one node per level. With 32 ways the upper
 * nodes of a big substitution hold 32 slots and every binding copied three
 * of them through the collector's large-object path: 10,000 instructions
 * per binding on reverso-forward. Measured with valgrind against 32-way
 * nodes on the small-object path: 16-way costs 5% more on reify-heavy
 * appendo-splits (deeper lookups) and saves 2-5% on zebra, *o and reverso
 * (cheaper copies).
 * Why leaves apart: with the key and value inline, a slot took 16 bytes
 * and the full root that every binding copies 264; with leaves apart it
 * takes 136. Every pending branch of a search keeps its own copies, so
 * this is also what the collector marks: zebra allocated 647 MB of trie
 * nodes in 1000 solves.
 */
#define BITS 4
#define MASK ((1u << BITS) - 1)

typedef struct leaf {
	const kr_term *key;
	void *val;
} leaf;

typedef struct hnode {
	uint32_t bitmap;
	uint32_t size; /* in a root: the number of bindings of the trie */
	void *slots[];
} hnode;

/* A slot holding a leaf: the leaf's address with its low bit set. */
#define IS_LEAF(p) (((uintptr_t)(p)&1u) != 0)
#define LEAF_OF(p) ((const leaf *)((uintptr_t)(p) & ~(uintptr_t)1))
#define TAG_LEAF(l) ((void *)((uintptr_t)(l) | 1u))

/* A substitution is the root node of its trie (one object per version). */
struct kr_subst {
	hnode root;
};

static const kr_subst empty_subst = {{0, 0}};

const kr_subst *kr_subst_empty(void) { return &empty_subst; }

size_t kr_subst_size(const kr_subst *s)
{
	kr_check(s != NULL);
	return s->root.size;
}

/*
 * Population count of a bitmap (16 bits: 1 << BITS ways): without
 * -mpopcnt the builtin is a library call, and a table of the counts of
 * a byte takes two loads from a line that stays in the cache, where a
 * SWAR count took a dozen instructions per level of every lookup.
 */
static const unsigned char byte_bits[256] = {
#define B2(n) n, n + 1, n + 1, n + 2
#define B4(n) B2(n), B2(n + 1), B2(n + 1), B2(n + 2)
#define B6(n) B4(n), B4(n + 1), B4(n + 1), B4(n + 2)
	B6(0), B6(1), B6(1), B6(2)
#undef B2
#undef B4
#undef B6
};

_Static_assert((1u << BITS) <= 16, "popcount32 counts 16 bits");

static inline unsigned popcount32(uint32_t x)
{
	return byte_bits[x & 0xff] + byte_bits[(x >> 8) & 0xff];
}

/* The binding of v in the trie of s only (not an in-place binding). */
kr_term *kri_trie_lookup(const kr_subst *s, const kr_term *v)
{
	uint64_t id = v->u.var.id;
	const hnode *n = &s->root;
	for (unsigned shift = 0;; shift += BITS) {
		uint32_t bit = 1u << ((id >> shift) & MASK);
		if (!(n->bitmap & bit))
			return NULL;
		void *sl = n->slots[popcount32(n->bitmap & (bit - 1))];
		if (IS_LEAF(sl)) {
			const leaf *l = LEAF_OF(sl);
			return l->key == v ? (kr_term *)l->val : NULL;
		}
		n = sl;
	}
}

kr_term *kr_subst_lookup(const kr_subst *s, const kr_term *v)
{
	kr_check(s != NULL && v && v->kind == KR_VAR);
	return kri_binding(v, s);
}

static hnode *node_new(uint32_t bitmap)
{
	hnode *n = kri_alloc_struct(sizeof *n +
				    popcount32(bitmap) * sizeof(void *));
	n->bitmap = bitmap;
	return n;
}

/* A node holding two leaves whose ids agree on the bits below `shift`. */
static hnode *node_pair(const leaf *a, const leaf *b, unsigned shift)
{
	unsigned ia = (a->key->u.var.id >> shift) & MASK;
	unsigned ib = (b->key->u.var.id >> shift) & MASK;
	if (ia == ib) {
		hnode *n = node_new(1u << ia);
		n->slots[0] = node_pair(a, b, shift + BITS);
		return n;
	}
	hnode *n = node_new((1u << ia) | (1u << ib));
	n->slots[ia < ib ? 0 : 1] = TAG_LEAF(a);
	n->slots[ia < ib ? 1 : 0] = TAG_LEAF(b);
	return n;
}

/*
 * A batch of bindings inserted into one trie (kri_subst_extend_vals):
 * the nodes the batch has made are not published yet, so a later binding
 * of the same batch may write into them instead of copying them again.
 * `own` lists them (up to OWN; a node past that is copied again, which is
 * only slower). Most of the zebra's unifications bind the five parts of a
 * house at once: trie nodes were 31% of the bytes it allocated, and the
 * batch took 5-9% off its time.
 */
#define OWN 64

typedef struct batch {
	size_t n;
	const hnode *own[OWN];
} batch;

static hnode *owned(batch *b, hnode *n)
{
	if (b->n < OWN)
		b->own[b->n++] = n;
	return n;
}

static bool is_owned(const batch *b, const hnode *n)
{
	for (size_t i = b->n; i-- > 0;)
		if (b->own[i] == n)
			return true;
	return false;
}

/*
 * n with the leaf l inserted, the nodes on its path copied except those
 * the batch b has made, which are written in place; *added tells whether
 * the size grew.
 */
static hnode *insert(batch *b, const hnode *n, const leaf *l, unsigned shift,
		     bool *added)
{
	uint32_t bit = 1u << ((l->key->u.var.id >> shift) & MASK);
	unsigned cnt = popcount32(n->bitmap);
	unsigned pos = popcount32(n->bitmap & (bit - 1));
	if (!(n->bitmap & bit)) {
		hnode *m = owned(b, node_new(n->bitmap | bit));
		memcpy(m->slots, n->slots, pos * sizeof(void *));
		m->slots[pos] = TAG_LEAF(l);
		memcpy(m->slots + pos + 1, n->slots + pos,
		       (cnt - pos) * sizeof(void *));
		*added = true;
		return m;
	}
	hnode *m = (hnode *)n;
	if (!is_owned(b, n)) {
		m = owned(b, node_new(n->bitmap));
		memcpy(m->slots, n->slots, cnt * sizeof(void *));
	}
	void *old = m->slots[pos];
	if (!IS_LEAF(old)) {
		m->slots[pos] = insert(b, old, l, shift + BITS, added);
	} else if (LEAF_OF(old)->key == l->key) {
		m->slots[pos] = TAG_LEAF(l);
	} else {
		m->slots[pos] =
			owned(b, node_pair(LEAF_OF(old), l, shift + BITS));
		*added = true;
	}
	return m;
}

/*
 * Whether t leads to v through s, so that binding v to t would make a walk
 * loop: the one shape walks rely on (s itself has no cycle, so this ends).
 */
static bool chain_reaches(kr_term *t, const kr_term *v, const kr_subst *s)
{
	while (t != v) {
		if (t->kind != KR_VAR || !(t = kr_subst_lookup(s, t)))
			return false;
	}
	return true;
}

const kr_subst *kr_subst_extend(const kr_subst *s, kr_term *v, kr_term *t)
{
	kr_check(s != NULL && v && v->kind == KR_VAR && t != NULL);
	kr_check(!chain_reaches(t, v, s));
	kri_mark_refs(t);
	return kri_subst_extend(s, v, t);
}

/* s with the n bindings keys[i] -> vals[i] (vals NULL: the keys' values). */
static const kr_subst *extend(const kr_subst *s, kr_term *const *keys,
			      void *const *vals, size_t n)
{
	if (n == 0) /* most unifications bind only in place */
		return s;
	batch b;
	b.n = 0; /* (own[] is read only below n) */
	const hnode *r = &s->root;
	uint32_t size = s->root.size;
	leaf *ls = kri_alloc_struct(n * sizeof *ls);
	for (size_t i = 0; i < n; i++) {
		bool added = false;
		keys[i]->flags |= KRI_KEYED;
		ls[i].key = keys[i];
		ls[i].val = vals ? vals[i] : kri_var_val(keys[i]);
		r = insert(&b, r, &ls[i], 0, &added);
		size += added ? 1 : 0;
	}
	((hnode *)r)->size = size;
	return (const kr_subst *)r;
}

const kr_subst *kri_subst_extend(const kr_subst *s, kr_term *v, void *t)
{
	return extend(s, &v, &t, 1);
}

const kr_subst *kri_subst_extend_vals(const kr_subst *s, kr_term *const *vars,
				      size_t n)
{
	return extend(s, vars, NULL, n);
}

static bool each(const hnode *n,
		 bool (*fn)(kr_term *v, kr_term *t, void *data), void *data)
{
	unsigned cnt = popcount32(n->bitmap);
	for (unsigned i = 0; i < cnt; i++) {
		void *sl = n->slots[i];
		const leaf *l = LEAF_OF(sl);
		if (IS_LEAF(sl) ? !fn((kr_term *)l->key, l->val, data)
				: !each(sl, fn, data))
			return false;
	}
	return true;
}

void kr_subst_foreach(const kr_subst *s,
		      bool (*fn)(kr_term *v, kr_term *t, void *data),
		      void *data)
{
	kr_check(s != NULL && fn != NULL);
	each(&s->root, fn, data);
}

kr_term *kr_walk(kr_term *t, const kr_subst *s)
{
	kr_check(t != NULL && s != NULL);
	return kri_walk(t, s);
}

/* ------------------------------------------------- generic persistent map */

const kr_subst *kri_map_set(const kr_subst *m, const kr_term *v, void *val)
{
	kr_check(val != NULL && v && v->kind == KR_VAR);
	return kri_subst_extend(m ? m : &empty_subst, (kr_term *)v, val);
}

void *kri_map_get(const kr_subst *m, const kr_term *v)
{
	kr_check(v && v->kind == KR_VAR);
	return m ? (void *)kri_trie_lookup(m, v) : NULL;
}
