/* graphs.c -- graphs at the prompt: typed inputs, ops, printers, evaluation. */
/* See the LICENSE file for copying conditions. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "lang.h"

/*
 * Graph Variables and ops are terms already (foreign atoms, graph.h), so
 * they live in globals, lists and logic variables like any other value. An
 * op is a procedure: applied to graph Variables and numbers it builds a
 * node, as PyTensor's `pt.add(x, y)`; applied to anything else (a logic
 * variable, a symbol, an etuple) it builds the etuple `(op arg ...)`, a
 * term that relations and patterns unify with graphs, as etuples'
 * `etuple(add, x, y)`. Declarations `(matrix A B)` compile (lang.c) into
 * defines of `graph-input` calls.
 */


int lang_name_arg(const char **name, const char *who, const kr_term *t)
{
	if (kr_term_kind(t) == KR_STR)
		*name = kr_str_value(t);
	else if (kr_term_kind(t) == KR_SYM)
		*name = kr_sym_name(t);
	else
		return lang_type_error(who, "a name", t);
	return 0;
}

int lang_error_in(int code, const char *who)
{
	if (lang_interrupted) /* the library's error is the stop's echo */
		return kr_error_set(KR_ELIMIT, "%s", lang_stop_message(who));
	return kr_error_set(code, "%s: %s", who,
			    kr_strdup(kr_error_last()->message));
}

int lang_type_error(const char *who, const char *what, const kr_term *t)
{
	char *s = lang_show(t);
	if (strlen(s) > 200)
		strcpy(s + 196, " ...");
	return kr_error_set(KR_EINVALID, "%s: not %s: %s", who, what, s);
}

int lang_text_result(kr_term **out, const char *who, size_t n,
		     kr_term *const *a, const char *text)
{
	if (n < 2) {
		*out = kr_str(text);
		return 0;
	}
	if (kr_term_kind(a[1]) != KR_STR)
		return lang_type_error(who, "a file name", a[1]);
	*out = lang_void();
	return lang_write_file(who, kr_str_value(a[1]), text);
}

/* ============================================================ graphs */

int lang_graph_of(kr_variable **out, const char *who, kr_term *t)
{
	kr_variable *v = kr_term_variable(t);
	if (v) {
		*out = v;
		return 0;
	}
	kr_kind k = kr_term_kind(t);
	if (k != KR_ETUPLE && k != KR_CONS && k != KR_INT && k != KR_REAL)
		return lang_type_error(who, "a graph", t);
	if (!kr_is_ground(t))
		return lang_type_error(who, "a graph (it holds logic variables)", t);
	if (kr_term_eval(out, t) < 0)
		return lang_error_in(KR_EINVALID, who);
	return 0;
}

/* A number as a constant, typed as PyTensor's as_tensor_variable types it. */
static kr_variable *number_constant(const kr_term *t)
{
	return kr_number_constant(t);
}


/*
 * What calling an op gives at the prompt, from its first output v: v,
 * or for an op of several outputs the list of them, as PyTensor's
 * Op.__call__.
 */
static kr_term *call_value(kr_variable *v)
{
	kr_apply *node = kr_variable_owner(v);
	size_t nout = node ? kr_apply_noutputs(node) : 1;
	if (nout == 1 || kr_apply_output(node, 0) != v)
		return kr_variable_term(v);
	kr_term **outs = kr_alloc(nout * sizeof *outs);
	for (size_t i = 0; i < nout; i++)
		outs[i] = kr_variable_term(kr_apply_output(node, i));
	return kr_list(nout, outs);
}

/* True when every argument is a graph variable or a number. */
static bool all_graphs(size_t n, kr_term *const *a)
{
	for (size_t i = 0; i < n; i++) {
		kr_kind k = kr_term_kind(a[i]);
		if (!kr_term_variable(a[i]) && k != KR_INT && k != KR_REAL)
			return false;
	}
	return true;
}

int lang_apply_op(kr_term **out, kr_op *op, size_t n, kr_term *const *a)
{
	if (!all_graphs(n, a)) {
		kr_term **items = kr_alloc((n + 1) * sizeof *items);
		items[0] = kr_op_term(op);
		memcpy(items + 1, a, n * sizeof *a);
		*out = kr_etuple(n + 1, items);
		return 0;
	}
	kr_variable **in = kr_alloc((n ? n : 1) * sizeof *in);
	for (size_t i = 0; i < n; i++)
		in[i] = kr_term_variable(a[i]) ? kr_term_variable(a[i])
					       : number_constant(a[i]);
	kr_variable *v;
	int rc = kr_op_call(&v, op, n, in);
	if (rc < 0)
		return rc;
	*out = call_value(v);
	return 0;
}

/* ====================================================== declarations */

/* A type from `matrix`, `vector`, `scalar` or the graph format's sexp. */
static int type_of_spec(const kr_type **out, const char *who, kr_term *spec)
{
	if (kr_term_kind(spec) == KR_SYM) {
		const char *s = kr_sym_name(spec);
		*out = !strcmp(s, "matrix") ? kr_type_matrix() :
		       !strcmp(s, "vector") ? kr_type_vector() :
		       !strcmp(s, "scalar") ? kr_type_scalar(KR_FLOAT64) : NULL;
		if (*out)
			return 0;
	}
	long len = kr_list_length(spec);
	if (len < 2 || kr_term_kind(kr_car(spec)) != KR_SYM ||
	    kr_term_kind(kr_car(kr_cdr(spec))) != KR_SYM)
		return lang_type_error(who, "a type (matrix, vector, "
				  "scalar, (tensor DTYPE DIM ...) or (scalar "
				  "DTYPE))", spec);
	const char *head = kr_sym_name(kr_car(spec));
	kr_dtype d;
	if (kr_dtype_from_name(&d, kr_sym_name(kr_car(kr_cdr(spec)))) < 0)
		return lang_type_error(who, "a dtype",
				  kr_car(kr_cdr(spec)));
	if (!strcmp(head, "scalar") && len == 2) {
		*out = kr_type_scalar(d);
		return 0;
	}
	if (strcmp(head, "tensor") || len - 2 > KR_TYPE_MAX_NDIM)
		return lang_type_error(who, "a type", spec);
	int64_t shape[KR_TYPE_MAX_NDIM];
	int ndim = 0;
	for (kr_term *t = kr_cdr(kr_cdr(spec)); kr_is_pair(t); t = kr_cdr(t)) {
		kr_term *dim = kr_car(t);
		if (kr_term_kind(dim) == KR_INT && kr_int_value(dim) >= 0)
			shape[ndim++] = kr_int_value(dim);
		else if (kr_term_kind(dim) == KR_SYM &&
			 !strcmp(kr_sym_name(dim), "?"))
			shape[ndim++] = -1;
		else
			return lang_type_error(who, "a dimension (? or a "
					  "length)", dim);
	}
	*out = kr_type_tensor(d, ndim, shape);
	return 0;
}

