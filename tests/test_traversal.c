/* test_traversal.c -- tests of the plain-graph walks, sorts, replacements. */
/* See the LICENSE file for copying conditions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "suites.h"

/*
 * The cases of PyTensor's tests/graph/test_basic.py and test_replace.py
 * use MyOp, a variadic op of MyVariables; here `my` is a variadic op on
 * float64 scalars and `two` an op of two outputs (max_and_argmax there).
 */
static int my_infer(const kr_type **out, const kr_op *op, size_t nin,
		    const kr_type *const *in)
{
	(void)op, (void)nin, (void)in;
	*out = kr_type_scalar(KR_FLOAT64);
	return 0;
}

static int two_infer(const kr_type **out, const kr_op *op, size_t nin,
		     const kr_type *const *in)
{
	(void)op, (void)nin, (void)in;
	out[0] = kr_type_scalar(KR_FLOAT64);
	out[1] = kr_type_scalar(KR_INT64);
	return 0;
}

static const kr_op_desc my_desc = {
	.name = "MyOp", .min_inputs = 0, .max_inputs = -1, .infer = my_infer};
static const kr_op_desc two_desc = {.name = "Two",
				    .min_inputs = 1,
				    .max_inputs = 1,
				    .nout = 2,
				    .infer_outputs = two_infer};

static kr_op *my(void) { return kr_op_new(&my_desc, NULL); }

static kr_variable *var(const char *name)
{
	return kr_variable_new(kr_type_scalar(KR_FLOAT64), name);
}

static kr_variable *apply_my(const char *name, size_t n, kr_variable **in)
{
	kr_variable *v = NULL;
	int rc = kr_op_call(&v, my(), n, in);
	ck_assert_msg(rc == 0, "%s", kr_error_last()->message);
	if (name)
		kr_variable_set_name(v, name);
	return v;
}

#define VS(...) ((kr_variable *[]){__VA_ARGS__})
#define NV(...) (sizeof(VS(__VA_ARGS__)) / sizeof(kr_variable *))
#define LIST(...) NV(__VA_ARGS__), VS(__VA_ARGS__)
#define MY(name, ...) apply_my((name), LIST(__VA_ARGS__))

static kr_apply *two(kr_variable *x)
{
	kr_apply *node = NULL;
	ck_assert_int_eq(kr_apply_make(&node, kr_op_new(&two_desc, NULL), 1,
				       VS(x)),
			 0);
	return node;
}

static void expect_vars(kr_variable **got, size_t n, size_t m,
			kr_variable *const *want)
{
	ck_assert_msg(n == m, "got %zu variables, want %zu", n, m);
	for (size_t k = 0; k < n; k++)
		ck_assert_msg(got[k] == want[k], "item %zu is %s, want %s", k,
			      kr_variable_to_string(got[k]),
			      kr_variable_to_string(want[k]));
}

static void expect_nodes(kr_apply **got, size_t n, size_t m,
			 kr_apply *const *want)
{
	ck_assert_msg(n == m, "got %zu nodes, want %zu", n, m);
	for (size_t k = 0; k < n; k++)
		ck_assert_msg(got[k] == want[k], "node %zu differs", k);
}

#define EXPECT_VARS(got, n, ...) expect_vars((got), (n), LIST(__VA_ARGS__))
#define NS(...) ((kr_apply *[]){__VA_ARGS__})
#define EXPECT_NODES(got, n, ...)                                             \
	expect_nodes((got), (n), sizeof(NS(__VA_ARGS__)) / sizeof(void *),   \
		     NS(__VA_ARGS__))

/* r1, r2, r3; o1 = MyOp(r1, r2); o2 = MyOp(r3, o1) (test_basic.py). */
typedef struct g3 {
	kr_variable *r1, *r2, *r3, *o1, *o2;
} g3;

static g3 graph3(void)
{
	g3 g = {var("r1"), var("r2"), var("r3"), NULL, NULL};
	g.o1 = MY("o1", g.r1, g.r2);
	g.o2 = MY("o2", g.r3, g.o1);
	return g;
}

/* ------------------------------------------------------------ ancestors */

START_TEST(test_ancestors)
{
	g3 g = graph3();
	size_t n;
	kr_variable **r = kr_ancestors(&n, LIST(g.o2), 0, NULL);
	EXPECT_VARS(r, n, g.o2, g.r3, g.o1, g.r1, g.r2);
	r = kr_ancestors(&n, LIST(g.o2), LIST(g.o1));
	EXPECT_VARS(r, n, g.o2, g.r3, g.o1);
	/* Several graphs: the last one is walked first. */
	r = kr_ancestors(&n, LIST(g.o1, g.r3), 0, NULL);
	EXPECT_VARS(r, n, g.r3, g.o1, g.r1, g.r2);
	r = kr_ancestors(&n, 0, NULL, 0, NULL);
	ck_assert(r != NULL && n == 0);
}
END_TEST

START_TEST(test_graph_inputs)
{
	g3 g = graph3();
	size_t n;
	kr_variable **r = kr_graph_inputs(&n, LIST(g.o2), 0, NULL);
	EXPECT_VARS(r, n, g.r3, g.r1, g.r2);
	/* A blocker with an owner stops the walk and is not listed. */
	r = kr_graph_inputs(&n, LIST(g.o2), LIST(g.o1));
	EXPECT_VARS(r, n, g.r3);
	/* Constants are ownerless: listed, as PyTensor's graph_inputs. */
	kr_variable *c = kr_constant_new(2.0, NULL);
	kr_variable *o = MY(NULL, g.r1, c, g.r1);
	r = kr_graph_inputs(&n, LIST(o), 0, NULL);
	EXPECT_VARS(r, n, g.r1, c);
}
END_TEST

START_TEST(test_vars_and_orphans)
{
	g3 g = graph3();
	size_t n;
	kr_variable **r = kr_vars_between(&n, LIST(g.r1, g.r2), LIST(g.o2));
	EXPECT_VARS(r, n, g.o2, g.o1, g.r3, g.r2, g.r1);
	r = kr_orphans_between(&n, LIST(g.r1, g.r2), LIST(g.o2));
	EXPECT_VARS(r, n, g.r3);
	/* The docstring's example: orphans_between([x], [x + y]) == [y]. */
	kr_variable *x = var("x"), *y = var("y");
	r = kr_orphans_between(&n, LIST(x), LIST(MY(NULL, x, y)));
	EXPECT_VARS(r, n, y);
	/* Stopping at an input that has an owner. */
	r = kr_vars_between(&n, LIST(g.o1), LIST(g.o2));
	EXPECT_VARS(r, n, g.o2, g.o1, g.r3);
}
END_TEST

START_TEST(test_applys_between)
{
	kr_variable *r1 = var("r1"), *r2 = var("r2"), *r3 = var("r3"),
		    *r4 = var("r4");
	kr_variable *o1 = MY("o1", r1, r2), *o2 = MY("o2", r3, r4);
	kr_variable *o3 = MY("o3", r3, o1, o2);
	size_t n;
	kr_apply **r = kr_applys_between(&n, LIST(r1, r2), LIST(o3));
	EXPECT_NODES(r, n, kr_variable_owner(o3), kr_variable_owner(o2),
		     kr_variable_owner(o1));
	/* The owner of an input is not listed. */
	r = kr_applys_between(&n, LIST(o1), LIST(o3));
	EXPECT_NODES(r, n, kr_variable_owner(o3), kr_variable_owner(o2));
}
END_TEST

START_TEST(test_multi_output)
{
	kr_variable *m = var("m");
	kr_apply *node = two(m);
	kr_variable *mx = kr_apply_output(node, 0), *am = kr_apply_output(node, 1);
	kr_variable *o = MY("o", mx);
	size_t n;
	/* vars_between lists the unused output too (outputs reversed first). */
	kr_variable **r = kr_vars_between(&n, 0, NULL, LIST(o));
	EXPECT_VARS(r, n, o, mx, am, m);
	kr_apply **a = kr_applys_between(&n, 0, NULL, LIST(o, am));
	EXPECT_NODES(a, n, kr_variable_owner(o), node);
	/* ancestors does not list the other output. */
	r = kr_ancestors(&n, LIST(o), 0, NULL);
	EXPECT_VARS(r, n, o, mx, m);
	ck_assert(!kr_variable_depends_on(o, LIST(am)));
	ck_assert(kr_variable_depends_on(o, LIST(mx)));
	/* equal_computations over two applications (max_and_argmax). */
	kr_apply *node2 = two(m);
	bool eq = false;
	ck_assert_int_eq(kr_equal_computations(&eq, LIST(mx, am),
					       LIST(kr_apply_output(node2, 0),
						    kr_apply_output(node2, 1)),
					       0, NULL, 0, NULL),
			 0);
	ck_assert(eq);
	ck_assert_int_eq(kr_equal_computations(&eq, LIST(mx),
					       LIST(kr_apply_output(node2, 1)),
					       0, NULL, 0, NULL),
			 0);
	ck_assert(!eq);
}
END_TEST

/*
 * apply_ancestors (PyTensor >= 2.34): right-recursive, so the last input
 * is entered first, unlike ancestors' 2.32 order above.
 */
