/* kanrewrite/graph.h -- graph variables, Apply nodes and their terms. */
/* See the LICENSE file for copying conditions. */
#ifndef KANREWRITE_GRAPH_H
#define KANREWRITE_GRAPH_H

#include "op.h"
#include "subst.h"
#include "term.h"

/**
 * @file kanrewrite/graph.h
 * The graph IR, as PyTensor's `graph.basic`: a Variable is an input, a
 * Constant, a NominalVariable, or the output of an Apply node (Constants
 * and NominalVariables are PyTensor's AtomicVariables: no owner, never a
 * graph input); an Apply node applies an op to
 * input variables. Graphs are built bottom-up with kr_apply_make() or
 * kr_op_call() and are then handed to a kr_fgraph (fgraph.h), which owns
 * them and may change node inputs.
 *
 * The term bridge connects graphs with the relational layer, as PyTensor's
 * `etuplize` / `eval_if_etuple`: ops and variables enter terms as foreign
 * atoms, and the atom of a variable with an owner expands (lazily, one level
 * at a time) into the etuple `(op input ...)`, whose evaluated-object cache
 * is the variable's own atom. kr_term_eval() turns terms back into graph
 * variables.
 */

/**
 * A graph variable (opaque): an input, a Constant, a NominalVariable or a
 * node output.
 */
typedef struct kr_variable kr_variable;
/** An Apply node (opaque): an op applied to input variables. */
typedef struct kr_apply kr_apply;

/* ------------------------------------------------------------ variables */

/**
 * A new input variable (no owner), as PyTensor's `type()` / `pt.matrix(name)`.
 * Shape: `name` may be NULL; it is copied.
 * Errors: none; aborts on OOM.
 */
kr_variable *kr_variable_new(const kr_type *type, const char *name);

/**
 * A new Constant, as PyTensor's `pt.constant(value)`: an atomic variable
 * that never needs to be a graph input.
 * Shape: `type` NULL means the float64 scalar; the value is converted to
 * the type's dtype (kr_value_convert()); a tensor type stands for an array
 * filled with `value` whose unknown lengths are 1 (it broadcasts). See
 * value.h for constants holding any array (kr_constant_make()).
 * Errors: none; aborts on OOM.
 */
kr_variable *kr_constant_new(double value, const kr_type *type);

/**
 * A new variable like v, as PyTensor's `Variable.clone(name=...)`: the
 * same type, no owner (so a clone of a node output is an input), named
 * `name` when it is not NULL, else v's name. A Constant's clone is v
 * itself, unrenamed, as PyTensor's `Constant.clone(**kwargs)` returns
 * self (nothing changes a constant, so copies may share it). A nominal
 * variable's clone is v itself, as `NominalVariable.clone()`; a `name`
 * given renames it (PyTensor re-initialises the one shared object).
 * Errors: none; aborts on OOM. Cost: O(1).
 */
kr_variable *kr_variable_clone(const kr_variable *v, const char *name);

/** Type of a variable. */
const kr_type *kr_variable_type(const kr_variable *v);

/** Name of a variable, or NULL. */
const char *kr_variable_name(const kr_variable *v);

/** Set (copy) or clear (NULL) the name of a variable. */
void kr_variable_set_name(kr_variable *v, const char *name);

/**
 * The Apply node computing v, or NULL for inputs, constants and nominal
 * variables.
 */
kr_apply *kr_variable_owner(const kr_variable *v);

/** Position of v among its owner's outputs; -1 without owner. */
int kr_variable_index(const kr_variable *v);

/** True for a Constant. */
bool kr_variable_is_constant(const kr_variable *v);

/**
 * Mark v as indestructible (or not), as PyTensor's
 * `v.tag.indestructible = True`: a DestroyHandler (destroy.h) refuses a
 * graph where a node destroys v or a view of v, as it refuses it for
 * every Constant. Copies keep the mark, as PyTensor copies the tag:
 * kr_variable_clone(), and the inputs and node outputs of graph clones.
 * Errors: none.
 */
void kr_variable_set_indestructible(kr_variable *v, bool on);

/** The mark of kr_variable_set_indestructible() (false by default). */
bool kr_variable_is_indestructible(const kr_variable *v);