/* (graph-input TYPE "name"): a new input variable. */
PRIM(p_graph_input)
{
	const kr_type *type;
	int rc = type_of_spec(&type, "graph-input", a[0]);
	if (rc < 0)
		return rc;
	const char *name = NULL;
	if (n > 1 && (rc = lang_name_arg(&name, "graph-input", a[1])) < 0)
		return rc;
	*out = kr_variable_term(kr_variable_new(type, name));
	return 0;
}

/* The most elements a constant made at the prompt may have. */
enum { MAX_CONSTANT = 1 << 24 };

/* ============================================= arrays as nested lists */

/* Elements of a nested list of numbers into data, checking the shape. */
static int flatten(double *data, size_t *k, const char *who, kr_term *t,
		   int dim, int ndim, int64_t *shape)
{
	if (dim == ndim) {
		if (!lang_is_number(t))
			return lang_type_error(who, "a number", t);
		data[(*k)++] = kr_term_kind(t) == KR_INT ?
			       (double)kr_int_value(t) : kr_real_value(t);
		return 0;
	}
	long len = kr_list_length(t);
	if (len < 0 || (shape[dim] >= 0 && shape[dim] != len))
		return lang_type_error(who, "a rectangular nested list", t);
	shape[dim] = len;
	for (; kr_is_pair(t); t = kr_cdr(t)) {
		int rc = flatten(data, k, who, kr_car(t), dim + 1, ndim, shape);
		if (rc < 0)
			return rc;
	}
	return 0;
}

/* Number of elements in a nested list of depth ndim (for the buffer). */
static size_t count_leaves(kr_term *t, int ndim)
{
	if (!ndim)
		return 1;
	size_t c = 0;
	for (; kr_is_pair(t); t = kr_cdr(t))
		c += count_leaves(kr_car(t), ndim - 1);
	return c;
}

/*
 * The value of dtype d and ndim dimensions a number or a rectangular
 * nested list t writes (numpy's asarray). Errors name `who`.
 */
static int array_value(kr_value **out, const char *who, kr_dtype d,
		       int ndim, kr_term *t)
{
	int64_t shape[KR_TYPE_MAX_NDIM];
	for (int i = 0; i < ndim; i++)
		shape[i] = -1;
	size_t cap = count_leaves(t, ndim), k = 0;
	if (cap > MAX_CONSTANT)
		return kr_error_set(KR_ELIMIT, "%s: %zu elements, more than "
				    "the prompt's %d", who, cap, MAX_CONSTANT);
	double *data = kr_alloc_atomic((cap ? cap : 1) * sizeof *data);
	int rc = flatten(data, &k, who, t, 0, ndim, shape);
	if (rc < 0)
		return rc;
	for (int i = 0; i < ndim; i++)
		if (shape[i] < 0) /* below an empty list: no elements there */
			shape[i] = 0;
	*out = kr_value_from_array(d, ndim, shape, data);
	return 0;
}

/*
 * Whether t writes an array: a number, or a nested list whose first
 * elements, all the way down, end in a number; *ndim is its depth.
 */
static bool is_array(const kr_term *t, int *ndim)
{
	int d = 0;
	while (kr_term_kind(t) == KR_CONS && d < KR_TYPE_MAX_NDIM) {
		t = kr_car(t);
		d++;
	}
	*ndim = d;
	return lang_is_number(t);
}

/* Whether the elements of t, a nested list of depth ndim, are integers. */
static bool all_ints(const kr_term *t, int ndim)
{
	if (ndim == 0)
		return kr_term_kind(t) == KR_INT;
	for (; kr_is_pair(t); t = kr_cdr(t))
		if (!all_ints(kr_car(t), ndim - 1))
			return false;
	return true;
}

/* A value for an input of type type from a number or nested list. */
static int value_of(kr_value **out, const kr_type *type, kr_term *t)
{
	int rc = array_value(out, "graph-eval", kr_type_dtype(type),
			     kr_type_ndim(type), t);
	if (rc == 0 && !kr_value_fits(*out, type))
		return kr_error_set(KR_EINVALID, "graph-eval: %s does not fit "
				    "%s", lang_show(t),
				    kr_type_to_string(type));
	return rc;
}

/*
 * (constant x [TYPE] ["name"]): a Constant, as pt.constant. A number
 * without TYPE is a float64 scalar; a nested list without TYPE is a
 * tensor of its shape, int64 when its elements are integers, else
 * float64 (numpy's asarray). A named one prints as `name{2.0}`, as
 * PyTensor's Constant(..., name=).
 */
