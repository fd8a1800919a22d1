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

/* ---------------------------------------------------------------- condpseq */

/*
 * condpseq (kanren's condp.py, "experimental"): each clause has its own
 * suggestion, called just before the clause would run, with the first
 * answer of every clause run before it. The clauses are made one at a
 * time by kri_rel_kseq's ring, so that this first answer is known when
 * the next clause is considered, and their streams are interleaved as
 * kanren's interleave of its clause generator. Where kanren raises (a
 * suggestion after a clause that was passed over, or after one without
 * answer), those clauses are left out of what the suggestion sees.
 */

struct condpseq {
	size_t n;
	kr_term **labels;
	kr_seq_suggestion *sugs;
	kr_goal **clauses;
};

/*
 * One application on st. Invariant: clauses [0, i) were considered; los
 * holds every label suggested so far; the nrun clauses that ran and gave
 * a first answer are ran[k], with that answer in firsts[k]; last is the
 * clause given to the ring last (n when none yet).
 */
struct seqrun {
	const struct condpseq *c;
	const kr_state *st;
	size_t i, last, nrun;
	kr_term *los;
	size_t *ran;
	const kr_state **firsts;
};

/* Call clause i's suggestion: its labels, or NULL when it failed. */
static kr_term *seq_suggest(const struct seqrun *r, size_t i)
{
	const kr_seq_suggestion *sg = &r->c->sugs[i];
	size_t n = r->nrun ? r->nrun : 1;
	kr_term **labels = kr_alloc(n * sizeof *labels);
	kr_term **vals = kr_alloc(n * sizeof *vals);
	if (!r->nrun) { /* kanren's `branch_s or {k: s}` */
		labels[0] = r->c->labels[i];
		vals[0] = kr_walk_star(sg->arg, kr_state_subst(r->st));
	}
	for (size_t k = 0; k < r->nrun; k++) {
		labels[k] = r->c->labels[r->ran[k]];
		vals[k] = kr_walk_star(sg->arg, kr_state_subst(r->firsts[k]));
	}
	return sg->fn(labels, vals, n, sg->env);
}

static int seq_next(void *env, const kr_state *first, const kr_goal **g)
{
	struct seqrun *r = env;
	const struct condpseq *c = r->c;
	if (first) {
		r->ran[r->nrun] = r->last;
		r->firsts[r->nrun++] = first;
	}
	for (; r->i < c->n; r->i++) {
		size_t i = r->i;
		if (c->sugs[i].fn) {
			kr_term *got = seq_suggest(r, i);
			if (!got)
				return -1;
			for (; kr_is_pair(got); got = kr_cdr(got))
				r->los = kr_cons(kr_car(got), r->los);
		}
		if (!c->sugs[i].fn || has_label(r->los, c->labels[i])) {
			*g = c->clauses[i];
			r->last = i;
			r->i++;
			return 1;
		}
	}
	return 0;
}

static kr_stream *condpseq_fn(const kr_state *st, void *env)
{
	const struct condpseq *c = env;
	struct seqrun *r = kr_alloc(sizeof *r);
	r->c = c;
	r->st = st;
	r->last = c->n;
	r->los = kr_nil();
	r->ran = kr_alloc((c->n + 1) * sizeof *r->ran);
	r->firsts = kr_alloc((c->n + 1) * sizeof *r->firsts);
	return kri_rel_kseq(st, "condpseq", seq_next, r);
}

kr_goal *kr_condpseq(size_t n, kr_term *const *labels,
		     const kr_seq_suggestion *sugs, kr_goal *const *clauses)
{
	if (n && (!labels || !sugs || !clauses))
		kri_rel_misuse(__func__, "an array for every count > 0");
	struct condpseq *c = kr_alloc(sizeof *c);
	c->n = n;
	c->labels = kr_alloc((n + 1) * sizeof *c->labels);
	c->sugs = kr_alloc((n + 1) * sizeof *c->sugs);
	c->clauses = kr_alloc((n + 1) * sizeof *c->clauses);
	for (size_t i = 0; i < n; i++) {
		if (!labels[i] || !clauses[i])
			kri_rel_misuse(__func__,
				       "a label and a goal per clause");
		if (sugs[i].fn && !sugs[i].arg)
			kri_rel_misuse(__func__,
				       "a term for every suggestion function");
		c->labels[i] = labels[i];
		c->sugs[i] = sugs[i];
		c->clauses[i] = clauses[i];
	}
	return kr_goal_new(condpseq_fn, c);
}
