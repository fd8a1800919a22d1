/* graph.h -- internal layout of types, ops, variables and Apply nodes. */
/* See the LICENSE file for copying conditions. */
#ifndef KRI_GRAPH_H
#define KRI_GRAPH_H

#include "core/alloc.h"
#include "kanrewrite/fgraph.h"
#include "kanrewrite/graph.h"
#include "kanrewrite/op.h"
#include "kanrewrite/type.h"
#include "kanrewrite/value.h"

/*
 * Layout.
 *
 *   kr_type      dtype, ndim, shape[ndim] (-1 = unknown); immutable.
 *   kr_op        descriptor + borrowed props; `term` caches its foreign
 *                atom (written once, on first use).
 *   kr_variable  type, name, owner/index (owner NULL for inputs,
 *                constants and nominal variables), constant value or
 *                nominal id; `term` caches the foreign atom; `expansion`
 *                caches the shallow etuple of the owner and is cleared by
 *                kri_apply_set_input() whenever an input of the owner
 *                changes. Nominal variables are interned by (type, id)
 *                in variable.c, so equal ones are the same object.
 *   kr_apply     op, inputs[nin], outputs[nout]. An Output pseudo-node
 *                (kr_apply_is_output) has one input and no outputs; its op
 *                carries the output index. `tag` holds PyTensor's
 *                `node.tag.imported_by` / `removed_by` (kri_tagcell).
 *
 * A variable's `trace` (PyTensor's `tag.trace`) and a node's tag are
 * immutable lists: a change makes a new list, so copies share them.
 *
 * Invariant: v->owner == NULL or v->owner->outputs[v->index] == v.
 * Apply nodes are owned by graphs only through kr_fgraph's maps; a node
 * does not know which graphs hold it.
 */

struct kr_type {
	kr_dtype dtype;
	int ndim;
	const int64_t *shape;
	bool tensor; /* TensorType; false for a ScalarType (ndim 0) */
	bool none;   /* NoneTypeT (kr_type_none(); tensor false, ndim 0) */
};

struct kr_op {
	const kr_op_desc *desc;
	const void *props;
	kr_term *term;
	kr_term *expansion; /* (DESC prop...) for ops with prop_names */
};

/* An immutable list of strings (a trace, the reasons of a node's tag). */
typedef struct kri_strs {
	size_t n;
	const char *items[];
} kri_strs;

/* list + s (s is not copied): a new list; list may be NULL (empty). */
const kri_strs *kri_strs_append(const kri_strs *list, const char *s);

/*
 * The rarely set data of a variable (NULL: none of it), shared by its
 * copies and replaced whole when one part changes: `label`, a
 * constant's name in the text format (or NULL), and `trace`, PyTensor's
 * `tag.trace` (NULL: empty).
 */
typedef struct kri_vtag {
	const char *label;
	const kri_strs *trace;
} kri_vtag;

/*
 * A node's tag: the imports and removals of the node (PyTensor's
 * `node.tag.imported_by` and `removed_by`), one cell per event, newest
 * first. `reason` is the event's reason prefixed by its kind, `i` for an
 * import, `r` for a removal. Lists are persistent: a copy of a node
 * shares its list, a new event prepends one cell (16 bytes), and the
 * first import of the nodes of one graph shares a cached cell.
 */
typedef struct kri_tagcell {
	const char *reason;
	const struct kri_tagcell *next;
} kri_tagcell;

struct kr_value {
	kr_dtype dtype;
	int ndim;
	const int64_t *shape;
	size_t size;
	double *data; /* size elements, row-major */
};

/*
 * Per-graph bookkeeping (see fgraph.c). A variable or node carries the
 * data of one graph in place (the graph whose id is `fgid`); other graphs
 * holding it keep theirs in a hash map. `mark`/`scratch` and
 * `mark`/`state` belong to one traversal at a time (an epoch number);
 * `scratch` is read only under its traversal's mark, and a pointer kept
 * there is hidden from the collector (see clone in fgraph_build.c), so a
 * stale one keeps nothing alive.
 *
 * Client arrays are atomic memory (the collector does not scan them): a
 * recorded client is always a node of the graph, kept alive by the
 * graph's node list (or its Output nodes), so the arrays need not keep
 * it alive, and marking follows no pointer from a variable to its
 * clients. The collector marks depth first with a mark stack of bounded
 * size; each overflow costs it a rescan of the heap. With clients
 * scanned, marking went up the graph through clients and down through
 * inputs, and a graph of 10^6 nodes overflowed the stack hundreds of
 * times per collection (6 s instead of 0.7 s for one collection).
 */
