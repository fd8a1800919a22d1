/* rewriters.c -- rewriters, rewrite-graph and optdb at the prompt. */
/* See the LICENSE file for copying conditions. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lang.h"

/*
 * Node rewriters, graph rewriters and rewrite databases are foreign atoms
 * of the types below. Wherever a node rewriter is expected a relation of
 * arity 2 may be given (a library relation, one defined with defrel, or
 * `(backward rel)`): it becomes PyTensor's KanrenRelationSub. Wherever a
 * graph rewriter is expected a node rewriter may be given: it runs in an
 * EquilibriumGraphRewriter with max_use_ratio 10, as the documents'
 * `EquilibriumGraphRewriter([KanrenRelationSub(rel)], max_use_ratio=10)`.
 * Graphs are rewritten in a copy (rewrite_graph with clone=True), so a
 * graph bound at the prompt keeps its value.
 */


/* ======================================================== value types */

static char *node_rw_str(const void *p)
{
	return kr_strfmt("#<node-rewriter %s>", kr_node_rewriter_to_string(p));
}

static char *graph_rw_str(const void *p)
{
	const char *name = kr_graph_rewriter_name(p);
	return kr_strfmt("#<%s%s%s>", kr_graph_rewriter_class_name(p),
			 name ? " " : "", name ? name : "");
}

static char *db_str(const void *p)
{
	const char *name = kr_rewrite_db_name(p);
	return kr_strfmt("#<%s%s%s>", kr_rewrite_db_class_name(p),
			 name ? " " : "", name ? name : "");
}

static const kr_foreign_type node_rw_type = {
	.name = "node-rewriter", .to_string = node_rw_str};
static const kr_foreign_type graph_rw_type = {
	.name = "graph-rewriter", .to_string = graph_rw_str};
static const kr_foreign_type db_type = {
	.name = "rewrite-db", .to_string = db_str};

static kr_term *node_rw_term(kr_node_rewriter *rw)
{
	return kr_foreign(&node_rw_type, rw);
}

static kr_term *graph_rw_term(kr_graph_rewriter *rw)
{
	return kr_foreign(&graph_rw_type, rw);
}

static kr_term *db_term(kr_rewrite_db *db)
{
	return kr_foreign(&db_type, db);
}

/*
 * The next answer of a prompt's KanrenRelationSub, as kr_answers_next(),
 * but an error raised inside the relation (which a goal can only record,
 * lang_search_error) or a stop (C-c, the memory or evaluation limit) is
 * the transform's error, where the library would see a relation that
 * merely failed: the walker then warns, a stop ends the rewrite.
 */
static int next_checked(kr_term **t, kr_answers *a)
{
	int rc = kr_answers_next(t, a);
	if (lang_interrupted)
		return kr_error_set(KR_ELIMIT, "%s", lang_stop_message(""));
	int err = lang_search_take(); /* the budget's error among them */
	return err < 0 ? err : rc;
}

/* The results filter of the prompt's KanrenRelationSubs: PyTensor's
 * first answer, checked. */
static int first_answer_checked(kr_term **chosen, kr_answers *a, void *data)
{
	(void)data;
	if (lang_search_take() < 0) /* one no run reported: not this one's */
		kr_error_clear();
	int rc = next_checked(chosen, a);
	if (rc == KR_EOF)
		*chosen = NULL;
	return rc == KR_EOF ? 0 : rc;
}

/* The procedures of (kanren-relation-sub ... 'results-filter P
 * 'node-filter P), or NULL. */
typedef struct sub_procs {
	kr_term *results, *nodes;
} sub_procs;

/*
 * PyTensor's results_filter at the prompt: the procedure is given the
 * list of every answer (PyTensor gives it the lazy stream of them; a
 * relation with answers without end stops at the step limit) and returns
 * the chosen one; #f, or another value Python reads as false, is no
 * rewrite (the transform reads it so).
 */
static int results_by_proc(kr_term **chosen, kr_answers *a, void *data)
{
	const sub_procs *p = data;
	if (!p || !p->results)
		return first_answer_checked(chosen, a, NULL);
	if (lang_search_take() < 0)
		kr_error_clear();
	kr_term **v = NULL, *t;
	size_t len = 0, cap = 0;
	for (;;) {
		int rc = next_checked(&t, a);
		if (rc == KR_EOF)
			break;
		if (rc < 0)
			return rc;
		if (len == cap) {
			cap = cap ? 2 * cap : 16;
			kr_term **w = kr_alloc(cap * sizeof *w);
			if (len)
				memcpy(w, v, len * sizeof *v);
			v = w;
		}
		v[len++] = t;
	}
	kr_term *all = kr_list(len, v);
	if (lang_apply(chosen, p->results, 1, &all) < 0)
		return lang_error_in(kr_error_last()->code,
				     "kanren-relation-sub: results-filter");
	return 0;
}

/* PyTensor's node_filter at the prompt: (proc node), node as its output. */
static int node_by_proc(const kr_apply *node, void *data)
{
	const sub_procs *p = data;
	kr_term *ret, *arg = kr_variable_term(
			      kr_apply_output((kr_apply *)node, 0));
	if (lang_apply(&ret, p->nodes, 1, &arg) < 0)
		return lang_error_in(kr_error_last()->code,
				     "kanren-relation-sub: node-filter");
	return lang_truthy(ret) ? 1 : 0;
}

static kr_node_rewriter *relation_sub_procs(const kr_rel *rel, bool reverse,
					    sub_procs *p)
{
	kr_node_rewriter *rw = kr_kanren_relation_sub_new(rel, reverse);
	kr_kanren_relation_sub_set_filters(rw, p && p->nodes ? node_by_proc
							     : NULL,
					   results_by_proc, p);
	return rw;
}

static kr_node_rewriter *relation_sub(const kr_rel *rel, bool reverse)
{
	return relation_sub_procs(rel, reverse, NULL);
}

/* A walker's failures: warned, as PyTensor's warn_inplace, but a stop
 * (C-c, a limit) ends the rewrite with its error. */
static int warn_unless_stopped(const kr_failure *f, void *data)
{
	if (lang_interrupted || lang_budget_spent())
		return f->code;
	return kr_failure_warn_inplace(f, data);
}

/* A node rewriter, or a relation of arity 2 as a KanrenRelationSub. */
static int node_rw_of(kr_node_rewriter **out, const char *who, kr_term *t)
{
	if (kr_is_foreign_of(t, &node_rw_type)) {
		*out = kr_foreign_ptr(t);
		return 0;
	}
	if (!lang_is_procedure(t))
		return lang_type_error(who, "a node rewriter or a relation", t);
	const kr_rel *rel = lang_as_rel(t, 2);
	if (!rel)
		return lang_error_in(KR_EINVALID, who);
	*out = relation_sub(rel, false);
	return 0;
}

