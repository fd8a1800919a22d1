/* optdb.c -- the default optdb and rewrite_graph over a query. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "db/db.h"
#include "kanrewrite/algebra.h"
#include "kanrewrite/destroy.h"
#include "kanrewrite/value.h"

/*
 * The structure of PyTensor's optdb, with our op library's rewrites:
 *
 *   0     merge1               MergeOptimizer      fast_run fast_compile merge
 *   1     canonicalize         EquilibriumDB       fast_run fast_compile
 *   1.1   dot_distribute       EquilibriumDB       dot_distribute
 *   1.1   dot_gather           EquilibriumDB       dot_gather
 *   2     specialize           EquilibriumDB       fast_run fast_compile
 *   49    merge2               MergeOptimizer      fast_run merge
 *   49.5  add_destroy_handler  AddDestroyHandler   fast_run inplace
 *   100   merge3               MergeOptimizer      fast_run merge
 */
static kr_rewrite_db *optdb, *canonicalize, *specialize;

/* ------------------------------------------------------ the marker entry */

/*
 * PyTensor's AddDestroyHandler: its requirement is a DestroyHandler
 * (destroy.h), which then stays on the graph, so that the in-place
 * rewrites registered after it (none in our op library) are validated.
 * Its apply does nothing (PyTensor's only warns when no Supervisor is
 * attached; we do not print that warning).
 */
static int destroy_handler_requirements(kr_graph_rewriter *self,
					kr_fgraph *fg)
{
	(void)self;
	return kr_fgraph_attach_feature(fg, kr_destroy_handler_new());
}

static int destroy_handler_apply(kr_graph_rewriter *self, kr_fgraph *fg,
				 kr_profile **profile)
{
	(void)self, (void)fg, (void)profile;
	return 0;
}

static const kr_graph_rewriter_class destroy_handler_class = {
	.name = "AddDestroyHandler",
	.add_requirements = destroy_handler_requirements,
	.apply = destroy_handler_apply,
};

/* ------------------------------------------------------ constant folding */

/*
 * PyTensor's constant_folding: a node whose inputs are all constants and
 * whose op can be evaluated is replaced by constants holding its outputs'
 * values. Opaque ops (no perform) are left alone. For the n-ary `add` and
 * `mul` it also folds the constant inputs of a node that has others (as
 * PyTensor's canonizers do): `mul(2, x, 3)` becomes `mul(6, x)`.
 */
static size_t count_constants(const kr_apply *node)
{
	size_t k = 0;
	for (size_t i = 0; i < kr_apply_ninputs(node); i++)
		k += kr_variable_is_constant(kr_apply_input(node, i));
	return k;
}

/* The constant holding the value of v (whose inputs are constants). */
static int fold_value(kr_variable **out, kr_variable *v)
{
	kr_value *val;
	int rc = kr_graph_eval(&val, 1, &v, 0, NULL, NULL);
	return rc < 0 ? rc : kr_constant_make(out, kr_variable_type(v), val);
}

static int fold_all(kr_replacements **out, kr_apply *node)
{
	size_t n = kr_apply_noutputs(node);
	kr_variable **outs = kr_alloc(n * sizeof *outs);
	for (size_t i = 0; i < n; i++) {
		int rc = fold_value(&outs[i], kr_apply_output(node, i));
		if (rc < 0)
			return rc;
	}
	*out = kr_replacements_for_outputs(node, n, outs);
	return 0;
}

/* add/mul with some constant inputs: fold them into the first one's place. */
static int fold_some(kr_replacements **out, kr_apply *node)
{
	kr_op *op = kr_apply_op(node);
	size_t nin = kr_apply_ninputs(node), nc = 0, first = nin;
	kr_variable **consts = kr_alloc(nin * sizeof *consts);
	kr_variable **ins = kr_alloc(nin * sizeof *ins), *c, *v;
	for (size_t i = 0; i < nin; i++) {
		kr_variable *x = kr_apply_input(node, i);
		if (kr_variable_is_constant(x)) {
			first = first < i ? first : i;
			consts[nc++] = x;
		}
	}
	int rc = kr_op_call(&c, op, nc, consts);
	if (rc == 0)
		rc = fold_value(&c, c);
	if (rc < 0)
		return rc;
	size_t k = 0;
	for (size_t i = 0; i < nin; i++) {
		kr_variable *x = kr_apply_input(node, i);
		if (i == first)
			ins[k++] = c;
		else if (!kr_variable_is_constant(x))
			ins[k++] = x;
	}
	rc = kr_op_call(&v, op, k, ins);
	if (rc == 0)
		*out = kr_replacements_for_outputs(node, 1, &v);
	return rc;
}

