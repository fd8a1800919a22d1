/* pattern.c -- SubstitutionNodeRewriter, RemovalNodeRewriter, PatternNodeRewriter. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "rewrite/rewrite.h"
#include "kanrewrite/print.h"
#include "kanrewrite/reify.h"
#include "kanrewrite/unify.h"
#include "kanrewrite/value.h"

bool kri_op_is_commutative(const kr_op *op)
{
	return kr_op_equal(op, kr_op_add()) || kr_op_equal(op, kr_op_mul());
}

/* ------------------------------------------------ SubstitutionNodeRewriter */

typedef struct substitution {
	kr_op *ops[2]; /* op1 (tracked), op2 */
} substitution;

static int subst_transform(kr_node_rewriter *self, kr_fgraph *fg,
			   kr_apply *node, kr_replacements **out)
{
	(void)fg;
	substitution *s = self->data;
	size_t nin = kr_apply_ninputs(node);
	kr_variable **ins = kri_alloc((nin + 1) * sizeof *ins);
	for (size_t i = 0; i < nin; i++)
		ins[i] = kr_apply_input(node, i);
	kr_apply *repl;
	/* op2.make_node raising, as in PyTensor: the failure callback's */
	int rc = kr_apply_make(&repl, s->ops[1], nin, ins);
	if (rc < 0)
		return rc;
	/* another number of outputs: process_node refuses the list */
	size_t nout = kr_apply_noutputs(repl);
	kr_variable **news = kri_alloc((nout + 1) * sizeof *news);
	for (size_t i = 0; i < nout; i++)
		news[i] = kr_apply_output(repl, i);
	*out = kr_replacements_for_outputs(node, nout, news);
	return 0;
}

static kr_op *const *first_op_tracks(const kr_node_rewriter *self, size_t *n)
{
	*n = 1;
	return ((substitution *)self->data)->ops;
}

static kr_op *first_op_key(const kr_node_rewriter *self)
{
	return ((substitution *)self->data)->ops[0];
}

static char *subst_to_string(const kr_node_rewriter *self)
{
	const substitution *s = self->data;
	return kr_strfmt("%s -> %s", kr_op_to_string(s->ops[0]),
			 kr_op_to_string(s->ops[1]));
}

static const kr_node_rewriter_class subst_class = {
	.name = "SubstitutionNodeRewriter",
	.transform = subst_transform,
	.tracks = first_op_tracks,
	.to_string = subst_to_string,
	.op_key = first_op_key,
};

kr_node_rewriter *kr_substitution_node_rewriter_new(kr_op *op1, kr_op *op2)
{
	kr_check(op1 != NULL && op2 != NULL);
	substitution *s = kri_alloc(sizeof *s);
	s->ops[0] = op1;
	s->ops[1] = op2;
	return kr_node_rewriter_new(&subst_class, NULL, s);
}

/* ----------------------------------------------------- RemovalNodeRewriter */

static int removal_transform(kr_node_rewriter *self, kr_fgraph *fg,
			     kr_apply *node, kr_replacements **out)
{
	(void)self, (void)fg;
	size_t nin = kr_apply_ninputs(node);
	kr_variable **news = kri_alloc((nin + 1) * sizeof *news);
	for (size_t i = 0; i < nin; i++)
		news[i] = kr_apply_input(node, i);
	/* as PyTensor: all the inputs, a wrong number if nin != nout */
	*out = kr_replacements_for_outputs(node, nin, news);
	return 0;
}

static char *removal_to_string(const kr_node_rewriter *self)
{
	const substitution *s = self->data;
	return kr_strfmt("%s(x) -> x", kr_op_to_string(s->ops[0]));
}

static const kr_node_rewriter_class removal_class = {
	.name = "RemovalNodeRewriter",
	.transform = removal_transform,
	.tracks = first_op_tracks,
	.to_string = removal_to_string,
	.op_key = first_op_key,
};

kr_node_rewriter *kr_removal_node_rewriter_new(kr_op *op)
{
	kr_check(op != NULL);
	substitution *s = kri_alloc(sizeof *s);
	s->ops[0] = s->ops[1] = op;
	return kr_node_rewriter_new(&removal_class, NULL, s);
}

/* ------------------------------------------------------ PatternNodeRewriter */

typedef struct constraint {
	kr_pattern_constraint_fn fn;
	void *data;
} constraint;