int lang_warn_maxed_out(const kr_failure *f, void *data)
{
	if (f->code == KR_ELIMIT && !f->node_rewriter && !f->sub &&
	    !lang_interrupted && !lang_budget_spent())
		return kr_failure_warn(f, data);
	return f->code;
}

/* The prompt's equilibrium rewriters: opts (NULL: the defaults), warning
 * when max'ed out. */
static kr_graph_rewriter *equilibrium_of(size_t n, kr_node_rewriter **rws,
					 kr_equilibrium_opts *opts)
{
	kr_equilibrium_opts dflt = KR_EQUILIBRIUM_OPTS_INIT;
	if (!opts)
		opts = &dflt;
	opts->failure_callback = lang_warn_maxed_out;
	return kr_equilibrium_graph_rewriter_new(n, rws, opts);
}

/* A graph rewriter, or a node rewriter / relation run to equilibrium. */
static int graph_rw_of(kr_graph_rewriter **out, const char *who, kr_term *t)
{
	if (kr_is_foreign_of(t, &graph_rw_type)) {
		*out = kr_foreign_ptr(t);
		return 0;
	}
	kr_node_rewriter *nr;
	int rc = node_rw_of(&nr, who, t);
	if (rc < 0)
		return lang_type_error(who, "a rewriter or a relation", t);
	*out = equilibrium_of(1, &nr, NULL);
	return 0;
}

/* ========================================================= relations */

static kr_goal *backward_body(kr_term *const *args, void *env)
{
	kr_term *swapped[2] = {args[1], args[0]};
	return kr_rel_call(env, swapped);
}

/* (backward rel): the relation with its two arguments swapped. */
PRIM(p_backward)
{
	(void)n;
	const kr_rel *rel = lang_as_rel(a[0], 2);
	if (!rel)
		return lang_error_in(KR_EINVALID, "backward");
	*out = lang_rel_term(kr_rel_new(kr_strfmt("%s-backward",
						  kr_rel_name(rel)), 2,
					backward_body, (void *)rel));
	return 0;
}

/* ==================================================== node rewriters */

/*
 * (kanren-relation-sub rel [reverse] ['results-filter P] ['node-filter
 * P]): PyTensor's KanrenRelationSub(relation, results_filter,
 * node_filter).
 */
PRIM(p_kanren_relation_sub)
{
	const char *who = "kanren-relation-sub";
	const kr_rel *rel = lang_as_rel(a[0], 2);
	if (!rel)
		return lang_error_in(KR_EINVALID, who);
	size_t i = 1;
	bool reverse = false;
	if (i < n && !lang_is_symbol(a[i], "results-filter") &&
	    !lang_is_symbol(a[i], "node-filter"))
		reverse = lang_truthy(a[i++]);
	sub_procs *p = kr_alloc(sizeof *p);
	for (; i < n; i += 2) {
		bool res = lang_is_symbol(a[i], "results-filter");
		if (!res && !lang_is_symbol(a[i], "node-filter"))
			return lang_type_error(who, "'results-filter or "
					       "'node-filter", a[i]);
		if (i + 1 == n || !lang_is_procedure(a[i + 1]))
			return lang_type_error(who, "a procedure after the "
					       "option", i + 1 < n ? a[i + 1]
							    : a[i]);
		*(res ? &p->results : &p->nodes) = a[i + 1];
	}
	*out = node_rw_term(relation_sub_procs(rel, reverse, p));
	return 0;
}

/*
 * A constrained pattern variable, PyTensor's `{"pattern": "x",
 * "constraint": fn}`: what `(constrained v pred)` makes, to be written in
 * the in-pattern of a pattern-rewriter. It prints as its variable, as
 * PyTensor prints a ConstrainedVar.
 */
typedef struct constrained {
	kr_term *var;
	kr_term *pred;
} constrained;

static char *constrained_str(const void *p)
{
	return lang_show(((const constrained *)p)->var);
}

static const kr_foreign_type constrained_type = {
	.name = "constrained", .to_string = constrained_str};

/* (constrained v pred): v, bound only to graphs for which pred is true. */
PRIM(p_constrained)
{
	(void)n;
	if (!kr_is_var(a[0]))
		return lang_type_error("constrained", "a logic variable", a[0]);
	if (!lang_is_procedure(a[1]))
		return lang_type_error("constrained", "a procedure", a[1]);
	constrained *c = kr_alloc(sizeof *c);
	*c = (constrained){a[0], a[1]};
	*out = kr_foreign(&constrained_type, c);
	return 0;
}

/*
 * The constraint of a pattern variable: pred applied to the graph the
 * variable would be bound to. An error of pred fails the rewrite with it.
 */
static bool call_constraint(const kr_variable *value, void *data)
{
	kr_term *arg = kr_variable_term(value), *res;
	if (lang_apply(&res, data, 1, &arg) < 0) {
		lang_error_in(kr_error_last()->code, "constraint");
		return false;
	}
	return lang_truthy(res);
}

/*
 * The constraint of a (constrained-var pred) variable: pred applied to the
 * value, all of its bound parts substituted, and an etuple evaluated to its
 * graph when it can be (PyTensor's eval_if_etuple). An error of pred stops
 * the search with it (lang_search_error); the binding is refused.
 */
static bool call_var_constraint(kr_term *value, const kr_subst *s, void *env)
{
	kr_term *arg = kr_walk_star(value, s), *res, *val;
	if (kr_term_kind(arg) == KR_ETUPLE &&
	    lang_eval_if_etuple(&val, "constrained-var", arg) == 0)
		arg = val;
	kr_error_clear();
	if (lang_apply(&res, env, 1, &arg) < 0) {
		lang_error_in(kr_error_last()->code, "constrained-var");
		lang_search_error();
		return false;
	}
	return lang_truthy(res);
}

/*
 * (constrained-var pred [name]): PyTensor's ConstrainedVar(constraint,
 * token), a logic variable that unifies only with values for which pred
 * is true (kr_constrained_var_new); usable in == and in patterns alike.
 */
PRIM(p_constrained_var)
{
	if (!lang_is_procedure(a[0]))
		return lang_type_error("constrained-var", "a procedure", a[0]);
	const char *name = NULL;
	int rc;
	if (n > 1 && (rc = lang_name_arg(&name, "constrained-var", a[1])) < 0)
		return rc;
	*out = kr_constrained_var_new(name, call_var_constraint, a[0]);
	return 0;
}