static int fold_transform(kr_node_rewriter *self, kr_fgraph *fg,
			  kr_apply *node, kr_replacements **out)
{
	(void)self, (void)fg;
	kr_op *op = kr_apply_op(node);
	if (!kr_op_desc_of(op)->perform)
		return 0;
	size_t nc = count_constants(node), nin = kr_apply_ninputs(node);
	int rc = 0;
	if (nc == nin)
		rc = fold_all(out, node);
	else if (nc >= 2 && (kr_op_equal(op, kr_op_add()) ||
			     kr_op_equal(op, kr_op_mul())))
		rc = fold_some(out, node);
	if (rc < 0) {
		*out = NULL; /* e.g. mismatched shapes: leave the node */
		kr_error_clear();
	}
	return 0;
}

static const kr_node_rewriter_class folding_class = {
	.name = "constant_folding",
	.transform = fold_transform,
};

/* ------------------------------------------------------------ flattening */

/*
 * local_flatten: `op(..., op(a, b), ...)` becomes `op(..., a, b, ...)` for
 * the associative `add` and `mul`, splicing (recursively) only nested
 * nodes whose output has this node as its single client, so that no
 * computation is duplicated. The relation kr_flatteno states the same
 * equation without the client condition, which a relation cannot see.
 * The nesting is walked with a stack of its own: a chain of 10^5 adds
 * must not reach the end of the C stack.
 */
static bool spliceable(kr_fgraph *fg, kr_op *op, kr_variable *v)
{
	kr_apply *owner = kr_variable_owner(v);
	size_t nclients = 0;
	if (!owner)
		return false;
	kr_fgraph_clients(fg, v, &nclients);
	return nclients == 1 && kr_op_equal(kr_apply_op(owner), op);
}

/* Push the inputs of node on the stack, the first on top. */
static void push_inputs(kri_vec *stack, kr_apply *node)
{
	for (size_t i = kr_apply_ninputs(node); i-- > 0;)
		kri_vec_push(stack, kr_apply_input(node, i));
}

static int flatten_transform(kr_node_rewriter *self, kr_fgraph *fg,
			     kr_apply *node, kr_replacements **out)
{
	(void)self;
	kr_op *op = kr_apply_op(node);
	if (!kr_op_equal(op, kr_op_add()) && !kr_op_equal(op, kr_op_mul()))
		return 0;
	kri_vec ins = {0}, stack = {0};
	bool changed = false;
	push_inputs(&stack, node);
	while (stack.len > 0) {
		kr_variable *v = kri_vec_pop(&stack);
		if (spliceable(fg, op, v)) {
			push_inputs(&stack, kr_variable_owner(v));
			changed = true;
		} else {
			kri_vec_push(&ins, v);
		}
	}
	kr_variable *v;
	if (!changed || kr_op_call(&v, op, ins.len,
				   (kr_variable *const *)ins.items) < 0) {
		kr_error_clear();
		return 0;
	}
	*out = kr_replacements_for_outputs(node, 1, &v);
	return 0;
}

static const kr_node_rewriter_class flatten_class = {
	.name = "local_flatten",
	.transform = flatten_transform,
};

/* ---------------------------------------------------------- registration */

static void reg(kr_rewrite_db *db, const char *name, kr_graph_rewriter *g,
		kr_node_rewriter *n, kr_rewrite_db *sub, double position,
		const char *const *tags)
{
	kr_db_register_opts o = KR_DB_REGISTER_OPTS_INIT;
	o.position = position;
	o.position_last = false;
	int rc = kr_db_register(db, name, g, n, sub, tags, &o);
	kr_check(rc == 0);
}