START_TEST(test_apply_ancestors)
{
	g3 g = graph3();
	kr_apply *a1 = kr_variable_owner(g.o1), *a2 = kr_variable_owner(g.o2);
	size_t n;
	kr_apply **r = kr_apply_ancestors(&n, LIST(g.o2), 0, NULL);
	EXPECT_NODES(r, n, a2, a1);
	/* A blocker's owner is listed but not entered. */
	r = kr_apply_ancestors(&n, LIST(g.o2), LIST(g.o1));
	EXPECT_NODES(r, n, a2, a1);
	r = kr_apply_ancestors(&n, LIST(g.o2), LIST(g.o2));
	EXPECT_NODES(r, n, a2);
	/* o = MyOp(e, m), e = MyOp(m), m = MyOp(x, y): m before e. */
	kr_variable *x = var("x"), *y = var("y");
	kr_variable *m = MY("m", x, y), *e = MY("e", m), *o = MY("o", e, m);
	kr_apply *am = kr_variable_owner(m), *ae = kr_variable_owner(e);
	r = kr_apply_ancestors(&n, LIST(o), 0, NULL);
	EXPECT_NODES(r, n, kr_variable_owner(o), am, ae);
	/* Several graphs: the last one is walked first. */
	r = kr_apply_ancestors(&n, LIST(e, g.o1), 0, NULL);
	EXPECT_NODES(r, n, a1, ae, am);
	/* A node of two outputs is listed once. */
	kr_apply *t = two(x);
	kr_variable *u = MY("u", kr_apply_output(t, 1), kr_apply_output(t, 0));
	r = kr_apply_ancestors(&n, LIST(u), 0, NULL);
	EXPECT_NODES(r, n, kr_variable_owner(u), t);
	r = kr_apply_ancestors(&n, LIST(x), 0, NULL);
	ck_assert(r != NULL && n == 0);
}
END_TEST

/*
 * The tree size counts a shared node at each use, saturating: a chain of
 * 200 doublings is 2^200 - 1 nodes as a tree, counted in 200 steps.
 */
START_TEST(test_graph_tree_size)
{
	kr_variable *x = var("x"), *y = var("y");
	kr_variable *m = MY("m", x, y), *o = MY("o", m, m, x);
	ck_assert_uint_eq(kr_graph_tree_size(LIST(o), SIZE_MAX), 3);
	ck_assert_uint_eq(kr_graph_tree_size(LIST(o, m, x), SIZE_MAX), 4);
	ck_assert_uint_eq(kr_graph_tree_size(LIST(x), SIZE_MAX), 0);
	ck_assert_uint_eq(kr_graph_tree_size(LIST(o), 2), 2);
	kr_apply *t = two(x);
	kr_variable *u = MY("u", kr_apply_output(t, 1), kr_apply_output(t, 0));
	ck_assert_uint_eq(kr_graph_tree_size(LIST(u), SIZE_MAX), 3);
	kr_variable *d = x;
	for (int i = 0; i < 200; i++)
		d = MY(NULL, d, d);
	ck_assert_uint_eq(kr_graph_tree_size(LIST(d), 1000000), 1000000);
	ck_assert_uint_eq(kr_graph_tree_size(LIST(d), SIZE_MAX), SIZE_MAX - 1);
	d = x;
	for (int i = 0; i < 20; i++)
		d = MY(NULL, d, d);
	ck_assert_uint_eq(kr_graph_tree_size(LIST(d, d), SIZE_MAX),
			  2 * ((1u << 20) - 1));
}
END_TEST

/* get_var_by_name: every variable of that name, in the walk's order. */
START_TEST(test_get_var_by_name)
{
	g3 g = graph3();
	size_t n;
	kr_variable **r = kr_get_var_by_name(&n, LIST(g.o2), "r1");
	EXPECT_VARS(r, n, g.r1);
	/* Two variables named o1: the other is an input of o2's owner. */
	kr_variable *twin = var("o1");
	kr_variable *top = MY("top", g.o2, twin);
	r = kr_get_var_by_name(&n, LIST(top), "o1");
	EXPECT_VARS(r, n, twin, g.o1);
	r = kr_get_var_by_name(&n, LIST(g.o1, top), "o1");
	EXPECT_VARS(r, n, twin, g.o1);
	r = kr_get_var_by_name(&n, LIST(g.o2), "none");
	ck_assert(r != NULL && n == 0);
}
END_TEST

/* ------------------------------------------------------- depends on */

START_TEST(test_apply_depends_on)
{
	kr_variable *r1 = var("r1"), *r2 = var("r2"), *r3 = var("r3");
	kr_variable *o1 = MY("o1", r1, r2), *o2 = MY("o2", r1, o1);
	kr_variable *o3 = MY("o3", r3, o1, o2);
	kr_apply *a1 = kr_variable_owner(o1), *a2 = kr_variable_owner(o2),
		 *a3 = kr_variable_owner(o3);
	ck_assert(kr_apply_depends_on(a2, 1, NS(a1)));
	ck_assert(kr_apply_depends_on(a2, 1, NS(a2)));
	ck_assert(kr_apply_depends_on(a3, 2, NS(a1, a2)));
	ck_assert(!kr_apply_depends_on(a1, 2, NS(a2, a3)));
	ck_assert(!kr_apply_depends_on(a1, 0, NULL));
}
END_TEST

START_TEST(test_variable_depends_on)
{
	kr_variable *x = var("x"), *y = var("y");
	kr_variable *x2 = MY("x2", x), *y2 = MY("y2", y);
	kr_variable *o = MY(NULL, x2, y);
	ck_assert(kr_variable_depends_on(o, LIST(x)));
	ck_assert(!kr_variable_depends_on(o, LIST(y2)));
	ck_assert(kr_variable_depends_on(o, LIST(y2, x)));
	ck_assert(!kr_variable_depends_on(y, LIST(y2)));
	ck_assert(kr_variable_depends_on(y, LIST(y)));
}
END_TEST

/* ------------------------------------------------------------ toposort */

START_TEST(test_io_toposort)
{
	kr_variable *r1 = var("r1"), *r2 = var("r2"), *r4 = var("r4"),
		    *r5 = var("r5");
	kr_variable *o = MY("o1", r1, r2), *o2 = MY("o2", o, r5);
	kr_apply **r;
	size_t n;
	ck_assert_int_eq(kr_io_toposort(&r, &n, LIST(r5), LIST(o2)), 0);
	EXPECT_NODES(r, n, kr_variable_owner(o), kr_variable_owner(o2));
	/* Inputs with owners: nothing above them is sorted. */
	kr_variable *r2b = MY(NULL, r1, r1);
	kr_variable *p = MY(NULL, r2b, r2b);
	ck_assert_int_eq(kr_io_toposort(&r, &n, LIST(r2b), LIST(p)), 0);
	EXPECT_NODES(r, n, kr_variable_owner(p));
	p = MY(NULL, r2b, r5);
	ck_assert_int_eq(kr_io_toposort(&r, &n, LIST(r2b), LIST(p)), 0);
	EXPECT_NODES(r, n, kr_variable_owner(p));
	/* Not connected: the first output's node first. */
	kr_variable *a = MY(NULL, r1, r2), *b = MY(NULL, r4, r5);
	ck_assert_int_eq(kr_io_toposort(&r, &n, LIST(r1, r2, r4, r5),
					LIST(a, b)),
			 0);
	EXPECT_NODES(r, n, kr_variable_owner(a), kr_variable_owner(b));
	/* Inputs and outputs mixed in a chain. */
	kr_variable *c1 = MY(NULL, a, r1);
	ck_assert_int_eq(kr_io_toposort(&r, &n, LIST(r1, a), LIST(a, c1)), 0);
	EXPECT_NODES(r, n, kr_variable_owner(c1));
	/* Outputs with clients. */
	(void)MY(NULL, a, r4);
	ck_assert_int_eq(kr_io_toposort(&r, &n, 0, NULL, LIST(a)), 0);
	EXPECT_NODES(r, n, kr_variable_owner(a));
}
END_TEST

/* The rightmost subtree first, as in the rewrite cases' toposort_ops. */
START_TEST(test_io_toposort_order)
{
	kr_variable *x = var("x"), *y = var("y"), *z = var("z");
	kr_variable *m1 = MY("m1", y, x), *d1 = MY("d1", m1, y);
	kr_variable *d2 = MY("d2", z, x), *m2 = MY("m2", d1, d2);
	kr_variable *out = MY("out", z, m2);
	kr_apply **r;
	size_t n;
	ck_assert_int_eq(kr_io_toposort(&r, &n, 0, NULL, LIST(out)), 0);
	EXPECT_NODES(r, n, kr_variable_owner(d2), kr_variable_owner(m1),
		     kr_variable_owner(d1), kr_variable_owner(m2),
		     kr_variable_owner(out));
}
END_TEST

/* Agreement with kr_fgraph_toposort on random graphs (same algorithm). */
START_TEST(test_io_toposort_matches_fgraph)
{
	srand(7);
	for (int round = 0; round < 20; round++) {
		kr_variable *pool[64];
		size_t np = 4;
		for (size_t k = 0; k < np; k++)
			pool[k] = var(NULL);
		while (np < 64) {
			size_t nin = 1 + (size_t)rand() % 3;
			kr_variable *in[3];
			for (size_t i = 0; i < nin; i++)
				in[i] = pool[(size_t)rand() % np];
			pool[np++] = apply_my(NULL, nin, in);
		}
		kr_variable *outs[3] = {pool[63], pool[40 + rand() % 20],
					pool[10 + rand() % 20]};
		kr_fgraph *fg;
		ck_assert_int_eq(kr_fgraph_new(&fg, 0, NULL, 3, outs, false), 0);
		kr_apply **want, **got;
		size_t nw, ng;
		ck_assert_int_eq(kr_fgraph_toposort(&want, &nw, fg), 0);
		ck_assert_int_eq(kr_io_toposort(&got, &ng, 4, pool, 3, outs), 0);
		expect_nodes(got, ng, nw, want);
		ck_assert_int_eq(kr_fgraph_check_integrity(fg), 0);
	}
}
END_TEST

