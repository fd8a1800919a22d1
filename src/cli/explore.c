/* explore.c -- exploring the space of graphs a set of relations reaches. */
/* See the LICENSE file for copying conditions. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lang.h"

/*
 * A graph is explored as a term: nested etuples of op atoms down to input
 * atoms and numbers (kr_etuplize_term, with the constants a number
 * stands for as that number: kr_number_constant), so two graphs are the
 * same when their terms are kr_equal, and a hash set over kr_hash
 * removes duplicates. One rewrite applies one
 * relation `rel(in, out)` at one position of the term (every etuple
 * occurrence is a node), given the node's graph Variable as
 * KanrenRelationSub gives it (so relations see the same lazily expanded
 * etuples as the rewriters): every answer for `out` that is ground and
 * evaluates to a graph (kr_term_eval type-checks it) replaces the subterm.
 * The search is breadth-first from the given graph, level by level up to
 * a depth, and stops at a number of graphs. Each graph keeps the rewrite
 * that first reached it and its parent, so its path is the chain back to
 * the start; every rewrite found (also those reaching a known graph) is an
 * edge of the DOT picture. Runs obey the session's step limit and Ctrl-C.
 */

/* Most answers taken from one run of a relation at one position. */
#define ANSWERS_PER_RUN 64

/* Largest graph explored (nodes as a tree): hashing is linear in it. */
#define EXPLORE_MAX_SIZE 100000

typedef struct xstate {
	kr_term *term;
	kr_variable *graph;
	size_t parent, depth;
	const char *rel;  /* the rewrite that reached it (NULL for the start) */
	kr_term *before;  /* the subterm rewritten */
	kr_term *after;   /* what replaced it */
	double cost;
} xstate;

typedef struct xedge {
	size_t from, to;
	const char *rel;
} xedge;

typedef struct exploration {
	xstate *states;
	size_t n, cap;
	xedge *edges;
	size_t ne, cape;
	size_t *slots; /* hash set: state index + 1, 0 empty */
	size_t nslots;
	size_t max_depth, max_graphs, tried;
	bool truncated;
	kr_term *cost_fn; /* NULL: node count */
} exploration;

/* ============================================================ terms */

/*
 * A constant that a number evaluates back to (kr_number_constant: the
 * ScalarType of the number's dtype, the same value) as that number, other
 * leaves as they are.
 */
static kr_term *canon_leaf(kr_term *t)
{
	kr_variable *v = kr_term_variable(t);
	if (!v || !kr_variable_is_constant(v))
		return t;
	const kr_type *type = kr_variable_type(v);
	kr_dtype d = kr_type_dtype(type);
	double x = kr_variable_constant_value(v);
	kr_term *num = kr_dtype_is_float(d) ? kr_real(x)
		       : kr_dtype_is_int(d) && fabs(x) < 0x1p63
			       ? kr_int((int64_t)x)
			       : NULL;
	return num && kr_type_equal(type, kr_type_scalar(kr_number_dtype(num)))
		       ? num
		       : t;
}

/*
 * The canonical term of an answer: owned variable atoms expanded, lists
 * and etuples with an op head as etuples. NULL when t is not a graph term.
 * Recursion is bounded by `depth`.
 */
static kr_term *canon(kr_term *t, int depth)
{
	if (depth > 10000)
		return NULL;
	kr_variable *v = kr_term_variable(t);
	if ((v && !kr_variable_owner(v)) || lang_is_number(t))
		return canon_leaf(t);
	if (v && kr_etuplize_term(&t, t, 0) < 0) /* the whole graph */
		return NULL;
	kr_kind k = kr_term_kind(t);
	long len = kr_list_length(t);
	if ((k != KR_ETUPLE && k != KR_CONS) || len < 1 ||
	    !kr_term_op(kr_car(t)))
		return NULL;
	kr_term **items = kr_alloc((size_t)len * sizeof *items);
	items[0] = kr_car(t);
	t = kr_cdr(t);
	for (long i = 1; i < len; i++, t = kr_cdr(t))
		if (!(items[i] = canon(kr_car(t), depth + 1)))
			return NULL;
	return kr_etuple((size_t)len, items);
}

