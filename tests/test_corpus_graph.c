/* test_corpus_graph.c -- corpus: PyTensor's KanrenRelationSub, unify, utils and db tests. */
/* See the LICENSE file for copying conditions. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "suites.h"

/*
 * Behaviour checked by PyTensor's tests/graph/rewriting/test_kanren.py,
 * test_unify.py, test_utils.py and test_db.py, on our API. Each case names
 * the PyTensor test it ports.
 *
 * Left out, because we deliberately lack the feature: the decomposition of
 * Types into etuples and their unification (our types are not terms),
 * ConstrainedVar and convert_strs_to_vars (Python strings and dicts as
 * pattern variables; C patterns use kr_var_new and
 * kr_pattern_constrain), the deprecated-import
 * check, ProxyDB(object()) and register("d", 1) with a non-rewriter object
 * (C types rule them out; a registration without rewriter is checked
 * instead), and print_summary's Python id and `db` dict.
 */

/* ------------------------------------------------------------ helpers */

static kr_variable *vec(const char *name)
{
	return kr_variable_new(kr_type_vector(), name);
}

static kr_variable *mat(const char *name)
{
	return kr_variable_new(kr_type_matrix(), name);
}

static kr_variable *call(kr_op *op, size_t n, kr_variable *const *in)
{
	kr_variable *v = NULL;
	int rc = kr_op_call(&v, op, n, in);
	ck_assert_msg(rc == 0, "%s: %s", kr_op_name(op),
		      kr_error_last()->message);
	return v;
}

#define CALL(op, ...)                                                         \
	call((op), sizeof((kr_variable *[]){__VA_ARGS__}) /                   \
			   sizeof(kr_variable *),                             \
	     (kr_variable *[]){__VA_ARGS__})

static kr_term *vt(kr_variable *v) { return kr_variable_term(v); }

static kr_term *ot(kr_op *op) { return kr_op_term(op); }

static kr_variable *eval(kr_term *t)
{
	kr_variable *v = NULL;
	ck_assert_msg(kr_term_eval(&v, t) == 0, "%s",
		      kr_error_last()->message);
	return v;
}

/* --------------------------------------------------------- test ops */

/*
 * PyTensor's CustomOp (props `a`), CustomOpNoProps (an __eq__ on `a`) and
 * CustomOpNoPropsNoEq (identity equality): any inputs, a float64 vector
 * out. Our ops compare by descriptor and props, so the first two differ
 * only in name; the third has no props equality (each op is only equal to
 * itself, as a Python object without __eq__).
 */
static int vector_infer(const kr_type **out, const kr_op *op, size_t nin,
			const kr_type *const *in)
{
	(void)op, (void)nin, (void)in;
	*out = kr_type_vector();
	return 0;
}

static bool a_equal(const void *p, const void *q)
{
	return *(const int *)p == *(const int *)q;
}

static uint64_t a_hash(const void *p) { return (uint64_t)*(const int *)p; }

static char *a_str(const void *p) { return kr_strfmt("%d", *(const int *)p); }

static kr_op *op_of(const kr_op_desc *d, int a);

/* CustomOp's __props__ = ("a",): getattr, and CustomOp(a) from a term. */
static kr_term *a_prop(const kr_op *op, const char *name)
{
	if (strcmp(name, "a"))
		return NULL;
	return kr_int(*(const int *)kr_op_props(op));
}

static int a_make(kr_op **out, const kr_op_desc *d, kr_term *const *v)
{
	if (!v[0] || kr_term_kind(v[0]) != KR_INT)
		return kr_error_set(KR_EINVALID, "%s: prop a: not an int",
				    d->name);
	*out = op_of(d, (int)kr_int_value(v[0]));
	return 0;
}

static const char *const a_names[] = {"a", NULL};

static const kr_op_desc custom_desc = {
	.name = "CustomOp", .min_inputs = 0, .max_inputs = -1,
	.infer = vector_infer, .props_equal = a_equal, .props_hash = a_hash,
	.props_to_string = a_str, .prop_names = a_names, .prop = a_prop,
	.make = a_make};

static const kr_op_desc no_props_desc = {
	.name = "CustomOpNoProps", .min_inputs = 0, .max_inputs = -1,
	.infer = vector_infer, .props_equal = a_equal, .props_hash = a_hash};

static const kr_op_desc no_eq_desc = {.name = "CustomOpNoPropsNoEq",
				      .min_inputs = 0, .max_inputs = -1,
				      .infer = vector_infer};

static kr_op *op_of(const kr_op_desc *d, int a)
{
	int *p = kr_alloc_atomic(sizeof *p);
	*p = a;
	return kr_op_new(d, p);
}

/* PyTensor's MyMultiOutOp: two outputs (here float64 vectors). */
static int two_infer(const kr_type **out, const kr_op *op, size_t nin,
		     const kr_type *const *in)
{
	(void)op, (void)nin, (void)in;
	out[0] = out[1] = kr_type_vector();
	return 0;
}

static const kr_op_desc multi_desc = {.name = "MyMultiOutOp",
				      .min_inputs = 0, .max_inputs = -1,
				      .nout = 2, .infer_outputs = two_infer};

/* ------------------------------------------------------- test_kanren.py */

/* test_kanren_basic: run*(q, dot(A, x) == etuple(dot, q, x)) is (A). */
START_TEST(kanren_basic)
{
	kr_variable *A = mat("A"), *x = vec("x");
	kr_variable *y = CALL(kr_op_dot(), A, x);
	kr_term *q = kr_var_new("q");
	kr_term *res = kr_run(-1, q, kr_eq(vt(y), KR_ETUPLE(ot(kr_op_dot()), q,
							   vt(x))));
	ck_assert_int_eq(kr_list_length(res), 1);
	ck_assert_ptr_eq(kr_term_variable(kr_car(res)), A);
}
END_TEST

/*
 * test_KanrenRelationSub_filters: with dot and add commutative and add
 * associative, A @ ((x + y) + z) matches A @ (x + (y + z)) in AC forms;
 * the results filter sees three argument orders among the answers, and a
 * node filter that refuses the node means no transform at all.
 */
static int distributes_calls;

static kr_goal *ac_distributes(kr_term *const *arg, void *env)
{
	(void)env;
	distributes_calls++;
	kr_term *v[4];
	kr_fresh(4, v);
	kr_term *dot = ot(kr_op_dot()), *add = ot(kr_op_add());
	kr_term *pat = KR_ETUPLE(dot, v[0],
				 KR_ETUPLE(add, v[1], KR_ETUPLE(add, v[2], v[3])));
	return KR_ALL(kr_eq_assoccomm(pat, arg[0]),
		      kr_eq(KR_LIST(v[0], v[1], v[2], v[3]), arg[1]));
}

typedef struct perms {
	kr_term *want[3];
	bool seen[3];
	int answers;
} perms;