/**
 * The stack trace of v, as PyTensor's `v.tag.trace`: the traces recorded
 * for v, oldest first, one string each (PyTensor keeps each trace as a
 * list of frames; here a trace is one text, such as `file.c:12 in f`).
 * A C library sees no call stack, so no trace is recorded by itself: a
 * new variable has none, as PyTensor's variables made while it compiles
 * (its `traceback__compile_limit` 0, the time its rewrites run). Traces
 * come from kr_add_tag_trace(), kr_variable_set_trace() and
 * kr_copy_stack_trace() (rewrite.h), and copies keep them as PyTensor
 * copies the tag: kr_variable_clone(), and the node outputs and inputs
 * of graph clones.
 * @param[out] n their number (0 for none).
 * Returns: a borrowed array (valid until the trace is set again), or NULL
 * when n is 0. Errors: none.
 */
const char *const *kr_variable_trace(const kr_variable *v, size_t *n);

/**
 * Set v's stack trace to the n strings traces[0..n) (copied; n 0 clears
 * it), as assigning PyTensor's `v.tag.trace`. Errors: none.
 */
void kr_variable_set_trace(kr_variable *v, size_t n,
			   const char *const *traces);

/**
 * PyTensor's `add_tag_trace(v)`: v's trace becomes the one trace `trace`
 * (copied), what PyTensor records where a variable is made (e.g. pass
 * `__FILE__ ":" line`). Returns: v. Errors: none.
 */
kr_variable *kr_add_tag_trace(kr_variable *v, const char *trace);

/**
 * The NominalVariable of (type, id), as PyTensor's
 * `graph.basic.NominalVariable(id, type, name=None)`: a variable that
 * stands for "input number id" in graphs compared up to renaming of
 * their inputs (alpha-equivalence). Nominal variables are interned: a
 * call with an equal type (kr_type_equal()) and the same id returns the
 * same object, which keeps the type it was first made with and is named
 * `name` (copied; NULL clears the name: PyTensor's constructor
 * re-initialises the shared object). It is atomic, as a Constant: no
 * owner, never inferred or required as an input of a FunctionGraph
 * (kr_fgraph_new(), imports), yet one of its variables where used
 * (kr_fgraph_has_variable()), shared by every copy of a graph; it has
 * no value of its own (kr_graph_eval() needs one given for it,
 * as for an input). Prints (kr_variable_to_string()) as `*ID-NAME`,
 * or `*ID-<TYPE>` unnamed (`*1-<Scalar(float64, shape=())>`); see
 * kr_nominal_repr(). As a term it is an atom equal only to itself.
 * Errors: none; aborts on OOM. Cost: O(1) expected (a hash lookup);
 * nominal variables are never collected, as in PyTensor.
 */
kr_variable *kr_nominal_new(int64_t id, const kr_type *type, const char *name);

/** True for a nominal variable (kr_nominal_new()). */
bool kr_variable_is_nominal(const kr_variable *v);

/**
 * True for PyTensor's AtomicVariables: a Constant or a nominal variable.
 * These have no owner, are never inferred or required as graph inputs,
 * and copies of a graph share them.
 */
bool kr_variable_is_atomic(const kr_variable *v);

/** The id of a nominal variable. Asserts kr_variable_is_nominal(v). */
int64_t kr_nominal_id(const kr_variable *v);

/**
 * The repr of a nominal variable, as PyTensor's: its class, named after
 * the type's variable class, the id and kr_type_repr() of the type:
 * `NominalTensorVariable(2, TensorType(float64, shape=()))`,
 * `NominalScalarVariable(1, ScalarType(int64))`.
 * Returns: a collected string. Asserts kr_variable_is_nominal(v).
 */
char *kr_nominal_repr(const kr_variable *v);

/**
 * Value of a Constant (its first element for an array; kr_constant_value()
 * gives the whole value). Asserts kr_variable_is_constant(v).
 */
double kr_variable_constant_value(const kr_variable *v);

/**
 * The printed form, as PyTensor's str(var): the name if any; for an
 * unnamed constant its value as numpy's str() prints it, line breaks
 * removed and shortened to `first 10 ... last 10` characters beyond 20
 * (`2.0`, `3` for int64, `True`, `[0.1  0.25 3.  ]`, `[[1. 2.] [3. 4.]]`,
 * `[0. 1. 2. ... 7. 8. 9.]`), and `name{2.0}` for a named one; for an
 * unnamed output `op.index`, the op as PyTensor prints it (`add.0` on
 * scalar types, `Add.0` for an op computing a tensor, an Elemwise in
 * PyTensor); for an unnamed input its type in angle brackets
 * (`<Matrix(float64, shape=(?, ?))>`); a nominal variable as `*ID-` and
 * what an input would print (`*2-x`, `*1-<Vector(float64, shape=(?,))>`).
 * Returns: a collected string.
 */