START_TEST(test_cycle)
{
	kr_variable *x = var("x");
	kr_variable *a = MY("a", x), *b = MY("b", a);
	kr_fgraph *fg;
	ck_assert_int_eq(kr_fgraph_new(&fg, LIST(x), LIST(b), false), 0);
	int rc = kr_fgraph_change_node_input(fg, kr_variable_owner(a), 0, b,
					     "test");
	if (rc < 0)
		ck_abort_msg("no cycle: %s", kr_error_last()->message);
	kr_apply **r;
	size_t n;
	ck_assert_int_eq(kr_io_toposort(&r, &n, 0, NULL, LIST(b)), KR_EINVALID);
	ck_assert(strstr(kr_error_last()->message, "cycle") != NULL);
	kr_variable **out;
	ck_assert_int_eq(kr_clone_replace(&out, LIST(b), 0, NULL, NULL),
			 KR_EINVALID);
	/* The walks that stop at seen variables still end. */
	kr_variable **anc = kr_ancestors(&n, LIST(b), 0, NULL);
	EXPECT_VARS(anc, n, b, a);
	ck_assert(!kr_variable_depends_on(b, LIST(x)));
}
END_TEST

/* ------------------------------------------------- truncated inputs */

START_TEST(test_truncated_basic)
{
	kr_variable *x = var("x"), *y = var("y"), *z = var("z");
	kr_variable *x2 = MY("x2", x), *y2 = MY("y2", y, x2);
	kr_variable *o = MY(NULL, y2), *o2 = MY(NULL, o);
	size_t n;
	kr_variable **r = kr_truncated_graph_inputs(&n, LIST(o), 0, NULL);
	EXPECT_VARS(r, n, o);
	r = kr_truncated_graph_inputs(&n, LIST(o2), LIST(y2));
	EXPECT_VARS(r, n, y2);
	r = kr_truncated_graph_inputs(&n, LIST(o), LIST(y2, o));
	EXPECT_VARS(r, n, o, y2);
	r = kr_truncated_graph_inputs(&n, LIST(o2), LIST(y2, o));
	EXPECT_VARS(r, n, o, y2);
	r = kr_truncated_graph_inputs(&n, LIST(o), LIST(y));
	EXPECT_VARS(r, n, x2, y);
	r = kr_truncated_graph_inputs(&n, LIST(o2), LIST(y2, z));
	EXPECT_VARS(r, n, y2);
	r = kr_truncated_graph_inputs(&n, LIST(o2, z), LIST(y2));
	EXPECT_VARS(r, n, z, y2);
	/* Without ancestors to include: the outputs without repeats. */
	r = kr_truncated_graph_inputs(&n, LIST(o, z, o), 0, NULL);
	EXPECT_VARS(r, n, o, z);
}
END_TEST

START_TEST(test_truncated_repeated)
{
	kr_variable *x = var("x"), *y = var("y");
	kr_variable *t1 = MY("t1", x, y), *t2 = MY("t2", x, y);
	kr_variable *o = MY("o", t1, t1, t2, t2);
	size_t n;
	kr_variable **r = kr_truncated_graph_inputs(&n, LIST(o), LIST(t1));
	EXPECT_VARS(r, n, t2, t1);
	kr_variable *t = MY("t", x, y);
	kr_variable *o1 = MY("o1", t, t, x, x);
	r = kr_truncated_graph_inputs(&n, LIST(o1), LIST(t));
	EXPECT_VARS(r, n, x, t);
	kr_variable *o2 = MY("o2", x, x, t, t);
	r = kr_truncated_graph_inputs(&n, LIST(o2), LIST(t));
	EXPECT_VARS(r, n, t, x);
}
END_TEST

/*
 * PyTensor's quirk: a regular variable visited earlier is a blocker, so
 * h(m) after m counts as dependent and only m is returned.
 */
START_TEST(test_truncated_visited_blocker)
{
	kr_variable *m = var("m"), *c = var("c");
	kr_variable *h = MY("h", m);
	size_t n;
	kr_variable **r = kr_truncated_graph_inputs(&n, LIST(h, m), LIST(c));
	EXPECT_VARS(r, n, m);
	r = kr_truncated_graph_inputs(&n, LIST(m, h), LIST(c));
	EXPECT_VARS(r, n, h, m);
	/* A shared independent part below two outputs, then a key. */
	kr_variable *s = MY("s", m, m);
	kr_variable *a = MY("a", s), *b = MY("b", s, c);
	r = kr_truncated_graph_inputs(&n, LIST(a, b), LIST(c));
	EXPECT_VARS(r, n, c, s);
}
END_TEST

/* ------------------------------------------------------ replacements */

START_TEST(test_clone_replace_basic)
{
	kr_variable *x = var("x"), *y = var("y"), *y2 = var("y2");
	kr_variable *z = kr_constant_new(0.25, NULL);
	kr_variable *f1 = MY("f1", z, MY(NULL, MY(NULL, x, y)));
	kr_variable **out;
	size_t n;
	/* No replacement: a copy over the same inputs. */
	ck_assert_int_eq(kr_clone_replace(&out, LIST(f1), 0, NULL, NULL), 0);
	ck_assert(out[0] != f1 && kr_variable_owner(out[0]) != kr_variable_owner(f1));
	ck_assert_str_eq(kr_variable_name(out[0]), "f1");
	kr_variable **ins = kr_graph_inputs(&n, LIST(out[0]), 0, NULL);
	EXPECT_VARS(ins, n, z, x, y);
	bool eq = false;
	ck_assert_int_eq(kr_equal_computations(&eq, LIST(out[0]), LIST(f1),
					       0, NULL, 0, NULL),
			 0);
	ck_assert(eq);
	/* y -> y2. */
	ck_assert_int_eq(kr_clone_replace(&out, LIST(f1), LIST(y), VS(y2)),
			 0);
	ins = kr_graph_inputs(&n, LIST(out[0]), 0, NULL);
	EXPECT_VARS(ins, n, z, x, y2);
	ins = kr_graph_inputs(&n, LIST(f1), 0, NULL);
	EXPECT_VARS(ins, n, z, x, y); /* the original is unchanged */
	/* A type that cannot replace. */
	kr_variable *iv = kr_variable_new(kr_type_scalar(KR_INT64), "i");
	ck_assert_int_eq(kr_clone_replace(&out, LIST(f1), LIST(y), VS(iv)),
			 KR_EINVALID);
}
END_TEST

/* out = op(a, b), built with the op's type inference */
static kr_variable *bin(kr_op *op, kr_variable *a, kr_variable *b)
{
	kr_apply *node;
	ck_assert_int_eq(kr_apply_make(&node, op, 2, VS(a, b)), 0);
	return kr_apply_output(node, 0);
}

/* z * (x + y) ** 2 + 5, PyTensor's f1 of TestCloneReplace */
static kr_variable *f1_of(kr_variable *z, kr_variable *x, kr_variable *y)
{
	kr_variable *two = kr_constant_new(2, NULL);
	kr_variable *five = kr_constant_new(5, NULL);
	return bin(kr_op_add(),
		   bin(kr_op_mul(), z, bin(kr_op_pow(),
					   bin(kr_op_add(), x, y), two)),
		   five);
}

static bool among(kr_variable *v, size_t n, kr_variable **vs)
{
	for (size_t i = 0; i < n; i++)
		if (vs[i] == v)
			return true;
	return false;
}

/*
 * TestCloneReplace.test_cloning_*: rebuild_strict and copy_inputs_over,
 * with and without replacing y; y2 of another dtype needs
 * rebuild_strict false, and the result's dtype follows it.
 */
START_TEST(test_clone_replace_rebuild_options)
{
	const kr_type *fvec = kr_type_tensor(KR_FLOAT32, 1, (int64_t[]){-1});
	const kr_type *dvec = kr_type_tensor(KR_FLOAT64, 1, (int64_t[]){-1});
	for (int k = 0; k < 6; k++) {
		bool replace = k >= 2, loose = k == 3 || k == 5;
		bool copy_over = k % 2 == 0;
		kr_variable *x = kr_variable_new(dvec, "x");
		kr_variable *y = kr_variable_new(loose ? fvec : dvec, "y");
		kr_variable *y2 = kr_variable_new(dvec, "y2");
		kr_variable *z = kr_variable_new(kr_type_scalar(KR_FLOAT64),
						 "z");
		kr_variable *f1 = f1_of(z, x, y);
		kr_rebuild_opts o = {.rebuild_strict = !loose,
				     .copy_inputs_over = copy_over};
		kr_variable **f2;
		ck_assert_int_eq(kr_clone_replace_opts(&f2, 1, &f1,
						       replace ? 1 : 0, VS(y),
						       VS(y2), &o),
				 0);
		size_t n;
		kr_variable **ins = kr_graph_inputs(&n, 1, f2, 0, NULL);
		ck_assert_msg(among(z, n, ins) == copy_over, "case %d", k);
		ck_assert_msg(among(x, n, ins) == copy_over, "case %d", k);
		ck_assert(!among(y, n, ins) || !replace);
		if (replace)
			ck_assert_msg(among(y2, n, ins) == copy_over,
				      "case %d", k);
		else
			ck_assert(among(y, n, ins) == copy_over);
		/* copies of the inputs keep their names and types */
		size_t named = 0;
		for (size_t i = 0; i < n; i++)
			named += kr_variable_name(ins[i]) != NULL;
		ck_assert_uint_ge(named, 3);
		ck_assert_str_eq(kr_type_to_string(kr_variable_type(f2[0])),
				 kr_type_to_string(kr_variable_type(f1)));
		if (loose) /* float32 + float64 was float64 already */
			ck_assert(kr_type_equal(kr_variable_type(f2[0]), dvec));
	}
	/* Strict rebuild refuses an fvector -> dvector replacement. */
	kr_variable *fy = kr_variable_new(fvec, "y");
	kr_variable *f1 = bin(kr_op_mul(),
			      kr_variable_new(kr_type_scalar(KR_FLOAT32), "z"),
			      bin(kr_op_add(), kr_variable_new(fvec, "x"), fy));
	ck_assert(kr_type_equal(kr_variable_type(f1), fvec));
	kr_variable **f2;
	kr_variable *dy = kr_variable_new(dvec, "y2");
	ck_assert_int_eq(kr_clone_replace(&f2, 1, &f1, 1, &fy, &dy),
			 KR_EINVALID);
	/* Not strict: the nodes above y are made anew, now float64. */
	kr_rebuild_opts loose = {false, true};
	ck_assert_int_eq(kr_clone_replace_opts(&f2, 1, &f1, 1, &fy, &dy,
					       &loose),
			 0);
	ck_assert(kr_type_equal(kr_variable_type(f2[0]), dvec));
	/* One copy per input, shared by the value's graph and the rest. */
	kr_variable *a = kr_variable_new(dvec, "a");
	kr_variable *b = kr_variable_new(dvec, "b");
	kr_variable *ab = bin(kr_op_add(), a, b);
	kr_variable *ba = bin(kr_op_mul(), b, ab);
	kr_rebuild_opts copy = {true, false};
	ck_assert_int_eq(kr_clone_replace_opts(&f2, 1, &ba, 1, &a,
					       VS(bin(kr_op_add(), b, b)),
					       &copy),
			 0);
	size_t n;
	kr_variable **ins = kr_graph_inputs(&n, 1, f2, 0, NULL);
	ck_assert_uint_eq(n, 1);
	ck_assert(ins[0] != b);
	ck_assert_str_eq(kr_variable_name(ins[0]), "b");
}
END_TEST