typedef struct kri_vdata {
	kr_client *cl;  /* clients in insertion order; a hole has node NULL */
	uint32_t len, cap, live;
	bool member, input;
} kri_vdata;

typedef struct kri_ndata {
	uint32_t *pos;  /* pos[i]: place of (node, i) in inputs[i]'s clients */
	size_t idx;     /* place in the graph's node list (not Output nodes) */
	uint32_t inl[2]; /* pos while nin <= 2 */
	bool dying;     /* being removed by kr_fgraph_remove_node() */
} kri_ndata;

struct kr_variable {
	const kr_type *type;
	const char *name;
	kr_apply *owner;
	int index;
	bool is_constant;
	bool is_nominal;
	bool indestructible; /* PyTensor's tag.indestructible */
	union {
		const kr_value *value; /* constants only */
		int64_t nominal_id;    /* nominal variables only */
	};
	const struct kri_vtag *tag; /* label and trace, or NULL */
	kr_term *term;
	kr_term *expansion;
	uint64_t fgid;         /* graph owning `fgd` (0: none) */
	kri_vdata fgd;
	uint64_t mark;
	void *scratch;
};

/*
 * The fields a traversal reads (nin, inputs, mark, state, io) come last,
 * so that they share the second cache line of the node (an Apply node with
 * up to 3 inputs and outputs is one 128-byte object of the collector,
 * 128-byte aligned): a toposort of a big graph then misses one line per
 * node instead of two. The header is 96 bytes and the allocator adds a
 * byte to each object, so a header of 104 (the tag pointer beside 64-bit
 * counts) would make such a node 144 bytes: the counts are 32-bit.
 */
struct kr_apply {
	uint64_t fgid;         /* graph owning `fgd` (0: none) */
	kri_ndata fgd;
	kr_variable **outputs; /* point into io, after the inputs */
	kr_op *op;
	const kri_tagcell *tag; /* imports and removals, or NULL */
	uint32_t nout;
	uint32_t nin;
	kr_variable **inputs;  /* point into io */
	uint64_t mark;
	uintptr_t state;
	kr_variable *io[];     /* nin inputs, then nout outputs */
};

/* A fresh traversal epoch for `mark` fields (never 0). */
uint64_t kri_epoch(void);

/* node's state in traversal ep: 0 while another traversal owns it. */
static inline uintptr_t kri_node_state(const kr_apply *node, uint64_t ep)
{
	return node->mark == ep ? node->state : 0;
}

/* Give node the state s in traversal ep. */
static inline void kri_node_set_state(kr_apply *node, uint64_t ep,
				      uintptr_t s)
{
	node->mark = ep;
	node->state = s;
}

/*
 * The graph (see fgraph.c for the invariants). `xvars`/`xnodes` hold the
 * data of the variables and nodes whose in-place slot another graph uses.
 */
struct kr_fgraph {
	uint64_t id;
	kri_vec inputs;   /* kr_variable * */
	kri_vec outputs;  /* kr_variable * */
	kri_vec outnodes; /* Output pseudo-node of each output */
	kri_vec outnames; /* label of each output (char * or NULL) */
	kri_vec nodes;    /* kr_apply *, no particular order; see kri_ndata.idx */
	kri_pmap xvars;   /* kr_variable * -> kri_vdata * */
	kri_pmap xnodes;  /* kr_apply * -> kri_ndata * */
	size_t nvars;     /* member variables */
	kri_vec features; /* kr_feature *, in attach order */
	/*
	 * Feature callbacks fired, and their time while `timing` > 0
	 * (PyTensor's execute_callbacks_time, which SequentialGraphRewriter
	 * reports; timing only then keeps the clock off other rewrites).
	 */
	uint64_t callbacks;
	double callbacks_time;
	unsigned timing;
	/*
	 * The last reason a node was imported or pruned with, its texts
	 * for a tag (kri_tagcell), the cell of a first import and the last
	 * removal cell made: the nodes of one import or pruning share them
	 * (see tag_removed in fgraph.c).
	 */
	const char *import_text, *remove_text;
	const kri_tagcell *import_cell, *remove_cell;
};