/* The node count: distinct etuple subterms (a merged graph's nodes). */
static size_t node_count(kr_term *t)
{
	size_t cap = 64, n = 0, sp = 0, scap = 64;
	kr_term **seen = kr_alloc(cap * sizeof *seen);
	kr_term **stack = kr_alloc(scap * sizeof *stack);
	stack[sp++] = t;
	while (sp) {
		kr_term *x = stack[--sp];
		if (kr_term_kind(x) != KR_ETUPLE)
			continue;
		bool dup = false;
		for (size_t i = 0; i < n && !dup; i++)
			dup = seen[i] == x || kr_equal(seen[i], x);
		if (dup)
			continue;
		if (n == cap)
			seen = lang_grow(seen, n, &cap, sizeof *seen);
		seen[n++] = x;
		size_t len = kr_etuple_len(x);
		if (sp + len > scap) {
			kr_term **b = kr_alloc(2 * (sp + len) * sizeof *b);
			memcpy(b, stack, sp * sizeof *stack);
			stack = b;
			scap = 2 * (sp + len);
		}
		for (size_t i = 1; i < len; i++)
			stack[sp++] = kr_etuple_ref(x, i);
	}
	return n;
}

/* --------------------------------------------------------- positions */

/* A position: the path of child indices from the root to an etuple. */
typedef struct xpos {
	size_t len;
	size_t *idx;
	kr_term *sub;
} xpos;

/* Every etuple occurrence of t, parents before children. */
static xpos *positions(kr_term *t, size_t *count)
{
	size_t cap = 16, n = 0, i = 0;
	xpos *ps = kr_alloc(cap * sizeof *ps);
	ps[n++] = (xpos){0, NULL, t};
	for (; i < n; i++) { /* breadth-first over the list itself */
		xpos p = ps[i];
		if (kr_term_kind(p.sub) != KR_ETUPLE)
			continue; /* a leaf graph (a variable) has no position */
		size_t len = kr_etuple_len(p.sub);
		for (size_t c = 1; c < len; c++) {
			kr_term *child = kr_etuple_ref(p.sub, c);
			if (kr_term_kind(child) != KR_ETUPLE)
				continue;
			if (n == cap)
				ps = lang_grow(ps, n, &cap, sizeof *ps);
			size_t *idx = kr_alloc_atomic((p.len + 1) * sizeof *idx);
			if (p.len)
				memcpy(idx, p.idx, p.len * sizeof *idx);
			idx[p.len] = c;
			ps[n++] = (xpos){p.len + 1, idx, child};
		}
	}
	*count = n;
	return ps;
}

/* t with the subterm at p replaced by r (copies along the path). */
static kr_term *replace_at(kr_term *t, const xpos *p, kr_term *r)
{
	kr_term **chain = kr_alloc((p->len + 1) * sizeof *chain);
	chain[0] = t;
	for (size_t i = 0; i < p->len; i++)
		chain[i + 1] = kr_etuple_ref(chain[i], p->idx[i]);
	for (size_t i = p->len; i-- > 0;) {
		size_t len = kr_etuple_len(chain[i]);
		kr_term **items = kr_alloc(len * sizeof *items);
		for (size_t j = 0; j < len; j++)
			items[j] = kr_etuple_ref(chain[i], j);
		items[p->idx[i]] = r;
		r = kr_etuple(len, items);
	}
	return r;
}

/* ====================================================== the state set */

static size_t find(const exploration *x, kr_term *t, uint64_t h)
{
	size_t j = (size_t)h & (x->nslots - 1);
	for (; x->slots[j]; j = (j + 1) & (x->nslots - 1))
		if (kr_equal(x->states[x->slots[j] - 1].term, t))
			return x->slots[j];
	return 0;
}

static void rehash(exploration *x)
{
	x->nslots = x->nslots ? 2 * x->nslots : 64;
	x->slots = kr_alloc_atomic(x->nslots * sizeof *x->slots);
	memset(x->slots, 0, x->nslots * sizeof *x->slots);
	for (size_t i = 0; i < x->n; i++) {
		size_t j = (size_t)kr_hash(x->states[i].term) & (x->nslots - 1);
		while (x->slots[j])
			j = (j + 1) & (x->nslots - 1);
		x->slots[j] = i + 1;
	}
}

static int state_cost(double *out, exploration *x, kr_term *t,
		      kr_variable *g)
{
	if (!x->cost_fn) {
		*out = (double)node_count(t);
		return 0;
	}
	kr_term *arg = kr_variable_term(g), *c;
	int rc = lang_apply(&c, x->cost_fn, 1, &arg);
	if (rc < 0)
		return rc;
	if (!lang_is_number(c))
		return kr_error_set(KR_EINVALID, "explore: the cost of %s is "
				    "not a number: %s", kr_pprint(g),
				    lang_show(c));
	*out = kr_term_kind(c) == KR_INT ? (double)kr_int_value(c)
					 : kr_real_value(c);
	return 0;
}