/* {x: x + d}: the x inside the replacement is not replaced again. */
START_TEST(test_clone_replace_self_reference)
{
	kr_variable *x = var("x");
	kr_variable *d = kr_constant_new(0.1, NULL);
	kr_variable *y = MY("y", MY(NULL, x, kr_constant_new(1.0, NULL)));
	kr_variable *xd = MY("xd", x, d);
	kr_variable **out;
	ck_assert_int_eq(kr_clone_replace(&out, LIST(y), LIST(x), VS(xd)), 0);
	kr_apply *top = kr_variable_owner(out[0]);
	kr_variable *inner = kr_apply_input(top, 0);
	kr_variable *rep = kr_apply_input(kr_variable_owner(inner), 0);
	ck_assert(rep != xd && kr_variable_owner(rep) != kr_variable_owner(xd));
	ck_assert(kr_apply_input(kr_variable_owner(rep), 0) == x);
	ck_assert(kr_apply_input(kr_variable_owner(rep), 1) == d);
	bool eq = false;
	kr_variable *want = MY(NULL, MY(NULL, MY(NULL, x, d),
					kr_constant_new(1.0, NULL)));
	ck_assert_int_eq(kr_equal_computations(&eq, LIST(out[0]), LIST(want),
					       0, NULL, 0, NULL),
			 0);
	ck_assert(eq);
	/* Simultaneous: {a: b, b: c} maps a to b, not to c. */
	kr_variable *a = var("a"), *b = var("b"), *c = var("c");
	kr_variable *ab = MY("ab", a, b);
	ck_assert_int_eq(kr_clone_replace(&out, LIST(ab), LIST(a, b),
					  VS(b, c)),
			 0);
	ck_assert(kr_apply_input(kr_variable_owner(out[0]), 0) == b);
	ck_assert(kr_apply_input(kr_variable_owner(out[0]), 1) == c);
	/* An output that is a key gives the value's copy; shared subgraph. */
	kr_variable *s = MY("s", a);
	kr_variable *u = MY("u", s, s);
	ck_assert_int_eq(kr_clone_replace(&out, LIST(u, a), LIST(a), VS(s)),
			 0);
	kr_apply *un = kr_variable_owner(out[0]);
	ck_assert(kr_apply_input(un, 0) == kr_apply_input(un, 1));
	kr_variable *s2 = kr_apply_input(un, 0);
	kr_variable *sa = kr_apply_input(kr_variable_owner(s2), 0);
	ck_assert(sa != s && kr_apply_input(kr_variable_owner(sa), 0) == a);
	ck_assert(out[1] != s && kr_variable_owner(out[1]) != NULL);
}
END_TEST

START_TEST(test_graph_replace)
{
	kr_variable *x = var("x"), *y = var("y"), *z = var("z"), *w = var("w");
	(void)MY("zop", z);
	kr_variable *x2 = MY("x2", x, w), *y2 = MY("y2", y);
	kr_variable **out;
	ck_assert_int_eq(kr_graph_replace(&out, LIST(x2), LIST(x), VS(y2),
					  true),
			 0);
	ck_assert(kr_apply_input(kr_variable_owner(out[0]), 0) == y2);
	ck_assert(kr_apply_input(kr_variable_owner(out[0]), 1) == w);
	ck_assert(out[0] != x2);
	/* Replace an output itself. */
	ck_assert_int_eq(kr_graph_replace(&out, LIST(x2), LIST(x2), VS(y2),
					  true),
			 0);
	ck_assert(out[0] == y2);
	/* Nested keys: the outer one wins. */
	kr_variable *o = MY("o", x2, y2);
	kr_variable *new_x = var("x_new"), *new_y2 = var("y2_new");
	ck_assert_int_eq(kr_graph_replace(&out, LIST(o), LIST(x, y2),
					  VS(new_x, new_y2), true),
			 0);
	kr_apply *on = kr_variable_owner(out[0]);
	ck_assert(kr_apply_input(on, 1) == new_y2);
	ck_assert(kr_apply_input(kr_variable_owner(kr_apply_input(on, 0)), 0) ==
		  new_x);
	ck_assert(kr_apply_input(kr_variable_owner(kr_apply_input(on, 0)), 1) ==
		  w);
	ck_assert_int_eq(kr_graph_replace(&out, LIST(o), LIST(y2, y),
					  VS(new_y2, z), true),
			 0);
	ck_assert(kr_apply_input(kr_variable_owner(out[0]), 1) == new_y2);
	/* Unchanged parts are shared: x2 does not depend on y2. */
	ck_assert(kr_apply_input(kr_variable_owner(out[0]), 0) == x2);
}
END_TEST

START_TEST(test_graph_replace_advanced)
{
	kr_variable *x = var("x"), *y = var("y"), *z = var("z"), *w = var("w");
	kr_variable *z2 = MY("zop", z);
	kr_variable *x2 = MY("x2", x, w), *y2 = MY("y2", y);
	kr_variable *o = MY("o", x2, y2);
	kr_variable *new_x = var("x_new"), *new_y2 = var("y2_new");
	kr_variable *new_y21 = MY("ny2op", new_y2);
	kr_variable **oc, **oc2, **oc3;
	ck_assert_int_eq(kr_graph_replace(&oc, LIST(o), LIST(x, y2),
					  VS(new_x, new_y21), true),
			 0);
	ck_assert_int_eq(kr_graph_replace(&oc2, 1, oc, LIST(new_y2), VS(z2),
					  true),
			 0);
	kr_apply *n2 = kr_variable_owner(oc2[0]);
	kr_variable *in1 = kr_apply_input(n2, 1), *in0 = kr_apply_input(n2, 0);
	ck_assert(kr_apply_input(kr_variable_owner(in1), 0) == z2);
	ck_assert(kr_apply_input(kr_variable_owner(in0), 0) == new_x);
	ck_assert(kr_apply_input(kr_variable_owner(in0), 1) == w);
	kr_variable *new_z = var("z_new");
	ck_assert_int_eq(kr_graph_replace(&oc3, 1, oc2, LIST(z), VS(new_z),
					  true),
			 0);
	kr_apply *n3 = kr_variable_owner(oc3[0]);
	in1 = kr_apply_input(n3, 1);
	kr_variable *zz = kr_apply_input(kr_variable_owner(in1), 0);
	ck_assert(zz != z2);
	ck_assert(kr_apply_input(kr_variable_owner(zz), 0) == new_z);
	in0 = kr_apply_input(n3, 0);
	ck_assert(kr_apply_input(kr_variable_owner(in0), 0) == new_x);
	ck_assert(kr_apply_input(kr_variable_owner(in0), 1) == w);
}
END_TEST

START_TEST(test_graph_replace_disconnected)
{
	kr_variable *x = var("x");
	kr_variable *fake = MY("fake", x), *o = MY("o", x);
	kr_variable *xc = var("x");
	kr_variable **oc;
	ck_assert_int_eq(kr_graph_replace(&oc, LIST(o), LIST(fake), VS(xc),
					  false),
			 0);
	ck_assert(oc[0] == o);
	ck_assert_int_eq(kr_graph_replace(&oc, LIST(o), LIST(fake), VS(xc),
					  true),
			 KR_EINVALID);
	ck_assert(strstr(kr_error_last()->message,
			 "Some replacements were not used") != NULL ||
		  strstr(kr_error_last()->message,
			 "some replacements were not used") != NULL);
	/* {x: f(x)}: the value keeps the original x. */
	kr_variable *fx = MY("fx", x);
	ck_assert_int_eq(kr_graph_replace(&oc, LIST(o), LIST(x), VS(fx),
					  true),
			 0);
	ck_assert(kr_apply_input(kr_variable_owner(oc[0]), 0) == fx);
	ck_assert(kr_apply_input(kr_variable_owner(fx), 0) == x);
}
END_TEST

/* ------------------------------------------------ equal computations */

static kr_variable *un(kr_op *op, kr_variable *a)
{
	kr_apply *node;
	ck_assert_int_eq(kr_apply_make(&node, op, 1, VS(a)), 0);
	return kr_apply_output(node, 0);
}

static kr_variable *vec_of(const char *name, int64_t len)
{
	return kr_variable_new(kr_type_tensor(KR_FLOAT64, 1, &len), name);
}

/*
 * A value less specific than its key: graph_replace replaces through
 * fg.replace, which filters the value through the key's type (one
 * SpecifyShape, shared by the clients; an output that is a key becomes
 * it too); clone_replace rebuilds each client with the strict
 * clone_with_new_inputs, which filters per input (one SpecifyShape per
 * client; an output that is a key is the value itself). Lengths in
 * conflict fail graph_replace (change_node_input refuses them) but not
 * clone_replace (the node is made anew on the value's type); another
 * dtype or ndim fails both.
 */
