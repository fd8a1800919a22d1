/* kanrewrite/op.h -- operations of the graph IR and their registry. */
/* See the LICENSE file for copying conditions. */
#ifndef KANREWRITE_OP_H
#define KANREWRITE_OP_H

#include "term.h"
#include "type.h"

/**
 * @file kanrewrite/op.h
 * An Op is what an Apply node computes, as PyTensor's `Op`. An op is a
 * descriptor (a static table of hooks shared by a family of ops, like a
 * Python class) plus optional props (like PyTensor's `__props__`). Two ops
 * are equal when they share the descriptor and their props are equal, so
 * two distinct op objects with equal props are interchangeable in graphs
 * and rewrites (PyTensor's `node.op == op`).
 *
 * The built-in ops (add, mul, sub, true_div, neg, identity, exp, log, pow,
 * sqr, reciprocal, dot, and SpecifyShape: kr_op_specify_shape() in
 * graph.h) are registered by name when the library is initialised;
 * user ops are made with kr_op_new() and may be registered with
 * kr_op_register(). Ops read from a graph file that are not known load as
 * opaque ops (kr_op_opaque()).
 */

/** An op (opaque, immutable): a descriptor plus props. */
typedef struct kr_op kr_op;

/** A value (see value.h). */
typedef struct kr_value kr_value;

/** A graph variable (see graph.h). */
typedef struct kr_variable kr_variable;

/**
 * One entry of an op's destroy_map or view_map, as one `out: [in]` item
 * of PyTensor's `Op.destroy_map` / `Op.view_map` dicts: output number
 * `output` of a node overwrites (destroy_map) or is a view of (view_map)
 * the node's input number `input`. An output listed twice stands for an
 * output of several inputs (`{0: [0, 1]}`), which the DestroyHandler
 * refuses as PyTensor does (destroy.h). A list ends with KR_PAIRS_END.
 */
typedef struct kr_io_pair {
	int output; /**< output index, >= 0; < 0 ends the list */
	int input;  /**< input index, >= 0 */
} kr_io_pair;

/**
 * One entry of an op's tolerate_same or tolerate_aliased list, as a pair
 * `(idx0, idx1)` of PyTensor's `destroyhandler_tolerate_same` /
 * `destroyhandler_tolerate_aliased`: the destroyed input `destroyed` may
 * be the very same variable as input `other` (tolerate_same), or any
 * alias of it is ignored there (tolerate_aliased). A list ends with
 * KR_PAIRS_END.
 */
typedef struct kr_alias_pair {
	int destroyed; /**< index of a destroyed input; < 0 ends the list */
	int other;     /**< index of another input */
} kr_alias_pair;

/** The entry ending a kr_io_pair or kr_alias_pair list. */
#define KR_PAIRS_END {-1, -1}

/**
 * Descriptor of a family of ops. Only `name` and `infer` (or, for an op
 * of several outputs, `nout` and `infer_outputs`; or `infer_from_inputs`)
 * are required; NULL hooks take the default named beside them.
 * Initialise it with designated initialisers: later versions append
 * hooks, and those must
 * default to NULL.
 */
