/* assoc.c -- assoc_flatten: splicing nested applications of an assoc op. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include <string.h>

#include "rel_internal.h"

/*
 * kanren's assoc_flatten is not relational: it reads `a` through the state
 * and decides in C. When the walked `a` is a proper list or an etuple whose
 * head is a fact of `associative`, every argument that is an application
 * of the same operator (a list or etuple whose walked car equals the
 * head) and has at least one argument is replaced by its own arguments,
 * recursively; the result has the kind of `a` (etuple or list). Anything
 * else (a fresh variable, an improper pair, a graph Variable, another
 * operator) is left as it is: kanren's flatten_assoc_args asks for a
 * ConsPair, which a PyTensor Variable (no length) is not. The deep variant
 * of flatteno also splices graph Variables. Nested applications are
 * spliced with an explicit stack of argument lists, so deep chains use no
 * C stack.
 */

/* (kri_rel_terms, rel_internal.h, is also the fact tables' stack.) */
void kri_rel_terms_push(struct kri_rel_terms *t, kr_term *x)
{
	if (t->len == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 16;
		kr_term **v = kr_alloc(cap * sizeof *v);
		if (t->len)
			memcpy(v, t->v, t->len * sizeof *v);
		t->v = v;
		t->cap = cap;
	}
	t->v[t->len++] = x;
}

/* True when x is an application of op with at least one argument. */
static bool splices(kr_term *x, kr_term *op, const kr_subst *s, bool deep)
{
	if (!deep && kr_term_kind(x) == KR_FOREIGN)
		return false;
	if (!kr_is_pair(x) || !kr_equal(kr_walk_star(kr_car(x), s), op))
		return false;
	return kr_list_length(kr_cdr(x)) > 0;
}

/*
 * The arguments of the walked application `a` (head op) with nested
 * applications of op spliced, in order, after op itself. Sets *changed
 * when something was spliced.
 */
static struct kri_rel_terms flatten_args(kr_term *a, kr_term *op,
					 const kr_subst *s, bool deep,
					 bool *changed)
{
	struct kri_rel_terms out = {0}, todo = {0};
	kri_rel_terms_push(&out, op);
	kri_rel_terms_push(&todo, kr_cdr(a));
	while (todo.len > 0) {
		kr_term *l = todo.v[todo.len - 1];
		if (!kr_is_pair(l)) {
			todo.len--;
			continue;
		}
		kr_term *x = kr_walk_star(kr_car(l), s);
		todo.v[todo.len - 1] = kr_cdr(l);
		if (splices(x, op, s, deep)) {
			*changed = true;
			kri_rel_terms_push(&todo, kr_cdr(x));
		} else {
			kri_rel_terms_push(&out, x);
		}
	}
	return out;
}

/* a (walked) flattened, or a itself when not an associative application. */
static kr_term *assoc_flat_term(kr_term *a, const kr_subst *s, bool deep)
{
	kr_kind k = kr_term_kind(a);
	if ((k != KR_CONS && k != KR_ETUPLE) || kr_list_length(a) < 1)
		return a;
	kr_term *op = kr_car(a);
	if (!kr_is_ground(op) || !kr_facts_has(kr_associative(), &op))
		return a;
	bool changed = false;
	struct kri_rel_terms t = flatten_args(a, op, s, deep, &changed);
	if (!changed)
		return a;
	return k == KR_ETUPLE ? kr_etuple(t.len, t.v) : kr_list(t.len, t.v);
}

struct assoc_env {
	kr_term *a, *a_flat;
	bool deep;
};

static const kr_state *flatten_in(const kr_state *st, kr_term *a,
				  kr_term *a_flat, bool deep)
{
	const kr_subst *s = kr_state_subst(st);
	kr_term *flat = assoc_flat_term(kr_walk_star(a, s), s, deep);
	return kr_state_unify(st, a_flat, flat);
}

const kr_state *kri_rel_assoc_flatten(const kr_state *st, kr_term *a,
				      kr_term *a_flat)
{
	return flatten_in(st, a, a_flat, false);
}

static kr_stream *assoc_flatten_fn(const kr_state *st, void *env)
{
	struct assoc_env *e = env;
	const kr_state *r = flatten_in(st, e->a, e->a_flat, e->deep);
	return r ? kr_stream_unit(r) : NULL;
}

static kr_goal *flatten_goal(kr_term *a, kr_term *a_flat, bool deep)
{
	struct assoc_env *e = kr_alloc(sizeof *e);
	e->a = a;
	e->a_flat = a_flat;
	e->deep = deep;
	return kr_goal_new(assoc_flatten_fn, e);
}

kr_goal *kr_assoc_flatten(kr_term *a, kr_term *a_flat)
{
	return flatten_goal(a, a_flat, false);
}

kr_goal *kr_assoc_flatten_deep(kr_term *a, kr_term *a_flat)
{
	return flatten_goal(a, a_flat, true);
}
