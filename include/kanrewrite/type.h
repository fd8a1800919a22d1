/* kanrewrite/type.h -- types of graph variables: scalars and tensors. */
/* See the LICENSE file for copying conditions. */
#ifndef KANREWRITE_TYPE_H
#define KANREWRITE_TYPE_H

#include "common.h"

/**
 * @file kanrewrite/type.h
 * The type of a graph variable, as PyTensor's Type: an element dtype, a
 * number of dimensions and a static shape in which every dimension may be
 * unknown. A type with 0 dimensions is a scalar (printed `float64`, as
 * PyTensor prints a ScalarType); tensors print as PyTensor's TensorType,
 * e.g. `Matrix(float64, shape=(?, ?))`.
 *
 * Types are immutable and compared structurally (kr_type_equal()); the
 * common ones (scalars, vectors and matrices of unknown shape) are shared
 * objects. Every type is garbage-collected or static; nothing is freed.
 */

/** Element types. */
typedef enum {
	KR_FLOAT64, /**< 64-bit IEEE float, PyTensor's `float64` */
	KR_INT64    /**< signed 64-bit integer, PyTensor's `int64` */
} kr_dtype;

/** A type (opaque, immutable; see kr_type_to_string()). */
typedef struct kr_type kr_type;

/** Largest number of dimensions of a tensor type. */
#define KR_TYPE_MAX_NDIM 32

/** Name of a dtype: "float64" or "int64". */
const char *kr_dtype_name(kr_dtype d);

/**
 * The scalar type of a dtype (0 dimensions), as PyTensor's
 * `pytensor.scalar.float64`.
 * Returns: a shared static object. Errors: none.
 */
const kr_type *kr_type_scalar(kr_dtype d);

/**
 * A tensor type, as PyTensor's `TensorType(dtype, shape=...)`.
 *
 * Shape: 0 <= ndim <= KR_TYPE_MAX_NDIM; `shape` is NULL (every dimension
 * unknown) or holds ndim entries, each -1 (unknown) or >= 0 (the static
 * length). ndim 0 gives the scalar type kr_type_scalar(d).
 * Returns: the type (a shared object when the shape is unknown).
 * Errors: none; asserts the shape is valid; aborts on OOM.
 */
const kr_type *kr_type_tensor(kr_dtype d, int ndim, const int64_t *shape);

/** float64 vector of unknown length, as `pt.vector()`. */
const kr_type *kr_type_vector(void);

/** float64 matrix of unknown shape, as `pt.matrix()`. */
const kr_type *kr_type_matrix(void);

/** Number of dimensions (0 for a scalar). */
int kr_type_ndim(const kr_type *t);

/** Element dtype. */
kr_dtype kr_type_dtype(const kr_type *t);

/**
 * Static length of dimension i, or -1 when unknown.
 * Shape: 0 <= i < kr_type_ndim(t) (asserted).
 */
int64_t kr_type_dim(const kr_type *t, int i);

/** Structural equality: same dtype, ndim and static shape. */
bool kr_type_equal(const kr_type *a, const kr_type *b);

/** A hash consistent with kr_type_equal(). */
uint64_t kr_type_hash(const kr_type *t);

/**
 * Whether a variable of type b may replace one of type a, as PyTensor's
 * `a.is_super(b)`: same dtype and ndim, and every static dimension of a is
 * unknown or equal to b's (a is no more specific than b).
 */
bool kr_type_is_super(const kr_type *a, const kr_type *b);

/**
 * The printed form, as PyTensor's str(type): `float64`, `int64`,
 * `Vector(float64, shape=(?,))`, `Matrix(float64, shape=(2, ?))`,
 * `Tensor3(int64, shape=(?, ?, ?))`.
 * Returns: a collected string. Errors: none; aborts on OOM.
 */
char *kr_type_to_string(const kr_type *t);

#endif