PRIM(p_constant)
{
	int ndim;
	if (!is_array(a[0], &ndim))
		return lang_type_error("constant", "a number or a nested list "
				       "of numbers", a[0]);
	const kr_type *type = NULL;
	const char *name = NULL;
	for (size_t i = 1; i < n; i++) {
		bool is_name = kr_term_kind(a[i]) == KR_STR;
		if (is_name ? name != NULL : type != NULL)
			return kr_error_set(KR_EINVALID, "constant: give at "
					    "most one type and one name");
		if (is_name) {
			name = kr_str_value(a[i]);
			continue;
		}
		int rc = type_of_spec(&type, "constant", a[i]);
		if (rc < 0)
			return rc;
	}
	kr_variable *c;
	if (ndim == 0) {
		double size = 1; /* unknown lengths are 1 (kr_constant_new) */
		for (int i = 0; type && i < kr_type_ndim(type); i++)
			if (kr_type_dim(type, i) > 0)
				size *= (double)kr_type_dim(type, i);
		if (size > MAX_CONSTANT)
			return kr_error_set(KR_ELIMIT, "constant: %.0f "
					    "elements, more than the "
					    "prompt's %d", size, MAX_CONSTANT);
		double d = kr_term_kind(a[0]) == KR_INT
				   ? (double)kr_int_value(a[0])
				   : kr_real_value(a[0]);
		c = kr_constant_new(d, type);
	} else {
		kr_value *v;
		kr_dtype d = type ? kr_type_dtype(type)
			   : all_ints(a[0], ndim) ? KR_INT64 : KR_FLOAT64;
		int rc = array_value(&v, "constant", d,
				     type ? kr_type_ndim(type) : ndim, a[0]);
		if (rc < 0)
			return rc;
		if (!type) {
			int64_t shape[KR_TYPE_MAX_NDIM];
			for (int i = 0; i < ndim; i++)
				shape[i] = kr_value_dim(v, i);
			type = kr_type_tensor(d, ndim, shape);
		}
		if ((rc = kr_constant_make(&c, type, v)) < 0)
			return lang_error_in(rc, "constant");
	}
	if (name)
		kr_variable_set_name(c, name);
	*out = kr_variable_term(c);
	return 0;
}

kr_value *lang_array(kr_term *t)
{
	int ndim;
	kr_value *v;
	if (!is_array(t, &ndim) ||
	    array_value(&v, "array", KR_FLOAT64, ndim, t) < 0)
		return NULL;
	return v;
}

bool lang_array_equal(const kr_value *a, const kr_value *b)
{
	if (kr_value_ndim(a) != kr_value_ndim(b))
		return false;
	for (int i = 0; i < kr_value_ndim(a); i++)
		if (kr_value_dim(a, i) != kr_value_dim(b, i))
			return false;
	for (size_t k = 0; k < kr_value_size(a); k++)
		if (!(kr_value_get(a, k) == kr_value_get(b, k)))
			return false;
	return true;
}

/* ========================================================= inspection */

PRIM(p_graphp)
{
	(void)n;
	*out = lang_bool(kr_term_variable(a[0]) != NULL);
	return 0;
}

PRIM(p_opp)
{
	(void)n;
	*out = lang_bool(kr_term_op(a[0]) != NULL);
	return 0;
}

/*
 * Ops made at the prompt with props, as the MyOp of PyTensor's tests
 * (tests/graph/utils.py): an op has a name, which it prints as, an
 * optional prop `x` and a number of outputs. Two such ops are equal when
 * they are the same op, or when both have an x, their x are equal and
 * so are their numbers of outputs (MyOp.__eq__), whatever their names;
 * so `(op 'OpY 'x 1)` and `(op 'OpZ 'x 1)` match each other in patterns.
 * Any inputs; every output has the type of the first input (a float64
 * scalar without inputs). One descriptor per number of outputs (the
 * library keeps the number of outputs in the descriptor).
 */
typedef struct prompt_op {
	const char *name;
	kr_term *x; /* NULL: none */
	int nout;
	kr_term *maps[4]; /* the in-place options (inplace.c), or NULL */
} prompt_op;

static const char *const inplace_keys[4] = {
	"destroy-map", "view-map", "tolerate-same", "tolerate-aliased"};

static bool prompt_op_equal(const void *a, const void *b)
{
	const prompt_op *p = a, *q = b;
	return p == q || (p->x && q->x && p->nout == q->nout &&
			  kr_equal(p->x, q->x));
}

static uint64_t prompt_op_hash(const void *a)
{
	const prompt_op *p = a;
	return p->x ? kr_hash(p->x) * 31u + (uint64_t)p->nout
		    : (uint64_t)(uintptr_t)p;
}

static char *prompt_op_str(const kr_op *op)
{
	return kr_strdup(((const prompt_op *)kr_op_props(op))->name);
}

/* MyOp's attributes, which OpPatterns read: name, x and n_outs. */
static kr_term *prompt_op_attr(const kr_op *op, const char *name)
{
	const prompt_op *p = kr_op_props(op);
	if (!strcmp(name, "name"))
		return kr_str(p->name);
	if (!strcmp(name, "x"))
		return p->x;
	if (!strcmp(name, "n_outs") || !strcmp(name, "n-outs"))
		return kr_int(p->nout);
	return NULL;
}

static const kr_type *first_type(size_t nin, const kr_type *const *ts)
{
	return nin ? ts[0] : kr_type_scalar(KR_FLOAT64);
}

static int prompt_op_infer(const kr_type **out, const kr_op *op, size_t nin,
			   const kr_type *const *ts)
{
	(void)op;
	*out = first_type(nin, ts);
	return 0;
}

static int prompt_op_infer_outputs(const kr_type **out, const kr_op *op,
				   size_t nin, const kr_type *const *ts)
{
	int nout = ((const prompt_op *)kr_op_props(op))->nout;
	for (int i = 0; i < nout; i++)
		out[i] = first_type(nin, ts);
	return 0;
}

enum { MAX_OP_OUTPUTS = 64 };

static kr_op_desc *prompt_descs[MAX_OP_OUTPUTS + 1];

static const kr_op_desc *prompt_desc(int nout)
{
	if (!prompt_descs[nout]) {
		kr_op_desc *d = kr_alloc(sizeof *d);
		*d = (kr_op_desc){.name = "MyOp", .min_inputs = 0,
				  .max_inputs = -1, .infer = prompt_op_infer,
				  .props_equal = prompt_op_equal,
				  .props_hash = prompt_op_hash,
				  .nout = nout > 1 ? nout : 0,
				  .infer_outputs = nout > 1 ? prompt_op_infer_outputs
							    : NULL,
				  .to_string = prompt_op_str,
				  .prop = prompt_op_attr};
		prompt_descs[nout] = d;
	}
	return prompt_descs[nout];
}