static int all_answers(kr_term **chosen, kr_answers *answers, void *data)
{
	perms *p = data;
	kr_term *t;
	int rc;
	while ((rc = kr_answers_next(&t, answers)) == 0) {
		p->answers++;
		for (int i = 0; i < 3; i++)
			p->seen[i] = p->seen[i] || kr_equal(t, p->want[i]);
	}
	*chosen = NULL; /* PyTensor's filter returns None: no rewrite */
	return rc == KR_EOF ? 0 : rc;
}

static int refuse_node(const kr_apply *node, void *data)
{
	(void)node, (void)data;
	return 0;
}

START_TEST(kanren_sub_filters)
{
	kr_variable *x = vec("x"), *y = vec("y"), *z = vec("z"), *A = mat("A");
	KR_FACT(kr_commutative(), ot(kr_op_dot()));
	KR_FACT(kr_commutative(), ot(kr_op_add()));
	KR_FACT(kr_associative(), ot(kr_op_add()));
	kr_variable *Z = CALL(kr_op_dot(), A,
			      CALL(kr_op_add(), CALL(kr_op_add(), x, y), z));
	kr_fgraph *fg;
	ck_assert_int_eq(kr_fgraph_new(&fg, 0, NULL, 1, &Z, false), 0);
	kr_rel *rel = kr_rel_new("distributes", 2, ac_distributes, NULL);
	perms p = {{KR_LIST(vt(A), vt(x), vt(y), vt(z)),
		    KR_LIST(vt(A), vt(y), vt(x), vt(z)),
		    KR_LIST(vt(A), vt(z), vt(x), vt(y))},
		   {false, false, false},
		   0};
	kr_node_rewriter *rw = kr_kanren_relation_sub_new(rel, false);
	kr_kanren_relation_sub_set_filters(rw, NULL, all_answers, &p);
	kr_replacements *r = NULL;
	kr_apply *node = kr_variable_owner(kr_fgraph_output(fg, 0));
	ck_assert_int_eq(kr_node_rewriter_transform(rw, fg, node, &r), 0);
	ck_assert_ptr_null(r);
	ck_assert_int_ge(p.answers, 3);
	ck_assert(p.seen[0] && p.seen[1] && p.seen[2]);
	distributes_calls = 0;
	rw = kr_kanren_relation_sub_new(rel, false);
	kr_kanren_relation_sub_set_filters(rw, refuse_node, NULL, NULL);
	ck_assert_int_eq(kr_node_rewriter_transform(rw, fg, node, &r), 0);
	ck_assert_ptr_null(r);
	ck_assert_int_eq(distributes_calls, 0);
}
END_TEST

/* eq(in, out) */
static kr_goal *same_body(kr_term *const *arg, void *env)
{
	(void)env;
	return kr_eq(arg[0], arg[1]);
}

/* (a b) in, (b b) out */
static kr_goal *second_body(kr_term *const *arg, void *env)
{
	(void)env;
	kr_term *v[2];
	kr_fresh(2, v);
	return KR_ALL(kr_eq(arg[0], KR_LIST(v[0], v[1])),
		      kr_eq(arg[1], KR_LIST(v[1], v[1])));
}

/* The default results filter (first answer), recording what it chose. */
static int first_recorded(kr_term **chosen, kr_answers *answers, void *data)
{
	int rc = kr_answers_next(chosen, answers);
	*(kr_term **)data = *chosen;
	return rc == KR_EOF ? 0 : rc;
}

/*
 * test_KanrenRelationSub_multiout: the relation is run on the list of the
 * node's outputs, and eq(in, out) answers (o1 o2): the transform returns
 * [o1, o2], as PyTensor's, and applying it changes nothing. An answer
 * (o2 o2) is one replacement per output.
 */
START_TEST(kanren_sub_multiout)
{
	kr_variable *x = vec("x"), *y = vec("y");
	kr_variable *o1 = CALL(kr_op_new(&multi_desc, NULL), x, y);
	kr_apply *node = kr_variable_owner(o1);
	ck_assert_uint_eq(kr_apply_noutputs(node), 2);
	kr_variable *o2 = kr_apply_output(node, 1);
	kr_fgraph *fg;
	ck_assert_int_eq(kr_fgraph_new(&fg, 2, (kr_variable *[]){x, y}, 1, &o1,
				       false), 0);
	kr_node_rewriter *rw = kr_kanren_relation_sub_new(
		kr_rel_new("relation", 2, same_body, NULL), false);
	kr_term *chosen = NULL;
	kr_kanren_relation_sub_set_filters(rw, NULL, first_recorded, &chosen);
	kr_replacements *r = NULL;
	ck_assert_int_eq(kr_node_rewriter_transform(rw, fg, node, &r), 0);
	ck_assert_ptr_nonnull(chosen);
	ck_assert(kr_equal(chosen, KR_LIST(vt(o1), vt(o2))));
	ck_assert_ptr_nonnull(r);
	ck_assert(kr_replacements_is_list(r));
	ck_assert_uint_eq(kr_replacements_count(r), 2);
	ck_assert_ptr_eq(kr_replacements_new_var(r, 0), o1);
	ck_assert_ptr_eq(kr_replacements_new_var(r, 1), o2);
	ck_assert_ptr_eq(kr_replacements_old_var(r, 1), o2);
	ck_assert_int_eq(kr_replacements_apply(fg, node, r, "same"), 0);
	ck_assert_ptr_eq(kr_fgraph_output(fg, 0), o1);
	/* in a SequentialNodeRewriter with apply_all_rewrites, the identity
	 * is a fixed point (PyTensor would chain on it forever) */
	kr_node_rewriter *seq = kr_sequential_node_rewriter_new(1, &rw);
	kr_sequential_node_rewriter_set_apply_all(seq, true);
	r = NULL;
	ck_assert_int_eq(kr_node_rewriter_transform(seq, fg, node, &r), 0);
	ck_assert_ptr_nonnull(r);
	ck_assert_ptr_eq(kr_replacements_new_var(r, 0), o1);
	rw = kr_kanren_relation_sub_new(kr_rel_new("second", 2, second_body,
						   NULL),
					false);
	ck_assert_int_eq(kr_node_rewriter_transform(rw, fg, node, &r), 0);
	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(kr_replacements_apply(fg, node, r, "second"), 1);
	ck_assert_ptr_eq(kr_fgraph_output(fg, 0), o2);
}
END_TEST

/* dot(A, add(x, b)) == in, add(dot(A, x), dot(A, b)) == out */
static kr_goal *distributes(kr_term *const *arg, void *env)
{
	(void)env;
	kr_term *v[3];
	kr_fresh(3, v);
	kr_term *dot = ot(kr_op_dot()), *add = ot(kr_op_add());
	return KR_ALL(kr_eq(KR_ETUPLE(dot, v[0], KR_ETUPLE(add, v[1], v[2])),
			    arg[0]),
		      kr_eq(KR_ETUPLE(add, KR_ETUPLE(dot, v[0], v[1]),
				      KR_ETUPLE(dot, v[0], v[2])),
			    arg[1]));
}