typedef struct pattern {
	kr_term *in, *out;
	kr_op *op[1];
	kr_pattern_opts opts;
	kri_pmap constraints; /* logic variable -> constraint * */
	kri_pmap approx;      /* returned variable -> boxed function */
	kri_vec vars;         /* the logic variables of `in` */
} pattern;

/* The elements of an op pattern (etuple or proper list, op head), or NULL. */
static kr_term **op_pattern(kr_term *t, size_t *n)
{
	kr_kind k = kr_term_kind(t);
	kri_vec items = {0};
	if (k == KR_ETUPLE) {
		for (size_t i = 0; i < kr_etuple_len(t); i++)
			kri_vec_push(&items, kr_etuple_ref(t, i));
	} else if (k == KR_CONS && kr_list_length(t) > 0) {
		for (kr_term *l = t; kr_is_pair(l); l = kr_cdr(l))
			kri_vec_push(&items, kr_car(l));
	}
	if (!items.len || !(kr_term_op(items.items[0]) ||
			    kr_is_op_pattern(items.items[0])))
		return NULL;
	*n = items.len;
	return (kr_term **)items.items;
}

/*
 * The match is a depth-first search over a chain of (pattern, variable)
 * goals, with the bindings in a persistent substitution, so backtracking
 * (needed for commutative ops and constraints) is free: a failed branch
 * just drops its goals and substitution.
 */
typedef struct goal {
	kr_term *pat;
	kr_variable *var;
	const struct goal *next;
} goal;

typedef struct matcher {
	pattern *p;
	kr_fgraph *fg;
	kr_apply *root;
	int *err; /* the error of a constraint that failed with one */
} matcher;

static const kr_subst *match(const matcher *m, const goal *g,
			     const kr_subst *s);

static bool commutes(const pattern *p, const kr_op *op)
{
	if (!p->opts.commutative)
		return false;
	if (kri_op_is_commutative(op))
		return true;
	for (size_t i = 0; i < p->opts.ncommutative_ops; i++)
		if (kr_op_equal(p->opts.commutative_ops[i], op))
			return true;
	return false;
}

/* Whether v is among the n variables of vs (n is small: the pattern's). */
static bool among(kr_variable *const *vs, size_t n, const kr_variable *v)
{
	for (size_t i = 0; i < n; i++)
		if (vs[i] == v)
			return true;
	return false;
}

/*
 * PyTensor's check, unless allow_multiple_clients: every variable that
 * lies between the values bound to the pattern variables and the inputs
 * of the matched node (its `vars_between(values, node.inputs)`, the
 * values themselves excluded) has at most one client. So a matched
 * inner node used elsewhere stops the rewrite, and so does a constant
 * written in the pattern, unless the same variable is also the value of
 * a pattern variable. A repeated pattern variable whose second
 * occurrence matched an equal but distinct subgraph makes that subgraph
 * lie between too, down to the graph's inputs.
 */
static bool clients_ok(const matcher *m, const kr_subst *s)
{
	if (m->p->opts.allow_multiple_clients)
		return true;
	/* the bound values; the walk below meets few variables, so lists
	 * on the stack until it meets more (this runs at every match) */
	enum { FEW = 16 };
	size_t nvars = m->p->vars.len, nb = 0, nseen = 0;
	kr_variable *bfew[FEW], *seen_few[FEW], *tfew[FEW];
	kr_variable **bound = nvars <= FEW ? bfew
					   : kri_alloc(nvars * sizeof *bound);
	for (size_t k = 0; k < nvars; k++) {
		kr_term *lv = m->p->vars.items[k];
		kr_variable *v = kr_term_variable(kr_walk(lv, s));
		if (v)
			bound[nb++] = v;
	}
	kri_pmap seen = {0};
	kri_vec todo = {(void **)tfew, 0, FEW};
	for (size_t i = kr_apply_ninputs(m->root); i-- > 0;)
		kri_vec_push(&todo, kr_apply_input(m->root, i));
	while (todo.len) {
		kr_variable *v = kri_vec_pop(&todo);
		if (among(bound, nb, v) || among(seen_few, nseen, v) ||
		    (nseen == FEW && kri_pmap_has(&seen, v)))
			continue;
		if (nseen < FEW)
			seen_few[nseen++] = v;
		else
			kri_pmap_put(&seen, v, v);
		size_t n = 0;
		kr_fgraph_clients(m->fg, v, &n);
		if (n > 1)
			return false;
		kr_apply *node = kr_variable_owner(v);
		for (size_t i = node ? kr_apply_noutputs(node) : 0; i-- > 0;)
			kri_vec_push(&todo, kr_apply_output(node, i));
		for (size_t i = node ? kr_apply_ninputs(node) : 0; i-- > 0;)
			kri_vec_push(&todo, kr_apply_input(node, i));
	}
	return true;
}

