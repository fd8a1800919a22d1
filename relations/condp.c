/* condp.c -- kanren's condp: a conde whose clauses suggestions select. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include <kanrewrite/error.h>

#include "rel_internal.h"

/*
 * condp (Boskin, Ma, Christiansen and Friedman, "A Surprisingly Competitive
 * Conditional Operator"; kanren's condp.py). When the goal is applied, the
 * suggestion functions are called in order on the values of their
 * arguments under the state, each giving a list of clause labels; a list
 * holding `use-maybe` lets the next function add its own, any other list
 * ends the collection. The clauses whose labels were collected then run
 * as kanren's disjunction (kr_lany_kanren), in clause order; the others are
 * never tried.
 */

struct condp {
	size_t nsug, nclause;
	kr_suggestion *sugs;
	kr_term **labels;
	kr_goal **clauses;
};

static bool has_label(kr_term *list, kr_term *label)
{
	for (; kr_is_pair(list); list = kr_cdr(list))
		if (kr_equal(kr_car(list), label))
			return true;
	return false;
}

/* The labels the suggestions give in st, or NULL when one failed. */
static kr_term *collect(const struct condp *c, const kr_state *st)
{
	kr_term *use_maybe = kr_sym("use-maybe"), *all = kr_nil();
	for (size_t i = 0; i < c->nsug; i++) {
		const kr_suggestion *sg = &c->sugs[i];
		kr_term **vals = kr_alloc((sg->nargs + 1) * sizeof *vals);
		for (size_t k = 0; k < sg->nargs; k++)
			vals[k] = kr_walk_star(sg->args[k], kr_state_subst(st));
		kr_term *got = sg->fn(vals, sg->nargs, sg->env);
		if (!got)
			return NULL;
		for (kr_term *p = got; kr_is_pair(p); p = kr_cdr(p))
			all = kr_cons(kr_car(p), all);
		if (!has_label(got, use_maybe))
			break;
	}
	return all;
}

static kr_stream *condp_fn(const kr_state *st, void *env)
{
	const struct condp *c = env;
	kr_term *labels = collect(c, st);
	if (!labels)
		return NULL;
	kr_goal **chosen = kr_alloc((c->nclause + 1) * sizeof *chosen);
	size_t n = 0;
	for (size_t i = 0; i < c->nclause; i++)
		if (has_label(labels, c->labels[i]))
			chosen[n++] = c->clauses[i];
	if (n == 0)
		return NULL;
	return kr_goal_apply(kr_lany_kanren(n, chosen), st);
}

kr_goal *kr_condp(size_t nsug, const kr_suggestion *sugs, size_t nclause,
		  kr_term *const *labels, kr_goal *const *clauses)
{
	if ((!sugs && nsug) || (nclause && (!labels || !clauses)))
		kri_rel_misuse(__func__, "an array for every count > 0");
	struct condp *c = kr_alloc(sizeof *c);
	c->nsug = nsug;
	c->nclause = nclause;
	c->sugs = kr_alloc((nsug + 1) * sizeof *c->sugs);
	c->labels = kr_alloc((nclause + 1) * sizeof *c->labels);
	c->clauses = kr_alloc((nclause + 1) * sizeof *c->clauses);
	for (size_t i = 0; i < nsug; i++) {
		if (!sugs[i].fn || (!sugs[i].args && sugs[i].nargs))
			kri_rel_misuse(__func__,
				       "a function and its arguments");
		c->sugs[i] = sugs[i];
		kr_term **args = kr_alloc((sugs[i].nargs + 1) * sizeof *args);
		for (size_t k = 0; k < sugs[i].nargs; k++)
			args[k] = sugs[i].args[k];
		c->sugs[i].args = args;
	}
	for (size_t i = 0; i < nclause; i++) {
		if (!labels[i] || !clauses[i])
			kri_rel_misuse(__func__,
				       "a label and a goal per clause");
		c->labels[i] = labels[i];
		c->clauses[i] = clauses[i];
	}
	return kr_goal_new(condp_fn, c);
}