int kr_db_register_relation(kr_rewrite_db *db, const char *name,
			    const kr_rel *rel, bool reverse,
			    const char *const *tags,
			    const kr_db_register_opts *opts)
{
	kr_check(db && name && rel);
	kr_node_rewriter *rw = kr_kanren_relation_sub_new(rel, reverse);
	return kr_db_register(db, name, NULL, rw, NULL, tags, opts);
}

/*
 * A KanrenRelationSub that only looks at nodes of one op: the relations
 * below all start with `(== in (OP ...))`, so telling the equilibrium
 * rewriter's dispatch which op they track spares a miniKanren run on every
 * other node (as PyTensor's node_rewriter(tracks=[...]) does).
 */
typedef struct tracked {
	kr_node_rewriter *sub;
	kr_op *op[1];
} tracked;

static int tracked_transform(kr_node_rewriter *self, kr_fgraph *fg,
			     kr_apply *node, kr_replacements **out)
{
	tracked *t = kr_node_rewriter_data(self);
	return kr_node_rewriter_transform(t->sub, fg, node, out);
}

static kr_op *const *tracked_tracks(const kr_node_rewriter *self, size_t *n)
{
	tracked *t = kr_node_rewriter_data(self);
	*n = 1;
	return t->op;
}

static char *tracked_to_string(const kr_node_rewriter *self)
{
	return kr_strdup(kr_node_rewriter_name(self));
}

static const kr_node_rewriter_class tracked_class = {
	.name = "KanrenRelationSub",
	.transform = tracked_transform,
	.tracks = tracked_tracks,
	.to_string = tracked_to_string,
};

/* Register relation `rel` (forward) under name, tracking nodes of `op`. */
static void relation(kr_rewrite_db *db, const char *name, const char *rel,
		     const char *op, const char *const *tags)
{
	tracked *t = kr_alloc(sizeof *t);
	t->sub = kr_kanren_relation_sub_new(kr_relation_lookup(rel), false);
	t->op[0] = kr_op_lookup(op);
	kr_check(t->op[0] != NULL);
	kr_node_rewriter *rw = kr_node_rewriter_new(&tracked_class, name, t);
	kr_db_register_opts o = KR_DB_REGISTER_OPTS_INIT;
	kr_check(kr_db_register(db, name, NULL, rw, NULL, tags, &o) == 0);
}

/* Register the node rewriter of class cls under name with tags. */
static void node_rewriter(kr_rewrite_db *db, const char *name,
			  const kr_node_rewriter_class *cls,
			  const char *const *tags)
{
	kr_db_register_opts o = KR_DB_REGISTER_OPTS_INIT;
	kr_check(kr_db_register(db, name, NULL,
				kr_node_rewriter_new(cls, NULL, NULL), NULL,
				tags, &o) == 0);
}

static void fill_canonicalize(kr_rewrite_db *db)
{
	const char *const *std = KR_TAGS("fast_run", "fast_compile");
	node_rewriter(db, "constant_folding", &folding_class, std);
	relation(db, "local_neg_neg", "neg_nego", "neg", std);
	relation(db, "local_mul_div", "mul_divo", "true_div", std);
	relation(db, "local_mul_one", "mul_oneo", "mul", std);
	relation(db, "local_add_zero", "add_zeroo", "add", std);
	relation(db, "local_mul_to_sqr", "mul_sqro", "mul", std);
	node_rewriter(db, "local_flatten", &flatten_class, std);
}

static void fill_specialize(kr_rewrite_db *db)
{
	const char *const *std = KR_TAGS("fast_run", "fast_compile");
	node_rewriter(db, "constant_folding", &folding_class, std);
	relation(db, "local_pow_to_sqr", "pow_sqro", "pow", std);
	relation(db, "local_div_to_reciprocal", "div_reciprocalo", "true_div", std);
	relation(db, "local_div_by_constant", "div_consto", "true_div", std);
}

/*
 * An EquilibriumDB holding dot_distributeo, forward or backward. It
 * visits the nodes a rewrite makes in the same pass
 * (EquilibriumDB(ignore_newtrees=False), as canonicalize): distribution
 * has one normal form, reached in two passes instead of one per nesting
 * level, each of which would try again every node above the change (on
 * A @ (x1 + (x2 + ... + xN)), N passes and O(N^2) attempts).
 */