/* PyTensor's rewrite_graph(fgraph, custom_rewrite=data): canonicalize first. */
static int rewrite_graph_fn(kr_fgraph *fg, void *data)
{
	kr_rewrite_graph_opts o = KR_REWRITE_GRAPH_OPTS_INIT;
	o.custom_rewrite = data;
	return kr_rewrite_fgraph_query(fg, &o);
}

static kr_op *op_at(kr_variable *v)
{
	ck_assert_ptr_nonnull(kr_variable_owner(v));
	return kr_apply_op(kr_variable_owner(v));
}

static kr_variable *input_of(kr_variable *v, size_t i)
{
	return kr_apply_input(kr_variable_owner(v), i);
}

/*
 * test_KanrenRelationSub_dot: an EquilibriumGraphRewriter over the
 * relation (PyTensor's options: max_use_ratio 10, new trees ignored)
 * distributes A @ (x + B @ (c + d)) to its normal form.
 */
START_TEST(kanren_sub_dot)
{
	kr_variable *x = vec("x"), *c = vec("c"), *d = vec("d");
	kr_variable *A = mat("A"), *B = mat("B");
	kr_variable *Z = CALL(kr_op_dot(), A,
			      CALL(kr_op_add(), x,
				   CALL(kr_op_dot(), B,
					CALL(kr_op_add(), c, d))));
	kr_fgraph *fg;
	ck_assert_int_eq(kr_fgraph_new(&fg, 0, NULL, 1, &Z, false), 0);
	ck_assert_ptr_eq(op_at(kr_fgraph_output(fg, 0)), kr_op_dot());
	kr_node_rewriter *sub = kr_kanren_relation_sub_new(
		kr_rel_new("distributes", 2, distributes, NULL), false);
	kr_equilibrium_opts o = KR_EQUILIBRIUM_OPTS_INIT;
	o.max_use_ratio = 10;
	o.ignore_newtrees = true;
	o.tracks_on_change_inputs = false;
	kr_graph_rewriter *eq = kr_equilibrium_graph_rewriter_new(1, &sub, &o);
	ck_assert_int_eq(t_rewrite_checked(kr_graph_rewriter_from_fn(
						   "rewrite_graph",
						   rewrite_graph_fn, eq),
					   fg, NULL),
			 0);
	kr_variable *out = kr_fgraph_output(fg, 0);
	ck_assert(kr_op_equal(op_at(out), kr_op_add()));
	ck_assert(kr_op_equal(op_at(input_of(out, 0)), kr_op_dot()));
	ck_assert_ptr_eq(kr_fgraph_input(fg, 0), A);
	ck_assert_str_eq(kr_variable_name(input_of(input_of(out, 0), 0)), "A");
	kr_variable *rest = input_of(out, 1);
	ck_assert(kr_op_equal(op_at(rest), kr_op_add()));
	ck_assert(kr_op_equal(op_at(input_of(rest, 0)), kr_op_dot()));
	ck_assert(kr_op_equal(op_at(input_of(rest, 1)), kr_op_dot()));
	ck_assert_str_eq(kr_pprint(out),
			 "((A @ x) + ((A @ (B @ c)) + (A @ (B @ d))))");
}
END_TEST

/*
 * A relation over an op's props, as with kanren on PyTensor ops with
 * __props__: CustomOp(1)(x) is CustomOp(2)(x); the walk leaves
 * CustomOp(3) alone.
 */
static kr_goal *bump(kr_term *const *arg, void *env)
{
	(void)env;
	kr_term *x = kr_var_new("x");
	kr_term *cls = kr_op_desc_term(&custom_desc);
	return KR_ALL(kr_eq(arg[0], KR_ETUPLE(KR_ETUPLE(cls, kr_int(1)), x)),
		      kr_eq(arg[1], KR_ETUPLE(KR_ETUPLE(cls, kr_int(2)), x)));
}

START_TEST(kanren_sub_op_props)
{
	kr_variable *x = vec("x");
	kr_variable *z = CALL(op_of(&custom_desc, 1),
			      CALL(op_of(&custom_desc, 3), x));
	kr_fgraph *fg;
	ck_assert_int_eq(kr_fgraph_new(&fg, 0, NULL, 1, &z, false), 0);
	kr_node_rewriter *sub = kr_kanren_relation_sub_new(
		kr_rel_new("bump", 2, bump, NULL), false);
	kr_graph_rewriter *walk =
		kr_walking_graph_rewriter_new(sub, KR_IN_TO_OUT, false);
	ck_assert_int_eq(kr_graph_rewriter_rewrite(walk, fg, NULL), 0);
	kr_variable *out = kr_fgraph_output(fg, 0);
	ck_assert(kr_op_equal(op_at(out), op_of(&custom_desc, 2)));
	ck_assert(kr_op_equal(op_at(input_of(out, 0)), op_of(&custom_desc, 3)));
	ck_assert_ptr_eq(input_of(input_of(out, 0), 0), x);
}
END_TEST

/* -------------------------------------------------------- test_unify.py */

/*
 * test_cons: a Variable with an owner decomposes into its op and the list
 * of its inputs; an input, and an op (CustomOpNoProps), do not.
 */
START_TEST(unify_cons)
{
	kr_variable *x = vec("x"), *y = vec("y");
	kr_variable *z = CALL(kr_op_add(), x, y);
	ck_assert(kr_is_pair(vt(z)));
	ck_assert(kr_equal(kr_car(vt(z)), ot(kr_op_add())));
	ck_assert(kr_equal(kr_cdr(vt(z)), KR_LIST(vt(x), vt(y))));
	ck_assert(!kr_is_pair(vt(x)));
	ck_assert(!kr_is_pair(ot(op_of(&no_props_desc, 1))));
	/* an op with __props__: its class, then its props */
	kr_term *op1 = ot(op_of(&custom_desc, 1));
	ck_assert(kr_is_pair(op1));
	ck_assert(kr_equal(kr_car(op1), kr_op_desc_term(&custom_desc)));
	ck_assert(!kr_equal(kr_car(op1), kr_op_desc_term(&no_props_desc)));
	ck_assert_int_eq(kr_term_kind(kr_cdr(op1)), KR_ETUPLE);
	ck_assert(kr_equal(kr_cdr(op1), KR_ETUPLE(kr_int(1))));
	ck_assert_str_eq(kr_term_to_string(kr_car(op1)), "CustomOp");
	ck_assert_str_eq(kr_term_to_string(op1), "CustomOp{1}");
	/* car and cdr consed back give the op */
	kr_variable *r = eval(KR_ETUPLE(kr_cons(kr_car(op1), kr_cdr(op1)),
					vt(x), vt(y)));
	kr_op *back = kr_apply_op(kr_variable_owner(r));
	ck_assert(kr_op_equal(back, kr_term_op(op1)));
}
END_TEST

/*
 * test_etuples: applying an op to an etuple of arguments (cons of the op
 * onto it, then evaluation) and an etuple's evaluated object build the
 * node; an atomic op is applied the same way; etuplize gives the op first;
 * an op cannot be etuplized; applying an op of two outputs gives a node
 * with both.
 */