/* The props of (op NAME 'x X 'n-outs N 'destroy-map M ...), a[1..n). */
static int prompt_op_props(prompt_op *p, size_t n, kr_term *const *a)
{
	for (size_t i = 1; i < n; i += 2) {
		const char *key = kr_term_kind(a[i]) == KR_SYM ? kr_sym_name(a[i])
							       : "";
		if (i + 1 >= n || (strcmp(key, "x") && strcmp(key, "n-outs") &&
				   !lang_inplace_key(key)))
			return kr_error_set(
				KR_EINVALID,
				"op: expected 'x, 'n-outs, 'destroy-map, "
				"'view-map, 'tolerate-same or "
				"'tolerate-aliased and a value after the "
				"name, got %s",
				lang_show(a[i]));
		if (!strcmp(key, "x")) {
			p->x = a[i + 1];
			continue;
		}
		for (int k = 0; k < 4; k++)
			if (!strcmp(key, inplace_keys[k]))
				p->maps[k] = a[i + 1];
		if (lang_inplace_key(key))
			continue;
		kr_term *v = a[i + 1];
		if (kr_term_kind(v) != KR_INT || kr_int_value(v) < 1 ||
		    kr_int_value(v) > MAX_OP_OUTPUTS)
			return kr_error_set(KR_EINVALID, "op: 'n-outs: not a "
					    "number of outputs from 1 to %d: %s",
					    MAX_OP_OUTPUTS, lang_show(v));
		p->nout = (int)kr_int_value(v);
	}
	return 0;
}

/*
 * (op NAME): the op of that name (symbol or string), as the graph format
 * reads an op token: a library op (`add`, `ps.add`, `Dot`), else the
 * opaque op of the token, which takes any inputs, as PyTensor's tests'
 * `MyOp("Op1")`: (define op1 (op 'Op1)) (op1 x y).
 * (op NAME 'x X 'n-outs N): a new op with props (see prompt_op); with
 * the in-place options of inplace.c, an op of its own descriptor.
 */
PRIM(p_op)
{
	kr_kind k = kr_term_kind(a[0]);
	if (k != KR_SYM && k != KR_STR)
		return lang_type_error("op", "a symbol or a string", a[0]);
	const char *name = k == KR_SYM ? kr_sym_name(a[0]) : kr_str_value(a[0]);
	if (!*name || strpbrk(name, " \t\n\r()\";"))
		return lang_type_error("op", "an op name (no spaces, "
				       "parentheses, quotes or semicolons)",
				       a[0]);
	if (n == 1) {
		*out = kr_op_term(kr_op_from_token(name));
		return 0;
	}
	prompt_op *p = kr_alloc(sizeof *p);
	*p = (prompt_op){kr_strdup(name), NULL, 1, {NULL}};
	int rc = prompt_op_props(p, n, a);
	if (rc < 0)
		return rc;
	const kr_op_desc *d = prompt_desc(p->nout);
	if ((p->maps[0] || p->maps[1] || p->maps[2] || p->maps[3]) &&
	    (rc = lang_inplace_desc(&d, d, p->nout, p->maps)) < 0)
		return rc;
	*out = kr_op_term(kr_op_new(d, p));
	return 0;
}

/* (op-class OP): the class of an op, as PyTensor's type(op). */
PRIM(p_op_class)
{
	(void)n;
	kr_op *op = kr_term_op(a[0]);
	if (!op)
		return lang_type_error("op-class", "an op", a[0]);
	*out = kr_op_desc_term(kr_op_desc_of(op));
	return 0;
}

/*
 * (op-prop OP 'name): the op's attribute, as PyTensor's getattr(op,
 * name); an error when it has none.
 */
PRIM(p_op_prop)
{
	(void)n;
	kr_op *op = kr_term_op(a[0]);
	if (!op)
		return lang_type_error("op-prop", "an op", a[0]);
	if (kr_term_kind(a[1]) != KR_SYM)
		return lang_type_error("op-prop", "a symbol", a[1]);
	if (!(*out = kr_op_prop(op, kr_sym_name(a[1]))))
		return kr_error_set(KR_EINVALID, "op-prop: %s has no "
				    "attribute %s", kr_op_to_string(op),
				    kr_sym_name(a[1]));
	return 0;
}

/*
 * The classes of (op-pattern CLASS ...): one class, a list of them, or
 * the symbol Op, the base class of all (no class to check).
 */
static int pattern_classes(const kr_op_desc ***descs, size_t *nd,
			   kr_term *c)
{
	if (kr_term_kind(c) == KR_SYM && !strcmp(kr_sym_name(c), "Op")) {
		*descs = NULL;
		*nd = 0;
		return 0;
	}
	long len = kr_term_op_desc(c) ? 1 : kr_list_length(c);
	size_t n = len > 0 ? (size_t)len : 0;
	const kr_op_desc **ds = kr_alloc((n ? n : 1) * sizeof *ds);
	if (kr_term_op_desc(c)) {
		ds[0] = kr_term_op_desc(c);
	} else {
		size_t i = 0;
		for (kr_term *l = c; n && kr_is_pair(l); l = kr_cdr(l))
			if (!(ds[i++] = kr_term_op_desc(kr_car(l))))
				n = 0;
	}
	if (n == 0)
		return lang_type_error("op-pattern", "an op class (op-class "
				       "OP), a non-empty list of them or 'Op",
				       c);
	*descs = ds;
	*nd = n;
	return 0;
}

/*
 * (op-pattern CLASS 'key VALUE ...): PyTensor's OpPattern(CLASS,
 * key=VALUE, ...), which heads patterns ((op-pattern ...) v1 v2) and
 * unifies with ops; a VALUE is a term the op's attribute must equal, a
 * logic variable bound to it, or another op-pattern.
 */
