/* simplify.c -- the documents' Simplify GraphRewriter, written in C. */
/* See the LICENSE file for copying conditions. */
/*
 * The first example of PyTensor's graph rewriting documents: a
 * GraphRewriter that walks fgraph.toposort() and replaces
 * true_div(mul(a, b), y) by b when y is a and by a when y is b, through
 * fgraph.replace_validate. Prints the graphs before and after (repr, and
 * dprint of the result) and exits with status 1 if anything differs from
 * what PyTensor 2.32 prints for the same program.
 */
#include <stdio.h>
#include <string.h>

#include <kanrewrite.h>

/* Simplify.add_requirements: fgraph.attach_feature(ReplaceValidate()). */
static int add_requirements(kr_graph_rewriter *self, kr_fgraph *fg)
{
	(void)self;
	return kr_fgraph_attach_feature(fg, kr_replace_validate_new());
}

/* Simplify.apply: the documents' loop over toposort. */
static int apply(kr_graph_rewriter *self, kr_fgraph *fg, kr_profile **prof)
{
	(void)self, (void)prof;
	kr_apply **order;
	size_t n;
	int rc = kr_fgraph_toposort(&order, &n, fg);
	for (size_t k = 0; rc == 0 && k < n; k++) {
		kr_apply *node = order[k];
		if (!kr_op_equal(kr_apply_op(node), kr_op_true_div()))
			continue;
		kr_variable *x = kr_apply_input(node, 0);
		kr_variable *y = kr_apply_input(node, 1);
		kr_variable *z = kr_apply_output(node, 0);
		kr_apply *xo = kr_variable_owner(x);
		if (!xo || !kr_op_equal(kr_apply_op(xo), kr_op_mul()) ||
		    kr_apply_ninputs(xo) != 2)
			continue;
		kr_variable *a = kr_apply_input(xo, 0);
		kr_variable *b = kr_apply_input(xo, 1);
		if (y == a)
			rc = kr_fgraph_replace_validate(fg, z, b, "simplify");
		else if (y == b)
			rc = kr_fgraph_replace_validate(fg, z, a, "simplify");
	}
	return rc;
}

static const kr_graph_rewriter_class simplify_class = {
	.name = "Simplify",
	.add_requirements = add_requirements,
	.apply = apply,
};

static kr_variable *call(kr_op *op, kr_variable *a, kr_variable *b)
{
	kr_variable *out = NULL;
	if (KR_OP_CALL(&out, op, a, b) < 0)
		fprintf(stderr, "simplify: %s\n", kr_error_last()->message);
	return out;
}

static int check(const char *what, const char *got, const char *want)
{
	printf("%s", got);
	if (!strcmp(got, want))
		return 0;
	fprintf(stderr, "simplify: %s differs from PyTensor's:\n%s", what,
		want);
	return 1;
}

/* Rewrite the graph of `out` and compare before/after reprs and dprint. */
static int run(kr_variable *const *xyz, kr_variable *out, const char *before,
	       const char *after, const char *dprint)
{
	kr_fgraph *e;
	kr_graph_rewriter *simplify =
		kr_graph_rewriter_new(&simplify_class, NULL, NULL);
	if (!out || kr_fgraph_new(&e, 3, xyz, 1, &out, false) < 0) {
		fprintf(stderr, "simplify: %s\n", kr_error_last()->message);
		return 1;
	}
	char *shown = kr_fgraph_repr(e);
	if (kr_graph_rewriter_rewrite(simplify, e, NULL) < 0) {
		fprintf(stderr, "simplify: %s\n", kr_error_last()->message);
		return 1;
	}
	int bad = check("repr before", kr_strfmt(">>> e\n%s\n", shown),
			kr_strfmt(">>> e\n%s\n", before));
	bad |= check("repr after",
		     kr_strfmt(">>> simplify.rewrite(e); e\n%s\n",
			       kr_fgraph_repr(e)),
		     kr_strfmt(">>> simplify.rewrite(e); e\n%s\n", after));
	if (dprint)
		bad |= check("dprint", kr_strfmt(">>> dprint(e)\n%s",
						 kr_fgraph_dprint(e)),
			     kr_strfmt(">>> dprint(e)\n%s", dprint));
	return bad;
}

int main(void)
{
	kr_init();
	const kr_type *f64 = kr_type_scalar(KR_FLOAT64);
	kr_variable *x = kr_variable_new(f64, "x");
	kr_variable *y = kr_variable_new(f64, "y");
	kr_variable *z = kr_variable_new(f64, "z");
	kr_variable *xyz[3] = {x, y, z};
	kr_op *add = kr_op_add(), *mul = kr_op_mul(), *div = kr_op_true_div();

	/* a = add(z, mul(true_div(mul(y, x), y), true_div(z, x))) */
	kr_variable *g1 = call(add, z, call(mul, call(div, call(mul, y, x), y),
					    call(div, z, x)));
	int bad = run(xyz, g1,
		   "FunctionGraph(add(z, mul(true_div(mul(y, x), y), "
		   "true_div(z, x))))",
		   "FunctionGraph(add(z, mul(x, true_div(z, x))))",
		   "add [id A] 2\n"
		   " ├─ z [id B]\n"
		   " └─ mul [id C] 1\n"
		   "    ├─ x [id D]\n"
		   "    └─ true_div [id E] 0\n"
		   "       ├─ z [id B]\n"
		   "       └─ x [id D]\n");

	/* No change without merge: true_div(mul(add(y, z), x), add(y, z)). */
	kr_variable *g2 = call(div, call(mul, call(add, y, z), x),
			       call(add, y, z));
	bad |= run(xyz, g2,
		   "FunctionGraph(true_div(mul(add(y, z), x), add(y, z)))",
		   "FunctionGraph(true_div(mul(add(y, z), x), add(y, z)))",
		   NULL);
	return bad;
}
