/* reify.c -- deep substitution (walk*) and miniKanren reification. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "term/term.h"
#include "kanrewrite/reify.h"

/*
 * walk* recurses on the elements of a list or etuple and loops along the
 * spine of a list, so long lists cost no C stack; nesting depth does.
 * Ground subterms are returned as they are (O(1) thanks to KRI_GROUND), and
 * a term in which nothing changed is returned itself, which keeps the
 * evaluated-object cache of etuples.
 */
static kr_term *walk_star_etuple(kr_term *t, const kr_subst *s)
{
	kr_term **items = NULL;
	for (size_t i = 0; i < t->u.et.n; i++) {
		kr_term *e = kr_walk_star(t->u.et.items[i], s);
		if (e != t->u.et.items[i] && !items) {
			items = kri_alloc(t->u.et.n * sizeof *items);
			memcpy(items, t->u.et.items, i * sizeof *items);
		}
		if (items)
			items[i] = e;
	}
	return items ? kr_etuple(t->u.et.n, items) : t;
}

static kr_term *walk_star_list(kr_term *t, const kr_subst *s)
{
	kri_vec elems = {0};
	bool changed = false;
	kr_term *cur = t;
	while (cur->kind == KR_CONS && !KRI_IS_GROUND(cur)) {
		kr_term *e = kr_walk_star(cur->u.cons.car, s);
		kr_term *next = kr_walk(cur->u.cons.cdr, s);
		changed |= e != cur->u.cons.car || next != cur->u.cons.cdr;
		kri_vec_push(&elems, e);
		cur = next;
	}
	kr_term *tail = kr_walk_star(cur, s);
	if (!changed && tail == cur)
		return t;
	for (size_t i = elems.len; i-- > 0;)
		tail = kr_cons(elems.items[i], tail);
	return tail;
}

kr_term *kr_walk_star(kr_term *t, const kr_subst *s)
{
	kr_check(t != NULL && s != NULL);
	t = kr_walk(t, s);
	if (KRI_IS_GROUND(t))
		return t;
	switch (t->kind) {
	case KR_CONS: return walk_star_list(t, s);
	case KR_ETUPLE: return walk_star_etuple(t, s);
	default: return t;
	}
}

typedef struct namer {
	const kr_subst *s;
	size_t next;
} namer;

static void name_vars(kr_term *t, namer *nm)
{
	for (;;) {
		t = kr_walk(t, nm->s);
		if (KRI_IS_GROUND(t))
			return;
		if (t->kind == KR_VAR) {
			char buf[32];
			snprintf(buf, sizeof buf, "_.%zu", nm->next++);
			nm->s = kr_subst_extend(nm->s, t, kr_sym(buf));
			return;
		}
		if (t->kind == KR_ETUPLE) {
			for (size_t i = 0; i < t->u.et.n; i++)
				name_vars(t->u.et.items[i], nm);
			return;
		}
		if (t->kind != KR_CONS)
			return;
		name_vars(t->u.cons.car, nm);
		t = t->u.cons.cdr;
	}
}

const kr_subst *kr_reify_names(kr_term *t, const kr_subst *s, size_t start)
{
	kr_check(t != NULL && s != NULL);
	namer nm = {s, start};
	name_vars(t, &nm);
	return nm.s;
}

kr_term *kr_reify(kr_term *t, const kr_subst *s)
{
	kr_term *v = kr_walk_star(t, s);
	if (KRI_IS_GROUND(v))
		return v;
	const kr_subst *r = kr_reify_names(v, kr_subst_empty(), 0);
	return kr_walk_star(v, r);
}