char *kr_variable_to_string(const kr_variable *v);

/* ---------------------------------------------------------- apply nodes */

/**
 * Apply an op to inputs, as PyTensor's `op.make_node(*inputs)`: checks the
 * number of inputs against the descriptor and infers the output type.
 *
 * Shape: nin input variables (none NULL).
 * @param[out] out the new node, with fresh output variables (one, or the
 * op descriptor's nout).
 * Returns: 0. Errors: KR_EINVALID for a wrong number of inputs or a type
 * error (message from the op's infer hook); *out is then unchanged.
 */
int kr_apply_make(kr_apply **out, kr_op *op, size_t nin,
		  kr_variable *const *inputs);

/**
 * Apply an op and return its default output, as PyTensor's `op(*inputs)`
 * (for an op of several outputs, the first; the others are
 * kr_apply_output() of its owner).
 * @param[out] out the output variable.
 * Returns: 0. Errors: as kr_apply_make().
 */
int kr_op_call(kr_variable **out, kr_op *op, size_t nin,
	       kr_variable *const *inputs);

/**
 * kr_op_call() that names the new outputs, as PyTensor's
 * `op(*inputs, name=name)` for an op without a default output: the one
 * output of a single-output op is called `name`, the outputs of an op of
 * several are `name_0`, `name_1`, ... in order. name NULL names nothing
 * (kr_op_call()). The name is copied.
 * Shape: nin input variables (none NULL); name NULL or a C string.
 * @param[out] out the first output variable.
 * Returns: 0. Errors: as kr_apply_make(); nothing is made then.
 * Cost: kr_op_call() plus one copy of the name per output.
 */
int kr_op_call_named(kr_variable **out, kr_op *op, size_t nin,
		     kr_variable *const *inputs, const char *name);

/** kr_op_call() with the inputs as arguments: `KR_OP_CALL(&v, op, x, y)`. */
#define KR_OP_CALL(out, op, ...)                                              \
	kr_op_call((out), (op),                                               \
		   sizeof((kr_variable *[]){__VA_ARGS__}) /                   \
			   sizeof(kr_variable *),                             \
		   (kr_variable *[]){__VA_ARGS__})

/** Op of a node. */
kr_op *kr_apply_op(const kr_apply *node);

/** Number of inputs of a node. */
size_t kr_apply_ninputs(const kr_apply *node);

/** Input i of a node. Asserts i < kr_apply_ninputs(node). */
kr_variable *kr_apply_input(const kr_apply *node, size_t i);

/**
 * Number of outputs of a node: the op's (kr_op_desc.nout; 1 for the
 * built-in ops), 0 for Output nodes.
 */
size_t kr_apply_noutputs(const kr_apply *node);

/** Output i of a node. Asserts i < kr_apply_noutputs(node). */
kr_variable *kr_apply_output(const kr_apply *node, size_t i);

/**
 * The default output, as PyTensor's `node.out`. Asserts the node has
 * exactly one output.
 */
kr_variable *kr_apply_default_output(const kr_apply *node);

/**
 * True for the pseudo-node through which a kr_fgraph uses one of its
 * outputs (PyTensor's `Output(idx)` op; see kr_fgraph_clients()).
 */
bool kr_apply_is_output(const kr_apply *node);

/**
 * For an Output pseudo-node, the index of the graph output it stands for;
 * -1 for any other node.
 */
int kr_apply_output_index(const kr_apply *node);

/**
 * The reasons node was imported into a kr_fgraph, in order, as PyTensor's
 * `node.tag.imported_by`: one entry per import (the nodes of a new graph
 * get `init`; a replacement's new nodes its reason; a missing reason is
 * `None`, as Python's str(None)). A node in two graphs lists the imports
 * of both. Copies of a node (kr_apply_clone(),
 * kr_apply_clone_with_new_inputs(), graph clones) start with the
 * original's lists, as PyTensor copies the tag.
 * @param[out] n their number (0: never imported, PyTensor's missing
 * attribute). Returns: a new array, or NULL when n is 0. Errors: none.
 * Cost: O(imports and removals of the node).
 */