START_TEST(unify_etuples)
{
	kr_variable *x = vec("x"), *y = vec("y");
	kr_term *args = KR_ETUPLE(vt(x), vt(y));
	kr_term *applied = kr_cons(ot(kr_op_add()), args);
	ck_assert_int_eq(kr_term_kind(applied), KR_ETUPLE);
	kr_variable *res = eval(applied);
	ck_assert(kr_op_equal(op_at(res), kr_op_add()));
	ck_assert_uint_eq(kr_apply_ninputs(kr_variable_owner(res)), 2);
	ck_assert_ptr_eq(input_of(res, 0), x);
	ck_assert_ptr_eq(input_of(res, 1), y);
	kr_term *w = KR_ETUPLE(ot(kr_op_add()), vt(x), vt(y));
	res = eval(w);
	ck_assert(kr_op_equal(op_at(res), kr_op_add()));
	ck_assert_ptr_eq(input_of(res, 0), x);
	ck_assert_ptr_eq(input_of(res, 1), y);
	ck_assert_ptr_eq(kr_term_variable(kr_etuple_evaled(w)), res);
	kr_op *np = op_of(&no_props_desc, 1);
	ck_assert_ptr_eq(op_at(eval(kr_cons(ot(np), args))), np);
	kr_variable *q = CALL(np, x, y);
	kr_term *e = kr_etuplize(q);
	ck_assert_int_eq(kr_term_kind(e), KR_ETUPLE);
	ck_assert(kr_equal(kr_etuple_ref(e, 0), ot(np)));
	ck_assert(!kr_is_pair(ot(np)));
	kr_op *multi = kr_op_new(&multi_desc, NULL);
	kr_apply *node = kr_variable_owner(eval(kr_cons(ot(multi),
							KR_ETUPLE(vt(x)))));
	ck_assert_uint_eq(kr_apply_noutputs(node), 2);
	ck_assert_ptr_eq(op_at(kr_apply_output(node, 0)), multi);
	ck_assert_ptr_eq(op_at(kr_apply_output(node, 1)), multi);
}
END_TEST

static kr_variable *walked_var(kr_term *t, const kr_subst *s)
{
	return kr_term_variable(kr_walk(t, s));
}

static bool same_graph(kr_variable *a, kr_variable *b)
{
	bool same = false;
	ck_assert_int_eq(kr_is_same_graph(&same, a, b, 0, NULL, NULL), 0);
	return same;
}

/*
 * test_unify_Variable: a Variable unifies with itself; two distinct
 * inputs do not unify; an owned Variable unifies with an etuple pattern,
 * binding the op, and the reified pattern evaluates to the same
 * computation; two etuples unify; an etuple does not unify with an input;
 * a node of an atomic op unifies with (op a b).
 */
START_TEST(unify_variable)
{
	kr_variable *x = vec("x"), *y = vec("y");
	kr_variable *z = CALL(kr_op_add(), x, y);
	const kr_subst *s = kr_unify(vt(z), vt(z), kr_subst_empty());
	ck_assert_ptr_nonnull(s);
	ck_assert_uint_eq(kr_subst_size(s), 0);
	kr_variable *v1 = vec(NULL), *v2 = vec(NULL);
	ck_assert(!kr_equal(vt(v1), vt(v2)));
	ck_assert_ptr_null(kr_unify(vt(v1), vt(v2), kr_subst_empty()));

	kr_term *op_lv = kr_var_new("op");
	kr_term *pat = KR_ETUPLE(op_lv, vt(x), vt(y));
	s = kr_unify(vt(z), pat, kr_subst_empty());
	ck_assert_ptr_nonnull(s);
	ck_assert_ptr_nonnull(kr_subst_lookup(s, op_lv));
	ck_assert(kr_equal(kr_walk(op_lv, s), ot(kr_op_add())));
	kr_term *res = kr_walk_star(pat, s);
	ck_assert_int_eq(kr_term_kind(res), KR_ETUPLE);
	ck_assert(same_graph(eval(res), z));

	kr_term *z_et = KR_ETUPLE(ot(kr_op_add()), vt(x), vt(y));
	s = kr_unify(z_et, pat, kr_subst_empty());
	ck_assert_ptr_nonnull(s);
	ck_assert(kr_equal(kr_walk(op_lv, s), kr_etuple_ref(z_et, 0)));
	res = kr_walk_star(pat, s);
	ck_assert_int_eq(kr_term_kind(res), KR_ETUPLE);
	ck_assert(same_graph(eval(res), eval(z_et)));
	ck_assert_ptr_null(kr_unify(z_et, vt(x), kr_subst_empty()));

	kr_op *np = op_of(&no_props_desc, 1);
	kr_variable *q = CALL(np, x, y);
	kr_term *a = kr_var_new("a"), *b = kr_var_new("b");
	s = kr_unify(vt(q), KR_ETUPLE(ot(np), a, b), kr_subst_empty());
	ck_assert_ptr_nonnull(s);
	ck_assert_ptr_eq(walked_var(a, s), x);
	ck_assert_ptr_eq(walked_var(b, s), y);
}
END_TEST

/*
 * test_unify_Op: equal ops unify with no binding, with or without props
 * printing; an op without equality does not unify with another op (our
 * op atoms do not expand, so PyTensor's etuplize(op1) is op1 itself).
 */
START_TEST(unify_op)
{
	const kr_subst *s = kr_unify(ot(op_of(&custom_desc, 1)),
				     ot(op_of(&custom_desc, 1)),
				     kr_subst_empty());
	ck_assert_ptr_nonnull(s);
	ck_assert_uint_eq(kr_subst_size(s), 0);
	s = kr_unify(ot(op_of(&no_props_desc, 1)), ot(op_of(&no_props_desc, 1)),
		     kr_subst_empty());
	ck_assert_ptr_nonnull(s);
	ck_assert_uint_eq(kr_subst_size(s), 0);
	kr_op *neq = op_of(&no_eq_desc, 1);
	ck_assert_ptr_null(kr_unify(ot(neq), ot(op_of(&custom_desc, 1)),
				    kr_subst_empty()));
	ck_assert_ptr_null(kr_unify(ot(neq), ot(op_of(&no_eq_desc, 1)),
				    kr_subst_empty()));
	ck_assert_ptr_nonnull(kr_unify(ot(neq), ot(neq), kr_subst_empty()));
	/* etuplize(op1) against an equal op: no binding */
	kr_term *cls = kr_op_desc_term(&custom_desc);
	s = kr_unify(KR_ETUPLE(cls, kr_int(1)), ot(op_of(&custom_desc, 1)),
		     kr_subst_empty());
	ck_assert_ptr_nonnull(s);
	ck_assert_uint_eq(kr_subst_size(s), 0);
	/* a logic variable in a prop position binds to the prop */
	kr_term *a = kr_var_new("a");
	s = kr_unify(ot(op_of(&custom_desc, 7)), KR_ETUPLE(cls, a),
		     kr_subst_empty());
	ck_assert_ptr_nonnull(s);
	ck_assert(kr_equal(kr_walk(a, s), kr_int(7)));
	/* unequal props, another class, an atomic op: no unifier */
	ck_assert_ptr_null(kr_unify(ot(op_of(&custom_desc, 1)),
				    ot(op_of(&custom_desc, 2)),
				    kr_subst_empty()));
	ck_assert_ptr_null(kr_unify(KR_ETUPLE(kr_op_desc_term(&no_props_desc),
					      a),
				    ot(op_of(&custom_desc, 1)),
				    kr_subst_empty()));
	ck_assert_ptr_null(kr_unify(KR_ETUPLE(cls, a), ot(neq),
				    kr_subst_empty()));
}
END_TEST