typedef struct kr_op_desc {
	/** Op name, as PyTensor prints it (`add`, `true_div`, `dot`). */
	const char *name;
	/** Fewest inputs accepted (>= 0). */
	int min_inputs;
	/** Most inputs accepted, or -1 for any number (variadic). */
	int max_inputs;
	/**
	 * Type inference (PyTensor's `make_node` checks): store the output
	 * type in *out_type and return 0, or return
	 * kr_error_set(KR_EINVALID, ...) with a message naming the op and
	 * the offending types. Called with an arity already checked.
	 */
	int (*infer)(const kr_type **out_type, const kr_op *op, size_t nin,
		     const kr_type *const *in_types);
	/** Equality of two props (default: same pointer). */
	bool (*props_equal)(const void *a, const void *b);
	/** Hash consistent with props_equal (default: hash of the pointer). */
	uint64_t (*props_hash)(const void *props);
	/**
	 * Printed props, a collected string: the op prints as
	 * `name{props}` (default: the op prints as its name).
	 */
	char *(*props_to_string)(const void *props);
	/**
	 * Evaluation, as PyTensor's `Op.perform`: store in *out a new value
	 * (value.h) of the output type computed from the input values and
	 * return 0, or return kr_error_set(KR_EINVALID, ...) (e.g. shapes
	 * that do not broadcast). The inputs fit the node's input types.
	 * NULL: the op cannot be evaluated (kr_graph_eval() fails on it).
	 */
	int (*perform)(kr_value **out, const kr_op *op, size_t nin,
		       const kr_value *const *in);
	/**
	 * Number of outputs of every node of the op; 0 means 1. With more
	 * (PyTensor's make_node giving several outputs), `infer_outputs`
	 * gives the nout types (`infer` is then not used and may be NULL) and
	 * `perform_outputs` computes the nout values (NULL: the op cannot be
	 * evaluated); kr_op_call() returns the first output.
	 */
	int nout;
	/** Type inference of the nout outputs, as `infer` for one. */
	int (*infer_outputs)(const kr_type **out_types, const kr_op *op,
			     size_t nin, const kr_type *const *in_types);
	/** Evaluation into the nout values outs[0..nout), as `perform`. */
	int (*perform_outputs)(kr_value **outs, const kr_op *op, size_t nin,
			       const kr_value *const *in);
	/**
	 * The whole printed form of an op, a collected string, as a PyTensor
	 * Op's own `__str__` (e.g. each op object printing its own name
	 * while equal props make ops of different names equal). NULL: the
	 * name, or `name{props}` (see props_to_string).
	 */
	char *(*to_string)(const kr_op *op);
	/**
	 * PyTensor's `__props__`: the names of the props that make up an op
	 * of this descriptor, in order, NULL-terminated (e.g. {"a", NULL}).
	 * With `prop`, such an op decomposes as a term into the etuple
	 * `(DESC VALUE...)` of its descriptor's atom (kr_op_desc_term()) and
	 * its prop values, as `car(op)` is the Op class and `cdr(op)` the
	 * props in PyTensor (test_unify.py's test_cons); with `make` that
	 * etuple evaluates back to an op. NULL: the op is an atom.
	 */
	const char *const *prop_names;
	/**
	 * The op's attribute of that name as a term, or NULL when it has
	 * none, as Python's `getattr(op, name)`: an int, real, string or
	 * symbol atom, an op atom for an op parametrised by another (e.g.
	 * Elemwise's `scalar_op`), a list... The attributes OpPatterns name
	 * (kr_op_pattern()) and the props of `prop_names` are read here.
	 */
	kr_term *(*prop)(const kr_op *op, const char *name);
	/**
	 * A new op of this descriptor from prop values, as calling
	 * PyTensor's Op class with keyword props: `values[i]` is the value
	 * of prop_names[i], or NULL when not given (the hook takes its
	 * default or fails). Store it in *out and return 0, or return
	 * kr_error_set(KR_EINVALID, ...) naming the prop that does not fit.
	 * NULL: ops of this descriptor cannot be built from terms.
	 */
	int (*make)(kr_op **out, const struct kr_op_desc *desc,
		    kr_term *const *values);
	/**
	 * Type inference that also reads the input variables (graph.h), as
	 * PyTensor's make_node reading the value of a constant input, for an
	 * op whose output types depend on input values (PyTensor's
	 * `_output_type_depends_on_input_value`, e.g. SpecifyShape): store
	 * the types of the node's outputs (one, or nout) in out_types and
	 * return 0, or return kr_error_set(KR_EINVALID, ...) as `infer`.
	 * When set it replaces `infer` and `infer_outputs` (which may then be
	 * NULL), and kr_apply_clone_with_new_inputs() not strict always
	 * makes such a node anew.
	 */
	int (*infer_from_inputs)(const kr_type **out_types, const kr_op *op,
				 size_t nin, kr_variable *const *inputs);
	/**
	 * PyTensor's `Op.destroy_map`: the outputs that overwrite an input
	 * in place (a list ending with KR_PAIRS_END; NULL: none). A graph
	 * with such ops needs a DestroyHandler (destroy.h) to be checked.
	 */
	const kr_io_pair *destroy_map;
	/**
	 * PyTensor's `Op.view_map`: the outputs that are views of (share
	 * memory with) an input (a list ending with KR_PAIRS_END; NULL:
	 * none).
	 */
	const kr_io_pair *view_map;
	/**
	 * PyTensor's `destroyhandler_tolerate_same`: the inputs that may be
	 * the very variable a destroyed input is (e.g. {0, 1} for an add
	 * that works in place on x in `add_inplace(x, x)`); NULL: none.
	 */
	const kr_alias_pair *tolerate_same;
	/**
	 * PyTensor's `destroyhandler_tolerate_aliased`: the inputs whose
	 * aliasing with a destroyed input is ignored (the op reads them
	 * before it writes, or the two never overlap); NULL: none.
	 */
	const kr_alias_pair *tolerate_aliased;
} kr_op_desc;