const char *const *kr_apply_imported_by(const kr_apply *node, size_t *n);

/**
 * The reasons node was removed from a kr_fgraph (pruned because nothing
 * used it, or kr_fgraph_remove_node()), in order, as PyTensor's
 * `node.tag.removed_by`; as kr_apply_imported_by().
 */
const char *const *kr_apply_removed_by(const kr_apply *node, size_t *n);

/**
 * A copy of node, as PyTensor's `Apply.clone()`: the same op and input
 * variables, fresh output variables of the same types, names and traces,
 * and node's tag (kr_apply_imported_by()). The copy is in no graph
 * (nothing uses its outputs).
 * Returns: the copy. Errors: none; aborts on OOM. Cost: O(inputs+outputs).
 */
kr_apply *kr_apply_clone(const kr_apply *node);

/**
 * node's computation on other inputs, as PyTensor's
 * `Apply.clone_with_new_inputs(inputs, strict)`.
 *
 * Shape: inputs[0..nin) are variables, nin being node's number of inputs.
 * With strict, each input of another type is first filtered through the
 * type it replaces (kr_filter_variable()): a more specific one is kept,
 * a less specific one is wrapped in a SpecifyShape of the old type (so
 * the new node is no less specific than node). When every (filtered)
 * input has the type of the one it replaces, the result is
 * kr_apply_clone() with those inputs (output types and names kept, no
 * inference); otherwise the op is applied anew (kr_apply_make(), which
 * infers the output types). Not strict, a node whose op reads input
 * values (kr_op_desc.infer_from_inputs) is always made anew.
 * @param[out] out the new node; unchanged on error.
 * Returns: 0. Errors: KR_EINVALID when nin differs from node's number of
 * inputs, when strict and an input's type cannot be converted (another
 * dtype or ndim: PyTensor's TypeError "Cannot convert Type ..."), or
 * when the op rejects the inputs. Cost: O(inputs+outputs) plus the op's
 * type inference.
 */
int kr_apply_clone_with_new_inputs(kr_apply **out, const kr_apply *node,
				   size_t nin, kr_variable *const *inputs,
				   bool strict);

/* ------------------------------------------- SpecifyShape, conversion */

/**
 * PyTensor's `SpecifyShape()` op (`pytensor.tensor.shape`), printed
 * `SpecifyShape`: a node takes a tensor x and one shape entry per
 * dimension of x, each a 0-d integer tensor or kr_none_const(). Its output
 * has x's dtype and ndim; a dimension has x's static length when x has
 * one, else the entry's value when the entry is a constant, else none
 * (a constant that differs from x's static length is not an error, as in
 * PyTensor). Evaluation returns x after checking its shape, or fails
 * with "SpecifyShape: Got shape (3,), expected (2,)." as PyTensor's
 * perform. Errors of kr_apply_make(): KR_EINVALID for an x that is no
 * tensor, an entry of another type ("Shape values must be integer
 * types" for a non-integer dtype) or a negative constant entry, and a
 * number of entries other than x's ndim ("Input `x` is 2-dimensional
 * and will never match a shape of length 1.").
 * Returns: a registered op (kr_op_lookup("SpecifyShape")).
 */
kr_op *kr_op_specify_shape(void);

/**
 * PyTensor's `NoneConst`: the one constant of type kr_type_none(), the
 * `None` entry of a SpecifyShape. It prints as `NoneConst{None}` (str,
 * dprint), `None` in pprint and in the graph text format.
 * Returns: a shared object. Errors: none.
 */
kr_variable *kr_none_const(void);

/**
 * PyTensor's `specify_shape(x, shape)` for a static shape: x when the
 * shape says nothing x's type does not (every entry -1 or equal to x's
 * static length, and ndim equal to x's), else the output of a new
 * SpecifyShape node whose entries are constants of the lengths (int8 when
 * the length fits, else int16, int32 or int64, as PyTensor's
 * `as_tensor_variable(int)`) and kr_none_const() for -1.
 * Shape: shape[0..ndim) are lengths >= 0 or -1 (asserted).
 * @param[out] out the variable. Returns: 0. Errors: as
 * kr_op_specify_shape() (x not a tensor, ndim other than x's).
 */
int kr_specify_shape(kr_variable **out, kr_variable *x, int ndim,
		     const int64_t *shape);