/*
 * Evaluating (etuple (etuple CustomOp 2) x y) makes CustomOp(2) with the
 * descriptor's make hook, as applying `etuple(CustomOp, 2)` does in
 * PyTensor; a wrong number of props, a class without make and an
 * unbound prop are errors that name the term.
 */
START_TEST(eval_op_class)
{
	kr_variable *x = vec("x"), *y = vec("y");
	kr_term *cls = kr_op_desc_term(&custom_desc);
	kr_term *head = KR_ETUPLE(cls, kr_int(2));
	kr_variable *r = eval(KR_ETUPLE(head, vt(x), vt(y)));
	ck_assert(kr_op_equal(kr_apply_op(kr_variable_owner(r)),
			      op_of(&custom_desc, 2)));
	ck_assert_ptr_eq(kr_term_op(kr_etuple_evaled(head)),
			 kr_apply_op(kr_variable_owner(r)));
	kr_variable *v = NULL;
	ck_assert_int_eq(kr_term_eval(&v, KR_ETUPLE(KR_ETUPLE(cls), vt(x))),
			 KR_EINVALID);
	ck_assert_ptr_nonnull(strstr(kr_error_last()->message,
				     "CustomOp takes 1 prop value, got 0"));
	ck_assert_int_eq(
		kr_term_eval(&v, KR_ETUPLE(KR_ETUPLE(cls, kr_str("b")), vt(x))),
		KR_EINVALID);
	ck_assert_ptr_nonnull(strstr(kr_error_last()->message,
				     "prop a: not an int"));
	ck_assert_int_eq(
		kr_term_eval(&v, KR_ETUPLE(KR_ETUPLE(cls, kr_var_new("a")),
					   vt(x))),
		KR_EINVALID);
	ck_assert_ptr_nonnull(strstr(kr_error_last()->message,
				     "prop a is not ground"));
	ck_assert_int_eq(
		kr_term_eval(&v, KR_ETUPLE(KR_ETUPLE(kr_op_desc_term(
							     &no_props_desc),
						     kr_int(1)),
					   vt(x))),
		KR_EINVALID);
	ck_assert_ptr_nonnull(strstr(kr_error_last()->message,
				     "no make hook"));
	ck_assert_ptr_null(kr_op_prop(op_of(&custom_desc, 3), "b"));
	ck_assert(kr_equal(kr_op_prop(op_of(&custom_desc, 3), "a"),
			   kr_int(3)));
	ck_assert_ptr_null(kr_op_prop(op_of(&no_props_desc, 3), "a"));
}
END_TEST

/* test_unify_Constant: two constants holding [1, 2] unify. */
START_TEST(unify_constant)
{
	kr_variable *c[2];
	int64_t shape[1] = {2};
	for (int k = 0; k < 2; k++) {
		kr_value *v = kr_value_new(KR_INT64, 1, shape);
		kr_value_data(v)[0] = 1;
		kr_value_data(v)[1] = 2;
		ck_assert_int_eq(kr_constant_make(&c[k], kr_type_tensor(
							       KR_INT64, 1, shape),
						  v),
				 0);
	}
	ck_assert_ptr_ne(c[0], c[1]);
	const kr_subst *s = kr_unify(vt(c[0]), vt(c[1]), kr_subst_empty());
	ck_assert_ptr_nonnull(s);
	ck_assert_uint_eq(kr_subst_size(s), 0);
}
END_TEST

/* -------------------------------------------------------- test_utils.py */

/*
 * is_same_graph(a, b, givens) and (b, a, givens) are both `want`, and so
 * is the merge-based half alone (is_same_graph_with_merge), whose answer
 * is_same_graph returns once equal_computations agrees.
 */
static void check_same(kr_variable *a, kr_variable *b, size_t n,
		       kr_variable *const *olds, kr_variable *const *news,
		       bool want)
{
	for (int swap = 0; swap < 2; swap++) {
		kr_variable *p = swap ? b : a, *q = swap ? a : b;
		bool same = !want;
		ck_assert_int_eq(kr_is_same_graph(&same, p, q, n, olds, news),
				 0);
		ck_assert_msg(same == want,
			      "is_same_graph(%s, %s) with %zu givens",
			      kr_pprint(p), kr_pprint(q), n);
		same = !want;
		ck_assert_int_eq(kr_is_same_graph_with_merge(&same, p, q, n,
							     olds, news),
				 0);
		ck_assert_msg(same == want,
			      "is_same_graph_with_merge(%s, %s) with %zu "
			      "givens",
			      kr_pprint(p), kr_pprint(q), n);
	}
}

/* Without givens, then with old -> new. */
static void check_pair(kr_variable *a, kr_variable *b, bool want0,
		       kr_variable *old, kr_variable *new, bool want1)
{
	check_same(a, b, 0, NULL, NULL, want0);
	if (old)
		check_same(a, b, 1, &old, &new, want1);
}

static kr_variable *x, *y, *z, *t;

static void xyz(void)
{
	x = vec("x"), y = vec("y"), z = vec("z");
	t = CALL(kr_op_mul(), x, y);
}

/* x * k, with k a new int8 constant (as PyTensor's `x * 2`). */
static kr_variable *times(kr_variable *v, int k)
{
	return CALL(kr_op_mul(), v,
		    kr_constant_new(k, kr_type_tensor(KR_INT8, 0, NULL)));
}

/* TestIsSameGraph.test_single_var */
START_TEST(same_graph_single_var)
{
	xyz();
	check_pair(x, x, true, NULL, NULL, false);
	check_pair(x, y, false, y, x, true);
	check_pair(x, CALL(kr_op_neg(), x), false, NULL, NULL, false);
	check_pair(x, CALL(kr_op_neg(), y), false, NULL, NULL, false);
}
END_TEST

/* TestIsSameGraph.test_full_graph */
START_TEST(same_graph_full_graph)
{
	xyz();
	check_pair(times(x, 2), times(x, 2), true, NULL, NULL, false);
	check_pair(times(x, 2), times(y, 2), false, y, x, true);
	check_pair(times(x, 2), times(y, 2), false, x, y, true);
	check_pair(times(x, 2), times(y, 3), false, y, x, false);
	check_pair(times(t, 2), times(z, 2), false, t, z, true);
	check_pair(times(t, 2), times(z, 2), false, z, t, true);
	check_pair(CALL(kr_op_mul(), x, CALL(kr_op_mul(), y, z)),
		   CALL(kr_op_mul(), CALL(kr_op_mul(), x, y), z), false, NULL,
		   NULL, false);
}
END_TEST