/* Start (+1) or stop (-1) timing fg's feature callbacks. */
static inline void kri_fg_time_callbacks(kr_fgraph *fg, int delta)
{
	fg->timing += (unsigned)delta;
}

static inline kri_vdata *kri_fg_vdata(const kr_fgraph *fg,
				      const kr_variable *v)
{
	if (v->fgid == fg->id)
		return (kri_vdata *)&v->fgd;
	return fg->xvars.len ? kri_pmap_get(&fg->xvars, v) : NULL;
}

static inline kri_ndata *kri_fg_ndata(const kr_fgraph *fg,
				      const kr_apply *node)
{
	if (node->fgid == fg->id)
		return (kri_ndata *)&node->fgd;
	return fg->xnodes.len ? kri_pmap_get(&fg->xnodes, node) : NULL;
}

/* kr_fgraph_add_input(), appending v even when it already is an input
 * (PyTensor's add_input(check=False), as its constructor does). */
int kri_fgraph_append_input(kr_fgraph *fg, kr_variable *v);

/* A new empty graph (no features). */
kr_fgraph *kri_fgraph_alloc(void);

/*
 * Append to `order` the nodes that outs need, in io_toposort order; in
 * import mode (import_into not NULL) nodes of that graph count as done,
 * and *missing (when not NULL) tells whether a node of order has an input
 * that kri_fgraph_is_missing() in that graph. `prereqs` (may be NULL)
 * maps a node to a kri_vec * of nodes that must come before it. Errors:
 * KR_EINVALID on a cycle.
 */
int kri_toposort(kri_vec *order, const kr_fgraph *import_into, size_t n,
		 kr_variable *const *outs, const kri_pmap *prereqs,
		 bool *missing);

/*
 * PyTensor's io_toposort(fgraph.inputs, fgraph.outputs): the nodes the
 * outputs need, in kr_fgraph_toposort()'s order without the features'
 * orderings (what the walking rewriters sort by, so that a graph the
 * DestroyHandler finds inconsistent can still be rewritten). Errors:
 * KR_EINVALID on a cycle.
 */
int kri_fgraph_io_toposort(kr_apply ***out, size_t *n, const kr_fgraph *fg);

/*
 * The place of node in fg's node list (kr_fgraph_apply_nodes), or
 * SIZE_MAX when it is not an Apply node of fg; valid until the next
 * change of the graph. Lets a pass keep per-node data in an array.
 */
size_t kri_fgraph_node_index(const kr_fgraph *fg, const kr_apply *node);

/*
 * Import the nodes of `nodes` (a kri_vec of kr_apply *, in topological
 * order, none yet in fg, each input owned by an earlier one, a node of
 * fg or by no node) without searching for their order again. Errors:
 * KR_ENOTFOUND on a missing input; fg may then hold some of the nodes
 * (for graphs being built, which are dropped on error).
 */
int kri_fgraph_import_sorted(kr_fgraph *fg, const kri_vec *nodes,
			     const char *reason);

/* True when v is an ownerless non-constant variable that is not an input. */
bool kri_fgraph_is_missing(const kr_fgraph *fg, const kr_variable *v);

/* Register the built-in ops (idempotent). Called from kr_init(). */
void kri_graph_init(void);

/* Make and register SpecifyShape (shape.c); called by kri_graph_init. */
void kri_shape_init(void);

/* Name the foreign types of Ops and Variables as kinds (kr_kind_define). */
void kri_etuplize_init(void);

/*
 * The op a term stands for in an op position: an op atom, or (DESC
 * value...) built with the descriptor's make hook. *op is NULL when t
 * is neither; errors from make or for a malformed (DESC ...).
 */
int kri_term_eval_op(kr_op **op, kr_term *t);