/* Add a state (or find it); *idx its index. Returns 0 or an error. */
static int add_state(size_t *idx, exploration *x, xstate s)
{
	if (x->n * 2 >= x->nslots)
		rehash(x);
	uint64_t h = kr_hash(s.term);
	size_t found = find(x, s.term, h);
	if (found) {
		*idx = found - 1;
		return 0;
	}
	int rc = state_cost(&s.cost, x, s.term, s.graph);
	if (rc < 0)
		return rc;
	if (x->n == x->cap) {
		x->cap = x->cap ? 2 * x->cap : 16;
		xstate *b = kr_alloc(x->cap * sizeof *b);
		if (x->n)
			memcpy(b, x->states, x->n * sizeof *b);
		x->states = b;
	}
	size_t j = (size_t)h & (x->nslots - 1);
	while (x->slots[j])
		j = (j + 1) & (x->nslots - 1);
	x->slots[j] = x->n + 1;
	*idx = x->n;
	x->states[x->n++] = s;
	return 0;
}

static void add_edge(exploration *x, size_t from, size_t to, const char *rel)
{
	for (size_t i = 0; i < x->ne; i++)
		if (x->edges[i].from == from && x->edges[i].to == to &&
		    !strcmp(x->edges[i].rel, rel))
			return;
	if (x->ne == x->cape) {
		x->cape = x->cape ? 2 * x->cape : 16;
		xedge *b = kr_alloc(x->cape * sizeof *b);
		if (x->ne)
			memcpy(b, x->edges, x->ne * sizeof *b);
		x->edges = b;
	}
	x->edges[x->ne++] = (xedge){from, to, rel};
}

/* ======================================================== the search */

/* Each answer of rel at position p of state i becomes a state. */
static int rewrite_at(exploration *x, size_t i, const xpos *p,
		      const kr_rel *rel)
{
	kr_term *q = kr_var_new("q"), *answers;
	kr_variable *sv;
	if (kr_term_eval(&sv, p->sub) < 0)
		return 0;
	/* as KanrenRelationSub: the node's output, etuplized lazily */
	kr_term *args[2] = {kr_etuplize(sv), q};
	int rc = lang_run(&answers, ANSWERS_PER_RUN, q, kr_rel_call(rel, args));
	if (rc < 0)
		return rc;
	x->tried++;
	for (; kr_is_pair(answers); answers = kr_cdr(answers)) {
		kr_term *r = canon(kr_car(answers), 0);
		if (!r || kr_equal(r, p->sub))
			continue;
		kr_term *t = replace_at(x->states[i].term, p, r);
		kr_variable *g;
		if (lang_term_size(t, EXPLORE_MAX_SIZE) >= EXPLORE_MAX_SIZE)
			continue; /* too large to compare */
		if (kr_term_eval(&g, t) < 0)
			continue; /* a type error: not a graph */
		if (x->n >= x->max_graphs) {
			x->truncated = true;
			return 0;
		}
		size_t to;
		xstate s = {t, g, i, x->states[i].depth + 1, kr_rel_name(rel),
			    p->sub, r, 0};
		if ((rc = add_state(&to, x, s)) < 0)
			return rc;
		if (to != i)
			add_edge(x, i, to, kr_rel_name(rel));
	}
	return 0;
}

static int expand(exploration *x, size_t i, size_t nrels,
		  const kr_rel *const *rels)
{
	size_t np;
	xpos *ps = positions(x->states[i].term, &np);
	for (size_t k = 0; k < np; k++)
		for (size_t r = 0; r < nrels; r++) {
			int rc = rewrite_at(x, i, &ps[k], rels[r]);
			if (rc < 0)
				return rc;
			if (x->truncated)
				return 0;
		}
	return 0;
}

static int search(exploration *x, size_t nrels, const kr_rel *const *rels)
{
	for (size_t i = 0; i < x->n && !x->truncated; i++) {
		if (lang_interrupted)
			return kr_error_set(KR_ELIMIT, "%s (%zu graphs)",
					    lang_stop_message("explore"), x->n);
		if (x->states[i].depth >= x->max_depth)
			continue;
		int rc = expand(x, i, nrels, rels);
		if (rc < 0)
			return rc;
	}
	return 0;
}

/* ========================================================== printing */

static size_t cheapest(const exploration *x)
{
	size_t best = 0;
	for (size_t i = 1; i < x->n; i++)
		if (x->states[i].cost < x->states[best].cost)
			best = i;
	return best;
}