/* TestIsSameGraph.test_merge_only */
START_TEST(same_graph_merge_only)
{
	xyz();
	check_pair(x, t, false, t, x, true);
	check_pair(times(t, 2), times(x, 2), false, t, x, true);
	check_pair(CALL(kr_op_mul(), x, x), CALL(kr_op_mul(), x, y), false, y,
		   x, true);
	kr_variable *a = CALL(kr_op_add(), CALL(kr_op_mul(), x, x), z);
	kr_variable *b = CALL(kr_op_add(), CALL(kr_op_mul(), x, y), t);
	check_pair(a, b, false, y, x, false);
	check_same(a, b, 2, (kr_variable *[]){y, t}, (kr_variable *[]){x, z},
		   true);
}
END_TEST

/*
 * Beyond the PyTensor tests, is_same_graph's steps: the graphs are copied,
 * never changed; a given of another type cannot replace (TypeError), one
 * needing a variable outside both graphs is a missing input
 * (MissingInputError); a given named twice keeps its last replacement,
 * as dict(givens).
 */
START_TEST(same_graph_givens)
{
	xyz();
	kr_variable *a = times(x, 2), *b = times(y, 2);
	kr_apply *owner = kr_variable_owner(a);
	bool same = true;
	ck_assert_int_eq(kr_is_same_graph(&same, a, b, 1, &y, &x), 0);
	ck_assert(same);
	ck_assert_ptr_eq(kr_apply_input(owner, 0), x);
	ck_assert_ptr_eq(kr_variable_owner(b) ? kr_apply_input(
						      kr_variable_owner(b), 0)
					      : NULL,
			 y);
	kr_variable *m = mat("m");
	ck_assert_int_eq(kr_is_same_graph(&same, a, b, 1, &y, &m),
			 KR_EINVALID);
	ck_assert_int_eq(kr_is_same_graph_with_merge(&same, a, b, 1, &y, &m),
			 KR_EINVALID);
	kr_variable *w = vec("w");
	ck_assert_int_eq(kr_is_same_graph_with_merge(&same, a, b, 1, &y, &w),
			 KR_ENOTFOUND);
	same = true;
	ck_assert_int_eq(kr_is_same_graph(&same, a, b, 2,
					  (kr_variable *[]){y, y},
					  (kr_variable *[]){z, x}),
			 0);
	ck_assert(same);
	same = true;
	ck_assert_int_eq(kr_is_same_graph(&same, a, b, 2,
					  (kr_variable *[]){y, y},
					  (kr_variable *[]){x, z}),
			 KR_ENOTFOUND);
}
END_TEST

/*
 * get_clients_at_depth: a = exp(x), b = -a, c = a * b, outputs (c, b).
 * Depth 0 lists the node once per output; going down follows each
 * output's clients in order; Output clients lead nowhere; a node of two
 * outputs and a node reached twice are listed twice.
 */
START_TEST(utils_clients_at_depth)
{
	kr_variable *vx = vec("x");
	kr_variable *a = CALL(kr_op_exp(), vx), *b = CALL(kr_op_neg(), a);
	kr_variable *c = CALL(kr_op_mul(), a, b);
	kr_fgraph *fg;
	ck_assert_int_eq(kr_fgraph_new(&fg, 1, &vx, 2, (kr_variable *[]){c, b},
				       false),
			 0);
	kr_apply *na = kr_variable_owner(a), *nb = kr_variable_owner(b);
	kr_apply *nc = kr_variable_owner(c);
	kr_apply **res;
	size_t n;
	ck_assert_int_eq(kr_get_clients_at_depth(&res, &n, fg, na, 0), 0);
	ck_assert_uint_eq(n, 1);
	ck_assert_ptr_eq(res[0], na);
	ck_assert_int_eq(kr_get_clients_at_depth(&res, &n, fg, na, 1), 0);
	ck_assert_uint_eq(n, 2);
	ck_assert_ptr_eq(res[0], nb);
	ck_assert_ptr_eq(res[1], nc);
	ck_assert_int_eq(kr_get_clients_at_depth(&res, &n, fg, na, 2), 0);
	ck_assert_uint_eq(n, 1); /* b's clients: c, then its Output */
	ck_assert_ptr_eq(res[0], nc);
	ck_assert_int_eq(kr_get_clients_at_depth(&res, &n, fg, na, 3), 0);
	ck_assert_uint_eq(n, 0);
	ck_assert_int_eq(kr_get_clients_at_depth(&res, &n, fg, nc, -1), 0);
	ck_assert_uint_eq(n, 1);
	ck_assert_ptr_eq(res[0], nc);

	/* two outputs: twice at depth 0; both feed one node: twice below */
	kr_op *multi = kr_op_new(&multi_desc, NULL);
	kr_apply *mn;
	ck_assert_int_eq(kr_apply_make(&mn, multi, 1, &vx), 0);
	kr_variable *d = CALL(kr_op_add(), kr_apply_output(mn, 0),
			      kr_apply_output(mn, 1));
	ck_assert_int_eq(kr_fgraph_new(&fg, 1, &vx, 1, &d, false), 0);
	ck_assert_int_eq(kr_get_clients_at_depth(&res, &n, fg, mn, 0), 0);
	ck_assert_uint_eq(n, 2);
	ck_assert_ptr_eq(res[0], mn);
	ck_assert_ptr_eq(res[1], mn);
	ck_assert_int_eq(kr_get_clients_at_depth(&res, &n, fg, mn, 1), 0);
	ck_assert_uint_eq(n, 2);
	ck_assert_ptr_eq(res[0], kr_variable_owner(d));
	ck_assert_ptr_eq(res[1], kr_variable_owner(d));

	/* a node outside the graph: its clients are unknown (KeyError) */
	kr_variable *e = CALL(kr_op_exp(), vx);
	ck_assert_int_eq(kr_get_clients_at_depth(&res, &n, fg,
						 kr_variable_owner(e), 1),
			 KR_ENOTFOUND);
	ck_assert_int_eq(kr_get_clients_at_depth(&res, &n, fg,
						 kr_variable_owner(e), 0),
			 0);
	ck_assert_uint_eq(n, 1);
}
END_TEST

/* The custom rewrite of test_rewrite_graph: x replaced by y. */
static int replace_x_by_y(kr_fgraph *fg, void *data)
{
	kr_variable *const *xy = data;
	return kr_fgraph_replace_ex(fg, xy[0], xy[1], "custom_rewrite",
				    KR_IMPORT_MISSING);
}

/*
 * test_rewrite_graph: rewrite_graph (canonicalize, then the custom
 * rewrite) of a Variable returns the rewritten output, of a
 * FunctionGraph rewrites it; also without the query and on a list.
 */
