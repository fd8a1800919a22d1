/* kanrewrite/value.h -- values of graph variables, constants, evaluation. */
/* See the LICENSE file for copying conditions. */
#ifndef KANREWRITE_VALUE_H
#define KANREWRITE_VALUE_H

#include "fgraph.h"

/**
 * @file kanrewrite/value.h
 * Values, as the numpy arrays PyTensor computes with: a dtype, a shape
 * (0 dimensions for scalars) and the elements in row-major order. Elements
 * are stored as doubles whatever the dtype; a value of an integer or bool
 * dtype holds only values of that dtype (integers exact up to 2^53), a
 * float32 value only float32 numbers. Values are immutable once built (a
 * new value's elements may be filled through kr_value_data() before it is
 * shared).
 *
 * Constants (graph.h) carry a value; two constants are merged by
 * PyTensor's MergeOptimizer when their merge signatures, type and value,
 * are equal (kr_constant_equal()). Evaluation runs each op's `perform`
 * hook (op.h) over a graph in topological order.
 */

/** A value (opaque; see kr_value_new()). */
typedef struct kr_value kr_value;

/**
 * A new value of a dtype and shape with every element 0.
 * Shape: 0 <= ndim <= KR_TYPE_MAX_NDIM, shape[i] >= 0 (NULL when ndim 0),
 * and the elements, 8 bytes each, must be countable in a size_t.
 * Errors: none; asserts the shape; aborts on OOM.
 */
kr_value *kr_value_new(kr_dtype d, int ndim, const int64_t *shape);

/** A 0-dimensional value holding x converted to d (kr_value_convert()). */
kr_value *kr_value_scalar(kr_dtype d, double x);

/**
 * A value of a dtype and shape with the elements of `data` (row-major,
 * as many as the shape holds), each converted to d.
 */
kr_value *kr_value_from_array(kr_dtype d, int ndim, const int64_t *shape,
			      const double *data);

/** Dtype of a value. */
kr_dtype kr_value_dtype(const kr_value *v);

/** Number of dimensions. */
int kr_value_ndim(const kr_value *v);

/** Length of dimension i (asserted in range). */
int64_t kr_value_dim(const kr_value *v, int i);

/** Number of elements (1 for 0 dimensions). */
size_t kr_value_size(const kr_value *v);

/**
 * The elements, row-major (kr_value_size() of them). Writable only to
 * fill a value just made by kr_value_new(); store only values of its
 * dtype (see kr_value_convert()).
 */
double *kr_value_data(kr_value *v);

/** Element k (row-major), asserted in range. */
double kr_value_get(const kr_value *v, size_t k);

/**
 * x converted to dtype d as numpy's astype: integers truncate toward zero
 * (and wrap to the width of the dtype, 64 bits included: int64 stays in
 * [-2^63, 2^63)), bool is x != 0, float32 rounds to the nearest float32.
 * Elements are held as doubles: 64-bit integers are exact up to 2^53.
 */
double kr_value_convert(kr_dtype d, double x);

/**
 * Equality of two values, as numpy's `array_equal` with `equal_nan`:
 * same dtype, shape and elements, NaN equal to NaN.
 */
bool kr_value_equal(const kr_value *a, const kr_value *b);

/** A hash consistent with kr_value_equal(). */
uint64_t kr_value_hash(const kr_value *v);

/**
 * Equivalence of two values, as numpy's `array_equiv`, which PyTensor's
 * unification uses for two Constants: the shapes broadcast against each
 * other and every pair of broadcast elements compares equal; the dtypes
 * do not matter (int64 2 and float64 2.0 are equivalent, so are 3 and
 * [3, 3]). NaN equals nothing. One deliberate difference: an empty value
 * is equivalent only to another empty value of a compatible shape (numpy
 * also makes it equivalent to every value it broadcasts with, which is
 * not transitive, so no hash could follow it).
 * Shape: any two values. Errors: none (asserts non-NULL values). Cost: the
 * size of the broadcast shape, which can exceed both sizes ((n, 1)
 * against (1, m) compares n*m pairs).
 */
bool kr_value_equiv(const kr_value *a, const kr_value *b);