START_TEST(test_replace_less_specific)
{
	kr_variable *x = vec_of("x", 2), *y = vec_of("y", -1);
	kr_variable *o = bin(kr_op_add(), un(kr_op_exp(), x),
			     un(kr_op_log(), x));
	kr_variable **out;
	ck_assert_int_eq(kr_graph_replace(&out, LIST(o, x), LIST(x), VS(y),
					  true),
			 0);
	ck_assert_str_eq(kr_graph_repr(2, out),
			 "Add(Exp(*1 -> SpecifyShape(y, 2)), Log(*1)), *1");
	ck_assert_str_eq(kr_type_to_string(kr_variable_type(out[0])),
			 "Vector(float64, shape=(2,))");
	ck_assert_int_eq(kr_clone_replace(&out, LIST(o, x), LIST(x), VS(y)),
			 0);
	ck_assert_str_eq(kr_graph_repr(2, out),
			 "Add(Exp(SpecifyShape(y, 2)), Log(SpecifyShape(y, "
			 "2))), y");
	ck_assert_str_eq(kr_type_to_string(kr_variable_type(out[0])),
			 "Vector(float64, shape=(2,))");
	/* lengths in conflict */
	kr_variable *z = vec_of("z", 3);
	ck_assert_int_eq(kr_graph_replace(&out, LIST(o), LIST(x), VS(z),
					  true),
			 KR_EINVALID);
	ck_assert_int_eq(kr_clone_replace(&out, LIST(o), LIST(x), VS(z)), 0);
	ck_assert_str_eq(kr_type_to_string(kr_variable_type(out[0])),
			 "Vector(float64, shape=(3,))");
	/* another dtype, another ndim */
	kr_variable *i = kr_variable_new(kr_type_tensor(KR_INT64, 1, NULL),
					 "i");
	ck_assert_int_eq(kr_graph_replace(&out, LIST(o), LIST(x), VS(i),
					  true),
			 KR_EINVALID);
	ck_assert_int_eq(kr_clone_replace(&out, LIST(o), LIST(x), VS(i)),
			 KR_EINVALID);
	kr_variable *m = kr_variable_new(kr_type_matrix(), "m");
	ck_assert_int_eq(kr_clone_replace(&out, LIST(o), LIST(x), VS(m)),
			 KR_EINVALID);
}
END_TEST

START_TEST(test_equal_computations)
{
	const kr_type *i64 = kr_type_scalar(KR_INT64);
	kr_variable *a = kr_variable_new(i64, "a"), *b = kr_variable_new(i64, "b");
	bool eq = true;
	ck_assert_int_eq(kr_equal_computations(&eq, LIST(a), LIST(a, b), 0,
					       NULL, 0, NULL),
			 KR_EINVALID);
	ck_assert_int_eq(kr_equal_computations(&eq, LIST(a), LIST(a), 0, NULL,
					       0, NULL),
			 0);
	ck_assert(eq);
	kr_variable *c1 = kr_constant_new(1, i64), *c1b = kr_constant_new(1, i64);
	ck_assert_int_eq(kr_equal_computations(&eq, LIST(c1), LIST(c1b), 0,
					       NULL, 0, NULL),
			 0);
	ck_assert(eq);
	ck_assert_int_eq(kr_equal_computations(&eq, LIST(b), LIST(a), 0, NULL,
					       0, NULL),
			 0);
	ck_assert(!eq);
	ck_assert_int_eq(kr_equal_computations(&eq, LIST(c1),
					       LIST(kr_constant_new(2, i64)), 0,
					       NULL, 0, NULL),
			 0);
	ck_assert(!eq);
	/* Equal values of different dtypes are different constants. */
	ck_assert_int_eq(kr_equal_computations(&eq, LIST(c1),
					       LIST(kr_constant_new(1, NULL)),
					       0, NULL, 0, NULL),
			 0);
	ck_assert(!eq);
}
END_TEST

START_TEST(test_equal_computations_mapped)
{
	kr_variable *x = var("x"), *y = var("y"), *u = var("u"), *v = var("v");
	kr_variable *gx = MY(NULL, MY(NULL, x, kr_constant_new(2.0, NULL)), y);
	kr_variable *gu = MY(NULL, MY(NULL, u, kr_constant_new(2.0, NULL)), v);
	bool eq = true;
	ck_assert_int_eq(kr_equal_computations(&eq, LIST(gx), LIST(gu), 0, NULL,
					       0, NULL),
			 0);
	ck_assert(!eq);
	ck_assert_int_eq(kr_equal_computations(&eq, LIST(gx), LIST(gu),
					       LIST(x, y), LIST(u, v)),
			 0);
	ck_assert(eq);
	/* Crossed mapping fails; a different constant fails. */
	ck_assert_int_eq(kr_equal_computations(&eq, LIST(gx), LIST(gu),
					       LIST(x, y), LIST(v, u)),
			 0);
	ck_assert(!eq);
	kr_variable *gu3 = MY(NULL, MY(NULL, u, kr_constant_new(3.0, NULL)), v);
	ck_assert_int_eq(kr_equal_computations(&eq, LIST(gx), LIST(gu3),
					       LIST(x, y), LIST(u, v)),
			 0);
	ck_assert(!eq);
	/* Unequal lengths of in_xs and in_ys: false. */
	ck_assert_int_eq(kr_equal_computations(&eq, LIST(gx), LIST(gu),
					       LIST(x, y), LIST(u)),
			 0);
	ck_assert(!eq);
	/* Mapped inputs at the top; a shared subgraph compared once. */
	ck_assert_int_eq(kr_equal_computations(&eq, LIST(x, gx), LIST(u, gu),
					       LIST(x, y), LIST(u, v)),
			 0);
	ck_assert(eq);
	kr_variable *sx = MY(NULL, x, x), *su = MY(NULL, u, u);
	ck_assert_int_eq(kr_equal_computations(&eq, LIST(MY(NULL, sx, sx)),
					       LIST(MY(NULL, su, su)), LIST(x),
					       LIST(u)),
			 0);
	ck_assert(eq);
	/* Different ops, or different arity, differ. */
	kr_variable *ex = NULL;
	ck_assert_int_eq(KR_OP_CALL(&ex, kr_op_exp(), x), 0);
	ck_assert_int_eq(kr_equal_computations(&eq, LIST(ex),
					       LIST(MY(NULL, u)), LIST(x),
					       LIST(u)),
			 0);
	ck_assert(!eq);
	ck_assert_int_eq(kr_equal_computations(&eq, LIST(MY(NULL, x)),
					       LIST(MY(NULL, u, u)), LIST(x),
					       LIST(u)),
			 0);
	ck_assert(!eq);
}
END_TEST

/* ---------------------------------------------------- deep graphs */

#define DEPTH 100000

START_TEST(test_deep_chain)
{
	kr_variable *x = var("x");
	kr_variable *v = x;
	for (int k = 0; k < DEPTH; k++)
		v = MY(NULL, v, kr_constant_new(1.0, NULL));
	size_t n;
	kr_variable **r = kr_ancestors(&n, LIST(v), 0, NULL);
	ck_assert_uint_eq(n, 2 * (size_t)DEPTH + 1);
	ck_assert(r[0] == v && r[n - 1] != x);
	r = kr_graph_inputs(&n, LIST(v), 0, NULL);
	ck_assert_uint_eq(n, (size_t)DEPTH + 1);
	ck_assert(r[0] == x);
	r = kr_vars_between(&n, LIST(x), LIST(v));
	ck_assert_uint_eq(n, 2 * (size_t)DEPTH + 1);
	kr_apply **a = kr_applys_between(&n, LIST(x), LIST(v));
	ck_assert_uint_eq(n, DEPTH);
	ck_assert_int_eq(kr_io_toposort(&a, &n, 0, NULL, LIST(v)), 0);
	ck_assert_uint_eq(n, DEPTH);
	ck_assert(kr_apply_input(a[0], 0) == x && a[n - 1] == kr_variable_owner(v));
	ck_assert(kr_variable_depends_on(v, LIST(x)));
	ck_assert(kr_apply_depends_on(kr_variable_owner(v), 1, NS(a[0])));
	/* The constants do not depend on x: each is a truncated input. */
	r = kr_truncated_graph_inputs(&n, LIST(v), LIST(x));
	ck_assert_uint_eq(n, (size_t)DEPTH + 1);
	ck_assert(r[n - 1] == x && kr_variable_is_constant(r[0]));
	kr_variable *y = var("y");
	kr_variable **c, **g;
	ck_assert_int_eq(kr_clone_replace(&c, LIST(v), LIST(x), VS(y)), 0);
	ck_assert_int_eq(kr_graph_replace(&g, LIST(v), LIST(x), VS(y), true),
			 0);
	bool eq = false;
	ck_assert_int_eq(kr_equal_computations(&eq, LIST(c[0]), LIST(g[0]), 0,
					       NULL, 0, NULL),
			 0);
	ck_assert(eq);
	ck_assert_int_eq(kr_equal_computations(&eq, LIST(v), LIST(g[0]),
					       LIST(x), LIST(y)),
			 0);
	ck_assert(eq);
	ck_assert_int_eq(kr_equal_computations(&eq, LIST(v), LIST(g[0]), 0,
					       NULL, 0, NULL),
			 0);
	ck_assert(!eq);
}
END_TEST

/* ------------------------------------------------------- generic walks */

#define OBJS(...) ((void *[]){__VA_ARGS__})
#define NO(...) (sizeof(OBJS(__VA_ARGS__)) / sizeof(void *))
#define OLIST(...) NO(__VA_ARGS__), OBJS(__VA_ARGS__)