START_TEST(utils_rewrite_graph)
{
	kr_variable *xy[2] = {vec("x"), vec("y")}, *out = NULL;
	kr_graph_rewriter *rw = kr_graph_rewriter_from_fn("custom_rewrite",
							  replace_x_by_y, xy);
	kr_rewrite_graph_opts o = KR_REWRITE_GRAPH_OPTS_INIT;
	o.custom_rewrite = rw;
	ck_assert_int_eq(kr_rewrite_graph_query(&out, xy[0], &o), 0);
	ck_assert_ptr_eq(out, xy[1]);
	kr_fgraph *fg;
	ck_assert_int_eq(kr_fgraph_new(&fg, 0, NULL, 1, &xy[0], false), 0);
	ck_assert_int_eq(kr_rewrite_fgraph_query(fg, &o), 0);
	ck_assert_ptr_eq(kr_fgraph_output(fg, 0), xy[1]);
	out = NULL;
	ck_assert_int_eq(kr_rewrite_graph(&out, xy[0], rw, false), 0);
	ck_assert_ptr_eq(out, xy[1]);
	kr_variable *outs[2] = {NULL, NULL};
	ck_assert_int_eq(kr_rewrite_graphs(outs, 2,
					   (kr_variable *[]){xy[0], xy[0]}, rw,
					   false),
			 0);
	ck_assert_ptr_eq(outs[0], xy[1]);
	ck_assert_ptr_eq(outs[1], xy[1]);
}
END_TEST

/* ----------------------------------------------------------- test_db.py */

static int noop_apply(kr_graph_rewriter *self, kr_fgraph *fg, kr_profile **p)
{
	(void)self, (void)fg, (void)p;
	return 0;
}

static const kr_graph_rewriter_class test_rewriter_class = {
	.name = "TestRewriter", .apply = noop_apply};

static const kr_graph_rewriter_class new_test_rewriter_class = {
	.name = "NewTestRewriter", .apply = noop_apply};

static kr_graph_rewriter *test_rewriter(void)
{
	return kr_graph_rewriter_new(&test_rewriter_class, "blah", NULL);
}

static int reg(kr_rewrite_db *db, const char *name, kr_graph_rewriter *rw,
	       const char *const *tags, const kr_db_register_opts *o)
{
	return kr_db_register(db, name, rw, NULL, NULL, tags, o);
}

static void assert_message(const char *prefix)
{
	const char *msg = kr_error_last()->message;
	ck_assert_msg(!strncmp(msg, prefix, strlen(prefix)),
		      "'%s' does not start with '%s'", msg, prefix);
}

static kr_rewrite_db_query *parse1(const char *text)
{
	kr_rewrite_db_query *q = NULL;
	ck_assert_int_eq(kr_db_query_parse(&q, 1, (const char *[]){text}), 0);
	return q;
}

/*
 * TestDB.test_register (both versions): names are taken, a name may not
 * be a tag nor a tag a name, a registration needs a rewriter; after an
 * overwrite the old entry's tags still collide.
 */
START_TEST(db_register)
{
	kr_rewrite_db *db = kr_sequence_db_new();
	ck_assert_int_eq(reg(db, "a", test_rewriter(), NULL, NULL), 0);
	ck_assert_int_eq(reg(db, "b", test_rewriter(), NULL, NULL), 0);
	ck_assert_int_eq(reg(db, "c", test_rewriter(), KR_TAGS("z", "asdf"),
			     NULL), 0);
	ck_assert(kr_db_contains(db, "a"));
	ck_assert(kr_db_contains(db, "b"));
	ck_assert(kr_db_contains(db, "c"));
	kr_graph_rewriter *bleh = kr_graph_rewriter_new(
		&new_test_rewriter_class, "bleh", NULL);
	ck_assert_int_eq(reg(db, "c", bleh, NULL, NULL), KR_EEXISTS);
	assert_message("The tag");
	ck_assert_int_eq(reg(db, "z", test_rewriter(), NULL, NULL), KR_EEXISTS);
	assert_message("The tag");
	ck_assert_int_eq(reg(db, "u", test_rewriter(), KR_TAGS("b"), NULL),
			 KR_EEXISTS);
	assert_message("The tag");
	ck_assert_int_eq(kr_db_register(db, "d", NULL, NULL, NULL, NULL, NULL),
			 KR_EINVALID);
	ck_assert(strstr(kr_error_last()->message, " is not a valid"));
	ck_assert(!kr_db_contains(db, "d") && !kr_db_contains(db, "u"));
	kr_db_register_opts o = KR_DB_REGISTER_OPTS_INIT;
	o.overwrite_existing = true;
	ck_assert_int_eq(reg(db, "c", bleh, NULL, &o), 0);
	ck_assert_str_eq(kr_graph_rewriter_name(bleh), "c");
	ck_assert_int_eq(reg(db, "z", test_rewriter(), NULL, NULL), KR_EEXISTS);
	assert_message("The tag");
	ck_assert_int_eq(reg(db, "u", test_rewriter(), KR_TAGS("b"), NULL),
			 KR_EEXISTS);
	assert_message("The tag");
}
END_TEST

/* A graph rewriter counting its runs in the int it is given. */
static int count_run(kr_fgraph *fg, void *data)
{
	(void)fg;
	++*(int *)data;
	return 0;
}

static void run_query(kr_rewrite_db *db, const char *query, kr_fgraph *fg)
{
	kr_db_result r;
	ck_assert_int_eq(kr_db_query(&r, db, parse1(query)), 0);
	ck_assert_ptr_nonnull(r.graph);
	ck_assert_int_eq(kr_graph_rewriter_rewrite(r.graph, fg, NULL), 0);
}

/*
 * TestDB.test_overwrite_existing (and test_overwrite): overwriting an
 * entry replaces it in the queries, and only with overwrite_existing.
 */
START_TEST(db_overwrite_existing)
{
	kr_rewrite_db *db = kr_sequence_db_new();
	kr_fgraph *fg;
	ck_assert_int_eq(kr_fgraph_new(&fg, 0, NULL, 0, NULL, false), 0);
	int counter[2] = {0, 0};
	kr_graph_rewriter *one = kr_graph_rewriter_from_fn("TestOverwrite1",
							   count_run,
							   &counter[0]);
	kr_graph_rewriter *two = kr_graph_rewriter_from_fn("TestOverwrite2",
							   count_run,
							   &counter[1]);
	ck_assert_int_eq(reg(db, "a", test_rewriter(), KR_TAGS("basic"), NULL),
			 0);
	run_query(db, "+basic", fg);
	ck_assert(counter[0] == 0 && counter[1] == 0);
	ck_assert_int_eq(reg(db, "a", one, KR_TAGS("basic"), NULL), KR_EEXISTS);
	assert_message("The tag");
	run_query(db, "+basic", fg);
	ck_assert(counter[0] == 0 && counter[1] == 0);
	kr_db_register_opts o = KR_DB_REGISTER_OPTS_INIT;
	o.overwrite_existing = true;
	ck_assert_int_eq(reg(db, "a", one, KR_TAGS("basic"), &o), 0);
	run_query(db, "+basic", fg);
	ck_assert(counter[0] == 1 && counter[1] == 0);
	ck_assert_int_eq(reg(db, "a", two, KR_TAGS("basic"), &o), 0);
	run_query(db, "+basic", fg);
	ck_assert(counter[0] == 1 && counter[1] == 1);
	run_query(db, "+a", fg); /* test_overwrite: db["a"] */
	ck_assert(counter[0] == 1 && counter[1] == 2);
	ck_assert_uint_eq(kr_db_size(db), 1);
}
END_TEST