static char *pp(kr_term *t)
{
	kr_variable *v;
	return kr_term_eval(&v, t) < 0 ? lang_show(t) : kr_pprint(v);
}

static char *cost_str(double c)
{
	return c == floor(c) && fabs(c) < 1e15 ? kr_strfmt("%.0f", c)
					       : kr_strfmt("%g", c);
}

/* The steps from the start to state i, one line each. */
static char *path_str(const exploration *x, size_t i)
{
	char *s = kr_strdup("");
	for (; x->states[i].rel; i = x->states[i].parent)
		s = kr_strfmt("      %s: %s => %s\n%s", x->states[i].rel,
			      pp(x->states[i].before), pp(x->states[i].after),
			      s);
	return s;
}

static char *exploration_str(const void *p)
{
	const exploration *x = p;
	size_t best = cheapest(x);
	char *s = kr_strfmt("%zu graphs, %zu rewrites, depth %zu%s; "
			    "cheapest [%zu] cost %s\n", x->n, x->ne,
			    x->max_depth, x->truncated ? " (stopped at the "
			    "graph limit)" : "", best,
			    cost_str(x->states[best].cost));
	for (size_t i = 0; i < x->n; i++)
		s = kr_strfmt("%s[%zu] %s  cost %s, depth %zu\n%s", s, i,
			      kr_pprint(x->states[i].graph),
			      cost_str(x->states[i].cost), x->states[i].depth,
			      path_str(x, i));
	s[strlen(s) - 1] = 0; /* the printer adds the last newline */
	return s;
}

static const kr_foreign_type exploration_type = {
	.name = "exploration", .to_string = exploration_str};

/* A DOT label: the text with quotes and backslashes escaped. */
static char *dot_label(const char *s)
{
	char *r = kr_alloc_atomic(2 * strlen(s) + 1), *o = r;
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			*o++ = '\\';
		*o++ = *s;
	}
	*o = 0;
	return r;
}

static char *exploration_dot(const exploration *x)
{
	size_t best = cheapest(x);
	char *s = kr_strdup("digraph explore {\n  rankdir=LR;\n  node [shape=box,"
			    " fontname=\"monospace\"];\n");
	for (size_t i = 0; i < x->n; i++)
		s = kr_strfmt("%s  g%zu [label=\"[%zu] %s\\ncost %s\"%s];\n", s,
			      i, i, dot_label(kr_pprint(x->states[i].graph)),
			      cost_str(x->states[i].cost),
			      i == 0 ? ", style=bold" : i == best ?
			      ", color=blue, penwidth=2" : "");
	for (size_t i = 0; i < x->ne; i++)
		s = kr_strfmt("%s  g%zu -> g%zu [label=\"%s\"];\n", s,
			      x->edges[i].from, x->edges[i].to,
			      dot_label(x->edges[i].rel));
	return kr_strfmt("%s}\n", s);
}

/* ======================================================== primitives */



/* The relations of a relation or a list of relations. */
static int rels_of(const kr_rel ***out, size_t *n, kr_term *t)
{
	bool list = kr_term_kind(t) == KR_CONS;
	long len = list ? kr_list_length(t) : 1;
	if (len < 1)
		return lang_type_error("explore", "a relation or a list of them", t);
	const kr_rel **rels = kr_alloc((size_t)len * sizeof *rels);
	for (long i = 0; i < len; i++, t = list ? kr_cdr(t) : t)
		if (!(rels[i] = lang_as_rel(list ? kr_car(t) : t, 2)))
			return lang_error_in(KR_EINVALID, "explore");
	*out = rels;
	*n = (size_t)len;
	return 0;
}

static int natural_arg(size_t *out, const kr_term *t, const char *who,
		       const char *what)
{
	if (kr_term_kind(t) != KR_INT || kr_int_value(t) < 0)
		return lang_type_error(who, what, t);
	*out = (size_t)kr_int_value(t);
	return 0;
}

