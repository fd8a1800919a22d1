/* facts.c -- fact tables (kanren's Relation) with per-argument indexes. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include <string.h>

#include <kanrewrite/error.h>

#include "rel_internal.h"

/*
 * A table keeps its facts in insertion order, each as an etuple of its
 * arity ground arguments, plus:
 *  - a set of those etuples (kr_equal/kr_hash), so a repeated fact is
 *    ignored and kr_facts_has() is one lookup;
 *  - for each argument position, a hash index from argument value to the
 *    ascending list of the numbers of the facts holding it there.
 * A call walks its arguments through the state; for every ground one it
 * looks up the index and keeps the shortest list (a missing value means no
 * answer), so only those facts are unified. Answers are built straight into
 * a mature stream, in insertion order, without recursion.
 */

/* --------------------------------------------------------------- term table */

/* Open addressing, linear probing; cap is 0 or a power of two. */
struct slot {
	uint64_t hash;
	kr_term *key; /* NULL: empty slot */
	void *val;
};

struct table {
	struct slot *slots;
	size_t len, cap;
};

static struct slot *table_find(const struct table *t, const kr_term *key,
			       uint64_t h)
{
	if (t->cap == 0)
		return NULL;
	size_t mask = t->cap - 1;
	for (size_t i = (size_t)h & mask;; i = (i + 1) & mask) {
		struct slot *s = &t->slots[i];
		if (!s->key || (s->hash == h && kr_equal(s->key, key)))
			return s;
	}
}

static void *table_get(const struct table *t, const kr_term *key)
{
	struct slot *s = table_find(t, key, kr_hash(key));
	return s && s->key ? s->val : NULL;
}

static void table_grow(struct table *t)
{
	struct table old = *t;
	t->cap = old.cap ? old.cap * 2 : 16;
	t->slots = kr_alloc(t->cap * sizeof *t->slots);
	t->len = 0;
	for (size_t i = 0; i < old.cap; i++) {
		struct slot *o = &old.slots[i];
		if (!o->key)
			continue;
		struct slot *s = table_find(t, o->key, o->hash);
		*s = *o;
		t->len++;
	}
}

/* Bind key (absent from t) to val. */
static void table_put(struct table *t, kr_term *key, void *val)
{
	if (2 * (t->len + 1) > t->cap)
		table_grow(t);
	uint64_t h = kr_hash(key);
	struct slot *s = table_find(t, key, h);
	s->hash = h;
	s->key = key;
	s->val = val;
	t->len++;
}

/* ----------------------------------------------------------------- id lists */

/* The ascending numbers of the facts holding one value at one position. */
struct ids {
	size_t *v;
	size_t len, cap;
};

static void ids_push(struct ids *l, size_t id)
{
	if (l->len == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 4;
		size_t *v = kr_alloc_atomic(cap * sizeof *v);
		if (l->len)
			memcpy(v, l->v, l->len * sizeof *v);
		l->v = v;
		l->cap = cap;
	}
	l->v[l->len++] = id;
}

/* ------------------------------------------------------------------- tables */

struct kr_facts {
	const char *name;
	int arity;
	kr_term **facts; /* etuples of the arguments, in insertion order */
	size_t n, cap;
	struct table set;    /* fact etuple -> itself */
	struct table *index; /* per position: value -> struct ids */
	kr_rel *rel;
};

static kr_goal *facts_rel_body(kr_term *const *args, void *env)
{
	return kr_facts_goal(env, args);
}

kr_facts *kr_facts_new(const char *name, int arity)
{
	if (!name || arity < 0)
		kri_rel_misuse(__func__,
			       "a name and an arity >= 0 are required");
	kr_facts *f = kr_alloc(sizeof *f);
	f->name = kr_strdup(name);
	f->arity = arity;
	f->index = kr_alloc(((size_t)arity + 1) * sizeof *f->index);
	f->rel = kr_rel_new(name, arity, facts_rel_body, f);
	return f;
}

size_t kr_facts_count(const kr_facts *f)
{
	if (!f)
		kri_rel_misuse(__func__, "the table must not be NULL");
	return f->n;
}

const kr_rel *kr_facts_rel(const kr_facts *f)
{
	if (!f)
		kri_rel_misuse(__func__, "the table must not be NULL");
	return f->rel;
}

static void facts_append(kr_facts *f, kr_term *fact)
{
	if (f->n == f->cap) {
		size_t cap = f->cap ? f->cap * 2 : 16;
		kr_term **v = kr_alloc(cap * sizeof *v);
		if (f->n)
			memcpy(v, f->facts, f->n * sizeof *v);
		f->facts = v;
		f->cap = cap;
	}
	f->facts[f->n++] = fact;
}

static void index_add(struct table *index, kr_term *value, size_t id)
{
	struct ids *l = table_get(index, value);
	if (!l) {
		l = kr_alloc(sizeof *l);
		table_put(index, value, l);
	}
	ids_push(l, id);
}