/* TestDB.test_EquilibriumDB: final_rewriter and cleanup together. */
START_TEST(db_equilibrium)
{
	kr_rewrite_db *eq = kr_equilibrium_db_new(8, true, false);
	kr_db_register_opts o = KR_DB_REGISTER_OPTS_INIT;
	o.final_rewriter = o.cleanup = true;
	ck_assert_int_eq(reg(eq, "d", test_rewriter(), NULL, &o), KR_EINVALID);
	ck_assert_str_eq(kr_error_last()->message,
			 "`final_rewriter` and `cleanup` cannot both be true.");
	ck_assert(!kr_db_contains(eq, "d"));
}
END_TEST

/*
 * TestDB.test_SequenceDB: a query of an empty SequenceDB is an empty
 * SequentialGraphRewriter; print_summary lists names and positions; a
 * position must be a number.
 */
START_TEST(db_sequence)
{
	kr_rewrite_db *db = kr_sequence_db_new();
	kr_db_result r;
	ck_assert_int_eq(kr_db_query(&r, db, parse1("+a")), 0);
	ck_assert_ptr_nonnull(r.graph);
	ck_assert_str_eq(kr_graph_rewriter_class_name(r.graph),
			 "SequentialGraphRewriter");
	const char **names;
	size_t n = 99;
	ck_assert_int_eq(kr_db_query_names(&names, &n, db, parse1("+a")), 0);
	ck_assert_uint_eq(n, 0);
	kr_db_register_opts o = KR_DB_REGISTER_OPTS_INIT;
	o.position_last = false;
	o.position = 1;
	ck_assert_int_eq(reg(db, "b", test_rewriter(), NULL, &o), 0);
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	ck_assert_int_eq(kr_db_print_summary(f, db), 0);
	fclose(f);
	ck_assert_msg(!strncmp(text, "SequenceDB (id ", 15), "%s", text);
	ck_assert_msg(strstr(text, "names {'b'}\n"), "%s", text);
	ck_assert_msg(strstr(text, "position [('b', 1)]\n"), "%s", text);
	free(text);
	o.position = NAN;
	ck_assert_int_eq(reg(db, "c", test_rewriter(), NULL, &o), KR_EINVALID);
	assert_message("`position` must be");
	ck_assert(!kr_db_contains(db, "c"));
}
END_TEST

/* TestDB.test_LocalGroupDB: a position is recorded, and must be a number. */
START_TEST(db_local_group)
{
	kr_rewrite_db *lg = kr_local_group_db_new();
	kr_db_register_opts o = KR_DB_REGISTER_OPTS_INIT;
	o.position_last = false;
	o.position = 1;
	ck_assert_int_eq(reg(lg, "a", test_rewriter(), NULL, &o), 0);
	double pos = -1;
	ck_assert_int_eq(kr_db_position(&pos, lg, "a"), 0);
	ck_assert(pos == 1.0);
	o.position = NAN;
	ck_assert_int_eq(reg(lg, "b", test_rewriter(), NULL, &o), KR_EINVALID);
	assert_message("`position` must be");
	ck_assert_int_eq(kr_db_position(&pos, lg, "b"), KR_ENOTFOUND);
}
END_TEST

/*
 * test_op.py's test_call_name: a name given at the call names the one
 * output, or the outputs of a two-output op `name_0` and `name_1`; no
 * name leaves the outputs unnamed, and a failed call names nothing.
 */
START_TEST(op_call_name)
{
	kr_variable *in = vec("x"), *r;
	ck_assert_int_eq(kr_op_call_named(&r, kr_op_exp(), 1, &in, "test_name"),
			 0);
	ck_assert_str_eq(kr_variable_name(r), "test_name");
	ck_assert_int_eq(kr_op_call_named(&r, kr_op_exp(), 1, &in, NULL), 0);
	ck_assert_ptr_null(kr_variable_name(r));
	kr_op *multi = kr_op_new(&multi_desc, NULL);
	ck_assert_int_eq(kr_op_call_named(&r, multi, 1, &in, "test_name"), 0);
	kr_apply *node = kr_variable_owner(r);
	ck_assert_uint_eq(kr_apply_noutputs(node), 2);
	ck_assert_str_eq(kr_variable_name(kr_apply_output(node, 0)),
			 "test_name_0");
	ck_assert_str_eq(kr_variable_name(kr_apply_output(node, 1)),
			 "test_name_1");
	kr_variable *two[2] = {in, in}, *before = r;
	ck_assert_int_eq(kr_op_call_named(&r, kr_op_exp(), 2, two, "bad"),
			 KR_EINVALID);
	ck_assert_ptr_eq(r, before);
}
END_TEST

Suite *corpus_graph_suite(void)
{
	Suite *s = suite_create("corpus_graph");
	TCase *tc = tcase_create("kanren");
	tcase_add_test(tc, kanren_basic);
	tcase_add_test(tc, kanren_sub_filters);
	tcase_add_test(tc, kanren_sub_multiout);
	tcase_add_test(tc, kanren_sub_dot);
	tcase_add_test(tc, kanren_sub_op_props);
	suite_add_tcase(s, tc);
	tc = tcase_create("unify");
	tcase_add_test(tc, unify_cons);
	tcase_add_test(tc, unify_etuples);
	tcase_add_test(tc, unify_variable);
	tcase_add_test(tc, unify_op);
	tcase_add_test(tc, eval_op_class);
	tcase_add_test(tc, unify_constant);
	tcase_add_test(tc, op_call_name);
	suite_add_tcase(s, tc);
	tc = tcase_create("utils");
	tcase_add_test(tc, same_graph_single_var);
	tcase_add_test(tc, same_graph_full_graph);
	tcase_add_test(tc, same_graph_merge_only);
	tcase_add_test(tc, same_graph_givens);
	tcase_add_test(tc, utils_clients_at_depth);
	tcase_add_test(tc, utils_rewrite_graph);
	suite_add_tcase(s, tc);
	tc = tcase_create("db");
	tcase_add_test(tc, db_register);
	tcase_add_test(tc, db_overwrite_existing);
	tcase_add_test(tc, db_equilibrium);
	tcase_add_test(tc, db_sequence);
	tcase_add_test(tc, db_local_group);
	suite_add_tcase(s, tc);
	return s;
}