PRIM(p_op_pattern)
{
	const kr_op_desc **descs = NULL;
	size_t nd = 0;
	int rc = pattern_classes(&descs, &nd, a[0]);
	if (rc < 0)
		return rc;
	if (n % 2 == 0)
		return kr_error_set(KR_EINVALID, "op-pattern: expected 'key "
				    "VALUE pairs after the class, got an odd "
				    "number of arguments");
	size_t np = (n - 1) / 2;
	const char **keys = kr_alloc((np + 1) * sizeof *keys);
	kr_term **vals = kr_alloc((np + 1) * sizeof *vals);
	for (size_t i = 0; i < np; i++) {
		kr_term *k = a[1 + 2 * i];
		if (kr_term_kind(k) != KR_SYM)
			return lang_type_error("op-pattern", "an attribute "
					       "name (a symbol)", k);
		keys[i] = kr_sym_name(k);
		for (size_t j = 0; j < i; j++)
			if (!strcmp(keys[j], keys[i]))
				return kr_error_set(KR_EINVALID, "op-pattern: "
						    "attribute %s given twice",
						    keys[i]);
		vals[i] = a[2 + 2 * i];
	}
	*out = kr_op_pattern(nd, descs, np, keys, vals);
	return 0;
}

/* (op-pattern? t) */
PRIM(p_op_patternp)
{
	(void)n;
	*out = lang_bool(kr_is_op_pattern(a[0]));
	return 0;
}

/* (graph-type g): the type in the graph format, e.g. (tensor float64 ? ?). */
PRIM(p_graph_type)
{
	(void)n;
	kr_variable *v;
	int rc = lang_graph_of(&v, "graph-type", a[0]);
	if (rc < 0)
		return rc;
	return kr_read_term(out, kr_type_to_sexp(kr_variable_type(v)),
			    "graph-type");
}

/* (graph-name g): the variable's name as a string, or #f. */
PRIM(p_graph_name)
{
	(void)n;
	kr_variable *v;
	int rc = lang_graph_of(&v, "graph-name", a[0]);
	if (rc < 0)
		return rc;
	const char *s = kr_variable_name(v);
	*out = s ? kr_str(s) : lang_bool(false);
	return 0;
}

/* (graph-op g): the op of g's owner, or #f for an input or a constant. */
PRIM(p_graph_op)
{
	(void)n;
	kr_variable *v;
	int rc = lang_graph_of(&v, "graph-op", a[0]);
	if (rc < 0)
		return rc;
	kr_apply *node = kr_variable_owner(v);
	*out = node ? kr_op_term(kr_apply_op(node)) : lang_bool(false);
	return 0;
}

/* ============================================================ terms */

/* (etuple op arg ...): an etuple, as etuples' etuple(); (etuple) is empty. */
PRIM(p_etuple)
{
	*out = kr_etuple(n, a);
	return 0;
}

/* (etuple? t): whether t is an etuple (it prints as a list). */
PRIM(p_etuple_p)
{
	(void)n;
	*out = lang_bool(kr_term_kind(a[0]) == KR_ETUPLE);
	return 0;
}

int lang_eval_if_etuple(kr_term **out, const char *who, kr_term *t)
{
	if (kr_term_kind(t) == KR_ETUPLE && (kr_etuple_len(t) == 0 ||
	    !kr_term_op(kr_etuple_ref(t, 0)))) {
		if (kr_etuple_eval(out, t) == 0)
			return 0;
		return lang_error_in(kr_error_last()->code, who);
	}
	if (kr_term_kind(t) != KR_CONS && kr_term_kind(t) != KR_ETUPLE) {
		*out = t; /* eval_if_etuple: not an etuple, as it is */
		return 0;
	}
	kr_variable *v;
	int rc = lang_graph_of(&v, who, t);
	if (rc < 0)
		return rc;
	/* an op of several outputs applied at the top: all of them */
	*out = kr_term_kind(t) == KR_ETUPLE ? call_value(v)
					   : kr_variable_term(v);
	return 0;
}

/*
 * (etuple-eval t): what a term evaluates to (eval_if_etuple): an etuple
 * headed by a procedure gives the procedure's value on the arguments'
 * values; a list or an op's etuple, the graph it stands for
 * (lang_graph_of); anything else (an atom, a graph), itself.
 */
PRIM(p_etuple_eval)
{
	(void)n;
	return lang_eval_if_etuple(out, "etuple-eval", a[0]);
}

/*
 * (etuplize t [deep]): etuples' etuplize, one level or all the way: a
 * graph as (op input ...), a list (rator rand ...) as an etuple; a graph
 * input is returned as it is.
 */
PRIM(p_etuplize)
{
	unsigned flags = n > 1 && lang_truthy(a[1]) ? 0 : KR_ETUPLIZE_SHALLOW;
	if (kr_term_variable(a[0]))
		flags |= KR_ETUPLIZE_RETURN_BAD;
	int rc = kr_etuplize_term(out, a[0], flags);
	return rc < 0 ? lang_error_in(rc, "etuplize") : rc;
}

/* (var 'x): a logic variable outside run, for patterns (prints ~x). */
PRIM(p_var)
{
	if (n && kr_term_kind(a[0]) != KR_SYM)
		return lang_type_error("var", "a symbol", a[0]);
	*out = kr_var_new(n ? kr_sym_name(a[0]) : NULL);
	return 0;
}

/* pprint repeats shared subexpressions: refuse what would not end. */
static int check_printable(const char *who, kr_variable *v)
{
	if (kr_graph_tree_size(1, &v, LANG_PRINT_MAX) < LANG_PRINT_MAX)
		return 0;
	return kr_error_set(KR_ELIMIT, "%s: the expression has more than %d "
			    "nodes once shared subexpressions are repeated; "
			    "use dprint or repr", who, LANG_PRINT_MAX);
}

/* =================================================== FunctionGraphs */