static void expect_objs(void **got, size_t n, size_t m, void *const *want)
{
	ck_assert_msg(n == m, "got %zu objects, want %zu", n, m);
	for (size_t k = 0; k < n; k++)
		ck_assert_msg(got[k] == want[k], "object %zu differs", k);
}

#define EXPECT_OBJS(got, n, ...) expect_objs((got), (n), OLIST(__VA_ARGS__))

/* The inputs of a node as a new array of objects. */
static void **inputs_of(const kr_apply *node, size_t *n)
{
	*n = kr_apply_ninputs(node);
	void **in = kr_alloc((*n ? *n : 1) * sizeof *in);
	for (size_t i = 0; i < *n; i++)
		in[i] = kr_apply_input(node, i);
	return in;
}

/* test_walk's expand: a variable's owner's inputs, None without owner. */
static int owner_inputs(void ***children, size_t *n, void *node, void *ud)
{
	(void)ud;
	kr_apply *owner = kr_variable_owner(node);
	*children = owner ? inputs_of(owner, n) : NULL;
	return 0;
}

/* test_walk */
START_TEST(test_walk)
{
	g3 g = graph3();
	void **r;
	size_t n;
	ck_assert_int_eq(kr_graph_walk(&r, &n, OLIST(g.o2), owner_inputs,
				       NULL, NULL),
			 0);
	EXPECT_OBJS(r, n, g.o2, g.r3, g.o1, g.r1, g.r2);
	kr_graph_walk_opts dfs = {.bfs = false};
	ck_assert_int_eq(kr_graph_walk(&r, &n, OLIST(g.o2), owner_inputs,
				       NULL, &dfs),
			 0);
	EXPECT_OBJS(r, n, g.o2, g.o1, g.r2, g.r1, g.r3);
	kr_graph_walk_entry *e;
	ck_assert_int_eq(kr_graph_walk_children(&e, &n, OLIST(g.o2),
						owner_inputs, NULL, NULL),
			 0);
	ck_assert_uint_eq(n, 5);
	void *want[] = {g.o2, g.r3, g.o1, g.r1, g.r2};
	for (size_t k = 0; k < n; k++) {
		ck_assert(e[k].node == want[k]);
		if (k == 0 || k == 2)
			continue;
		ck_assert(e[k].items == NULL && e[k].n == 0); /* None */
	}
	expect_objs(e[0].items, e[0].n, OLIST(g.r3, g.o1));
	expect_objs(e[2].items, e[2].n, OLIST(g.r1, g.r2));
	/* A seed met twice is met once; no seed, no walk. */
	ck_assert_int_eq(kr_graph_walk(&r, &n, OLIST(g.o1, g.r1, g.o1),
				       owner_inputs, NULL, NULL),
			 0);
	EXPECT_OBJS(r, n, g.o1, g.r1, g.r2);
	ck_assert_int_eq(kr_graph_walk(&r, &n, 0, NULL, owner_inputs, NULL,
				       NULL),
			 0);
	ck_assert_uint_eq(n, 0);
}
END_TEST

/* hash_fn: r2 has r1's key, so it is not met after r1. */
static const void *r2_is_r1(const void *node, void *ud)
{
	const g3 *g = ud;
	return node == g->r2 ? (const void *)g->r1 : node;
}

static int owner_inputs_ud(void ***children, size_t *n, void *node, void *ud)
{
	return owner_inputs(children, n, node, ud);
}

static int fail_at_o1(void ***children, size_t *n, void *node, void *ud)
{
	const g3 *g = ud;
	if (node == g->o1)
		return kr_error_set(KR_EINVALID, "expand refused %s",
				    kr_variable_name(node));
	return owner_inputs(children, n, node, ud);
}

START_TEST(test_walk_key_and_lazy)
{
	g3 g = graph3();
	void **r;
	size_t n;
	kr_graph_walk_opts opts = {.bfs = true, .key = r2_is_r1};
	ck_assert_int_eq(kr_graph_walk(&r, &n, OLIST(g.o2), owner_inputs_ud,
				       &g, &opts),
			 0);
	EXPECT_OBJS(r, n, g.o2, g.r3, g.o1, g.r1);
	/* Lazy: one step at a time, then KR_EOF. */
	kr_graph_walker *w = kr_graph_walk_start(OLIST(g.o2), owner_inputs,
						 NULL, NULL);
	kr_graph_walk_entry e;
	ck_assert_int_eq(kr_graph_walk_next(&e, w), 0);
	ck_assert(e.node == g.o2 && e.n == 2);
	ck_assert_int_eq(kr_graph_walk_next(&e, w), 0);
	ck_assert(e.node == g.r3 && e.items == NULL);
	for (int k = 0; k < 3; k++)
		ck_assert_int_eq(kr_graph_walk_next(&e, w), 0);
	ck_assert(e.node == g.r2);
	ck_assert_int_eq(kr_graph_walk_next(&e, w), KR_EOF);
	ck_assert_int_eq(kr_graph_walk_next(&e, w), KR_EOF);
	/* expand's error stops the walk and is returned. */
	ck_assert_int_eq(kr_graph_walk(&r, &n, OLIST(g.o2), fail_at_o1, &g,
				       NULL),
			 KR_EINVALID);
	ck_assert_str_eq(kr_error_last()->message, "expand refused o1");
	w = kr_graph_walk_start(OLIST(g.o2), fail_at_o1, &g, NULL);
	ck_assert_int_eq(kr_graph_walk_next(&e, w), 0);
	ck_assert_int_eq(kr_graph_walk_next(&e, w), 0);
	ck_assert_int_eq(kr_graph_walk_next(&e, w), KR_EINVALID);
	ck_assert_int_eq(kr_graph_walk_next(&e, w), KR_EOF);
}
END_TEST

/*
 * An expand that runs other walks on the same graph while the outer walk
 * is under way: a nested generic walk, an epoch walk and a sort.
 */
static int nesting_expand(void ***children, size_t *n, void *node, void *ud)
{
	size_t *calls = ud;
	void **inner;
	size_t ninner, nanc, ntopo;
	int rc = kr_graph_walk(&inner, &ninner, 1, &node, owner_inputs, NULL,
			       NULL);
	ck_assert_int_eq(rc, 0);
	kr_variable **anc = kr_ancestors(&nanc, 1, (kr_variable **)&node, 0,
					 NULL);
	ck_assert_uint_eq(nanc, ninner);
	kr_apply **topo;
	rc = kr_io_toposort(&topo, &ntopo, 0, NULL, 1, (kr_variable **)&node);
	ck_assert_int_eq(rc, 0);
	(void)anc;
	(*calls)++;
	return owner_inputs(children, n, node, NULL);
}

START_TEST(test_walk_nested)
{
	g3 g = graph3();
	void **r;
	size_t n, calls = 0;
	kr_graph_walk_opts dfs = {.bfs = false};
	ck_assert_int_eq(kr_graph_walk(&r, &n, OLIST(g.o2), nesting_expand,
				       &calls, &dfs),
			 0);
	EXPECT_OBJS(r, n, g.o2, g.o1, g.r2, g.r1, g.r3);
	ck_assert_uint_eq(calls, 5);
}
END_TEST

/* ------------------------------------------------- general toposort */

/*
 * test_basic.py's prenode: a variable depends on its owner, a node on its
 * inputs. A `void *` does not tell which it is: ud lists the nodes.
 */
typedef struct known {
	size_t n;
	kr_apply *nodes[8];
	void *cyc_from, *cyc_to; /* an extra dependency (the cycle case) */
} known;

static bool is_node(const known *k, const void *obj)
{
	for (size_t i = 0; i < k->n; i++)
		if (k->nodes[i] == obj)
			return true;
	return false;
}

static int prenode(void ***deps, size_t *n, void *obj, void *ud)
{
	const known *k = ud;
	if (is_node(k, obj)) {
		*deps = inputs_of(obj, n);
		return 0;
	}
	kr_apply *owner = kr_variable_owner(obj);
	*deps = NULL;
	*n = 0;
	if (obj == k->cyc_from) { /* circular_dependency: [o2, *prenode(o)] */
		*deps = kr_alloc(2 * sizeof **deps);
		(*deps)[(*n)++] = k->cyc_to;
	}
	if (owner) {
		if (!*deps)
			*deps = kr_alloc(sizeof **deps);
		(*deps)[(*n)++] = owner;
	}
	return 0;
}

static void expect_entry(const kr_graph_walk_entry *e, void *node, size_t m,
			 void *const *want)
{
	ck_assert(e->node == node);
	expect_objs(e->items, e->n, m, want);
}

/* TestToposort.test_simple (2.32: clients; 2.34: the cycle case) */
START_TEST(test_general_toposort_simple)
{
	kr_variable *r1 = var("r1"), *r2 = var("r2"), *r5 = var("r5");
	kr_variable *o = MY("o1", r1, r2);
	kr_variable *o2 = MY("o2", o, r5);
	kr_apply *on = kr_variable_owner(o), *o2n = kr_variable_owner(o2);
	known k = {2, {on, o2n}, NULL, NULL};
	void **res;
	size_t n, nc;
	kr_graph_walk_entry *cl;
	ck_assert_int_eq(kr_general_toposort(&res, &n, &cl, &nc, OLIST(o2),
					     prenode, &k),
			 0);
	EXPECT_OBJS(res, n, r5, r2, r1, on, o, o2n, o2);
	ck_assert_uint_eq(nc, 6);
	expect_entry(&cl[0], o2n, OLIST(o2));
	expect_entry(&cl[1], o, OLIST(o2n));
	expect_entry(&cl[2], r5, OLIST(o2n));
	expect_entry(&cl[3], on, OLIST(o));
	expect_entry(&cl[4], r1, OLIST(on));
	expect_entry(&cl[5], r2, OLIST(on));
	/* circular_dependency: o also depends on o2. */
	k.cyc_from = o;
	k.cyc_to = o2;
	res = NULL;
	ck_assert_int_eq(kr_general_toposort(&res, &n, NULL, NULL, OLIST(o2),
					     prenode, &k),
			 KR_EINVALID);
	ck_assert_str_eq(kr_error_last()->message, "graph contains cycles");
	ck_assert(res == NULL);
	/*
	 * PyTensor's ValueError for compute_deps_cache without deps_cache has
	 * no counterpart: deps is always cached here.
	 */
	kr_apply **topo;
	ck_assert_int_eq(kr_io_toposort(&topo, &n, LIST(r5), LIST(o2)), 0);
	EXPECT_NODES(topo, n, on, o2n);
}
END_TEST