/* Try the inputs of node in order perm against the pattern arguments. */
static const kr_subst *match_args(const matcher *m, kr_term **items,
				  const kr_apply *node, const size_t *perm,
				  size_t nin, const goal *next,
				  const kr_subst *s)
{
	goal *gs = kri_alloc((nin + 1) * sizeof *gs);
	const goal *chain = next;
	for (size_t i = nin; i-- > 0;) {
		gs[i] = (goal){items[i + 1], kr_apply_input(node, perm[i]),
			       chain};
		chain = &gs[i];
	}
	return match(m, chain, s);
}

/* Next permutation in lexicographic order; false after the last. */
static bool next_perm(size_t *a, size_t n)
{
	size_t i = n - 1;
	while (i > 0 && a[i - 1] >= a[i])
		i--;
	if (i == 0)
		return false;
	size_t j = n - 1;
	while (a[j] <= a[i - 1])
		j--;
	size_t t = a[i - 1];
	a[i - 1] = a[j], a[j] = t;
	for (size_t l = i, r = n - 1; l < r; l++, r--)
		t = a[l], a[l] = a[r], a[r] = t;
	return true;
}

static const kr_subst *match_op(const matcher *m, const goal *g,
				const kr_subst *s, kr_term **items, size_t n)
{
	kr_variable *v = g->var;
	kr_apply *node = kr_variable_owner(v);
	if (!node || kr_apply_ninputs(node) != n - 1 ||
	    kr_apply_noutputs(node) != 1)
		return NULL;
	kr_op *op = kr_apply_op(node);
	if (kr_is_op_pattern(items[0])) {
		/* an OpPattern binds the variables of its parameters */
		if (!(s = kr_unify(items[0], kr_op_term(op), s)))
			return NULL;
	} else if (!kr_op_equal(op, kr_term_op(items[0]))) {
		return NULL;
	}
	size_t nin = n - 1, perm[5] = {0, 1, 2, 3, 4};
	if (nin < 2 || nin > 4 || !commutes(m->p, op)) {
		size_t *id = kri_alloc_atomic((nin + 1) * sizeof *id);
		for (size_t i = 0; i < nin; i++)
			id[i] = i;
		return match_args(m, items, node, id, nin, g->next, s);
	}
	do {
		const kr_subst *r = match_args(m, items, node, perm, nin,
					       g->next, s);
		if (r)
			return r;
	} while (next_perm(perm, nin));
	return NULL;
}

/*
 * A constant equivalent to the number value: PyTensor makes a Constant of
 * a number in a pattern and unifies Constants by numpy's array_equiv, so
 * every element equals value, whatever the shape and dtype.
 */
static bool same_value(const kr_variable *c, double value)
{
	if (!kr_variable_is_constant(c))
		return false;
	const kr_value *v = kr_constant_value(c);
	size_t n = kr_value_size(v);
	for (size_t k = 0; k < n; k++)
		if (!(kr_value_get(v, k) == value))
			return false;
	return n > 0;
}

/* A constant or variable atom written in the pattern. */
static bool match_leaf(kr_term *p, kr_variable *v)
{
	kr_kind k = kr_term_kind(p);
	kr_variable *pv = kr_term_variable(p);
	if (k == KR_INT || k == KR_REAL) {
		double d = k == KR_INT ? (double)kr_int_value(p)
				       : kr_real_value(p);
		return same_value(v, d);
	}
	if (pv && pv == v)
		return true;
	if (pv && kr_variable_is_constant(pv))
		return kr_variable_is_constant(v) &&
		       kr_value_equiv(kr_constant_value(pv),
				      kr_constant_value(v));
	return false;
}