enum { MAX_PATTERN_DEPTH = 10000 };

/*
 * The pattern t with each constrained variable replaced by its variable,
 * recorded in the list *cs. NULL with the error
 * set for a pattern deeper than MAX_PATTERN_DEPTH.
 */
static kr_term *strip_constraints(kr_term *t, kr_term **cs, int depth)
{
	if (depth > MAX_PATTERN_DEPTH) {
		kr_error_set(KR_ELIMIT, "pattern-rewriter: a pattern deeper "
			     "than %d", MAX_PATTERN_DEPTH);
		return NULL;
	}
	if (kr_is_foreign_of(t, &constrained_type)) {
		constrained *c = kr_foreign_ptr(t);
		*cs = kr_cons(kr_foreign(&constrained_type, c), *cs);
		return c->var;
	}
	kr_kind k = kr_term_kind(t);
	if (k == KR_ETUPLE) {
		size_t len = kr_etuple_len(t);
		kr_term **items = kr_alloc((len ? len : 1) * sizeof *items);
		bool same = true;
		for (size_t i = 0; i < len; i++) {
			kr_term *e = kr_etuple_ref(t, i);
			if (!(items[i] = strip_constraints(e, cs, depth + 1)))
				return NULL;
			same = same && items[i] == e;
		}
		return same ? t : kr_etuple(len, items);
	}
	if (k == KR_CONS) {
		kr_term *car = strip_constraints(kr_car(t), cs, depth + 1);
		kr_term *cdr = car ? strip_constraints(kr_cdr(t), cs, depth + 1)
				   : NULL;
		if (!cdr)
			return NULL;
		return car == kr_car(t) && cdr == kr_cdr(t) ? t
							    : kr_cons(car, cdr);
	}
	return t;
}

/* The bindings of a match, as (name . value) pairs in an array. */
typedef struct bindings {
	const kr_subst *s;
	kr_term **pairs;
	size_t n, cap;
} bindings;

static bool add_binding(kr_term *v, kr_term *t, void *data)
{
	bindings *b = data;
	if (b->n == b->cap) {
		b->cap = b->cap ? 2 * b->cap : 8;
		kr_term **p = kr_alloc(b->cap * sizeof *p);
		if (b->n)
			memcpy(p, b->pairs, b->n * sizeof *p);
		b->pairs = p;
	}
	const char *name = kr_var_name(v) ? kr_var_name(v) : "_";
	b->pairs[b->n++] = kr_cons(kr_sym(name), kr_walk_star(t, b->s));
	return true;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(kr_sym_name(kr_car(*(kr_term *const *)a)),
		      kr_sym_name(kr_car(*(kr_term *const *)b)));
}

/*
 * A procedure out-pattern, PyTensor's callable out_pattern: (proc fg node
 * subs), node as its output variable and subs an association list from
 * each bound in-pattern variable's name (a symbol) to its value, sorted
 * by name. #f rejects
 * the match; any other value must be a graph (PyTensor's ValueError).
 */
static int call_out_proc(kr_variable **res, kr_fgraph *fg, kr_apply *node,
			 const kr_subst *s, void *data)
{
	const char *who = "pattern-rewriter";
	kr_term *subs = kr_nil(), *ret;
	bindings b = {s, NULL, 0, 0};
	kr_subst_foreach(s, add_binding, &b);
	if (b.n)
		qsort(b.pairs, b.n, sizeof *b.pairs, by_name);
	for (size_t i = b.n; i-- > 0;)
		subs = kr_cons(b.pairs[i], subs);
	kr_term *args[3] = {lang_fgraph_term(fg),
			    kr_variable_term(kr_apply_output(node, 0)), subs};
	if (lang_apply(&ret, data, 3, args) < 0)
		return lang_error_in(kr_error_last()->code, who);
	if (!lang_truthy(ret))
		return 0;
	if (!kr_term_variable(ret))
		return lang_type_error(who, "a graph or #f from the "
				       "out-pattern procedure", ret);
	*res = kr_term_variable(ret);
	return 0;
}

/*
 * A get-nodes procedure, PyTensor's get_nodes(fgraph, node): (proc fg
 * node), node as its output, returns a list of graphs, whose owners are
 * tried first (#f entries and graph inputs are skipped); an error of the
 * procedure is the rewriter's.
 */
static int call_get_nodes(kr_apply ***nodes, size_t *n, kr_fgraph *fg,
			  kr_apply *node, void *data)
{
	const char *who = "pattern-rewriter: get-nodes";
	kr_term *ret, *args[2] = {lang_fgraph_term(fg),
				  kr_variable_term(kr_apply_output(node, 0))};
	if (lang_apply(&ret, data, 2, args) < 0)
		return lang_error_in(kr_error_last()->code, who);
	long len = kr_list_length(ret);
	if (len < 0)
		return lang_type_error(who, "a list of graphs", ret);
	*nodes = kr_alloc(((size_t)len + 1) * sizeof **nodes);
	*n = 0;
	for (kr_term *l = ret; kr_is_pair(l); l = kr_cdr(l)) {
		kr_term *t = kr_car(l);
		kr_variable *v = kr_term_variable(t);
		if (!v && lang_truthy(t))
			return lang_type_error(who, "a graph or #f", t);
		if (v && kr_variable_owner(v))
			(*nodes)[(*n)++] = kr_variable_owner(v);
	}
	return 0;
}

/* 'tracks (op ...) of a pattern-rewriter: ops, op classes, op-patterns. */
static int pattern_tracks_arg(kr_pattern_opts *opts, kr_term *l)
{
	const char *who = "pattern-rewriter";
	long len = kr_list_length(l);
	if (len <= 0)
		return lang_type_error(who, "a non-empty list of ops to track",
				       l);
	kr_op **tracks = kr_alloc((size_t)len * sizeof *tracks);
	size_t k = 0;
	for (; kr_is_pair(l); l = kr_cdr(l), k++)
		if (!(tracks[k] = lang_track_op(kr_car(l))))
			return lang_type_error(who, "an op, op class or "
					       "op-pattern to track",
					       kr_car(l));
	opts->ntracks = k;
	opts->tracks = tracks;
	return 0;
}

/*
 * (pattern-rewriter IN OUT [name] ['allow-multiple-clients] ['no-cast]
 * ['tracks (op ...) 'get-nodes PROC]): PyTensor's PatternNodeRewriter;
 * IN may hold (constrained v pred) variables (in OUT they stand for
 * their variable, as PyTensor converts both patterns); OUT may be a
 * procedure (call_out_proc); tracks and get_nodes as PyTensor's (tracks
 * needs get-nodes, as PyTensor asserts).
 */