/**
 * A new op of a descriptor, as instantiating a PyTensor Op class.
 *
 * Shape: `desc` must outlive the op (usually static); `props` (may be
 * NULL) is borrowed and must not change afterwards.
 * Returns: the op. Errors: none; asserts desc->name and an inference
 * hook (infer, infer_outputs or infer_from_inputs) are set; aborts on
 * OOM.
 */
kr_op *kr_op_new(const kr_op_desc *desc, const void *props);

/** Name of an op (its descriptor's name). */
const char *kr_op_name(const kr_op *op);

/** Descriptor of an op. */
const kr_op_desc *kr_op_desc_of(const kr_op *op);

/** Props given to kr_op_new(), or NULL. */
const void *kr_op_props(const kr_op *op);

/**
 * Op equality, as PyTensor's `Op.__eq__`: same object, or same descriptor
 * and equal props.
 */
bool kr_op_equal(const kr_op *a, const kr_op *b);

/** A hash consistent with kr_op_equal(). */
uint64_t kr_op_hash(const kr_op *op);

/**
 * The attribute `name` of an op as a term (kr_op_desc.prop), as Python's
 * `getattr(op, name)`; NULL when the op has none or its descriptor reads
 * none.
 */
kr_term *kr_op_prop(const kr_op *op, const char *name);

/** Number of props in desc->prop_names (0 when NULL). */
size_t kr_op_desc_nprops(const kr_op_desc *desc);

/**
 * A new op of a descriptor from prop values, as calling a PyTensor Op
 * class: `values` holds one term (or NULL, not given) per
 * desc->prop_names. Returns: 0 and the op in *out. Errors: KR_EINVALID
 * when the descriptor has no `make` hook, or from the hook.
 */
int kr_op_make(kr_op **out, const kr_op_desc *desc, kr_term *const *values);

/**
 * The destroy_map of an op (its descriptor's), as PyTensor's
 * `op.destroy_map`. @param[out] n the number of entries (0 for none).
 * Returns: the entries (borrowed), or NULL when n is 0.
 */
const kr_io_pair *kr_op_destroy_map(const kr_op *op, size_t *n);

/** The view_map of an op, as kr_op_destroy_map(). */
const kr_io_pair *kr_op_view_map(const kr_op *op, size_t *n);

/**
 * The printed form, as PyTensor's str(op): the descriptor's to_string
 * if it has one, else the name, or `name{props}` when the descriptor
 * prints props; an opaque bare scalar op `ps.NAME` prints as NAME.
 * Returns: a collected string.
 */
char *kr_op_to_string(const kr_op *op);

/**
 * The registered op of that name, or NULL.
 * Cost: O(number of registered ops).
 */
kr_op *kr_op_lookup(const char *name);

/**
 * Register an op under its name, so that readers and kr_op_lookup() find
 * it. Returns: 0. Errors: KR_EEXISTS when the name is taken.
 */
int kr_op_register(kr_op *op);

/* ------------------------------------------------------------ built-ins */

/*
 * Elementwise ops, as PyTensor's Elemwise (on TensorTypes) and its scalar
 * ops (on ScalarTypes; the result is a ScalarType when every input is
 * one): the output dtype is the upcast of the input dtypes
 * (kr_dtype_upcast()); a 0-dimensional input combines with tensors
 * (broadcast); tensor inputs of 1 or more dimensions have equal ndim;
 * static lengths combine per dimension, where a length 1 broadcasts and
 * two different lengths other than 1 are a type error. true_div, exp, log
 * and reciprocal give a float (float64 from integers of more than 16 bits,
 * float32 from smaller ones, as PyTensor's upgrade_to_float); neg and sqr
 * keep the dtype. Evaluation broadcasts as numpy does.
 */