/**
 * A hash consistent with kr_value_equiv(), of the least and greatest
 * elements (which broadcasting keeps). Cost: O(size).
 */
uint64_t kr_value_equiv_hash(const kr_value *v);

/**
 * Closeness, as numpy's `allclose(a, b, rtol, atol, equal_nan=True)`
 * without broadcasting: same shape and |a - b| <= atol + rtol * |b|
 * elementwise (dtypes may differ).
 */
bool kr_value_allclose(const kr_value *a, const kr_value *b, double rtol,
		       double atol);

/**
 * Whether a value may be the value of a variable of type t, as PyTensor's
 * `Type.filter` without conversion: same dtype and number of dimensions,
 * every static length of t equal to the value's.
 */
bool kr_value_fits(const kr_value *v, const kr_type *t);

/**
 * The text of a value in the graph text format (gformat.h): an integer in
 * decimal, a float as Python's repr (`1.0`, `1e-08`, `inf`, `nan`), a bool
 * as `True`/`False`, an array as nested `[a,b,...]` row-major.
 * Returns: a collected string.
 */
char *kr_value_to_string(const kr_value *v);

/**
 * Read a value of dtype d from that text (see kr_value_to_string(); a
 * nested list must be rectangular).
 * Returns: 0. Errors: KR_ESYNTAX for malformed text or a number that is
 * not of that dtype (a float for an integer dtype, an integer outside the
 * dtype's range such as 300 for int8 ...).
 */
int kr_value_parse(kr_value **out, const char *text, kr_dtype d);

/**
 * A random value of type t for tests: unknown lengths become `len`;
 * floats uniform in [lo, hi), integers in [lo, hi], bools 0/1. `seed` is
 * updated (a xorshift state, never 0).
 */
kr_value *kr_value_random(const kr_type *t, int64_t len, double lo,
			  double hi, uint64_t *seed);

/* ------------------------------------------------------------- constants */

/**
 * A new Constant of type t holding v, as `pt.constant(v)` /
 * `TensorConstant(type, data)`.
 * @param[out] out the constant.
 * Returns: 0. Errors: KR_EINVALID when v does not fit t (kr_value_fits()).
 */
int kr_constant_make(kr_variable **out, const kr_type *t, const kr_value *v);

/** The value of a Constant (asserts kr_variable_is_constant()). */
const kr_value *kr_constant_value(const kr_variable *c);

/**
 * Merge-signature equality of two constants, as PyTensor's
 * `Constant.merge_signature()`: equal types and equal values. Two distinct
 * constants can be equal; a constant is always equal to itself.
 */
bool kr_constant_equal(const kr_variable *a, const kr_variable *b);

/** A hash consistent with kr_constant_equal(). */
uint64_t kr_constant_hash(const kr_variable *c);

/* ------------------------------------------------------------ evaluation */

/**
 * Evaluate variables from values of inputs, as compiling and calling
 * `pytensor.function(inputs, outputs)` in Python mode: every node the
 * outputs depend on runs its op's perform hook once, in topological order;
 * constants give their values.
 *
 * Shape: nin distinct ownerless variables with their values; nout
 * variables. @param[out] out nout values.
 * Returns: 0. Errors: KR_ENOTFOUND when an output needs an ownerless
 * variable that has no value; KR_EINVALID when a value does not fit its
 * input's type, when an op has no perform hook (an opaque op) or its
 * perform fails (shape mismatch ...), naming the node, or when the graph
 * has a cycle (which kr_fgraph_replace() can make).
 * Cost: the ops' work plus O(size of the graph); no recursion.
 */
int kr_graph_eval(kr_value **out, size_t nout, kr_variable *const *outputs,
		  size_t nin, kr_variable *const *inputs,
		  const kr_value *const *values);

/**
 * Evaluate a FunctionGraph's outputs, as calling its compiled function:
 * kr_graph_eval() with the graph's inputs and outputs.
 * Shape: one value per input, in input order; out receives one value per
 * output. Errors: as kr_graph_eval().
 */
int kr_fgraph_eval(kr_value **out, const kr_fgraph *fg,
		   const kr_value *const *values);

#endif