PRIM(p_pattern_rewriter)
{
	kr_term *cs = kr_nil();
	kr_term *in = strip_constraints(a[0], &cs, 0);
	if (!in)
		return kr_error_last()->code;
	if (!kr_is_pair(in) || kr_term_kind(in) == KR_FOREIGN ||
	    !(kr_term_op(kr_car(in)) || kr_is_op_pattern(kr_car(in))))
		return lang_type_error("pattern-rewriter", "a pattern (op pattern "
				  "...) or ((op-pattern ...) pattern ...)",
				  a[0]);
	kr_pattern_opts opts = KR_PATTERN_OPTS_INIT;
	for (size_t i = 2; i < n; i++) {
		if (lang_is_symbol(a[i], "allow-multiple-clients")) {
			opts.allow_multiple_clients = true;
			continue;
		}
		if (lang_is_symbol(a[i], "no-cast")) {
			opts.allow_cast = false;
			continue;
		}
		bool tracks = lang_is_symbol(a[i], "tracks");
		if (tracks || lang_is_symbol(a[i], "get-nodes")) {
			int rc = 0;
			if (i + 1 == n)
				return kr_error_set(KR_EINVALID,
						    "pattern-rewriter: '%s "
						    "needs a value after it",
						    kr_sym_name(a[i]));
			if (tracks)
				rc = pattern_tracks_arg(&opts, a[++i]);
			else if (!lang_is_procedure(a[++i]))
				rc = lang_type_error("pattern-rewriter",
						     "a get-nodes procedure",
						     a[i]);
			opts.get_nodes = tracks ? opts.get_nodes
						: call_get_nodes;
			opts.get_nodes_data = tracks ? opts.get_nodes_data
						     : a[i];
			if (rc < 0)
				return rc;
			continue;
		}
		if (kr_term_kind(a[i]) != KR_STR && kr_term_kind(a[i]) != KR_SYM)
			return lang_type_error("pattern-rewriter", "a name, "
					       "'allow-multiple-clients, "
					       "'no-cast, 'tracks or "
					       "'get-nodes", a[i]);
		opts.name = kr_term_kind(a[i]) == KR_STR ?
			    kr_str_value(a[i]) : kr_sym_name(a[i]);
	}
	if (opts.ntracks && !opts.get_nodes)
		return kr_error_set(KR_EINVALID, "pattern-rewriter: 'tracks "
				    "needs 'get-nodes (as PyTensor's)");
	kr_term *ignored = kr_nil(), *outp = NULL;
	if (lang_is_procedure(a[1])) {
		opts.out_fn = call_out_proc;
		opts.out_data = a[1];
	} else if (!(outp = strip_constraints(a[1], &ignored, 0))) {
		return kr_error_last()->code;
	}
	kr_node_rewriter *rw = kr_pattern_node_rewriter_new(in, outp, &opts);
	for (kr_term *l = cs; kr_is_pair(l); l = kr_cdr(l)) {
		constrained *c = kr_foreign_ptr(kr_car(l));
		kr_pattern_constrain(rw, c->var, call_constraint, c->pred);
	}
	*out = node_rw_term(rw);
	return 0;
}

/* A procedure's name for a rewriter, as Python's __name__: <lambda>. */
static const char *proc_name(kr_term *proc)
{
	const char *name = lang_procedure_name(proc);
	return name ? name : "<lambda>";
}

/*
 * The replacements a node-rewriter procedure returned, as PyTensor reads
 * a transform's result: #f for none; a list of graphs or #f, one per
 * output; or an association list ((old . new) ...) whose entry
 * (remove v ...) names variables that must disappear (PyTensor's
 * "remove" key). A single graph is an error, as PyTensor's TypeError.
 */
static int read_replacements(kr_replacements **out, const char *who,
			     kr_apply *node, kr_term *ret)
{
	*out = NULL;
	if (!lang_truthy(ret))
		return 0;
	long len = kr_list_length(ret);
	if (len < 0 || kr_term_variable(ret))
		return lang_type_error(who, "a list or association list of "
				       "replacements, or #f", ret);
	bool map = len > 0;
	for (kr_term *l = ret; kr_is_pair(l); l = kr_cdr(l))
		map = map && kr_is_pair(kr_car(l)) &&
		      (kr_term_variable(kr_car(kr_car(l))) ||
		       lang_is_symbol(kr_car(kr_car(l)), "remove"));
	int rc;
	kr_variable *v, *w;
	if (!map) {
		kr_variable **vars = kr_alloc(((size_t)len + 1) * sizeof *vars);
		size_t i = 0;
		for (kr_term *l = ret; kr_is_pair(l); l = kr_cdr(l), i++)
			if (lang_truthy(kr_car(l)) &&
			    (rc = lang_graph_of(&vars[i], who, kr_car(l))) < 0)
				return rc;
		*out = kr_replacements_for_outputs(node, (size_t)len, vars);
		return 0;
	}
	*out = kr_replacements_new();
	for (kr_term *l = ret; kr_is_pair(l); l = kr_cdr(l)) {
		kr_term *e = kr_car(l);
		if (lang_is_symbol(kr_car(e), "remove")) {
			for (kr_term *r = kr_cdr(e); kr_is_pair(r);
			     r = kr_cdr(r)) {
				rc = lang_graph_of(&v, who, kr_car(r));
				if (rc < 0)
					return rc;
				kr_replacements_remove(*out, v);
			}
			continue;
		}
		if ((rc = lang_graph_of(&v, who, kr_car(e))) < 0 ||
		    (rc = lang_graph_of(&w, who, kr_cdr(e))) < 0)
			return rc;
		kr_replacements_add(*out, v, w);
	}
	return 0;
}

/* The transform of a (node-rewriter ...): (proc fg node). */
static int call_node_proc(kr_fgraph *fg, kr_apply *node,
			  kr_replacements **out, void *data)
{
	const char *who = "node-rewriter";
	kr_term *args[2] = {lang_fgraph_term(fg),
			    kr_variable_term(kr_apply_output(node, 0))};
	kr_term *ret;
	*out = NULL;
	if (lang_apply(&ret, data, 2, args) < 0)
		return lang_error_in(kr_error_last()->code, who);
	return read_replacements(out, who, node, ret);
}

/*
 * (node-rewriter TRACKS PROC [name]): PyTensor's @node_rewriter(tracks):
 * PROC is called as (PROC fg node) on the nodes whose op is in TRACKS (a
 * non-empty list of ops, op classes or op-patterns; #f for every node),
 * node as its first output, and returns what read_replacements() reads.
 */