/*
 * A FunctionGraph value: what `(function-graph ...)` makes, printed as its
 * repr. Rewriters change it in place, as PyTensor's `rewriter.rewrite(fg)`.
 */
static char *fgraph_str(const void *p)
{
	return kr_fgraph_repr(p);
}

static const kr_foreign_type fgraph_type = {
	.name = "FunctionGraph", .to_string = fgraph_str};

kr_fgraph *lang_as_fgraph(const kr_term *t)
{
	return kr_is_foreign_of(t, &fgraph_type) ? kr_foreign_ptr(t) : NULL;
}

kr_term *lang_fgraph_term(kr_fgraph *fg)
{
	return kr_foreign(&fgraph_type, fg);
}

/*
 * The graphs of a list argument: one graph, or a proper list of graphs
 * (a list whose head is an op is one graph, the expression it stands for).
 */
int lang_graph_list(kr_variable ***out, size_t *n, const char *who,
		    kr_term *t)
{
	long len = kr_list_length(t);
	if (len < 0 || (len > 0 && kr_term_op(kr_car(t)))) {
		*out = kr_alloc(sizeof **out);
		*n = 1;
		return lang_graph_of(*out, who, t);
	}
	*out = kr_alloc(((size_t)len + 1) * sizeof **out);
	*n = (size_t)len;
	for (long i = 0; i < len; i++, t = kr_cdr(t)) {
		int rc = lang_graph_of(&(*out)[i], who, kr_car(t));
		if (rc < 0)
			return rc;
	}
	return 0;
}

/*
 * (function-graph OUTPUTS) or (function-graph INPUTS OUTPUTS): PyTensor's
 * FunctionGraph(inputs, outputs) over a copy of the graphs (clone=True),
 * the inputs inferred when not given. OUTPUTS is a graph or a list.
 */
PRIM(p_function_graph)
{
	kr_variable **ins = NULL, **outs;
	size_t nin = 0, nout;
	int rc = lang_graph_list(&outs, &nout, "function-graph", a[n - 1]);
	if (rc < 0 || (n > 1 && (rc = lang_graph_list(&ins, &nin,
						       "function-graph",
						       a[0])) < 0))
		return rc;
	if (nout == 0)
		return kr_error_set(KR_EINVALID, "function-graph: no outputs");
	kr_fgraph *fg;
	if (kr_fgraph_new(&fg, nin, ins, nout, outs, true) < 0)
		return lang_error_in(KR_EINVALID, "function-graph");
	*out = lang_fgraph_term(fg);
	return 0;
}

PRIM(p_function_graphp)
{
	(void)n;
	*out = lang_bool(lang_as_fgraph(a[0]) != NULL);
	return 0;
}

int lang_fgraph_arg(kr_fgraph **out, const char *who, kr_term *t)
{
	*out = lang_as_fgraph(t);
	return *out ? 0 : lang_type_error(who, "a FunctionGraph", t);
}

/* The list of get(fg, 0) ... get(fg, n - 1) as graph terms. */
static kr_term *var_list(size_t n, kr_variable *(*get)(const kr_fgraph *,
							 size_t),
			 const kr_fgraph *fg)
{
	kr_term **items = kr_alloc((n ? n : 1) * sizeof *items);
	for (size_t i = 0; i < n; i++)
		items[i] = kr_variable_term(get(fg, i));
	return kr_list(n, items);
}

/* (fgraph-inputs fg), (fgraph-outputs fg): fg.inputs, fg.outputs. */
PRIM(p_fgraph_inputs)
{
	(void)n;
	kr_fgraph *fg;
	int rc = lang_fgraph_arg(&fg, "fgraph-inputs", a[0]);
	if (rc == 0)
		*out = var_list(kr_fgraph_ninputs(fg), kr_fgraph_input, fg);
	return rc;
}

PRIM(p_fgraph_outputs)
{
	(void)n;
	kr_fgraph *fg;
	int rc = lang_fgraph_arg(&fg, "fgraph-outputs", a[0]);
	if (rc == 0)
		*out = var_list(kr_fgraph_noutputs(fg), kr_fgraph_output, fg);
	return rc;
}

/*
 * (WHO FG OLD NEW ["reason"] ['import-missing]): replace is
 * kr_fgraph_replace_ex() or, without flags, kr_fgraph_replace_validate();
 * the graph is unchanged on error.
 */
static int replace_prim(kr_term **out, size_t n, kr_term *const *a,
			const char *who, bool validate)
{
	const char *reason = NULL;
	unsigned flags = 0;
	kr_fgraph *fg;
	kr_variable *old, *new;
	if (!validate && n > 3 && lang_is_symbol(a[n - 1], "import-missing")) {
		flags = KR_IMPORT_MISSING;
		n--;
	}
	if (n > 4)
		return lang_type_error(who, "'import-missing", a[4]);
	int rc = lang_fgraph_arg(&fg, who, a[0]);
	if (rc < 0 || (rc = lang_graph_of(&old, who, a[1])) < 0 ||
	    (rc = lang_graph_of(&new, who, a[2])) < 0 ||
	    (n > 3 && (rc = lang_name_arg(&reason, who, a[3])) < 0))
		return rc;
	rc = validate ? kr_fgraph_replace_validate(fg, old, new, reason)
		      : kr_fgraph_replace_ex(fg, old, new, reason, flags);
	if (rc < 0)
		return lang_error_in(rc, who);
	*out = lang_void();
	return 0;
}

/*
 * (fgraph-replace! FG OLD NEW ["reason"] ['import-missing]): PyTensor's
 * fgraph.replace, with import_missing=True when asked.
 */
PRIM(p_fgraph_replace)
{
	return replace_prim(out, n, a, "fgraph-replace!", false);
}

/*
 * (fgraph-replace-validate! FG OLD NEW ["reason"]): PyTensor's
 * fg.replace_validate(old, new, reason); reverted when validation fails.
 */
PRIM(p_fgraph_replace_validate)
{
	return replace_prim(out, n, a, "fgraph-replace-validate!", true);
}

