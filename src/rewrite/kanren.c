/* kanren.c -- KanrenRelationSub: a miniKanren relation as a node rewriter. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "goal/goal.h"
#include "rewrite/rewrite.h"
#include "term/term.h"
#include "kanrewrite/graph.h"
#include "kanrewrite/print.h"
#include "kanrewrite/stream.h"

typedef struct kanren_sub {
	const kr_rel *rel;
	bool reverse;
	uint64_t step_limit;
	kr_node_filter_fn node_filter;
	kr_results_filter_fn results_filter;
	void *filter_data;
} kanren_sub;

/* The term a node is matched as: its output, or the list of its outputs. */
static kr_term *node_term(const kr_apply *node)
{
	size_t n = kr_apply_noutputs(node);
	if (n == 1)
		return kr_variable_term(kr_apply_output(node, 0));
	kri_vec outs = {0};
	for (size_t i = 0; i < n; i++)
		kri_vec_push(&outs, kr_variable_term(kr_apply_output(node, i)));
	return kr_list(outs.len, (kr_term *const *)outs.items);
}

/* The answers for one node: kept on the C stack, with their run. */
struct kr_answers {
	const kanren_sub *ks;
	const kr_apply *node;
	kr_term *q;
	kr_runner run;
};

int kr_answers_next(kr_term **out, kr_answers *a)
{
	kr_check(out != NULL && a != NULL);
	const kr_state *st;
	int rc = kr_run_next_state(&st, &a->run);
	*out = NULL;
	if (rc == KR_ELIMIT && kr_run_interrupted())
		return kr_error_set(KR_ELIMIT,
				    "KanrenRelationSub(%s): run interrupted "
				    "on %s", kr_rel_name(a->ks->rel),
				    kr_term_to_string(node_term(a->node)));
	if (rc == KR_ELIMIT)
		return kr_error_set(KR_ELIMIT,
				    "KanrenRelationSub(%s): no answer within "
				    "%llu steps on %s", kr_rel_name(a->ks->rel),
				    (unsigned long long)a->ks->step_limit,
				    kr_term_to_string(node_term(a->node)));
	if (rc < 0)
		return rc;
	*out = kr_walk_star(a->q, kr_state_subst(st));
	return 0;
}

/* PyTensor's default results filter: the first answer, if any. */
static int first_answer(kr_term **chosen, kr_answers *a, void *data)
{
	(void)data;
	int rc = kr_answers_next(chosen, a);
	return rc == KR_EOF ? 0 : rc;
}

/* The chosen answer for in, walked; NULL for none. */
static int choose_answer(kr_term **out, const kanren_sub *ks, kr_term *in,
			 const kr_apply *node)
{
	kr_term *q = kri_var_new_static("q");
	kr_term *args[2] = {ks->reverse ? q : in, ks->reverse ? in : q};
	kr_answers a = {ks, node, q, {0}};
	kri_run_init(&a.run, q, kr_rel_call(ks->rel, args));
	kr_run_set_step_limit(&a.run, ks->step_limit);
	*out = NULL;
	kr_results_filter_fn f = ks->results_filter ? ks->results_filter
						    : first_answer;
	return f(out, &a, ks->filter_data);
}

/* Evaluate one answer into a variable, as PyTensor's eval_if_etuple. */
static int eval_one(kr_variable **v, const kr_node_rewriter *self,
		    kr_term *ans)
{
	if (kr_term_eval(v, ans) < 0) {
		char *why = kr_strdup(kr_error_last()->message);
		return kr_error_set(KR_EINVALID, "%s: the answer %s is no "
				    "graph: %s",
				    kr_node_rewriter_to_string(self),
				    kr_term_to_string(ans), why);
	}
	return 0;
}

/*
 * Evaluate an answer into one variable per output, news[0..nout-1] (a
 * list of as many answers for a node of several outputs), as PyTensor's
 * eval_if_etuple of each. Errors: KR_EINVALID naming the rewriter and the
 * answer, as the exception PyTensor's transform raises, when the answer
 * is a list of the wrong length or cannot be evaluated into a graph.
 */