PRIM(p_node_rewriter)
{
	const char *who = "node-rewriter", *name = NULL;
	size_t k = 0;
	kr_op **tracks = NULL;
	int rc;
	if (lang_truthy(a[0])) {
		long len = kr_list_length(a[0]);
		if (len <= 0)
			return lang_type_error(who, "a non-empty list of ops "
					       "or #f for every node", a[0]);
		tracks = kr_alloc((size_t)len * sizeof *tracks);
		for (kr_term *l = a[0]; kr_is_pair(l); l = kr_cdr(l), k++) {
			kr_term *t = kr_car(l);
			if (!(tracks[k] = lang_track_op(t)))
				return lang_type_error(
					who, "an op, op class or op-pattern "
					"to track", t);
		}
	}
	if (!lang_is_procedure(a[1]))
		return lang_type_error(who, "a procedure", a[1]);
	if (n > 2 && (rc = lang_name_arg(&name, who, a[2])) < 0)
		return rc;
	*out = node_rw_term(kr_node_rewriter_from_fn(
		name ? name : proc_name(a[1]), call_node_proc, a[1], k,
		tracks));
	return 0;
}

/* The apply of a (graph-rewriter ...): (proc fg), its value ignored. */
static int call_graph_proc(kr_fgraph *fg, void *data)
{
	kr_term *arg = lang_fgraph_term(fg), *ret;
	if (lang_apply(&ret, data, 1, &arg) < 0)
		return lang_error_in(kr_error_last()->code, "graph-rewriter");
	return 0;
}

/*
 * (graph-rewriter PROC [name]): PyTensor's @graph_rewriter: PROC is
 * called with the FunctionGraph, which it changes in place
 * (fgraph-replace!).
 */
PRIM(p_graph_rewriter)
{
	const char *who = "graph-rewriter", *name = NULL;
	int rc;
	if (!lang_is_procedure(a[0]))
		return lang_type_error(who, "a procedure", a[0]);
	if (n > 1 && (rc = lang_name_arg(&name, who, a[1])) < 0)
		return rc;
	*out = graph_rw_term(kr_graph_rewriter_from_fn(
		name ? name : proc_name(a[0]), call_graph_proc, a[0]));
	return 0;
}

/* (substitution-rewriter op1 op2) and (removal-rewriter op). */
PRIM(p_substitution_rewriter)
{
	(void)n;
	for (int i = 0; i < 2; i++)
		if (!kr_term_op(a[i]))
			return lang_type_error("substitution-rewriter", "an op", a[i]);
	*out = node_rw_term(kr_substitution_node_rewriter_new(
		kr_term_op(a[0]), kr_term_op(a[1])));
	return 0;
}

PRIM(p_removal_rewriter)
{
	(void)n;
	if (!kr_term_op(a[0]))
		return lang_type_error("removal-rewriter", "an op", a[0]);
	*out = node_rw_term(kr_removal_node_rewriter_new(kr_term_op(a[0])));
	return 0;
}

/*
 * The node rewriters among the arguments (each a node rewriter, a
 * relation, or a list of them); a number sets *ratio when ratio is given.
 * None is an error unless none_ok.
 */
static int node_rws(kr_node_rewriter ***out, size_t *k, const char *who,
		    size_t n, kr_term *const *a, double *ratio, bool none_ok)
{
	size_t cap = 8;
	kr_node_rewriter **rws = kr_alloc(cap * sizeof *rws);
	*k = 0;
	for (size_t i = 0; i < n; i++) {
		kr_term *t = a[i];
		bool list = kr_term_kind(t) == KR_CONS;
		kr_kind kind = kr_term_kind(t);
		if (ratio && (kind == KR_INT || kind == KR_REAL)) {
			*ratio = kind == KR_INT ? (double)kr_int_value(t)
						: kr_real_value(t);
			if (!(*ratio > 0) || !isfinite(*ratio))
				return lang_type_error(who, "a positive "
						  "max_use_ratio", t);
			continue;
		}
		for (kr_term *l = t; list ? kr_is_pair(l) : l != NULL;
		     l = list ? kr_cdr(l) : NULL) {
			if (*k == cap) {
				kr_node_rewriter **b = kr_alloc(2 * cap * sizeof *b);
				memcpy(b, rws, cap * sizeof *rws);
				rws = b;
				cap *= 2;
			}
			int rc = node_rw_of(&rws[*k], who, list ? kr_car(l) : l);
			if (rc < 0)
				return rc;
			(*k)++;
		}
	}
	if (!*k && !none_ok)
		return kr_error_set(KR_EINVALID, "%s: no node rewriter", who);
	*out = rws;
	return 0;
}

/* (sequential-node-rewriter nr ...): PyTensor's SequentialNodeRewriter. */
PRIM(p_sequential_node_rewriter)
{
	kr_node_rewriter **rws;
	size_t k;
	int rc = node_rws(&rws, &k, "sequential-node-rewriter", n, a, NULL,
			  false);
	if (rc < 0)
		return rc;
	*out = node_rw_term(kr_sequential_node_rewriter_new(k, rws));
	return 0;
}

/* =================================================== graph rewriters */

/*
 * The walkers take node rewriters, then optionally 'ignore-newtrees
 * (PyTensor's `in2out(..., ignore_newtrees=True)`).
 */
static int walking(kr_term **out, const char *who, kr_walk_order order,
		   size_t n, kr_term *const *a)
{
	bool ignore = n > 1 && lang_is_symbol(a[n - 1], "ignore-newtrees");
	kr_node_rewriter **rws;
	size_t k;
	int rc = node_rws(&rws, &k, who, ignore ? n - 1 : n, a, NULL, false);
	if (rc < 0)
		return rc;
	/* kr_walking_rewriter(), with PyTensor's ignore_newtrees kwarg */
	kr_graph_rewriter *w = kr_walking_graph_rewriter_new(
		k == 1 ? rws[0] : kr_sequential_node_rewriter_new(k, rws), order,
		ignore);
	kr_graph_rewriter_set_failure_callback(w, warn_unless_stopped, NULL);
	*out = graph_rw_term(w);
	return 0;
}

/* (in2out nr ...), (out2in nr ...), (dfs-rewriter nr ...): walkers. */
PRIM(p_in2out) { return walking(out, "in2out", KR_IN_TO_OUT, n, a); }
PRIM(p_out2in) { return walking(out, "out2in", KR_OUT_TO_IN, n, a); }
PRIM(p_dfs_rewriter)
{
	return walking(out, "dfs-rewriter", KR_DFS, n, a);
}

