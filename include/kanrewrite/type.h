/* kanrewrite/type.h -- types of graph variables: scalars and tensors. */
/* See the LICENSE file for copying conditions. */
#ifndef KANREWRITE_TYPE_H
#define KANREWRITE_TYPE_H

#include "common.h"

/**
 * @file kanrewrite/type.h
 * The type of a graph variable, as PyTensor's Type: either a ScalarType
 * (`pytensor.scalar.float64`, printed `float64`, no dimensions) or a
 * TensorType: an element dtype, a number of dimensions and a static shape
 * in which every dimension may be unknown (`-1`); a dimension is
 * broadcastable exactly when its static length is 1. Tensors print as
 * PyTensor's TensorType: `Scalar(float64, shape=())` for 0 dimensions,
 * `Matrix(float64, shape=(?, ?))`.
 *
 * Types are immutable and compared structurally (kr_type_equal()); the
 * common ones (scalars, vectors and matrices of unknown shape) are shared
 * objects. Every type is garbage-collected or static; nothing is freed.
 */

/**
 * Element types, as numpy/PyTensor dtypes. The order of the first two is
 * fixed (older code relies on KR_FLOAT64 == 0 and KR_INT64 == 1).
 */
typedef enum {
	KR_FLOAT64, /**< 64-bit IEEE float, PyTensor's `float64` */
	KR_INT64,   /**< signed 64-bit integer, `int64` */
	KR_FLOAT32, /**< 32-bit IEEE float, `float32` */
	KR_INT32,   /**< `int32` */
	KR_INT16,   /**< `int16` */
	KR_INT8,    /**< `int8` */
	KR_UINT64,  /**< `uint64` */
	KR_UINT32,  /**< `uint32` */
	KR_UINT16,  /**< `uint16` */
	KR_UINT8,   /**< `uint8` */
	KR_BOOL,    /**< `bool` */
	KR_NDTYPES  /**< number of dtypes (not a dtype) */
} kr_dtype;

/** A type (opaque, immutable; see kr_type_to_string()). */
typedef struct kr_type kr_type;

/** Largest number of dimensions of a tensor type. */
#define KR_TYPE_MAX_NDIM 32

/** Name of a dtype: "float64", "int8", "bool" ... */
const char *kr_dtype_name(kr_dtype d);

/**
 * The dtype of a name, as `np.dtype(name)` for the names above.
 * Returns: 0. Errors: KR_ENOTFOUND for an unknown name.
 */
int kr_dtype_from_name(kr_dtype *out, const char *name);

/** True for float32 and float64. */
bool kr_dtype_is_float(kr_dtype d);

/** True for the signed and unsigned integers (not bool). */
bool kr_dtype_is_int(kr_dtype d);

/**
 * The dtype of a result combining a and b, as numpy's array promotion
 * (PyTensor's `upcast`): bool < integers < floats; a signed and an
 * unsigned integer give a signed one wide enough (uint64 with a signed
 * integer gives float64); an integer of 16 bits or less with float32
 * stays float32, a wider one gives float64.
 */
kr_dtype kr_dtype_upcast(kr_dtype a, kr_dtype b);

/**
 * The ScalarType of a dtype (not a tensor; 0 dimensions), as PyTensor's
 * `pytensor.scalar.float64`.
 * Returns: a shared static object. Errors: none.
 */
const kr_type *kr_type_scalar(kr_dtype d);

/**
 * A tensor type, as PyTensor's `TensorType(dtype, shape=...)`.
 *
 * Shape: 0 <= ndim <= KR_TYPE_MAX_NDIM; `shape` is NULL (every dimension
 * unknown) or holds ndim entries, each -1 (unknown) or >= 0 (the static
 * length). ndim 0 gives the 0-d TensorType (`pt.scalar()`), which is not
 * kr_type_scalar(d).
 * Returns: the type (a shared object when the shape is unknown).
 * Errors: none; asserts the shape is valid; aborts on OOM.
 */
const kr_type *kr_type_tensor(kr_dtype d, int ndim, const int64_t *shape);

/** float64 vector of unknown length, as `pt.vector()`. */
const kr_type *kr_type_vector(void);

/** float64 matrix of unknown shape, as `pt.matrix()`. */
const kr_type *kr_type_matrix(void);

/**
 * The type of PyTensor's `NoneConst`, as `NoneTypeT()`: the type of the
 * `None` entries of a SpecifyShape's shape (kr_none_const()). It is
 * neither a tensor nor a scalar; it has 0 dimensions, its dtype means
 * nothing, and it prints as `NoneTypeT`. The built-in ops refuse it.
 * Returns: a shared static object. Errors: none.
 */
const kr_type *kr_type_none(void);

/** True for kr_type_none(). */
bool kr_type_is_none(const kr_type *t);

/** True for a TensorType, false for a ScalarType (and NoneTypeT). */
bool kr_type_is_tensor(const kr_type *t);

/** Number of dimensions (0 for a scalar). */
int kr_type_ndim(const kr_type *t);

/** Element dtype. */
kr_dtype kr_type_dtype(const kr_type *t);

/**
 * Static length of dimension i, or -1 when unknown.
 * Shape: 0 <= i < kr_type_ndim(t) (asserted).
 */
int64_t kr_type_dim(const kr_type *t, int i);

/** The same kind of type (scalar or tensor, same shape) with dtype d. */
const kr_type *kr_type_with_dtype(const kr_type *t, kr_dtype d);

/** Structural equality: same kind, dtype, ndim and static shape. */
bool kr_type_equal(const kr_type *a, const kr_type *b);

/** A hash consistent with kr_type_equal(). */
uint64_t kr_type_hash(const kr_type *t);

/**
 * Whether a variable of type b may replace one of type a, as PyTensor's
 * `a.is_super(b)`: same kind, dtype and ndim, and every static dimension of a is
 * unknown or equal to b's (a is no more specific than b).
 */
bool kr_type_is_super(const kr_type *a, const kr_type *b);

/**
 * Whether b is in a's class of fixed broadcastable types, as PyTensor's
 * `a.in_same_class(b)`: for a TensorType, b is a TensorType of the same
 * dtype whose static lengths of 1 are at the same places (shapes (2, 1),
 * (3, 1) and (?, 1) are of one class, (2, ?) is not); for other types
 * (scalars, NoneTypeT), b equals a (Type's default).
 */
bool kr_type_in_same_class(const kr_type *a, const kr_type *b);

/**
 * The printed form, as PyTensor's str(type): `float64`, `int64` (scalar
 * types), `Scalar(float64, shape=())`,
 * `Vector(float64, shape=(?,))`, `Matrix(float64, shape=(2, ?))`,
 * `Tensor3(int64, shape=(?, ?, ?))`.
 * Returns: a collected string. Errors: none; aborts on OOM.
 */
char *kr_type_to_string(const kr_type *t);

/**
 * The repr, as PyTensor's repr(type): `TensorType(float64, shape=())`,
 * `TensorType(float64, shape=(None,))`, `TensorType(int64, shape=(2,
 * None))` (Python's tuple of the static shape), `ScalarType(float64)`.
 * Returns: a collected string. Errors: none; aborts on OOM.
 */
char *kr_type_repr(const kr_type *t);

#endif