static const kr_subst *match_var(const matcher *m, const goal *g,
				 const kr_subst *s)
{
	kr_term *val = kr_variable_term(g->var);
	kr_term *bound = kr_walk(g->pat, s);
	if (bound != g->pat) {
		s = kr_unify(bound, val, s);
		return s ? match(m, g->next, s) : NULL;
	}
	/* the rewriter's constraint, or the variable's own (ConstrainedVar) */
	constraint *c = kri_pmap_get(&m->p->constraints, g->pat);
	if (c || kr_var_is_constrained(g->pat)) {
		if (*m->err)
			return NULL;
		kr_error_clear();
		if ((c && !c->fn(g->var, c->data)) ||
		    !kr_var_admits(g->pat, val, s)) {
			*m->err = kr_error_last()->code;
			return NULL;
		}
	}
	return match(m, g->next, kr_subst_extend(s, g->pat, val));
}

static const kr_subst *match(const matcher *m, const goal *g,
			     const kr_subst *s)
{
	if (!g)
		return clients_ok(m, s) ? s : NULL;
	if (m->p->opts.skip_identities &&
	    kr_variable_owner(g->var) != m->root) {
		kr_variable *w = m->p->opts.skip_identities(
			g->var, m->p->opts.skip_data);
		if (w && w != g->var) {
			goal *h = kri_alloc(sizeof *h);
			*h = (goal){g->pat, w, g->next};
			g = h;
		}
	}
	size_t n;
	kr_term **items;
	if (kr_is_var(g->pat))
		return match_var(m, g, s);
	if ((items = op_pattern(g->pat, &n)))
		return match_op(m, g, s, items, n);
	if (kr_term_kind(g->pat) == KR_INT || kr_term_kind(g->pat) == KR_REAL ||
	    kr_term_variable(g->pat))
		return match_leaf(g->pat, g->var) ? match(m, g->next, s) : NULL;
	s = kr_unify(g->pat, kr_variable_term(g->var), s);
	return s ? match(m, g->next, s) : NULL;
}

/*
 * The out-pattern t with the op of each OpPattern head built from the
 * bindings in s (kr_op_pattern_instantiate()); t itself when it has none.
 * Errors: those of building an op, which fail the transform as PyTensor's
 * do (a pattern that cannot build its op is a bug in the rewrite).
 */
static int instantiate(kr_term **out, kr_term *t, const kr_subst *s)
{
	size_t n;
	kr_term **items = op_pattern(t, &n);
	*out = t;
	if (!items)
		return 0;
	kr_term **new = kri_alloc(n * sizeof *new);
	bool changed = false;
	for (size_t i = 0; i < n; i++) {
		new[i] = items[i];
		if (i == 0 && kr_is_op_pattern(items[0])) {
			kr_op *op;
			int rc = kr_op_pattern_instantiate(&op, items[0], s);
			if (rc < 0)
				return rc;
			new[0] = kr_op_term(op);
		} else if (i > 0) {
			int rc = instantiate(&new[i], items[i], s);
			if (rc < 0)
				return rc;
		}
		changed |= new[i] != items[i];
	}
	if (changed)
		*out = kr_etuple(n, new);
	return 0;
}

/*
 * res in *out if its type fits old's, else (allow_cast, both tensors) res
 * cast to old's dtype if that fits, else NULL: PyTensor's type check.
 */
static int fit_type(kr_variable **out, const pattern *p,
		    const kr_variable *old, kr_variable *res)
{
	const kr_type *ot = kr_variable_type(old);
	const kr_type *rt = kr_variable_type(res);
	*out = NULL;
	if (kr_type_is_super(ot, rt)) {
		*out = res;
		return 0;
	}
	if (!p->opts.allow_cast || !kr_type_is_tensor(ot) ||
	    !kr_type_is_tensor(rt) || kr_type_dtype(ot) == kr_type_dtype(rt))
		return 0;
	kr_variable *cast;
	int rc = kr_op_call(&cast, kr_op_cast(kr_type_dtype(ot)), 1, &res);
	if (rc < 0)
		return rc;
	if (kr_type_is_super(ot, kr_variable_type(cast)))
		*out = cast;
	return 0;
}

/*
 * The replacement of node's output by the pattern in *ret, or NULL.
 * Returns 0, or the error a constraint failed with.
 */