/** PyTensor's `add`, variadic with >= 1 input (printed `+` by kr_pprint). */
kr_op *kr_op_add(void);

/** PyTensor's `mul`, variadic with >= 1 input (printed `*`). */
kr_op *kr_op_mul(void);

/** PyTensor's `sub`, 2 inputs (printed `-`). */
kr_op *kr_op_sub(void);

/** PyTensor's `true_div`, 2 inputs, a float output (printed `/`). */
kr_op *kr_op_true_div(void);

/** PyTensor's `neg`, 1 input (printed `-x`). */
kr_op *kr_op_neg(void);

/** PyTensor's `identity`, 1 input. */
kr_op *kr_op_identity(void);

/** PyTensor's `exp`, 1 input, a float output (see above). */
kr_op *kr_op_exp(void);

/** PyTensor's `log`, 1 input, a float output (see above). */
kr_op *kr_op_log(void);

/** PyTensor's `pow`, 2 inputs: x ** y (printed `**`). */
kr_op *kr_op_pow(void);

/** PyTensor's `sqr`, 1 input: x * x. */
kr_op *kr_op_sqr(void);

/** PyTensor's `reciprocal`, 1 input: 1 / x, a float. */
kr_op *kr_op_reciprocal(void);

/**
 * PyTensor's `dot`, 2 inputs of one dtype: matrix.matrix -> matrix,
 * matrix.vector -> vector, vector.matrix -> vector, vector.vector -> scalar.
 * Other operand shapes, and known inner lengths that differ, are type
 * errors (printed `@`).
 */
kr_op *kr_op_dot(void);

/* ---------------------------------------------------------- opaque ops */

/**
 * The opaque op of a token, for ops of graph files that are not in our
 * library (`DimShuffle{input_ndim=1,new_order=[0,x]}`, `Sum{axis=None}`,
 * `sigmoid`): the token is its identity (two opaque ops are equal exactly
 * when their tokens are) and what the graph text format writes. The
 * printers (str, repr, dprint, pprint) show it as PyTensor 2.32 prints
 * its class where the format defines it: a bare scalar op `ps.second` as
 * `second` (kr_op_to_string()), an Elemwise `sigmoid` as `Sigmoid`,
 * `Cast{dtype=float64}` as `Cast{float64}`, DimShuffle as ExpandDims,
 * Squeeze, Transpose or DimShuffle{order=...}, Sum as `Sum{axes=None}`,
 * `Sum{axis=0}`; other tokens as they are. Only a Cast evaluates
 * (kr_op_cast()); the others have no perform hook. It
 * takes any number of inputs and has one output whose type follows the
 * rules of the graphs' ops.tsv where the token's class is known
 * (Elemwise names such as sigmoid, tanh, maximum, second, eq; Cast,
 * DimShuffle, Sum, Shape, Subtensor, Dot, Blockwise Dot, Softmax,
 * SoftmaxGrad, and `ps.`-prefixed scalar ops); otherwise the type of its
 * first input (float64 0-d tensor without inputs), which a reader may then
 * override with the type a graph file declares (gformat.h). A
 * `Composite{...,out=[r0,...,rk]}` of fast_run with k >= 1 has one output
 * per entry, each of the inputs' broadcast shape and upcast dtype.
 * Shape: `token` is one atom: no spaces, no parentheses (asserted).
 * Returns: the op (the same object for the same token). Aborts on OOM.
 */
kr_op *kr_op_opaque(const char *token);

/**
 * The op converting a tensor to dtype d, as PyTensor's Elemwise of
 * `Cast{d}` (what `x.astype(d)` builds): the opaque op of the graph text
 * format's token `Cast{dtype=D}` (so it reads, writes, prints as
 * `Cast{float64}` and merges as that token does), whose output is its
 * input's type with dtype d and whose perform converts every element as
 * numpy's astype (kr_value_convert()); it fails (KR_EINVALID) on other
 * than one input.
 * Returns: the op (the same object for the same dtype). Aborts on OOM.
 */
kr_op *kr_op_cast(kr_dtype d);

/** True for an op made by kr_op_opaque(). */
bool kr_op_is_opaque(const kr_op *op);

#endif