/*
 * (fgraph-toposort FG): the nodes of FG in PyTensor's fgraph.toposort()
 * order, each as its first output (the prompt's handle of a node).
 */
PRIM(p_fgraph_toposort)
{
	(void)n;
	kr_fgraph *fg;
	kr_apply **nodes;
	size_t k;
	int rc = lang_fgraph_arg(&fg, "fgraph-toposort", a[0]);
	if (rc < 0)
		return rc;
	if ((rc = kr_fgraph_toposort(&nodes, &k, fg)) < 0)
		return lang_error_in(rc, "fgraph-toposort");
	*out = kr_nil();
	while (k-- > 0)
		if (kr_apply_noutputs(nodes[k]))
			*out = kr_cons(kr_variable_term(
					       kr_apply_output(nodes[k], 0)),
				       *out);
	return 0;
}

/* ========================================================== printers */

/* A FunctionGraph value, or one over a copy of a graph or list of graphs. */
static int fgraph_of(kr_fgraph **out, const char *who, kr_term *t)
{
	if ((*out = lang_as_fgraph(t)))
		return 0;
	kr_variable **vs;
	size_t k;
	int rc = lang_graph_list(&vs, &k, who, t);
	if (rc < 0)
		return rc;
	if (k == 0)
		return kr_error_set(KR_EINVALID, "%s: no graphs", who);
	return kr_fgraph_new(out, 0, NULL, k, vs, true) < 0 ?
	       lang_error_in(KR_EINVALID, who) : 0;
}

static int print_text(kr_term **out, const char *text, bool newline)
{
	fputs(text, stdout);
	if (newline)
		putchar('\n');
	*out = lang_void();
	return 0;
}

/* (pprint g): print g as PyTensor's pprint does. */
PRIM(p_pprint)
{
	(void)n;
	kr_variable *v;
	int rc = lang_graph_of(&v, "pprint", a[0]);
	if (rc < 0 || (rc = check_printable("pprint", v)) < 0)
		return rc;
	return print_text(out, kr_pprint(v), true);
}

/* (pprint-string g): the same text as a string. */
PRIM(p_pprint_string)
{
	(void)n;
	kr_variable *v;
	int rc = lang_graph_of(&v, "pprint-string", a[0]);
	if (rc < 0 || (rc = check_printable("pprint-string", v)) < 0)
		return rc;
	*out = kr_str(kr_pprint(v));
	return 0;
}

/*
 * (dprint g): print the variable g (or a list of them) as pytensor.dprint
 * does; a FunctionGraph with the toposort indices, as pytensor.dprint(fg).
 */
PRIM(p_dprint)
{
	(void)n;
	kr_fgraph *fg = lang_as_fgraph(a[0]);
	*out = lang_void();
	/* streamed: the text is quadratic in the depth of a chain; a write
	 * error shows at the end (cli_output_status) */
	if (fg)
		return kr_fgraph_dprint_file(stdout, fg, NULL), 0;
	kr_variable **vs;
	size_t k;
	int rc = lang_graph_list(&vs, &k, "dprint", a[0]);
	if (rc == 0)
		kr_dprint_file(stdout, k, vs, NULL);
	return rc;
}

/* (repr g): print the repr of the FunctionGraph of g. */
PRIM(p_repr)
{
	(void)n;
	kr_fgraph *fg;
	int rc = fgraph_of(&fg, "repr", a[0]);
	return rc < 0 ? rc : print_text(out, kr_fgraph_repr(fg), true);
}

int lang_write_file(const char *who, const char *path, const char *text)
{
	if (lang_sandboxed())
		return kr_error_set(KR_EINVALID, "%s: no files in a sandbox",
				    who);
	FILE *f = fopen(path, "w");
	if (!f)
		return kr_error_set(KR_ERROR, "%s: cannot write %s: %s", who,
				    path, strerror(errno));
	bool bad = fputs(text, f) < 0;
	bad = fclose(f) != 0 || bad;
	return bad ? kr_error_set(KR_ERROR, "%s: cannot write %s", who, path)
		   : 0;
}

/* (graph-dot g ["file.dot"]): the DOT picture, to a file or as a string. */
PRIM(p_graph_dot)
{
	kr_fgraph *fg;
	int rc = fgraph_of(&fg, "graph-dot", a[0]);
	if (rc < 0)
		return rc;
	return lang_text_result(out, "graph-dot", n, a, kr_fgraph_dot(fg));
}

/* (graph-nodes g): the number of Apply nodes of g's FunctionGraph. */
PRIM(p_graph_nodes)
{
	(void)n;
	kr_fgraph *fg;
	int rc = fgraph_of(&fg, "graph-nodes", a[0]);
	if (rc < 0)
		return rc;
	*out = kr_int((int64_t)kr_fgraph_nnodes(fg));
	return 0;
}

/* ======================================================== evaluation */

static kr_term *number_term(kr_dtype d, double x)
{
	if (d == KR_BOOL)
		return lang_bool(x != 0);
	if (kr_dtype_is_float(d))
		return kr_real(x);
	if (x >= 9223372036854775808.0) /* uint64 beyond int64: the reader's */
		return kr_real(x);	  /* integers are int64 */
	return kr_int((int64_t)x);
}

/* A value as a number or nested lists of numbers. */
static kr_term *value_term(const kr_value *v, int dim, size_t *k)
{
	if (dim == kr_value_ndim(v))
		return number_term(kr_value_dtype(v), kr_value_get(v, (*k)++));
	int64_t len = kr_value_dim(v, dim);
	kr_term **items = kr_alloc(((size_t)len + 1) * sizeof *items);
	for (int64_t i = 0; i < len; i++)
		items[i] = value_term(v, dim + 1, k);
	return kr_list((size_t)len, items);
}

/*
 * The variable a binding's key stands for, as PyTensor's Variable.eval
 * converts its keys: a graph Variable is itself; a name (symbol or
 * string) is the one variable of g's graph of that name (an input, or a
 * variable inside, where the graph is then cut).
 */