/**
 * PyTensor's `TensorType.convert_variable(v)` on type t: v itself when
 * its type may stand for t (kr_type_is_super(t, v's type)); when both are
 * tensors of one dtype and ndim, v wrapped by kr_specify_shape() in t's
 * static shape (the result has t's type when the shapes agree, else
 * v's lengths where they conflict); otherwise NULL (another kind, dtype
 * or ndim; scalar types convert only to themselves).
 * Errors: none; aborts on OOM.
 */
kr_variable *kr_convert_variable(const kr_type *t, kr_variable *v);

/**
 * PyTensor's `t.filter_variable(v, allow_convert=True)`: v when it has
 * type t, else kr_convert_variable(t, v).
 * @param[out] out the variable. Returns: 0. Errors: KR_EINVALID "Cannot
 * convert Type T1 (of Variable v) into Type T. You can try to manually
 * convert v into a T." when it cannot be converted.
 */
int kr_filter_variable(kr_variable **out, const kr_type *t, kr_variable *v);

/* ---------------------------------------------------------- term bridge */

/**
 * The dtype PyTensor's autocasting gives a Python number (`pt.constant(2)`,
 * `x * 2`): an integer's is the first of int8, int16, int32 and int64
 * that holds it, a real's float32 when float32 holds it exactly, else
 * float64 (floatX float64).
 * Shape: t a KR_INT or KR_REAL term (asserted). Cost: O(1).
 */
kr_dtype kr_number_dtype(const kr_term *t);

/**
 * The Constant a number term stands for in a graph: its value, typed as
 * the ScalarType of kr_number_dtype() (kr_type_scalar()).
 * Shape: t a KR_INT or KR_REAL term.
 * Returns: the constant, or NULL when t is not a number. Errors: none.
 * Cost: O(1).
 */
kr_variable *kr_number_constant(const kr_term *t);

/**
 * The foreign atom of an op (created once, then cached on the op).
 * Atoms of equal ops are kr_equal(); they print as the op (`add`). The
 * atom is callable (kr_term_call(), an etuple's operator in
 * kr_etuple_eval(), kanren's applyo), as a Python op is: its arguments
 * are graph variables' atoms or numbers (kr_number_constant()), and its
 * value the output's atom, or the list of the outputs' atoms for an op
 * of several; KR_EINVALID for another argument or a type error.
 */
kr_term *kr_op_term(const kr_op *op);

/** The op of an op atom, or NULL when t is not one. */
kr_op *kr_term_op(const kr_term *t);

/**
 * The foreign atom of an op descriptor, which stands for an op class as
 * PyTensor's `type(op)`: `kr_car()` of an op whose descriptor names its
 * props (kr_op_desc.prop_names), and the head of the etuple `(DESC
 * value...)` that evaluates to such an op. Atoms of the same descriptor
 * are kr_equal(); they print as the descriptor's name (`CustomOp`).
 */
kr_term *kr_op_desc_term(const kr_op_desc *desc);

/** The descriptor of a descriptor atom, or NULL when t is not one. */
const kr_op_desc *kr_term_op_desc(const kr_term *t);

/* ------------------------------------------------------------ OpPattern */

/**
 * PyTensor's `OpPattern(op_type, **parameters)`: a term that matches the
 * ops of one of the ndescs classes (descriptors) whose attributes
 * (kr_op_prop()) fit the n parameters; attributes it does not name are
 * ignored. It stands in an op position: the head of a
 * PatternNodeRewriter's in-pattern or out-pattern, a `==` of a relation,
 * or (through kr_op_pattern_track()) a rewriter's tracks.
 *
 * Shape: keys[i] (copied) names an attribute and values[i] says what it
 * must be: a logic variable (unification binds it to the attribute), a
 * nested OpPattern (the attribute is an op it must match, e.g. a
 * Blockwise's `core_op`), or any other term the attribute must equal.
 * Parameters are kept sorted by key, as PyTensor does. Unification of
 * the pattern with an op atom is kr_foreign_type.unify; the variables
 * inside are bound that way only (reification does not look inside).
 * With ndescs 0 the pattern is `OpPattern(Op)`, of the base class: every
 * op is of it, so only the parameters select.
 * Prints as `OpPattern(CustomOp, a=1)`, or `OpPattern((A, B), x=~x)`.
 * Errors: none; asserts distinct keys.
 */
kr_term *kr_op_pattern(size_t ndescs, const kr_op_desc *const *descs,
		       size_t n, const char *const *keys,
		       kr_term *const *values);