static int count_deps(void ***deps, size_t *n, void *obj, void *ud)
{
	known *k = ud;
	k->cyc_to = (char *)k->cyc_to + 1; /* calls */
	return prenode(deps, n, obj, k);
}

static int refuse_deps(void ***deps, size_t *n, void *obj, void *ud)
{
	(void)deps, (void)n, (void)obj, (void)ud;
	return kr_error_set(KR_ENOTFOUND, "no deps");
}

/* TestToposort.test_double_dependencies */
START_TEST(test_general_toposort_double)
{
	kr_variable *r1 = var("r1"), *r5 = var("r5");
	kr_variable *ov = MY(NULL, r1, r1);
	kr_apply *o = kr_variable_owner(ov);
	kr_variable *o2v = MY(NULL, ov, r5);
	kr_apply *o2 = kr_variable_owner(o2v);
	known k = {2, {o, o2}, NULL, NULL};
	void **all;
	size_t n, nc;
	kr_graph_walk_entry *cl;
	ck_assert_int_eq(kr_general_toposort(&all, &n, &cl, &nc, OLIST(o2v),
					     count_deps, &k),
			 0);
	EXPECT_OBJS(all, n, r5, r1, o, ov, o2, o2v);
	ck_assert(k.cyc_to == (char *)NULL + 6); /* deps once per object */
	ck_assert_uint_eq(nc, 5);
	expect_entry(&cl[4], r1, OLIST(o, o)); /* once per use */
	/* deps' error is returned. */
	ck_assert_int_eq(kr_general_toposort(&all, &n, NULL, NULL, OLIST(o2v),
					     refuse_deps, NULL),
			 KR_ENOTFOUND);
	/* No outputs: nothing. */
	ck_assert_int_eq(kr_general_toposort(&all, &n, &cl, &nc, 0, NULL,
					     prenode, &k),
			 0);
	ck_assert(n == 0 && nc == 0);
}
END_TEST

/* ------------------------------------------------------------ as_string */

/*
 * TestStr's formatters: a leaf prints as its MyType, R<thingy>, where a
 * leaf rN has thingy N and MyOp's output the sum of its inputs'; a node
 * as `MyOp(args)`.
 */
static int thingy(const kr_variable *v)
{
	kr_apply *owner = kr_variable_owner(v);
	if (!owner)
		return atoi(kr_variable_name(v) + 1);
	int sum = 0;
	for (size_t i = 0; i < kr_apply_ninputs(owner); i++)
		sum += thingy(kr_apply_input(owner, i));
	return sum;
}

static char *leaf_fmt(const kr_variable *v, void *ud)
{
	(void)ud;
	return kr_strfmt("R%d", thingy(v));
}

static char *node_fmt(const kr_apply *node, size_t nargs, char *const *args,
		      void *ud)
{
	(void)ud;
	char *s = kr_strfmt("%s(", kr_op_to_string(kr_apply_op(node)));
	for (size_t i = 0; i < nargs; i++)
		s = kr_strfmt("%s%s%s", s, i ? ", " : "", args[i]);
	return kr_strfmt("%s)", s);
}

static char *str1(size_t nins, kr_variable *const *ins, size_t nouts,
		  kr_variable *const *outs)
{
	ck_assert_uint_eq(nouts, 1);
	return kr_as_string(nins, ins, nouts, outs, leaf_fmt, node_fmt,
			    NULL)[0];
}

/* TestStr.test_as_string, test_as_string_deep, test_multiple_references */
START_TEST(test_as_string)
{
	kr_variable *r1 = var("r1"), *r2 = var("r2"), *r5 = var("r5");
	kr_variable *node = MY(NULL, r1, r2);
	ck_assert_str_eq(str1(LIST(r1, r2), LIST(node)), "MyOp(R1, R2)");
	kr_variable *node2 = MY(NULL, node, r5);
	ck_assert_str_eq(str1(LIST(r1, r2, r5), LIST(node2)),
			 "MyOp(MyOp(R1, R2), R5)");
	node2 = MY(NULL, node, node);
	ck_assert_str_eq(str1(LIST(r1, r2, r5), LIST(node2)),
			 "MyOp(*1 -> MyOp(R1, R2), *1)");
	/* Default formatters over the graph inputs: kr_graph_repr(). */
	size_t n;
	kr_variable **ins = kr_graph_inputs(&n, LIST(node2), 0, NULL);
	char **s = kr_as_string(n, ins, LIST(node2, node), NULL, NULL, NULL);
	ck_assert_str_eq(s[0], "MyOp(*1 -> MyOp(r1, r2), *1)");
	ck_assert_str_eq(s[1], "*1");
	ck_assert_str_eq(kr_graph_repr(LIST(node2, node)),
			 "MyOp(*1 -> MyOp(r1, r2), *1), *1");
	s = kr_as_string(0, NULL, 0, NULL, NULL, NULL, NULL);
	ck_assert(s != NULL);
}
END_TEST

/* TestStr.test_cutoff: the walk stops at explicit inputs with owners. */
START_TEST(test_as_string_cutoff)
{
	kr_variable *r1 = var("r1"), *r2 = var("r2");
	kr_variable *node = MY(NULL, r1, r2);
	kr_variable *node2 = MY(NULL, node, node);
	ck_assert_str_eq(str1(LIST(node), LIST(node2)), "MyOp(R3, R3)");
	kr_apply *n2 = kr_variable_owner(node2);
	kr_variable *const ins[] = {kr_apply_input(n2, 0),
				    kr_apply_input(n2, 1)};
	ck_assert_str_eq(str1(2, ins, LIST(node2)), "MyOp(R3, R3)");
	/* An output that is an input is a leaf. */
	ck_assert_str_eq(str1(LIST(node), LIST(node)), "R3");
}
END_TEST

/*
 * Sharing as PyTensor 2.32 counts it (graph.basic's as_string over its
 * applys_between): Two's node is met once per output, so the owner of
 * its input counts as used twice, where kr_graph_repr() counts it once.
 */
START_TEST(test_as_string_multi_output)
{
	kr_variable *x = var("x");
	kr_variable *g = MY(NULL, x);
	kr_apply *t = two(g);
	kr_variable *t0 = kr_apply_output(t, 0), *t1 = kr_apply_output(t, 1);
	char **s = kr_as_string(LIST(x), LIST(t0), NULL, NULL, NULL);
	ck_assert_str_eq(s[0], "Two(*1 -> MyOp(x))");
	ck_assert_str_eq(kr_graph_repr(LIST(t0)), "Two(MyOp(x))");
	s = kr_as_string(LIST(x), LIST(t0, t1), NULL, NULL, NULL);
	ck_assert_str_eq(s[0], "*1 -> Two(*2 -> MyOp(x))");
	ck_assert_str_eq(s[1], "*1::1");
	/* Cut at g: nothing shared below Two. */
	s = kr_as_string(LIST(g), LIST(t0, t1), NULL, NULL, NULL);
	ck_assert_str_eq(s[0], "*1 -> Two(MyOp.0)");
}
END_TEST

/* ------------------------------------------------------------- cloning */

/* TestClone.test_accurate */
START_TEST(test_clone_accurate)
{
	kr_variable *r1 = var("r1"), *r2 = var("r2");
	kr_variable *node = MY(NULL, r1, r2);
	kr_variable **new_ins, **new;
	ck_assert_int_eq(kr_clone(&new_ins, &new, LIST(r1, r2), LIST(node),
				  false, false),
			 0);
	ck_assert(new_ins[0] == r1 && new_ins[1] == r2);
	ck_assert(new[0] != node);
	ck_assert_str_eq(str1(LIST(r1, r2), 1, new), "MyOp(R1, R2)");
}
END_TEST

/* TestClone.test_copy */
START_TEST(test_clone_copy)
{
	kr_variable *r1 = var("r1"), *r2 = var("r2"), *r5 = var("r5");
	kr_variable *node = MY(NULL, r1, r2);
	kr_variable *node2 = MY(NULL, node, r5);
	kr_variable **new;
	ck_assert_int_eq(kr_clone(NULL, &new, LIST(r1, r2, r5), LIST(node2),
				  false, false),
			 0);
	ck_assert(kr_type_equal(kr_variable_type(node2),
				kr_variable_type(new[0])));
	ck_assert(node2 != new[0]);
	kr_apply *owner = kr_variable_owner(new[0]);
	ck_assert(owner != kr_variable_owner(node2));
	ck_assert(kr_apply_input(owner, 1) == r5); /* inputs not copied */
	kr_variable *deep = kr_apply_input(owner, 0);
	ck_assert(kr_type_equal(kr_variable_type(deep),
				kr_variable_type(node)));
	ck_assert(deep != node); /* copied deeper too */
}
END_TEST

/*
 * TestClone.test_not_destructive: PyTensor assigns the copy's node new
 * inputs; here they are changed through a FunctionGraph over the copy.
 */