static int rewrite_node(kr_variable **ret, pattern *p, kr_fgraph *fg,
			kr_apply *node)
{
	*ret = NULL;
	if (kr_apply_noutputs(node) != 1)
		return 0;
	kr_variable *old = kr_apply_output(node, 0);
	int err = 0;
	matcher m = {p, fg, node, &err};
	goal g = {p->in, old, NULL};
	const kr_subst *s = match(&m, &g, kr_subst_empty());
	if (err < 0)
		return err;
	if (!s)
		return 0;
	kr_variable *res = NULL;
	int rc;
	if (p->opts.out_fn) {
		rc = p->opts.out_fn(&res, fg, node, s, p->opts.out_data);
		if (rc < 0 || !res)
			return rc < 0 ? rc : 0;
	} else {
		kr_term *out;
		if ((rc = instantiate(&out, p->out, s)) < 0)
			return rc;
		/* an out-pattern that builds no node (a type error of
		 * make_node) fails the transform, as PyTensor's raises */
		if ((rc = kr_term_eval(&res, kr_walk_star(out, s))) < 0)
			return rc;
	}
	kr_variable *fit;
	if ((rc = fit_type(&fit, p, old, res)) < 0 || !fit)
		return rc;
	/* on the pattern's result, as PyTensor tags it before a cast */
	if (p->opts.values_eq_approx) {
		kr_values_eq_approx_fn *box = kri_alloc(sizeof *box);
		*box = p->opts.values_eq_approx;
		kri_pmap_put(&p->approx, res, box);
	}
	*ret = fit;
	return 0;
}

static int pattern_transform(kr_node_rewriter *self, kr_fgraph *fg,
			     kr_apply *node, kr_replacements **out)
{
	pattern *p = self->data;
	kr_variable *ret;
	int rc;
	if (p->opts.get_nodes) {
		kr_apply **nodes = NULL;
		size_t n = 0;
		rc = p->opts.get_nodes(&nodes, &n, fg, node,
				       p->opts.get_nodes_data);
		if (rc < 0)
			return rc;
		for (size_t i = 0; i < n; i++) {
			if (!nodes[i] || kr_apply_is_output(nodes[i]))
				continue;
			rc = rewrite_node(&ret, p, fg, nodes[i]);
			if (rc < 0)
				return rc;
			if (!ret)
				continue;
			*out = kr_replacements_new();
			kr_replacements_add(*out, kr_apply_output(nodes[i], 0),
					    ret);
			return 0;
		}
	}
	rc = rewrite_node(&ret, p, fg, node);
	if (ret)
		*out = kr_replacements_for_outputs(node, 1, &ret);
	return rc;
}

static kr_op *const *pattern_tracks(const kr_node_rewriter *self, size_t *n)
{
	const pattern *p = self->data;
	*n = p->opts.ntracks ? p->opts.ntracks : 1;
	return p->opts.ntracks ? p->opts.tracks : p->op;
}

/* The in-pattern's op; none for an OpPattern, which is no single op. */
static kr_op *pattern_op_key(const kr_node_rewriter *self)
{
	kr_op *op = ((pattern *)self->data)->op[0];
	return kr_op_track_pattern(op) ? NULL : op;
}

/*
 * A pattern as PyTensor prints it, str() of its etuples all the way down:
 * e(true_div, e(mul, ~x, ~y), ~y); any other etuple too (e(a, 2), e()),
 * and a string without quotes, as str() gives it.
 */
static void print_pattern(kri_buf *b, kr_term *t)
{
	size_t n;
	kr_term **items = op_pattern(t, &n);
	kr_variable *v = kr_term_variable(t);
	if (!items && kr_term_kind(t) == KR_ETUPLE) {
		kri_buf_puts(b, "e(");
		for (size_t i = 0; i < kr_etuple_len(t); i++) {
			if (i)
				kri_buf_puts(b, ", ");
			print_pattern(b, kr_etuple_ref(t, i));
		}
		kri_buf_putc(b, ')');
	} else if (kr_term_kind(t) == KR_STR) {
		kri_buf_puts(b, kr_str_value(t));
	} else if (items) {
		kri_buf_printf(b, "e(%s", kr_term_to_string(items[0]));
		for (size_t i = 1; i < n; i++) {
			kri_buf_puts(b, ", ");
			print_pattern(b, items[i]);
		}
		kri_buf_putc(b, ')');
	} else if (v) {
		kri_buf_puts(b, kr_variable_to_string(v));
	} else {
		kri_buf_puts(b, kr_term_to_string(t));
	}
}