/* The descriptor of Output pseudo-ops and a new Output(idx) node using v. */
extern KRI_HIDDEN const kr_op_desc kri_output_desc;
kr_apply *kri_output_node(int idx, kr_variable *v);

/* Set node->inputs[i] (no checks) and clear the outputs' expansions. */
void kri_apply_set_input(kr_apply *node, size_t i, kr_variable *v);

/* Whether node's op can compute its outputs (perform / perform_outputs). */
bool kri_can_perform(const kr_apply *node);

/*
 * node's op on the input values in[0..nin): its nout values in outs.
 * Requires kri_can_perform(node). Returns the op's code (< 0: error).
 */
int kri_perform(kr_value **outs, const kr_apply *node, const kr_value **in);

/* A copy of node using new_inputs, with fresh outputs of the same types
 * and names (no type inference: PyTensor's clone_with_new_inputs). */
kr_apply *kri_apply_clone(const kr_apply *node, kr_variable *const *new_inputs);

/*
 * A copy kept in an original's `scratch` during a traversal is hidden
 * from the collector (the bits inverted, as Boehm's GC_HIDE_POINTER): a
 * plain pointer from an original to its copy would keep the copy alive
 * as long as the original, or cost a pass to clear it.
 */
static inline void *kri_hide(kr_variable *v) { return (void *)~(uintptr_t)v; }

static inline kr_variable *kri_unhide(void *p)
{
	return (kr_variable *)~(uintptr_t)p;
}

/* Map node `old` to `new_node` in e (kr_clone_get_equiv's memo[node]). */
void kri_equiv_set_apply(kr_equiv *e, const kr_apply *old, kr_apply *new_node);

/* KR_EINVALID: new_var's type cannot replace old's (kr_type_is_super). */
int kri_type_mismatch(const kr_variable *old, const kr_variable *new_var);

/* A fresh ownerless variable with v's type and name (atomic ones: v). */
kr_variable *kri_variable_clone(const kr_variable *v);

/*
 * PyTensor's AtomicVariable: a constant or a nominal variable. It has no
 * owner, is never a graph input, and is shared by every copy of a graph.
 */
static inline bool kri_is_atomic(const kr_variable *v)
{
	return v->is_constant || v->is_nominal;
}

/* v's label in the graph text format (constants), or NULL. */
static inline const char *kri_variable_label(const kr_variable *v)
{
	return v->tag ? v->tag->label : NULL;
}

/* Set (copy) v's label, keeping its trace. */
void kri_variable_set_label(kr_variable *v, const char *label);

/* A new constant of type t with value v (no checks). */
kr_variable *kri_constant_with_value(const kr_type *t, const kr_value *v);

/*
 * numpy broadcasting of n values (value.c), for elementwise evaluation
 * and kr_value_equiv(). kri_broadcast_shape: the broadcast shape
 * (right-aligned, lengths 1 stretch); false when two lengths conflict,
 * which it puts in conflict[]. kri_broadcast_strides: v's element
 * strides within that shape (0 where it repeats). kri_broadcast_step:
 * advance the multi-index idx by one element and the n offsets at[i]
 * by the strides st[i*nd .. i*nd+nd-1].
 */
bool kri_broadcast_shape(int *nd, int64_t *shape, size_t n,
			 const kr_value *const *vs, int64_t conflict[2]);
void kri_broadcast_strides(int64_t *st, const kr_value *v, int nd);
void kri_broadcast_step(int nd, const int64_t *shape, int64_t *idx,
			size_t n, size_t *at, const int64_t *st);

/* Format a double as Python's repr does (`2.0`, `0.1`, `1e-05`). */
char *kri_format_double(double d);

/*
 * numpy's str() of an array value (value_str.c), line breaks included:
 * what PyTensor's pprint prints for a constant.
 */
char *kri_value_numpy_str(const kr_value *v);

/*
 * The value part of PyTensor's str() of a Constant: numpy's str() without
 * line breaks, shortened to `first 10 ... last 10` characters beyond 20.
 */
char *kri_constant_pystr(const kr_value *v);

/*
 * kr_fgraph_change_node_input with the type check optional (PyTensor's
 * check=False, used to revert changes that narrowed types).
 */