/** True when t is an OpPattern term. */
bool kr_is_op_pattern(const kr_term *t);

/**
 * The number of classes of an OpPattern: 0 for `OpPattern(Op)`, which
 * matches every class. Asserts that pattern is an OpPattern.
 */
size_t kr_op_pattern_nclasses(const kr_term *pattern);

/**
 * PyTensor's `OpPattern.match_op`: whether op is of one of the pattern's
 * classes and its attributes fit the parameters, logic variables
 * matching anything. Asserts that pattern is an OpPattern.
 */
bool kr_op_pattern_matches(const kr_term *pattern, const kr_op *op);

/**
 * The op an OpPattern builds in an out-pattern, as PyTensor calls the
 * pattern's class with its parameters: the values walked in s (nested
 * OpPatterns built first) become the prop values of kr_op_make().
 * Errors: KR_EINVALID when the pattern has more than one class, names an
 * attribute that is not one of the class's prop_names, has a parameter
 * still unbound in s, or the class cannot make it.
 */
int kr_op_pattern_instantiate(kr_op **out, const kr_term *pattern,
			      const kr_subst *s);

/**
 * The op that stands for an OpPattern in a list of tracked ops
 * (kr_node_rewriter_class.tracks, kr_node_rewriter_from_fn(),
 * kr_pattern_opts.tracks), as PyTensor's `tracks=[OpPattern(...)]`: a
 * node is tracked when the pattern matches its op. A pattern without
 * parameters tracks every op of its classes, as an Op class in PyTensor's
 * tracks. Ops of equal patterns are equal; they print as the pattern and
 * cannot be applied to inputs. Asserts that pattern is an OpPattern.
 * Errors: none; aborts on OOM.
 */
kr_op *kr_op_pattern_track(kr_term *pattern);

/** The OpPattern an op of kr_op_pattern_track() stands for, or NULL. */
kr_term *kr_op_track_pattern(const kr_op *op);

/**
 * Whether a tracked op covers op: the pattern matches it, for an op of
 * kr_op_pattern_track(), else the two are equal (kr_op_equal()).
 */
bool kr_op_tracked(const kr_op *track, const kr_op *op);

/**
 * The foreign atom of a variable (created once, then cached on it).
 *
 * Equality is identity, except that two constants are equal when their
 * values are equivalent (kr_value_equiv(): numpy's `array_equiv`, types
 * ignored), as PyTensor unifies two Constants. It prints as
 * kr_variable_to_string(). For a variable with an owner the atom expands
 * (kr_car(), kr_cdr(), unification) into the shallow etuple `(op-atom
 * input-atom ...)` of the owner (inputs are not expanded), whose
 * evaluated-object cache is the variable's atom, as PyTensor's
 * `etuplize(var, shallow=True)`. Inputs, constants and nominal variables
 * are atomic. The expansion is cached until a kr_fgraph changes the
 * owner's inputs.
 */
kr_term *kr_variable_term(const kr_variable *v);

/** The variable of a variable atom, or NULL when t is not one. */
kr_variable *kr_term_variable(const kr_term *t);

/**
 * A variable as a term, as PyTensor's `etuplize(var, shallow=True)`: the
 * expansion of kr_variable_term(v) for a variable with an owner, the atom
 * itself for ownerless ones (inputs, constants, nominal variables).
 */
kr_term *kr_etuplize(const kr_variable *v);

/** Options of kr_etuplize_term(), or-ed. */
enum {
	/** Convert the top level only (etuples' `shallow=True`). */
	KR_ETUPLIZE_SHALLOW = 1,
	/** A term that is no expression is returned as it is, not an error
	 * (etuples' `return_bad_args=True`). */
	KR_ETUPLIZE_RETURN_BAD = 2
};

/**
 * etuples' `etuplize(t)`: t as an expression tuple. A non-empty proper
 * list `(rator rand ...)` becomes the etuple of its elements; a graph
 * Variable with an owner becomes `(op input ...)`; an etuple is returned
 * as it is. Unless KR_ETUPLIZE_SHALLOW, the elements are converted in
 * turn, all the way down, where they are lists or owned Variables (other
 * elements, the empty list included, stay as they are), and a Variable
 * used twice gives one shared etuple. Each etuple made caches t's part it
 * came from as its evaluated object, as etuples' `evaled_obj`.
 * Shape: any term in, an etuple out (or t, see the flags). Returns: 0;
 * KR_EINVALID when t itself is no expression (an atom, (), a graph input,
 * an improper list), unless KR_ETUPLIZE_RETURN_BAD, or when the graph has
 * a cycle (which kr_fgraph_replace() can make). Cost: O(size of the
 * result), no C recursion.
 */