/* (explore g rels [depth [max-graphs [cost]]]) */
PRIM(p_explore)
{
	kr_variable *g;
	const kr_rel **rels = NULL;
	size_t nrels = 0;
	exploration *x = kr_alloc(sizeof *x);
	x->max_depth = 1;
	x->max_graphs = 1000;
	int rc = lang_graph_of(&g, "explore", a[0]);
	if (rc < 0 || (rc = rels_of(&rels, &nrels, a[1])) < 0 ||
	    (n > 2 && (rc = natural_arg(&x->max_depth, a[2], "explore",
					"a depth")) < 0) ||
	    (n > 3 && (rc = natural_arg(&x->max_graphs, a[3], "explore",
					"a number of graphs")) < 0))
		return rc;
	if (n > 4 && lang_truthy(a[4])) {
		if (!lang_is_procedure(a[4]))
			return lang_type_error("explore", "a cost procedure", a[4]);
		x->cost_fn = a[4];
	}
	if (kr_graph_tree_size(1, &g, EXPLORE_MAX_SIZE) >= EXPLORE_MAX_SIZE)
		return kr_error_set(KR_ELIMIT, "explore: the graph has more "
				    "than %d nodes as a tree", EXPLORE_MAX_SIZE);
	kr_term *t = canon(kr_variable_term(g), 0);
	kr_variable *start;
	if (!t || kr_term_eval(&start, t) < 0)
		return lang_type_error("explore", "a graph", a[0]);
	size_t idx;
	if (x->max_graphs < 1)
		x->max_graphs = 1;
	if ((rc = add_state(&idx, x, (xstate){t, start, 0, 0, NULL, NULL,
					       NULL, 0})) < 0 ||
	    (rc = search(x, nrels, rels)) < 0)
		return rc;
	*out = kr_foreign(&exploration_type, x);
	return 0;
}

static int exploration_of(const exploration **out, const char *who,
			  const kr_term *t)
{
	if (!kr_is_foreign_of(t, &exploration_type))
		return lang_type_error(who, "an exploration", t);
	*out = kr_foreign_ptr(t);
	return 0;
}

/* (explore-graphs x): the graphs found, in the order found. */
PRIM(p_explore_graphs)
{
	(void)n;
	const exploration *x = NULL;
	int rc = exploration_of(&x, "explore-graphs", a[0]);
	if (rc < 0)
		return rc;
	kr_term **items = kr_alloc(x->n * sizeof *items);
	for (size_t i = 0; i < x->n; i++)
		items[i] = kr_variable_term(x->states[i].graph);
	*out = kr_list(x->n, items);
	return 0;
}

/* (explore-path x i): the steps to graph i, as (rel before after). */
PRIM(p_explore_path)
{
	(void)n;
	const exploration *x = NULL;
	size_t i = 0;
	int rc = exploration_of(&x, "explore-path", a[0]);
	if (rc < 0 ||
	    (rc = natural_arg(&i, a[1], "explore-path", "an index")) < 0)
		return rc;
	if (i >= x->n)
		return kr_error_set(KR_EINVALID, "explore-path: no graph %zu",
				    i);
	kr_term *path = kr_nil();
	for (; x->states[i].rel; i = x->states[i].parent)
		path = kr_cons(KR_LIST(kr_sym(x->states[i].rel),
				       kr_str(pp(x->states[i].before)),
				       kr_str(pp(x->states[i].after))), path);
	*out = path;
	return 0;
}

/* (explore-cheapest x): the graph of least cost (the first on ties). */
PRIM(p_explore_cheapest)
{
	(void)n;
	const exploration *x = NULL;
	int rc = exploration_of(&x, "explore-cheapest", a[0]);
	if (rc < 0)
		return rc;
	*out = kr_variable_term(x->states[cheapest(x)].graph);
	return 0;
}

/* (explore-dot x ["file.dot"]): the explored space as a DOT picture. */
PRIM(p_explore_dot)
{
	const exploration *x = NULL;
	int rc = exploration_of(&x, "explore-dot", a[0]);
	if (rc < 0)
		return rc;
	return lang_text_result(out, "explore-dot", n, a, exploration_dot(x));
}

/* (explore-count x): the number of graphs found. */
PRIM(p_explore_count)
{
	(void)n;
	const exploration *x = NULL;
	int rc = exploration_of(&x, "explore-count", a[0]);
	if (rc < 0)
		return rc;
	*out = kr_int((int64_t)x->n);
	return 0;
}

static const lang_prim_def prims[] = {
	{"explore", 2, 5, p_explore},
	{"explore-graphs", 1, 1, p_explore_graphs},
	{"explore-path", 2, 2, p_explore_path},
	{"explore-cheapest", 1, 1, p_explore_cheapest},
	{"explore-dot", 1, 2, p_explore_dot},
	{"explore-count", 1, 1, p_explore_count},
};

void lang_explore_init(void)
{
	lang_define_prims(prims, sizeof prims / sizeof *prims);
}