int kri_fgraph_change_input(kr_fgraph *fg, kr_apply *node, int i,
			    kr_variable *new_var, const char *reason,
			    bool check);

/* Elementwise type inference (upcast rule), shared with opaque ops. */
int kri_infer_elemwise(const kr_type **out, const kr_op *op, size_t nin,
		       const kr_type *const *ts);

/*
 * Elementwise inference with a dtype rule: upcast, upgrade to float, the
 * first input's dtype, the second's, or (KRI_NDT_RULES + d) dtype d.
 */
enum { KRI_DT_UPCAST, KRI_DT_FLOAT, KRI_DT_FIRST, KRI_DT_SECOND,
       KRI_NDT_RULES };
int kri_infer_elemwise_rule(const kr_type **out, const kr_op *op, size_t nin,
			    const kr_type *const *ts, int rule);

/*
 * The op of node as PyTensor prints it: a built-in op computing a tensor
 * is an Elemwise (or Dot) there, whose str() is the scalar op's name
 * capitalized (`Add`, `True_div`, `Dot`); an opaque op computing a tensor
 * prints as kri_opaque_str() says; on scalar types (pytensor.scalar ops)
 * and for other ops, kr_op_to_string().
 */
char *kri_apply_op_string(const kr_apply *node);

/*
 * PyTensor 2.32's str() of an opaque op whose token the graph text format
 * defines: an Elemwise (`sigmoid` is `Sigmoid`, `Cast{dtype=float64}` is
 * `Cast{float64}`), a DimShuffle (`ExpandDims{axis=1}`, `Squeeze{axis=0}`,
 * `Transpose{axes=[1, 0]}`, `DimShuffle{order=[x,0]}`) or a Sum
 * (`Sum{axes=None}`, `Sum{axis=0}`); NULL for other ops, which print as
 * their token.
 */
char *kri_opaque_str(const kr_op *op);

/* Python's str.capitalize(): s with its first letter upper, the rest lower. */
char *kri_capitalize(const char *s);

/*
 * The new_order of an opaque DimShuffle (entries -1 for `x`, at most
 * KR_TYPE_MAX_NDIM) and its input_ndim: true, or false for another op.
 * pprint prints it as PyTensor's DimShufflePrinter does.
 */
bool kri_opaque_dimshuffle(const kr_op *op, int *order, int *n, int *ndim);

/* True for the built-in elementwise ops (add ... reciprocal, not dot). */
bool kri_op_is_elemwise(const kr_op *op);

/* Set the type of a node's output (readers: declared types of opaque ops). */
void kri_apply_set_output_type(kr_apply *node, size_t i, const kr_type *t);

/* The attached features in attach order (borrowed; valid until the next
 * attach or removal). */
kr_feature *const *kri_fgraph_features(const kr_fgraph *fg, size_t *n);

/*
 * A text built from an explicit stack of items -- text to emit, a
 * variable to print, or the end of a variable's expression -- pushed in
 * reverse so that they pop in output order. The graph printers write
 * through it (repr.c here, pprint in the io layer): output size bounds
 * their work, and graph depth never reaches the C stack. Start from
 * `kri_gtext t = {0}`; the printer pops the items and emits into t.out.
 */
enum { KRI_ITEM_TEXT, KRI_ITEM_VAR, KRI_ITEM_LEAVE };

typedef struct kri_item {
	int kind;
	const char *text;
	const kr_variable *v;
} kri_item;

typedef struct kri_gtext {
	kri_buf out;
	kri_item *items;
	size_t len, cap;
} kri_gtext;

void kri_gtext_push(kri_gtext *t, int kind, const char *text,
		    const kr_variable *v);

static inline void kri_gtext_text(kri_gtext *t, const char *text)
{
	kri_gtext_push(t, KRI_ITEM_TEXT, text, NULL);
}

/*
 * Emit `open` now and push `in0 sep in1 ... close` for the inputs of node
 * (reversed, so that they pop in order).
 */
void kri_gtext_args(kri_gtext *t, const kr_apply *node, const char *open,
		    const char *sep, const char *close);

#endif