/*
 * (op-key-rewriter nr ['ignore-newtrees]): PyTensor's OpKeyGraphRewriter
 * over nr's op key.
 */
PRIM(p_op_key_rewriter)
{
	if (n > 1 && !lang_is_symbol(a[1], "ignore-newtrees"))
		return lang_type_error("op-key-rewriter", "'ignore-newtrees",
				       a[1]);
	kr_node_rewriter *rw;
	int rc = node_rw_of(&rw, "op-key-rewriter", a[0]);
	if (rc < 0)
		return rc;
	kr_graph_rewriter *g = kr_op_key_graph_rewriter_new(rw, n > 1);
	if (!g)
		return KR_EINVALID;
	*out = graph_rw_term(g);
	return 0;
}

/*
 * The graph rewriters of list l, an option's value, into *out and *k:
 * each a graph rewriter, or a node rewriter or relation run to
 * equilibrium.
 */
static int graph_rw_list(kr_graph_rewriter *const **out, size_t *k,
			 const char *who, kr_term *l)
{
	size_t n = 0;
	for (kr_term *p = l; kr_is_pair(p); p = kr_cdr(p))
		n++;
	if (!kr_is_null(l) && !kr_is_pair(l))
		return lang_type_error(who, "a list of graph rewriters", l);
	kr_graph_rewriter **v = kr_alloc((n ? n : 1) * sizeof *v);
	n = 0;
	for (kr_term *p = l; kr_is_pair(p); p = kr_cdr(p)) {
		int rc = graph_rw_of(&v[n++], who, kr_car(p));
		if (rc < 0)
			return rc;
	}
	*out = v;
	*k = n;
	return 0;
}

/* One option of equilibrium-rewriter, name then value, into opts. */
static int equilibrium_option(kr_equilibrium_opts *opts, const char *who,
			      kr_term *name, kr_term *v)
{
	if (lang_is_symbol(name, "final-rewriters"))
		return graph_rw_list(&opts->final_rewriters,
				     &opts->nfinal_rewriters, who, v);
	if (lang_is_symbol(name, "cleanup-rewriters"))
		return graph_rw_list(&opts->cleanup_rewriters,
				     &opts->ncleanup_rewriters, who, v);
	if (!kr_is_boolean(v))
		return lang_type_error(who, "#t or #f after the option", v);
	if (lang_is_symbol(name, "ignore-newtrees"))
		opts->ignore_newtrees = lang_truthy(v);
	else
		opts->tracks_on_change_inputs = lang_truthy(v);
	return 0;
}

/*
 * (equilibrium-rewriter rw ... [max-use-ratio] ['ignore-newtrees B]
 * ['tracks-on-change-inputs B] ['final-rewriters (gr ...)]
 * ['cleanup-rewriters (gr ...)]): EquilibriumGraphRewriter, with
 * PyTensor's keyword arguments of those names (defaults #t, #f, none,
 * none). As PyTensor's `rewriters` argument, the rewriters are node
 * rewriters (or relations), and graph rewriters, which run at the start
 * of every pass.
 */
PRIM(p_equilibrium_rewriter)
{
	static const char *const options[] = {
		"ignore-newtrees", "tracks-on-change-inputs",
		"final-rewriters", "cleanup-rewriters"};
	const char *who = "equilibrium-rewriter";
	kr_equilibrium_opts opts = KR_EQUILIBRIUM_OPTS_INIT;
	kr_term **nodes = kr_alloc(n * sizeof *nodes);
	kr_graph_rewriter **global = kr_alloc(n * sizeof *global);
	size_t nn = 0, ng = 0;
	for (size_t i = 0; i < n; i++) {
		bool opt = false;
		for (size_t j = 0; j < sizeof options / sizeof *options; j++)
			opt = opt || lang_is_symbol(a[i], options[j]);
		if (opt && i + 1 == n)
			return lang_type_error(who, "a value after the option",
					       a[i]);
		if (opt) {
			int rc = equilibrium_option(&opts, who, a[i], a[i + 1]);
			if (rc < 0)
				return rc;
			i++;
		} else if (kr_is_foreign_of(a[i], &graph_rw_type)) {
			global[ng++] = kr_foreign_ptr(a[i]);
		} else {
			nodes[nn++] = a[i];
		}
	}
	opts.ngraph_rewriters = ng;
	opts.graph_rewriters = global;
	kr_node_rewriter **rws;
	size_t k;
	int rc = node_rws(&rws, &k, who, nn, nodes, &opts.max_use_ratio,
			  ng > 0);
	if (rc < 0)
		return rc;
	*out = graph_rw_term(equilibrium_of(k, rws, &opts));
	return 0;
}

/* (sequential-rewriter gr ...): PyTensor's SequentialGraphRewriter. */
PRIM(p_sequential_rewriter)
{
	kr_graph_rewriter **rws = kr_alloc(n * sizeof *rws);
	for (size_t i = 0; i < n; i++) {
		int rc = graph_rw_of(&rws[i], "sequential-rewriter", a[i]);
		if (rc < 0)
			return rc;
	}
	*out = graph_rw_term(kr_sequential_graph_rewriter_new(n, rws));
	return 0;
}

/* (constant-folding): PyTensor's constant_folding node rewriter. */
PRIM(p_constant_folding)
{
	(void)n;
	(void)a;
	*out = node_rw_term(kr_constant_folding_new());
	return 0;
}

PRIM(p_merge_rewriter)
{
	(void)n;
	(void)a;
	*out = graph_rw_term(kr_merge_optimizer_new());
	return 0;
}

/* ======================================================= rewrite-graph */

/* A name from a string or a symbol, or NULL. */
static const char *name_of(const kr_term *t)
{
	return kr_term_kind(t) == KR_STR ? kr_str_value(t) :
	       kr_term_kind(t) == KR_SYM ? kr_sym_name(t) : NULL;
}

/*
 * Query strings "+tag" "&tag" "-tag" (PyTensor's string form) into the
 * three NULL-terminated lists of rewrite_graph.
 */
static int query_lists(const char *const *lists[3], const char *who,
		       size_t n, kr_term *const *a)
{
	const char **l[3];
	size_t k[3] = {0, 0, 0};
	for (int i = 0; i < 3; i++)
		lists[i] = l[i] = kr_alloc((n + 1) * sizeof *l[i]);
	for (size_t i = 0; i < n; i++) {
		const char *s = name_of(a[i]);
		kr_rewrite_db_query *q;
		if (!s || kr_db_query_parse(&q, 1, &s) < 0)
			return lang_type_error(who, "a query string (+tag, &tag or "
					  "-tag)", a[i]);
		int which = *s == '+' ? 0 : *s == '&' ? 1 : 2;
		l[which][k[which]++] = s + 1;
	}
	return 0;
}