START_TEST(test_clone_not_destructive)
{
	kr_variable *r1 = var("r1"), *r2 = var("r2"), *r5 = var("r5");
	kr_variable *node = MY(NULL, MY(NULL, r1, r2), r5);
	kr_variable **new;
	ck_assert_int_eq(kr_clone(NULL, &new, LIST(r1, r2, r5), LIST(node),
				  false, false),
			 0);
	kr_apply *new_node = kr_variable_owner(new[0]);
	kr_fgraph *fg;
	ck_assert_int_eq(kr_fgraph_new(&fg, 0, NULL, 1, new, false), 0);
	ck_assert_int_eq(kr_fgraph_change_node_input_ex(fg, new_node, 0,
							var("r7"), NULL,
							KR_IMPORT_MISSING),
			 0);
	ck_assert_int_eq(kr_fgraph_change_node_input_ex(fg, new_node, 1,
							var("r8"), NULL,
							KR_IMPORT_MISSING),
			 0);
	size_t n;
	kr_variable **ins = kr_graph_inputs(&n, 1, new, 0, NULL);
	ck_assert_str_eq(str1(n, ins, 1, new), "MyOp(R7, R8)");
	ins = kr_graph_inputs(&n, LIST(node), 0, NULL);
	ck_assert_str_eq(str1(n, ins, LIST(node)), "MyOp(MyOp(R1, R2), R5)");
}
END_TEST

/* TestClone.test_constant, and copies of inputs and orphans. */
START_TEST(test_clone_constant)
{
	kr_variable *c1 = kr_constant_new(1.5, NULL);
	static const bool flags[4][2] = {
		{true, true}, {false, false}, {true, false}, {false, true}};
	for (int k = 0; k < 4; k++) {
		kr_variable **i, **o;
		ck_assert_int_eq(kr_clone(&i, &o, LIST(c1), LIST(c1),
					  flags[k][0], flags[k][1]),
				 0);
		ck_assert(i[0] == c1 && o[0] == c1);
	}
	/* copy_inputs copies the inputs, copy_orphans the other leaves. */
	kr_variable *x = var("x"), *y = var("y");
	kr_variable *f = MY("f", x, y, c1);
	kr_variable **i, **o;
	ck_assert_int_eq(kr_clone(&i, &o, LIST(x), LIST(f), true, false), 0);
	kr_apply *fo = kr_variable_owner(o[0]);
	ck_assert(i[0] != x && kr_apply_input(fo, 0) == i[0]);
	ck_assert_str_eq(kr_variable_name(i[0]), "x");
	ck_assert(kr_apply_input(fo, 1) == y && kr_apply_input(fo, 2) == c1);
	ck_assert_str_eq(kr_variable_name(o[0]), "f");
	ck_assert_int_eq(kr_clone(&i, &o, LIST(x), LIST(f), false, true), 0);
	fo = kr_variable_owner(o[0]);
	ck_assert(i[0] == x && kr_apply_input(fo, 0) == x);
	ck_assert(kr_apply_input(fo, 1) != y && kr_apply_input(fo, 2) == c1);
	/* An ownerless output outside the inputs gets a fresh copy. */
	ck_assert_int_eq(kr_clone(&i, &o, 0, NULL, LIST(y), false, false), 0);
	ck_assert(o[0] != y && kr_variable_owner(o[0]) == NULL);
	/* An output that is an input is its entry. */
	ck_assert_int_eq(kr_clone(&i, &o, LIST(f), LIST(f), false, false), 0);
	ck_assert(o[0] == f);
}
END_TEST

static kr_variable *vec(const char *name)
{
	return kr_variable_new(kr_type_vector(), name);
}

/* test_clone_get_equiv: a memo pre-filled with {a: z}. */
START_TEST(test_clone_get_equiv)
{
	kr_variable *x = vec("x"), *y = vec("y"), *z = vec("z");
	kr_variable *a = bin(kr_op_mul(), x, y);
	kr_apply *a_node = kr_variable_owner(a);
	kr_variable *one = kr_constant_new(1.0, NULL);
	kr_variable *b = bin(kr_op_add(), a, one);
	kr_equiv *memo = kr_equiv_new(), *got = NULL;
	kr_equiv_set_variable(memo, a, z);
	ck_assert_int_eq(kr_clone_get_equiv(&got, memo, LIST(x, y), LIST(b),
					    false, false),
			 0);
	ck_assert(got == memo);
	ck_assert(kr_equiv_variable(memo, x) == x);
	ck_assert(kr_equiv_variable(memo, y) == y);
	ck_assert(kr_equiv_variable(memo, a) == z);
	ck_assert(kr_equiv_apply(memo, a_node) == NULL);
	bool eq = false;
	kr_variable *want = bin(kr_op_add(), z, kr_constant_new(1.0, NULL));
	ck_assert_int_eq(kr_equal_computations(&eq, 1, VS(kr_equiv_variable(
							       memo, b)),
					       LIST(want), 0, NULL, 0, NULL),
			 0);
	ck_assert(eq);
	/* x, y, a, the constant, b's node and b. */
	ck_assert_uint_eq(kr_equiv_size(memo), 6);
	ck_assert(kr_equiv_variable(memo, one) == one);
	ck_assert(kr_equiv_apply(memo, kr_variable_owner(b)) ==
		  kr_variable_owner(kr_equiv_variable(memo, b)));
	/* Without memo: a new map; copies of the inputs. */
	ck_assert_int_eq(kr_clone_get_equiv(&got, NULL, LIST(x, y), LIST(b),
					    true, true),
			 0);
	ck_assert(got != memo && kr_equiv_variable(got, x) != x);
	ck_assert(kr_equiv_apply(got, a_node) != NULL);
	ck_assert_uint_eq(kr_equiv_size(got), 7);
	/* A memo entry of a type that cannot stand for its key. */
	memo = kr_equiv_new();
	kr_equiv_set_variable(memo, a,
			      kr_variable_new(kr_type_scalar(KR_INT64), "i"));
	got = NULL;
	ck_assert_int_eq(kr_clone_get_equiv(&got, memo, LIST(x, y), LIST(b),
					    false, false),
			 KR_EINVALID);
	ck_assert(got == NULL);
}
END_TEST

START_TEST(test_clone_cycle)
{
	kr_variable *x = var("x");
	kr_variable *a = MY("a", x), *b = MY("b", a);
	kr_fgraph *fg;
	ck_assert_int_eq(kr_fgraph_new(&fg, LIST(x), LIST(b), false), 0);
	ck_assert_int_eq(kr_fgraph_change_node_input(fg, kr_variable_owner(a),
						     0, b, "test"),
			 0);
	kr_variable **o = NULL;
	ck_assert_int_eq(kr_clone(NULL, &o, 0, NULL, LIST(b), false, false),
			 KR_EINVALID);
	ck_assert(o == NULL);
	/* The printer still ends. */
	char **s = kr_as_string(0, NULL, LIST(b), NULL, NULL, NULL);
	ck_assert_str_eq(s[0], "*1 -> MyOp(MyOp(*1))");
}
END_TEST

Suite *traversal_suite(void)
{
	Suite *s = suite_create("traversal");
	TCase *tc = tcase_create("walks");
	tcase_add_test(tc, test_ancestors);
	tcase_add_test(tc, test_graph_tree_size);
	tcase_add_test(tc, test_graph_inputs);
	tcase_add_test(tc, test_vars_and_orphans);
	tcase_add_test(tc, test_applys_between);
	tcase_add_test(tc, test_multi_output);
	tcase_add_test(tc, test_apply_ancestors);
	tcase_add_test(tc, test_get_var_by_name);
	tcase_add_test(tc, test_apply_depends_on);
	tcase_add_test(tc, test_variable_depends_on);
	suite_add_tcase(s, tc);
	tc = tcase_create("toposort");
	tcase_add_test(tc, test_io_toposort);
	tcase_add_test(tc, test_io_toposort_order);
	tcase_add_test(tc, test_io_toposort_matches_fgraph);
	tcase_add_test(tc, test_cycle);
	suite_add_tcase(s, tc);
	tc = tcase_create("truncated");
	tcase_add_test(tc, test_truncated_basic);
	tcase_add_test(tc, test_truncated_repeated);
	tcase_add_test(tc, test_truncated_visited_blocker);
	suite_add_tcase(s, tc);
	tc = tcase_create("replace");
	tcase_add_test(tc, test_clone_replace_basic);
	tcase_add_test(tc, test_clone_replace_self_reference);
	tcase_add_test(tc, test_clone_replace_rebuild_options);
	tcase_add_test(tc, test_graph_replace);
	tcase_add_test(tc, test_graph_replace_advanced);
	tcase_add_test(tc, test_graph_replace_disconnected);
	tcase_add_test(tc, test_replace_less_specific);
	suite_add_tcase(s, tc);
	tc = tcase_create("equal");
	tcase_add_test(tc, test_equal_computations);
	tcase_add_test(tc, test_equal_computations_mapped);
	suite_add_tcase(s, tc);
	tc = tcase_create("generic");
	tcase_add_test(tc, test_walk);
	tcase_add_test(tc, test_walk_key_and_lazy);
	tcase_add_test(tc, test_walk_nested);
	tcase_add_test(tc, test_general_toposort_simple);
	tcase_add_test(tc, test_general_toposort_double);
	suite_add_tcase(s, tc);
	tc = tcase_create("as_string");
	tcase_add_test(tc, test_as_string);
	tcase_add_test(tc, test_as_string_cutoff);
	tcase_add_test(tc, test_as_string_multi_output);
	suite_add_tcase(s, tc);
	tc = tcase_create("clone");
	tcase_add_test(tc, test_clone_accurate);
	tcase_add_test(tc, test_clone_copy);
	tcase_add_test(tc, test_clone_not_destructive);
	tcase_add_test(tc, test_clone_constant);
	tcase_add_test(tc, test_clone_get_equiv);
	tcase_add_test(tc, test_clone_cycle);
	suite_add_tcase(s, tc);
	tc = tcase_create("deep");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_deep_chain);
	suite_add_tcase(s, tc);
	return s;
}