int kr_fact(kr_facts *f, kr_term *const *args)
{
	if (!f || (f->arity > 0 && !args))
		kri_rel_misuse(__func__, "the table and the arguments must not "
					 "be NULL");
	size_t n = (size_t)f->arity;
	for (size_t i = 0; i < n; i++)
		if (!kr_is_ground(args[i]))
			return kr_error_set(KR_EINVALID,
					    "fact of %s: argument %zu is not "
					    "ground",
					    f->name, i + 1);
	kr_term *fact = kr_etuple(n, args);
	if (table_get(&f->set, fact))
		return 0;
	table_put(&f->set, fact, fact);
	for (size_t i = 0; i < n; i++)
		index_add(&f->index[i], args[i], f->n);
	facts_append(f, fact);
	return 0;
}

int kr_facts_add(kr_facts *f, size_t n, kr_term *const *rows)
{
	if (!f || (n > 0 && !rows))
		kri_rel_misuse(__func__, "the table and the rows must not be "
					 "NULL");
	size_t arity = (size_t)f->arity;
	for (size_t i = 0; i < n; i++) {
		int rc = kr_fact(f, rows + i * arity);
		if (rc < 0)
			return rc;
	}
	return 0;
}

bool kr_facts_has(const kr_facts *f, kr_term *const *args)
{
	if (!f || (f->arity > 0 && !args))
		kri_rel_misuse(__func__, "the table and the arguments must not "
					 "be NULL");
	size_t n = (size_t)f->arity;
	for (size_t i = 0; i < n; i++)
		if (!kr_is_ground(args[i]))
			return false;
	return table_get(&f->set, kr_etuple(n, args)) != NULL;
}

/* ----------------------------------------------------------------- the goal */

struct call {
	const kr_facts *f;
	kr_term *args; /* etuple of the call's arguments */
};

/*
 * Whether ground term t holds a foreign atom (a graph Variable ...), which
 * may unify with a term it is not equal to: a graph Variable with the
 * etuple of its owner.
 */
static bool has_foreign(kr_term *t)
{
	struct kri_rel_terms st = {0};
	for (;;) {
		if (kr_term_kind(t) == KR_FOREIGN)
			return true;
		if (kr_term_kind(t) == KR_ETUPLE) {
			for (size_t i = kr_etuple_len(t); i-- > 0;)
				kri_rel_terms_push(&st, kr_etuple_ref(t, i));
		} else if (kr_term_kind(t) == KR_CONS) {
			kri_rel_terms_push(&st, kr_cdr(t));
			kri_rel_terms_push(&st, kr_car(t));
		}
		if (st.len == 0)
			return false;
		t = st.v[--st.len];
	}
}

/*
 * The candidate facts of a call in state st: the shortest index list among
 * the ground arguments. Returns false when a ground argument has no equal
 * fact; *all is set when no argument narrows them (every fact is a
 * candidate). An argument with no equal fact that holds a foreign atom
 * does not narrow them (it may still unify with one), as kanren skips a
 * key its index lacks.
 */
static bool candidates(const struct ids **out, bool *all,
		       const struct call *c, const kr_subst *s)
{
	const struct ids *best = NULL;
	for (int i = 0; i < c->f->arity; i++) {
		kr_term *w = kr_walk_star(kr_etuple_ref(c->args, (size_t)i), s);
		if (!kr_is_ground(w))
			continue;
		const struct ids *l = table_get(&c->f->index[i], w);
		if (!l && has_foreign(w))
			continue;
		if (!l)
			return false;
		if (!best || l->len < best->len)
			best = l;
	}
	*out = best;
	*all = best == NULL;
	return true;
}

static kr_stream *facts_fn(const kr_state *st, void *env)
{
	const struct call *c = env;
	const struct ids *l;
	bool all;
	if (!candidates(&l, &all, c, kr_state_subst(st)))
		return NULL;
	size_t n = all ? c->f->n : l->len;
	const kr_state **answers = kr_alloc((n ? n : 1) * sizeof *answers);
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		kr_term *fact = c->f->facts[all ? i : l->v[i]];
		const kr_state *r = kr_state_unify(st, c->args, fact);
		if (r)
			answers[k++] = r;
	}
	kr_stream *s = NULL;
	while (k-- > 0)
		s = kr_stream_cons(answers[k], s);
	return s;
}

kr_goal *kr_facts_goal(const kr_facts *f, kr_term *const *args)
{
	if (!f || (f->arity > 0 && !args))
		kri_rel_misuse(__func__, "the table and the arguments must not "
					 "be NULL");
	struct call *c = kr_alloc(sizeof *c);
	c->f = f;
	c->args = kr_etuple((size_t)f->arity, args);
	return kr_goal_new(facts_fn, c);
}

/* ------------------------------------------------- associative, commutative */

kr_facts *kr_associative(void)
{
	static kr_facts *f;
	if (!f)
		f = kr_facts_new("associative", 1);
	return f;
}

kr_facts *kr_commutative(void)
{
	static kr_facts *f;
	if (!f)
		f = kr_facts_new("commutative", 1);
	return f;
}