static int query_of(kr_rewrite_db_query **out, const char *who, size_t n,
		    kr_term *const *a)
{
	const char *const *lists[3];
	int rc = query_lists(lists, who, n, a);
	if (rc < 0)
		return rc;
	*out = kr_db_query_new(lists[0], lists[1], lists[2]);
	return 0;
}

/*
 * (rewrite-graph g [custom] [query ...]): PyTensor's rewrite_graph on a
 * copy of g. Without query strings the optdb query is include=["canonicalize"]
 * when no custom rewriter is given and include=[] otherwise, as the
 * documents call it; custom may be #f.
 */
PRIM(p_rewrite_graph)
{
	kr_variable *v;
	kr_fgraph *fg = lang_as_fgraph(a[0]);
	int rc = fg ? 0 : lang_graph_of(&v, "rewrite-graph", a[0]);
	if (rc < 0)
		return rc;
	kr_rewrite_graph_opts opts = KR_REWRITE_GRAPH_OPTS_INIT;
	opts.clone = true;
	size_t from = 1;
	if (n > 1 && (!name_of(a[1]) || !lang_truthy(a[1]))) {
		from = 2;
		if (lang_truthy(a[1]) &&
		    (rc = graph_rw_of(&opts.custom_rewrite, "rewrite-graph",
				      a[1])) < 0)
			return rc;
	}
	const char *const *lists[3];
	if ((rc = query_lists(lists, "rewrite-graph", n - from, a + from)) < 0)
		return rc;
	static const char *const none[] = {NULL};
	opts.include = n > from || !opts.custom_rewrite ? lists[0] : none;
	if (n == from && !opts.custom_rewrite)
		opts.include = NULL; /* the default, canonicalize */
	opts.require = lists[1];
	opts.exclude = lists[2];
	kr_variable *res;
	if (fg) {
		rc = kr_rewrite_fgraph_query(fg, &opts);
		*out = a[0];
	} else if ((rc = kr_rewrite_graph_query(&res, v, &opts)) == 0)
		*out = kr_variable_term(res);
	return rc < 0 ? lang_error_in(rc, "rewrite-graph") : 0;
}

/*
 * (rewrite g rewriter): rewrite a copy of g with one rewriter; a
 * FunctionGraph value is rewritten in place and returned.
 */
PRIM(p_rewrite)
{
	(void)n;
	kr_variable *v, *res;
	kr_graph_rewriter *rw;
	kr_fgraph *fg = lang_as_fgraph(a[0]);
	int rc = fg ? 0 : lang_graph_of(&v, "rewrite", a[0]);
	if (rc < 0 || (rc = graph_rw_of(&rw, "rewrite", a[1])) < 0)
		return rc;
	if (fg) {
		if ((rc = kr_rewrite_fgraph(fg, rw)) < 0)
			return lang_error_in(rc, "rewrite");
		*out = a[0];
		return 0;
	}
	if ((rc = kr_rewrite_graph(&res, v, rw, true)) < 0)
		return lang_error_in(rc, "rewrite");
	*out = kr_variable_term(res);
	return 0;
}

/* ============================================================= optdb */

static int db_of(kr_rewrite_db **out, const char *who, kr_term *t)
{
	if (!kr_is_foreign_of(t, &db_type))
		return lang_type_error(who, "a rewrite database", t);
	*out = kr_foreign_ptr(t);
	return 0;
}

/* Tags from a list of symbols or strings, NULL-terminated. */
static int tags_of(const char ***out, const char *who, kr_term *t)
{
	long len = kr_list_length(t);
	if (len < 0)
		return lang_type_error(who, "a list of tags", t);
	const char **tags = kr_alloc(((size_t)len + 1) * sizeof *tags);
	for (long i = 0; i < len; i++, t = kr_cdr(t))
		if (!(tags[i] = name_of(kr_car(t))))
			return lang_type_error(who, "a tag", kr_car(t));
	*out = tags;
	return 0;
}

/*
 * The registration options from the arguments after the tags: a
 * position, then options, each a name and #t or #f.
 */
static int register_opts_of(kr_db_register_opts *opts, size_t n,
			    kr_term *const *a)
{
	const char *who = "db-register";
	static const char *const names[] = {
		"overwrite-existing", "final-rewriter", "cleanup",
		"use-db-name-as-tag"};
	bool *flags[] = {&opts->overwrite_existing, &opts->final_rewriter,
			 &opts->cleanup, &opts->use_db_name_as_tag};
	const size_t nnames = sizeof names / sizeof *names;
	size_t i = 4;
	if (n > i && lang_is_number(a[i])) {
		opts->position = kr_term_kind(a[i]) == KR_INT
					 ? (double)kr_int_value(a[i])
					 : kr_real_value(a[i]);
		opts->position_last = false;
		i++;
	}
	for (; i < n; i += 2) {
		size_t j = 0;
		while (j < nnames && !lang_is_symbol(a[i], names[j]))
			j++;
		if (j == nnames)
			return lang_type_error(who, i == 4 ? "a position or "
					       "an option" : "an option", a[i]);
		if (i + 1 == n || !kr_is_boolean(a[i + 1]))
			return lang_type_error(who, "#t or #f after the option",
					       i + 1 == n ? a[i] : a[i + 1]);
		*flags[j] = lang_truthy(a[i + 1]);
	}
	return 0;
}

/*
 * (db-register DB NAME REWRITER (TAG ...) [POSITION] [OPTION B] ...):
 * PyTensor's `db.register(name, rewriter, *tags, position=...)`, with
 * its keyword arguments as options: 'overwrite-existing,
 * 'use-db-name-as-tag, and an EquilibriumDB's 'final-rewriter and
 * 'cleanup. A relation is registered as a KanrenRelationSub
 * (kr_db_register_relation).
 */