static int key_variable(kr_variable **out, kr_variable *g, kr_term *key)
{
	if ((*out = kr_term_variable(key)))
		return 0;
	const char *name;
	int rc = lang_name_arg(&name, "graph-eval", key);
	if (rc < 0)
		return rc;
	size_t k;
	kr_variable **found = kr_get_var_by_name(&k, 1, &g, name);
	if (k == 0)
		return kr_error_set(KR_ENOTFOUND, "graph-eval: %s not found "
				    "in graph", name);
	if (k > 1)
		return kr_error_set(KR_EINVALID, "graph-eval: Found multiple "
				    "variables with name %s", name);
	*out = found[0];
	return 0;
}

/*
 * PyTensor's UnusedInputError: a given variable the output does not need
 * once the graph is cut at the given variables.
 */
static int check_used(kr_variable *g, size_t k, kr_variable *const *ins)
{
	size_t na;
	kr_variable **anc = kr_ancestors(&na, 1, &g, k, ins);
	for (size_t i = 0; i < k; i++) {
		bool used = false;
		for (size_t j = 0; j < na && !used; j++)
			used = anc[j] == ins[i];
		if (!used)
			return kr_error_set(KR_EINVALID,
					    "graph-eval: the input %s (at "
					    "index %zu) is not part of the "
					    "graph needed to compute the "
					    "output (PyTensor's "
					    "UnusedInputError)",
					    kr_variable_to_string(ins[i]), i);
	}
	return 0;
}

/* (graph-eval g '((x . VALUE) ...)): g's value, as a compiled function. */
PRIM(p_graph_eval)
{
	kr_variable *v;
	int rc = lang_graph_of(&v, "graph-eval", a[0]);
	if (rc < 0)
		return rc;
	kr_term *bs = n > 1 ? a[1] : kr_nil();
	long nb = kr_list_length(bs);
	if (nb < 0)
		return lang_type_error("graph-eval", "a list of bindings", bs);
	kr_variable **ins = kr_alloc(((size_t)nb + 1) * sizeof *ins);
	const kr_value **vals = kr_alloc(((size_t)nb + 1) * sizeof *vals);
	size_t k = 0;
	for (; kr_is_pair(bs); bs = kr_cdr(bs)) {
		kr_term *b = kr_car(bs);
		if (kr_term_kind(b) != KR_CONS)
			return lang_type_error("graph-eval", "a binding (NAME . "
					  "VALUE)", b);
		if ((rc = key_variable(&ins[k], v, kr_car(b))) < 0)
			return rc;
		kr_value *val;
		if ((rc = value_of(&val, kr_variable_type(ins[k]),
				   kr_cdr(b))) < 0)
			return rc;
		vals[k++] = val;
	}
	if ((rc = check_used(v, k, ins)) < 0)
		return rc;
	kr_value *res;
	if ((rc = kr_graph_eval(&res, 1, &v, k, ins, vals)) < 0)
		return lang_error_in(rc, "graph-eval");
	size_t at = 0;
	*out = value_term(res, 0, &at);
	return 0;
}

/* ============================================================= table */

static const lang_prim_def prims[] = {
	{"graph-input", 1, 2, p_graph_input},
	{"constant", 1, 3, p_constant},
	{"graph?", 1, 1, p_graphp}, {"op?", 1, 1, p_opp}, {"op", 1, 13, p_op},
	{"op-class", 1, 1, p_op_class}, {"op-pattern", 1, -1, p_op_pattern},
	{"op-prop", 2, 2, p_op_prop},
	{"op-pattern?", 1, 1, p_op_patternp},
	{"graph-type", 1, 1, p_graph_type}, {"graph-name", 1, 1, p_graph_name},
	{"graph-op", 1, 1, p_graph_op},
	{"etuple", 0, -1, p_etuple}, {"etuple?", 1, 1, p_etuple_p},
	{"etuple-eval", 1, 1, p_etuple_eval},
	{"etuplize", 1, 2, p_etuplize}, {"var", 0, 1, p_var},
	{"pprint", 1, 1, p_pprint}, {"pprint-string", 1, 1, p_pprint_string},
	{"dprint", 1, 1, p_dprint}, {"repr", 1, 1, p_repr},
	{"function-graph", 1, 2, p_function_graph},
	{"function-graph?", 1, 1, p_function_graphp},
	{"fgraph-inputs", 1, 1, p_fgraph_inputs},
	{"fgraph-outputs", 1, 1, p_fgraph_outputs},
	{"fgraph-replace!", 3, 5, p_fgraph_replace},
	{"fgraph-replace-validate!", 3, 4, p_fgraph_replace_validate},
	{"fgraph-toposort", 1, 1, p_fgraph_toposort},
	{"graph-dot", 1, 2, p_graph_dot}, {"graph-nodes", 1, 1, p_graph_nodes},
	{"graph-eval", 1, 2, p_graph_eval},
};

/* The op library under PyTensor's names. */
static const char *const op_names[] = {
	"add", "mul", "sub", "true_div", "neg", "identity", "exp", "log",
	"pow", "sqr", "reciprocal", "dot",
};

void lang_graphs_init(void)
{
	lang_define_prims(prims, sizeof prims / sizeof *prims);
	for (size_t i = 0; i < sizeof op_names / sizeof *op_names; i++) {
		kr_op *op = !strcmp(op_names[i], "dot") ? kr_op_dot()
							: kr_op_lookup(op_names[i]);
		if (op)
			lang_define(op_names[i], kr_op_term(op));
	}
	const char *const *names;
	size_t nr = kr_relation_names(&names);
	for (size_t i = 0; i < nr; i++) {
		const kr_rel *r = kr_relation_lookup(names[i]);
		char *dashed = kr_strdup(names[i]);
		for (char *c = dashed; *c; c++)
			if (*c == '_')
				*c = '-';
		if (!lang_lookup(names[i]))
			lang_define(names[i], lang_rel_term(r));
		if (!lang_lookup(dashed))
			lang_define(dashed, lang_rel_term(r));
	}
}