int kr_etuplize_term(kr_term **out, kr_term *t, unsigned flags);

/**
 * Evaluate a term into the graph, as PyTensor's `eval_if_etuple` and the
 * etuple's `evaled_obj`.
 *
 * Shape: a variable atom gives its variable; an integer or real atom gives
 * a new constant (kr_number_constant()); an etuple or proper list whose first
 * element is an op atom gives the default output of a new node applying
 * the op to the evaluated other elements (an op of several outputs: its
 * first; the others are kr_apply_output() of its owner). An etuple whose evaluated-object
 * cache holds a variable atom gives that variable; other etuples have the
 * cache filled with the result, so a second evaluation returns the same
 * variable. Within one call, a subterm object met twice is evaluated once.
 * @param[out] out the variable.
 * Returns: 0. Errors: KR_EINVALID for a term that cannot be evaluated (a
 * logic variable, a symbol, a head that is not an op), naming it, or for a
 * type error of a node.
 * Cost: O(size of t); iterative, so any depth is fine.
 */
int kr_term_eval(kr_variable **out, kr_term *t);

/**
 * The outputs' part of that repr for any variables, as PyTensor's
 * `graph.basic.as_string(graph_inputs(outputs), outputs)` joined by `, `:
 * `true_div(mul(*1 -> add(y, z), x), *1)`.
 * Returns: a collected string.
 */
char *kr_graph_repr(size_t n, kr_variable *const *outputs);

/**
 * How kr_as_string() prints a leaf (PyTensor's `leaf_formatter`, default
 * `str`): a collected string for v, which is one of the inputs or an
 * ownerless variable. `ud` is kr_as_string()'s.
 */
typedef char *(*kr_leaf_formatter_fn)(const kr_variable *v, void *ud);

/**
 * How kr_as_string() prints a node (PyTensor's `node_formatter`, default
 * `op(arg, ...)`): a collected string for node given the strings of its
 * nargs inputs, in order.
 */
typedef char *(*kr_node_formatter_fn)(const kr_apply *node, size_t nargs,
				      char *const *args, void *ud);

/**
 * The graph between explicit inputs and the outputs as strings, one per
 * output, as PyTensor's `graph.basic.as_string(inputs, outputs,
 * leaf_formatter, node_formatter)`: the walk stops at the inputs, which
 * need not be graph inputs and print as leaves even when they have an
 * owner. For c = MyOp(a, a) with a = MyOp(r1, r2): ["MyOp(a, a)"] with
 * inputs [a], ["MyOp(*1 -> MyOp(r1, r2), *1)"] with inputs [r1, r2].
 *
 * Shape: ins[0..nins) and outs[0..nouts) are variables; leaf and node may
 * be NULL for PyTensor's defaults (kr_variable_to_string() and `op(args)`
 * as kr_graph_repr() prints them). Sharing is counted as PyTensor counts
 * it: a node is shared when two outputs are its outputs, or when it owns
 * an input of the nodes of applys_between(inputs, outputs) twice, a node
 * being counted once per output of it that vars_between meets (PyTensor
 * 2.32's applys_between repeats a node of several outputs, so the owner
 * of an input of such a node is shared even when used once; kr_graph_repr()
 * counts each node once). A shared node prints `*n -> ...` where first
 * met (numbered in that order) and `*n`, with `::i` for output i of a
 * node of several outputs, afterwards.
 * Returns: a new array of nouts collected strings. Errors: none; aborts
 * on OOM. Cost: O(size of the graph + output), plus the formatters.
 * The formatters may run any walk (this one keeps no state in the graph).
 */
char **kr_as_string(size_t nins, kr_variable *const *ins, size_t nouts,
		    kr_variable *const *outs, kr_leaf_formatter_fn leaf,
		    kr_node_formatter_fn node, void *ud);

/**
 * A node as PyTensor's str(node): `op(arg, ...)` with each input printed
 * by kr_variable_to_string(), e.g. `add(z, mul.0)` (one level only).
 * Returns: a collected string.
 */
char *kr_apply_to_string(const kr_apply *node);

#endif