PRIM(p_db_register)
{
	kr_rewrite_db *db = NULL, *sub = NULL;
	const char **tags = NULL;
	const char *name = name_of(a[1]);
	kr_db_register_opts opts = KR_DB_REGISTER_OPTS_INIT;
	int rc = db_of(&db, "db-register", a[0]);
	if (rc < 0 || (rc = tags_of(&tags, "db-register", a[3])) < 0 ||
	    (rc = register_opts_of(&opts, n, a)) < 0)
		return rc;
	if (!name)
		return lang_type_error("db-register", "a name", a[1]);
	if (lang_sandboxed() && (db == kr_optdb() ||
				 db == kr_optdb_canonicalize() ||
				 db == kr_optdb_specialize()))
		return kr_error_set(KR_EINVALID, "db-register: the session's "
				    "optdb is read-only in a sandbox");
	kr_graph_rewriter *g = NULL;
	kr_node_rewriter *nr = NULL;
	kr_term *rw = a[2];
	*out = lang_void();
	if (kr_is_foreign_of(rw, &graph_rw_type))
		g = kr_foreign_ptr(rw);
	else if (kr_is_foreign_of(rw, &db_type))
		sub = kr_foreign_ptr(rw);
	else if (kr_is_foreign_of(rw, &node_rw_type))
		nr = kr_foreign_ptr(rw);
	else if (lang_is_procedure(rw)) {
		const kr_rel *rel = lang_as_rel(rw, 2);
		if (!rel)
			return lang_error_in(KR_EINVALID, "db-register");
		rc = kr_db_register_relation(db, name, rel, false, tags, &opts);
		return rc < 0 ? lang_error_in(rc, "db-register") : 0;
	} else
		return lang_type_error("db-register", "a rewriter, a database or "
				  "a relation", rw);
	rc = kr_db_register(db, name, g, nr, sub, tags, &opts);
	return rc < 0 ? lang_error_in(rc, "db-register") : 0;
}

/* (db-query DB query ...): print what the query selects, in run order. */
PRIM(p_db_query)
{
	kr_rewrite_db *db = NULL;
	kr_rewrite_db_query *q;
	int rc = db_of(&db, "db-query", a[0]);
	if (rc < 0 || (rc = query_of(&q, "db-query", n - 1, a + 1)) < 0)
		return rc;
	*out = lang_void();
	return kr_db_print_query(stdout, db, q);
}

/* (db-query-names DB query ...): the names selected, in run order. */
PRIM(p_db_query_names)
{
	kr_rewrite_db *db = NULL;
	kr_rewrite_db_query *q;
	const char **names;
	size_t k;
	int rc = db_of(&db, "db-query-names", a[0]);
	if (rc < 0 || (rc = query_of(&q, "db-query-names", n - 1, a + 1)) < 0 ||
	    (rc = kr_db_query_names(&names, &k, db, q)) < 0)
		return rc;
	kr_term **items = kr_alloc((k ? k : 1) * sizeof *items);
	for (size_t i = 0; i < k; i++)
		items[i] = kr_sym(names[i]);
	*out = kr_list(k, items);
	return 0;
}

/* (db-rewriter DB query ...): the rewriter the query builds. */
PRIM(p_db_rewriter)
{
	kr_rewrite_db *db = NULL;
	kr_rewrite_db_query *q;
	kr_db_result res;
	int rc = db_of(&db, "db-rewriter", a[0]);
	if (rc < 0 || (rc = query_of(&q, "db-rewriter", n - 1, a + 1)) < 0 ||
	    (rc = kr_db_query(&res, db, q)) < 0)
		return rc;
	*out = res.graph ? graph_rw_term(res.graph) : node_rw_term(res.node);
	return 0;
}

/* (db-summary DB): print_summary. */
PRIM(p_db_summary)
{
	(void)n;
	kr_rewrite_db *db = NULL;
	int rc = db_of(&db, "db-summary", a[0]);
	*out = lang_void();
	return rc < 0 ? rc : kr_db_print_summary(stdout, db);
}

PRIM(p_sequence_db)
{
	(void)n;
	(void)a;
	*out = db_term(kr_sequence_db_new());
	return 0;
}

/* (equilibrium-db [max-use-ratio]) */
PRIM(p_equilibrium_db)
{
	double ratio = 8.0;
	if (n) {
		kr_kind k = kr_term_kind(a[0]);
		if (k != KR_INT && k != KR_REAL)
			return lang_type_error("equilibrium-db", "a max_use_ratio",
					  a[0]);
		ratio = k == KR_INT ? (double)kr_int_value(a[0])
				    : kr_real_value(a[0]);
		if (!(ratio > 0) || !isfinite(ratio))
			return lang_type_error("equilibrium-db", "a positive "
					  "max_use_ratio", a[0]);
	}
	/* EquilibriumDB()'s defaults */
	*out = db_term(kr_equilibrium_db_new(ratio, true, false));
	return 0;
}

/* ============================================================= table */

static const lang_prim_def prims[] = {
	{"backward", 1, 1, p_backward},
	{"constrained", 2, 2, p_constrained},
	{"constrained-var", 1, 2, p_constrained_var},
	{"kanren-relation-sub", 1, 6, p_kanren_relation_sub},
	{"pattern-rewriter", 2, 9, p_pattern_rewriter},
	{"node-rewriter", 2, 3, p_node_rewriter},
	{"graph-rewriter", 1, 2, p_graph_rewriter},
	{"substitution-rewriter", 2, 2, p_substitution_rewriter},
	{"removal-rewriter", 1, 1, p_removal_rewriter},
	{"constant-folding", 0, 0, p_constant_folding},
	{"sequential-node-rewriter", 1, -1, p_sequential_node_rewriter},
	{"in2out", 1, -1, p_in2out}, {"out2in", 1, -1, p_out2in},
	{"dfs-rewriter", 1, -1, p_dfs_rewriter},
	{"op-key-rewriter", 1, 2, p_op_key_rewriter},
	{"equilibrium-rewriter", 1, -1, p_equilibrium_rewriter},
	{"sequential-rewriter", 1, -1, p_sequential_rewriter},
	{"merge-rewriter", 0, 0, p_merge_rewriter},
	{"rewrite-graph", 1, -1, p_rewrite_graph}, {"rewrite", 2, 2, p_rewrite},
	{"db-register", 4, -1, p_db_register}, {"db-query", 1, -1, p_db_query},
	{"db-query-names", 1, -1, p_db_query_names},
	{"db-rewriter", 1, -1, p_db_rewriter},
	{"db-summary", 1, 1, p_db_summary},
	{"sequence-db", 0, 0, p_sequence_db},
	{"equilibrium-db", 0, 1, p_equilibrium_db},
};

void lang_rewriters_init(void)
{
	lang_define_prims(prims, sizeof prims / sizeof *prims);
	lang_define("optdb", db_term(kr_optdb()));
	lang_define("canonicalize", db_term(kr_optdb_canonicalize()));
	lang_define("specialize", db_term(kr_optdb_specialize()));
}