static char *pattern_to_string(const kr_node_rewriter *self)
{
	const pattern *p = self->data;
	if (p->opts.name)
		return kr_strdup(p->opts.name);
	kri_buf b = {0};
	print_pattern(&b, p->in);
	kri_buf_puts(&b, " -> ");
	if (p->opts.out_fn)
		kri_buf_puts(&b, "<function>");
	else
		print_pattern(&b, p->out);
	return kri_buf_str(&b);
}

/*
 * get_nodes may hand the rewriter any node: a client, or further; and a
 * procedure out-pattern gets the whole graph (PyTensor's callable
 * out_pattern(fgraph, node, subs)), so it may decide on any of it.
 */
static bool pattern_sees_beyond(const kr_node_rewriter *self)
{
	const pattern *p = kr_node_rewriter_data(self);
	return p->opts.get_nodes != NULL || p->opts.out_fn != NULL;
}

static const kr_node_rewriter_class pattern_class = {
	.name = "PatternNodeRewriter",
	.transform = pattern_transform,
	.tracks = pattern_tracks,
	.to_string = pattern_to_string,
	.op_key = pattern_op_key,
	.sees_beyond = pattern_sees_beyond,
};

static void collect_vars(kri_vec *vars, kr_term *t)
{
	size_t n;
	kr_term **items = op_pattern(t, &n);
	if (kr_is_var(t))
		kri_vec_push(vars, t);
	for (size_t i = 1; items && i < n; i++)
		collect_vars(vars, items[i]);
}

kr_node_rewriter *kr_pattern_node_rewriter_new(kr_term *in_pattern,
					       kr_term *out_pattern,
					       const kr_pattern_opts *opts)
{
	static const kr_pattern_opts defaults = KR_PATTERN_OPTS_INIT;
	kr_check(in_pattern != NULL &&
		 (out_pattern != NULL) != (opts && opts->out_fn));
	size_t n;
	kr_term **items = op_pattern(in_pattern, &n);
	kr_check(items != NULL);
	pattern *p = kri_alloc(sizeof *p);
	p->in = in_pattern;
	p->out = out_pattern;
	p->op[0] = kr_is_op_pattern(items[0])
			   ? kr_op_pattern_track(items[0])
			   : kr_term_op(items[0]);
	p->opts = opts ? *opts : defaults;
	if (p->opts.name)
		p->opts.name = kr_strdup(p->opts.name);
	kr_check(p->opts.ntracks == 0 ||
		 (p->opts.tracks != NULL && p->opts.get_nodes != NULL));
	if (p->opts.ntracks) {
		kr_op **ops = kri_alloc(p->opts.ntracks * sizeof *ops);
		memcpy(ops, p->opts.tracks, p->opts.ntracks * sizeof *ops);
		p->opts.tracks = ops;
	}
	kr_check(p->opts.ncommutative_ops == 0 ||
		 p->opts.commutative_ops != NULL);
	if (p->opts.ncommutative_ops) {
		kr_op **ops = kri_alloc(p->opts.ncommutative_ops * sizeof *ops);
		memcpy(ops, p->opts.commutative_ops,
		       p->opts.ncommutative_ops * sizeof *ops);
		p->opts.commutative_ops = ops;
	}
	collect_vars(&p->vars, in_pattern);
	return kr_node_rewriter_new(&pattern_class, p->opts.name, p);
}

void kr_pattern_constrain(kr_node_rewriter *rw, kr_term *var,
			  kr_pattern_constraint_fn fn, void *data)
{
	kr_check(rw != NULL && rw->cls == &pattern_class && fn != NULL);
	pattern *p = rw->data;
	bool found = false;
	for (size_t i = 0; i < p->vars.len; i++)
		found |= p->vars.items[i] == var;
	kr_check(found);
	constraint *c = kri_alloc(sizeof *c);
	*c = (constraint){fn, data};
	kri_pmap_put(&p->constraints, var, c);
}

kr_values_eq_approx_fn kr_pattern_values_eq_approx(
	const kr_node_rewriter *rw, const kr_variable *v)
{
	kr_check(rw != NULL && rw->cls == &pattern_class && v != NULL);
	const pattern *p = rw->data;
	kr_values_eq_approx_fn *box = kri_pmap_get(&p->approx, v);
	return box ? *box : NULL;
}