static kr_rewrite_db *relation_db(const char *tag, bool reverse)
{
	kr_rewrite_db *db = kr_equilibrium_db_new(10, false, true);
	kr_db_register_opts o = KR_DB_REGISTER_OPTS_INIT;
	kr_check(kr_db_register_relation(
			 db, reverse ? "local_dot_gather" : "local_dot_distribute",
			 kr_dot_distributeo_rel(), reverse, KR_TAGS(tag),
			 &o) == 0);
	return db;
}

static void build_optdb(void)
{
	optdb = kr_sequence_db_new();
	/* as PyTensor's: EquilibriumDB(ignore_newtrees=False) */
	canonicalize = kr_equilibrium_db_new(8, false, false);
	specialize = kr_equilibrium_db_new(8, false, false);
	const char *const *both = KR_TAGS("fast_run", "fast_compile");
	reg(optdb, "merge1", kr_merge_optimizer_new(), NULL, NULL, 0,
	    KR_TAGS("fast_run", "fast_compile", "merge"));
	reg(optdb, "canonicalize", NULL, NULL, canonicalize, 1, both);
	reg(optdb, "dot_distribute", NULL, NULL,
	    relation_db("dot_distribute", false), 1.1, NULL);
	reg(optdb, "dot_gather", NULL, NULL, relation_db("dot_gather", true),
	    1.1, NULL);
	reg(optdb, "specialize", NULL, NULL, specialize, 2, both);
	reg(optdb, "merge2", kr_merge_optimizer_new(), NULL, NULL, 49,
	    KR_TAGS("fast_run", "merge"));
	reg(optdb, "add_destroy_handler",
	    kr_graph_rewriter_new(&destroy_handler_class, NULL, NULL), NULL,
	    NULL, 49.5, KR_TAGS("fast_run", "inplace"));
	reg(optdb, "merge3", kr_merge_optimizer_new(), NULL, NULL, 100,
	    KR_TAGS("fast_run", "merge"));
	fill_canonicalize(canonicalize);
	fill_specialize(specialize);
}

kr_rewrite_db *kr_optdb(void)
{
	if (!optdb)
		build_optdb();
	return optdb;
}

kr_rewrite_db *kr_optdb_canonicalize(void)
{
	kr_optdb();
	return canonicalize;
}

kr_rewrite_db *kr_optdb_specialize(void)
{
	kr_optdb();
	return specialize;
}

/* --------------------------------------------------------- rewrite_graph */

int kr_rewrite_fgraph_query(kr_fgraph *fg, const kr_rewrite_graph_opts *opts)
{
	static const kr_rewrite_graph_opts defaults =
		KR_REWRITE_GRAPH_OPTS_INIT;
	const kr_rewrite_graph_opts *o = opts ? opts : &defaults;
	kr_check(fg != NULL);
	kr_rewrite_db_query *q = kr_db_query_new(
		o->include ? o->include : KR_TAGS("canonicalize"), o->require,
		o->exclude);
	kr_db_result r;
	int rc = kr_db_query(&r, o->db ? o->db : kr_optdb(), q);
	/* a LocalGroupDB's query is a node rewriter: walked in_to_out, as
	 * PyTensor's in2out would apply it */
	if (rc == 0 && !r.graph && r.node)
		r.graph = kr_walking_graph_rewriter_new(r.node, KR_IN_TO_OUT,
							false);
	if (rc == 0 && r.graph)
		rc = kr_graph_rewriter_rewrite(r.graph, fg, NULL);
	if (rc == 0 && o->custom_rewrite)
		rc = kr_graph_rewriter_rewrite(o->custom_rewrite, fg, NULL);
	return rc;
}

int kr_rewrite_graph_query(kr_variable **out, kr_variable *graph,
			   const kr_rewrite_graph_opts *opts)
{
	kr_check(out != NULL && graph != NULL);
	kr_fgraph *fg;
	int rc = kr_fgraph_new(&fg, 0, NULL, 1, &graph,
			       opts && opts->clone);
	if (rc == 0)
		rc = kr_rewrite_fgraph_query(fg, opts);
	if (rc == 0)
		*out = kr_fgraph_output(fg, 0);
	return rc;
}
