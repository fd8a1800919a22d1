/* stream.c -- answer streams: mplus (append-inf), bind, forcing. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "goal.h"

/*
 * The operations follow The Reasoned Schemer (2nd ed.): mplus is
 * append-inf and bind is append-map-inf. Both are eager over the mature
 * prefix of their stream, as in Scheme, but they walk that prefix with a
 * loop into an array and rebuild it from the end, so a prefix of 10^5
 * states (a fact table, the answers of a ground query) costs no C stack.
 */

/* Prefixes up to this length are staged in a local array. */
#define LOCAL_PREFIX 64

/* ------------------------------------------------------------- constructors */

static kr_stream *stream_alloc(int kind)
{
	kr_stream *s = kri_alloc(sizeof *s);
	s->kind = kind;
	return s;
}

kr_stream *kr_stream_cons(const kr_state *st, kr_stream *rest)
{
	kr_check(st != NULL);
	kr_stream *s = stream_alloc(KRI_MATURE);
	s->u.m.st = st;
	s->u.m.rest = rest;
	return s;
}

kr_stream *kr_stream_unit(const kr_state *st)
{
	return kr_stream_cons(st, NULL);
}

kr_stream *kr_stream_suspend(kr_stream *(*fn)(void *env), void *env)
{
	kr_check(fn != NULL);
	kr_stream *s = stream_alloc(KRI_SUSP_FN);
	s->u.fn.fn = fn;
	s->u.fn.env = env;
	return s;
}

/* The suspension whose step is mplus(first, force(inner)). */
static kr_stream *susp_mplus(kr_stream *first, kr_stream *inner)
{
	kr_stream *s = stream_alloc(KRI_SUSP_MPLUS);
	s->u.mplus.first = first;
	s->u.mplus.inner = inner;
	return s;
}

/* The suspension whose step is bind(force(inner), g). */
static kr_stream *susp_bind(kr_stream *inner, const kr_goal *g)
{
	kr_stream *s = stream_alloc(KRI_SUSP_BIND);
	s->u.bind.inner = inner;
	s->u.bind.g = g;
	return s;
}

/* ------------------------------------------------------------ mature prefix */

/* Length of the mature prefix of s; *tail gets what follows it. */
static size_t prefix_length(kr_stream *s, kr_stream **tail)
{
	size_t n = 0;
	while (s && s->kind == KRI_MATURE) {
		n++;
		s = s->u.m.rest;
	}
	*tail = s;
	return n;
}

/* A scratch array of n pointers: buf when it is large enough. */
static void **scratch(void **buf, size_t n)
{
	return n <= LOCAL_PREFIX ? buf : kri_alloc(n * sizeof(void *));
}

/* The n states of the mature prefix of s, in order. */
static void fill_states(void **out, kr_stream *s, size_t n)
{
	for (size_t i = 0; i < n; i++, s = s->u.m.rest)
		out[i] = (void *)s->u.m.st;
}

/* -------------------------------------------------------------- mplus, bind */

kr_stream *kr_stream_mplus(kr_stream *a, kr_stream *b)
{
	if (!a)
		return b;
	if (!b)
		return a; /* same answers and steps as TRS2's wrapper */
	kr_stream *t;
	size_t n = prefix_length(a, &t);
	kr_stream *acc = t ? susp_mplus(b, t) : b;
	if (n == 0)
		return acc;
	void *buf[LOCAL_PREFIX];
	void **sts = scratch(buf, n);
	fill_states(sts, a, n);
	for (size_t i = n; i-- > 0;)
		acc = kr_stream_cons(sts[i], acc);
	return acc;
}

kr_stream *kr_stream_bind(kr_stream *s, const kr_goal *g)
{
	kr_check(g != NULL);
	if (!s)
		return NULL;
	kr_stream *t;
	size_t n = prefix_length(s, &t);
	kr_stream *acc = t ? susp_bind(t, g) : NULL;
	if (n == 0)
		return acc;
	void *buf[LOCAL_PREFIX];
	void **items = scratch(buf, n);
	fill_states(items, s, n);
	/* Goals run in answer order; their streams are then appended. */
	for (size_t i = 0; i < n; i++)
		items[i] = kr_goal_apply(g, items[i]);
	for (size_t i = n; i-- > 0;)
		acc = kr_stream_mplus(items[i], acc);
	return acc;
}

/* ------------------------------------------------------------------ forcing */

static kr_stream *inner_of(const kr_stream *s)
{
	return s->kind == KRI_SUSP_MPLUS ? s->u.mplus.inner : s->u.bind.inner;
}

kr_stream *kri_stream_force(kr_stream *s)
{
	kr_check(s != NULL && s->kind != KRI_MATURE);
	size_t n = 0;
	for (kr_stream *t = s; t->kind != KRI_SUSP_FN; t = inner_of(t))
		n++;
	void *buf[LOCAL_PREFIX];
	void **frames = scratch(buf, n);
	size_t i = 0;
	for (; s->kind != KRI_SUSP_FN; s = inner_of(s))
		frames[i++] = s;
	kr_stream *r = s->u.fn.fn(s->u.fn.env);
	while (i-- > 0) {
		kr_stream *f = frames[i];
		if (f->kind == KRI_SUSP_MPLUS)
			r = kr_stream_mplus(f->u.mplus.first, r);
		else
			r = kr_stream_bind(r, f->u.bind.g);
	}
	return r;
}