static int eval_answer(kr_variable **news, const kr_node_rewriter *self,
		       kr_term *ans, size_t nout)
{
	if (nout == 1)
		return eval_one(news, self, ans);
	if (kr_list_length(ans) != (long)nout)
		return kr_error_set(KR_EINVALID, "%s: the answer %s is not a "
				    "list of %zu replacements",
				    kr_node_rewriter_to_string(self),
				    kr_term_to_string(ans), nout);
	for (size_t i = 0; i < nout; i++, ans = kr_cdr(ans)) {
		int rc = eval_one(&news[i], self, kr_car(ans));
		if (rc < 0)
			return rc;
	}
	return 0;
}

/*
 * An answer Python reads as false: PyTensor's transform tests `if
 * chosen_res:`, so 0, 0.0, an empty list, etuple or string, and False
 * (`#f`, the reader's symbol) are no rewrite.
 */
static bool python_false(const kr_term *t)
{
	switch (kr_term_kind(t)) {
	case KR_INT: return kr_int_value(t) == 0;
	case KR_REAL: return kr_real_value(t) == 0;
	case KR_STR: return *kr_str_value(t) == 0;
	case KR_NIL: return true;
	case KR_ETUPLE: return kr_etuple_len(t) == 0;
	case KR_SYM: return strcmp(kr_sym_name(t), "#f") == 0;
	default: return false;
	}
}

static int kanren_transform(kr_node_rewriter *self, kr_fgraph *fg,
			    kr_apply *node, kr_replacements **out)
{
	(void)fg;
	kanren_sub *ks = self->data;
	int rc = ks->node_filter ? ks->node_filter(node, ks->filter_data) : 1;
	if (rc <= 0)
		return rc;
	kr_term *ans;
	rc = choose_answer(&ans, ks, node_term(node), node);
	if (rc < 0 || !ans || python_false(ans))
		return rc;
	size_t nout = kr_apply_noutputs(node);
	kr_variable *one, **news = nout == 1 ? &one
					     : kri_alloc(nout * sizeof *news);
	if ((rc = eval_answer(news, self, ans, nout)) < 0)
		return rc;
	*out = kr_replacements_for_outputs(node, nout, news);
	return 0;
}

static char *kanren_to_string(const kr_node_rewriter *self)
{
	const kanren_sub *ks = self->data;
	return kr_strfmt("KanrenRelationSub(%s%s)", kr_rel_name(ks->rel),
			 ks->reverse ? ", reverse" : "");
}

static const kr_node_rewriter_class kanren_class = {
	.name = "KanrenRelationSub",
	.transform = kanren_transform,
	.to_string = kanren_to_string,
};

kr_node_rewriter *kr_kanren_relation_sub_new(const kr_rel *rel, bool reverse)
{
	kr_check(rel != NULL && kr_rel_arity(rel) == 2);
	kanren_sub *ks = kri_alloc(sizeof *ks);
	ks->rel = rel;
	ks->reverse = reverse;
	ks->step_limit = 10000000;
	return kr_node_rewriter_new(&kanren_class, NULL, ks);
}

void kr_kanren_relation_sub_set_step_limit(kr_node_rewriter *rw,
					   uint64_t steps)
{
	kr_check(rw && rw->cls == &kanren_class);
	((kanren_sub *)rw->data)->step_limit = steps;
}

void kr_kanren_relation_sub_set_filters(kr_node_rewriter *rw,
					kr_node_filter_fn node_filter,
					kr_results_filter_fn results_filter,
					void *data)
{
	kr_check(rw && rw->cls == &kanren_class);
	kanren_sub *ks = rw->data;
	ks->node_filter = node_filter;
	ks->results_filter = results_filter;
	ks->filter_data = data;
}
