/* etuplize.c -- the term bridge: ops and variables as terms, and back. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "graph.h"
#include "term/term.h"
#include "kanrewrite/constraints.h"
#include "kanrewrite/print.h"

/* ------------------------------------------------------------- op atoms */

static bool op_atom_equal(const void *a, const void *b)
{
	return kr_op_equal(a, b);
}

static uint64_t op_atom_hash(const void *p) { return kr_op_hash(p); }

static char *op_atom_string(const void *p) { return kr_op_to_string(p); }

/* Descriptor atoms stand for op classes; they print as their name. */
static char *desc_atom_string(const void *p)
{
	return kr_strdup(((const kr_op_desc *)p)->name);
}

static const kr_foreign_type desc_ftype = {
	.name = "op class",
	.to_string = desc_atom_string,
};

kr_term *kr_op_desc_term(const kr_op_desc *desc)
{
	kr_check(desc != NULL);
	return kr_foreign(&desc_ftype, desc);
}

const kr_op_desc *kr_term_op_desc(const kr_term *t)
{
	kr_check(t != NULL);
	return kr_is_foreign_of(t, &desc_ftype) ? kr_foreign_ptr(t) : NULL;
}

/*
 * An op whose descriptor names its props unifies as (DESC value...),
 * cached on the op; the etuple's evaluated object is the op's atom, so
 * rebuilding it unchanged gives the op back. Other ops are atoms.
 */
static kr_term *op_atom_expand(const void *p)
{
	kr_op *op = (kr_op *)p;
	const kr_op_desc *d = op->desc;
	size_t n = kr_op_desc_nprops(d);
	if (!d->prop_names || (n && !d->prop))
		return NULL;
	if (op->expansion)
		return op->expansion;
	kr_term **items = kri_alloc((n + 1) * sizeof *items);
	items[0] = kr_op_desc_term(d);
	for (size_t i = 0; i < n; i++)
		if (!(items[i + 1] = d->prop(op, d->prop_names[i])))
			return NULL; /* a prop it does not give: atomic */
	kr_term *e = kri_etuple_own(n + 1, items);
	kr_etuple_set_evaled(e, kr_op_term(op));
	op->expansion = e;
	return e;
}

/*
 * An op called as an etuple's operator, as etuples' evaled_obj calls a
 * Python op(*args): the arguments are graph variables or numbers
 * (kr_number_constant); the value is the output, or for an op of several
 * outputs the list of them, as PyTensor's Op.__call__ gives.
 */
static int op_atom_call(const void *p, size_t n, kr_term *const *args,
			kr_term **out)
{
	kr_op *op = (kr_op *)p;
	kr_variable **in = kri_alloc((n ? n : 1) * sizeof *in);
	for (size_t i = 0; i < n; i++) {
		kr_term *t = args[i];
		in[i] = kr_term_variable(t);
		if (!in[i])
			in[i] = kr_number_constant(t);
		if (!in[i])
			return kr_error_set(KR_EINVALID,
					    "%s: argument %zu is not a graph "
					    "or a number: %s",
					    kr_op_to_string(op), i + 1,
					    kr_term_to_string(args[i]));
	}
	kr_apply *node;
	int rc = kr_apply_make(&node, op, n, in);
	if (rc < 0)
		return rc;
	if (node->nout == 1) {
		*out = kr_variable_term(node->outputs[0]);
		return 0;
	}
	kr_term **outs = kri_alloc(node->nout * sizeof *outs);
	for (size_t i = 0; i < node->nout; i++)
		outs[i] = kr_variable_term(node->outputs[i]);
	*out = kr_list(node->nout, outs);
	return 0;
}

static const kr_foreign_type op_ftype = {
	.name = "op",
	.equal = op_atom_equal,
	.hash = op_atom_hash,
	.to_string = op_atom_string,
	.expand = op_atom_expand,
	.call = op_atom_call,
};

kr_dtype kr_number_dtype(const kr_term *t)
{
	kr_check(t && (t->kind == KR_INT || t->kind == KR_REAL));
	if (t->kind == KR_INT) {
		int64_t i = t->u.i;
		return i == (int8_t)i	  ? KR_INT8
		       : i == (int16_t)i ? KR_INT16
		       : i == (int32_t)i ? KR_INT32
					 : KR_INT64;
	}
	/* numpy's float32(x) == x: exact, infinities too, never a NaN */
	double x = t->u.r;
	return (double)(float)x == x ? KR_FLOAT32 : KR_FLOAT64;
}

kr_variable *kr_number_constant(const kr_term *t)
{
	kr_check(t != NULL);
	if (t->kind != KR_INT && t->kind != KR_REAL)
		return NULL;
	double x = t->kind == KR_INT ? (double)t->u.i : t->u.r;
	return kr_constant_new(x, kr_type_scalar(kr_number_dtype(t)));
}

kr_term *kr_op_term(const kr_op *op)
{
	kr_check(op != NULL);
	kr_op *mop = (kr_op *)op; /* the cache is the op's one mutable slot */
	if (!mop->term)
		mop->term = kr_foreign(&op_ftype, op);
	return mop->term;
}

kr_op *kr_term_op(const kr_term *t)
{
	kr_check(t != NULL);
	return kr_is_foreign_of(t, &op_ftype) ? kr_foreign_ptr(t) : NULL;
}

/* ------------------------------------------------------- variable atoms */

static char *var_atom_string(const void *p) { return kr_variable_to_string(p); }

/*
 * The shallow etuple of v's owner, cached on v until the owner's inputs
 * change (kri_apply_set_input clears it). Its evaluated-object cache is
 * v's atom, so evaluating it (or a kr_cons of its car and cdr) gives v.
 */
static kr_term *var_atom_expand(const void *p)
{
	kr_variable *v = (kr_variable *)p;
	kr_apply *node = v->owner;
	if (!node)
		return NULL;
	if (v->expansion)
		return v->expansion;
	kr_term **items = kri_alloc((node->nin + 1) * sizeof *items);
	items[0] = kr_op_term(node->op);
	for (size_t i = 0; i < node->nin; i++)
		items[i + 1] = kr_variable_term(node->inputs[i]);
	kr_term *e = kri_etuple_own(node->nin + 1, items);
	kr_etuple_set_evaled(e, kr_variable_term(v));
	v->expansion = e;
	return e;
}

/*
 * Variables are equal when they are the same object, or when both are
 * constants with equivalent data: as PyTensor's unify of two Constants
 * (numpy's array_equiv, types ignored), two separately built `2*x` unify,
 * and so do int8 2 and float64 2.0.
 */
static bool var_atom_equal(const void *a, const void *b)
{
	const kr_variable *x = a, *y = b;
	return x == y || (x->is_constant && y->is_constant &&
			  kr_value_equiv(x->value, y->value));
}

static uint64_t var_atom_hash(const void *p)
{
	const kr_variable *v = p;
	return v->is_constant ? kr_value_equiv_hash(v->value)
			      : kri_hash_ptr(p);
}

static const kr_foreign_type var_ftype = {
	.name = "variable",
	.equal = var_atom_equal,
	.hash = var_atom_hash,
	.to_string = var_atom_string,
	.expand = var_atom_expand,
};

void kri_etuplize_init(void)
{
	int rc = kr_kind_define("op", &op_ftype);
	kr_check(rc == 0 && kr_kind_define("variable", &var_ftype) == 0);
}

kr_term *kr_variable_term(const kr_variable *v)
{
	kr_check(v != NULL);
	kr_variable *mv = (kr_variable *)v;
	if (!mv->term)
		mv->term = kr_foreign(&var_ftype, v);
	return mv->term;
}

kr_variable *kr_term_variable(const kr_term *t)
{
	kr_check(t != NULL);
	return kr_is_foreign_of(t, &var_ftype) ? kr_foreign_ptr(t) : NULL;
}

kr_term *kr_etuplize(const kr_variable *v)
{
	kr_term *atom = kr_variable_term(v);
	kr_term *e = var_atom_expand(v);
	return e ? e : atom;
}

/* ------------------------------------------------------ etuplize terms */

/*
 * The parts of t as an expression (etuples' rator and rands): the
 * elements of a non-empty proper list, or a variable's owner op and
 * inputs (its shallow expansion). false for anything else, etuples
 * included (they are expressions already).
 */
static bool expr_parts(kr_term *t, kr_term *const **items, size_t *n)
{
	kr_variable *v = kr_term_variable(t);
	kr_term *e = v ? var_atom_expand(v) : NULL;
	size_t k = 0;
	if (e) {
		k = kr_etuple_len(e);
	} else if (!v && kr_term_kind(t) == KR_CONS && kr_list_length(t) > 0) {
		k = (size_t)kr_list_length(t);
	} else {
		return false;
	}
	kr_term **it = kri_alloc(k * sizeof *it);
	kr_term *p = t;
	for (size_t i = 0; i < k; i++) {
		it[i] = e ? kr_etuple_ref(e, i) : kr_car(p);
		p = e ? p : kr_cdr(p);
	}
	*items = it;
	*n = k;
	return true;
}

typedef struct et_frame {
	kr_term *src;
	kr_term *const *items;
	size_t n, next;
	kr_term **done;
} et_frame;

static kr_term *et_finish(et_frame *f)
{
	kr_term *e = kr_etuple(f->n, f->done);
	kr_etuple_set_evaled(e, f->src);
	return e;
}

int kr_etuplize_term(kr_term **out, kr_term *t, unsigned flags)
{
	kr_check(out != NULL && t != NULL);
	kr_term *const *items;
	size_t n;
	if (!expr_parts(t, &items, &n)) {
		if (kr_term_kind(t) == KR_ETUPLE ||
		    (flags & KR_ETUPLIZE_RETURN_BAD)) {
			*out = t;
			return 0;
		}
		return kr_error_set(KR_EINVALID,
				    "not a non-empty list or a variable with "
				    "an owner (a term of kind %s)",
				    kr_kind_name(kr_term_kind(t)));
	}
	if (flags & KR_ETUPLIZE_SHALLOW) {
		kr_term *e = kr_etuple(n, items);
		kr_etuple_set_evaled(e, t);
		*out = e;
		return 0;
	}
	kri_pmap memo = {0}; /* variable atom -> its etuple: shared once */
	kri_pmap open = {0}; /* the variable atoms of the frames on stack */
	kri_vec stack = {0};
	et_frame *f = kri_alloc(sizeof *f);
	*f = (et_frame){t, items, n, 0, kri_alloc(n * sizeof *f->done)};
	kri_vec_push(&stack, f);
	if (kr_term_variable(t))
		kri_pmap_put(&open, t, t);
	for (;;) {
		f = stack.items[stack.len - 1];
		if (f->next == f->n) {
			kr_term *e = et_finish(f);
			if (kr_term_variable(f->src)) {
				kri_pmap_put(&memo, f->src, e);
				kri_pmap_del(&open, f->src);
			}
			kri_vec_pop(&stack);
			if (stack.len == 0) {
				*out = e;
				return 0;
			}
			f = stack.items[stack.len - 1];
			f->done[f->next++] = e;
			continue;
		}
		kr_term *x = f->items[f->next];
		kr_term *seen = kri_pmap_get(&memo, x);
		if (seen || !expr_parts(x, &items, &n)) {
			f->done[f->next++] = seen ? seen : x;
			continue;
		}
		if (kr_term_variable(x)) {
			/* a graph that a replacement rewired into a cycle
			 * has no finite expansion */
			if (kri_pmap_has(&open, x))
				return kr_error_set(
					KR_EINVALID,
					"etuplize: the graph contains a cycle "
					"through %s",
					kr_term_to_string(x));
			kri_pmap_put(&open, x, x);
		}
		et_frame *g = kri_alloc(sizeof *g);
		*g = (et_frame){x, items, n, 0, kri_alloc(n * sizeof *g->done)};
		kri_vec_push(&stack, g);
	}
}

/* ----------------------------------------------------------- evaluation */

/*
 * kr_term_eval walks the term with an explicit stack of frames, one per
 * compound term being evaluated: `items` are its elements (the op atom
 * first); the variables of the elements evaluated so far (`next` of them)
 * are args[base..], on a stack of arguments shared by the frames (a
 * frame's children have finished, and left it, before its next argument
 * goes on). A compound term is finished when all its arguments are; its
 * result then goes to the frame below. An etuple keeps its result as its
 * evaluated object; `memo` maps the other compound terms (lists) already
 * evaluated in this call to their variables. Both stacks start in the
 * evaluator (on the C stack, which the collector scans) and move to
 * collected memory when they outgrow it: KanrenRelationSub evaluates an
 * answer per rewrite, most of them a few nodes.
 */
typedef struct frame {
	kr_term *t;
	kr_term *items;
	kr_op *op;
	size_t nargs, next, base;
} frame;

enum { LOCAL_FRAMES = 16, LOCAL_ARGS = 32 };

typedef struct evaluator {
	frame *f;
	size_t len, cap;
	kr_variable **args;
	size_t nargs, acap;
	kri_pmap memo;
	frame local_f[LOCAL_FRAMES];
	kr_variable *local_a[LOCAL_ARGS];
} evaluator;

static void evaluator_init(evaluator *ev)
{
	ev->f = ev->local_f;
	ev->cap = LOCAL_FRAMES;
	ev->len = 0;
	ev->args = ev->local_a;
	ev->acap = LOCAL_ARGS;
	ev->nargs = 0;
	ev->memo = (kri_pmap){0};
}

/* Room for n more arguments. */
static void args_reserve(evaluator *ev, size_t n)
{
	if (ev->nargs + n <= ev->acap)
		return;
	size_t cap = 2 * (ev->nargs + n);
	kr_variable **a = kri_alloc(cap * sizeof *a);
	memcpy(a, ev->args, ev->nargs * sizeof *a);
	ev->args = a;
	ev->acap = cap;
}

static frame *frame_push(evaluator *ev)
{
	if (ev->len == ev->cap) {
		frame *f = kri_alloc(2 * ev->cap * sizeof *f);
		memcpy(f, ev->f, ev->len * sizeof *f);
		ev->f = f;
		ev->cap *= 2;
	}
	return &ev->f[ev->len++];
}

static int cannot_eval(const kr_term *t, const char *why)
{
	return kr_error_set(KR_EINVALID, "cannot evaluate %s: %s",
			    kr_term_to_string(t), why);
}

/*
 * The op that t stands for: an op atom, or a term (DESC value...) of an
 * op class and its prop values (kr_op_desc.make), evaluated once (the
 * op is cached on an etuple) and recursively, for ops parametrised by
 * ops. *op is NULL when t is neither.
 */
int kri_term_eval_op(kr_op **op, kr_term *t)
{
	*op = kr_term_op(t);
	if (*op)
		return 0;
	kr_term *items = kr_term_kind(t) == KR_ETUPLE || kr_is_pair(t)
				 ? kr_as_etuple(t)
				 : NULL;
	if (!items || kr_etuple_len(items) == 0)
		return 0;
	if (kr_etuple_evaled(items) && kr_term_op(kr_etuple_evaled(items))) {
		*op = kr_term_op(kr_etuple_evaled(items));
		return 0;
	}
	const kr_op_desc *d = kr_term_op_desc(kr_etuple_ref(items, 0));
	if (!d)
		return 0;
	if (!d->make)
		return kr_op_make(op, d, NULL); /* its error */
	size_t n = kr_op_desc_nprops(d), got = kr_etuple_len(items) - 1;
	if (got != n)
		return cannot_eval(t, kr_strfmt("%s takes %zu prop value%s, "
						"got %zu", d->name, n,
						n == 1 ? "" : "s", got));
	kr_term **values = kri_alloc((n ? n : 1) * sizeof *values);
	for (size_t i = 0; i < n; i++) {
		kr_term *v = kr_etuple_ref(items, i + 1);
		kr_op *sub;
		int rc = kri_term_eval_op(&sub, v);
		if (rc < 0)
			return rc;
		if (!kr_is_ground(v))
			return cannot_eval(t, kr_strfmt("prop %s is not ground",
							d->prop_names[i]));
		values[i] = sub ? kr_op_term(sub) : v;
	}
	int rc = kr_op_make(op, d, values);
	if (rc < 0)
		return rc;
	if (kr_term_kind(items) == KR_ETUPLE)
		kr_etuple_set_evaled(items, kr_op_term(*op));
	return 0;
}

/* The variable already known for t, or NULL when t must be evaluated. */
static kr_variable *known(evaluator *ev, const kr_term *t)
{
	kr_variable *v = kr_term_variable(t);
	if (v)
		return v;
	if (kr_term_kind(t) == KR_ETUPLE && kr_etuple_evaled(t)) {
		v = kr_term_variable(kr_etuple_evaled(t));
		if (v)
			return v;
	}
	return kr_term_kind(t) == KR_CONS ? kri_pmap_get(&ev->memo, t) : NULL;
}

static int push_frame(evaluator *ev, kr_term *t)
{
	kr_term *items = kr_as_etuple(t);
	if (!items)
		return cannot_eval(t, "not a variable, a number or an op "
				      "application");
	if (kr_etuple_len(items) == 0)
		return cannot_eval(t, "an empty expression");
	kr_op *op;
	int rc = kri_term_eval_op(&op, kr_etuple_ref(items, 0));
	if (rc < 0)
		return rc;
	if (!op)
		return cannot_eval(t, "its head is not an op");
	size_t nargs = kr_etuple_len(items) - 1;
	args_reserve(ev, nargs);
	*frame_push(ev) = (frame){t, items, op, nargs, 0, ev->nargs};
	ev->nargs += nargs;
	return 0;
}

/*
 * A compound term headed by a procedure (not an op): its value, as
 * etuples' evaled_obj computes it (kr_etuple_eval: the arguments' values
 * first, op-headed ones included), must be a graph or a number. Returns
 * 1 with *v set, 0 when t is not one, or an error.
 */
static int procedure_value(kr_variable **v, kr_term *t)
{
	kr_term *items = kr_as_etuple(t);
	if (!items || kr_etuple_len(items) == 0)
		return 0;
	kr_term *head = kr_etuple_ref(items, 0);
	if (kr_term_op(head) || !kr_is_callable(head))
		return 0;
	kr_term *val;
	int rc = kr_etuple_eval(&val, items);
	if (rc < 0)
		return rc;
	*v = kr_term_variable(val);
	if (!*v)
		*v = kr_number_constant(val);
	if (!*v)
		return cannot_eval(t, kr_strfmt("its value is not a graph or "
						"a number: %s",
						kr_term_to_string(val)));
	return 1;
}

/* Evaluate an atom, or push a frame for a compound term (*v = NULL). */
static int step(evaluator *ev, kr_variable **v, kr_term *t)
{
	*v = known(ev, t);
	if (*v)
		return 0;
	switch (kr_term_kind(t)) {
	case KR_INT:
	case KR_REAL:
		*v = kr_number_constant(t);
		return 0;
	case KR_ETUPLE:
	case KR_CONS: {
		int rc = procedure_value(v, t);
		return rc < 0 ? rc : rc ? 0 : push_frame(ev, t);
	}
	case KR_VAR:
		return cannot_eval(t, "a logic variable");
	default:
		if (kr_term_op(t))
			return cannot_eval(t, "an op is not a value");
		return cannot_eval(t, "not a variable, a number or an op "
				      "application");
	}
}

/*
 * Apply the op of the finished top frame, pop it and record the result
 * (a list only when a frame below may meet it again).
 */
static int finish(evaluator *ev, kr_variable **out)
{
	frame *f = &ev->f[ev->len - 1];
	int rc = kr_op_call(out, f->op, f->nargs, ev->args + f->base);
	if (rc < 0)
		return rc;
	ev->len--;
	ev->nargs = f->base;
	if (kr_term_kind(f->t) == KR_ETUPLE)
		kr_etuple_set_evaled(f->t, kr_variable_term(*out));
	else if (ev->len > 0)
		kri_pmap_put(&ev->memo, f->t, *out);
	return 0;
}

int kr_term_eval(kr_variable **out, kr_term *t)
{
	kr_check(out != NULL && t != NULL);
	evaluator ev;
	evaluator_init(&ev);
	kr_variable *v;
	int rc = step(&ev, &v, t);
	while (rc == 0 && ev.len > 0) {
		frame *f = &ev.f[ev.len - 1];
		if (f->next < f->nargs) {
			kr_term *arg = kr_etuple_ref(f->items, f->next + 1);
			rc = step(&ev, &v, arg);
			if (rc == 0 && v)
				ev.args[f->base + f->next++] = v;
			continue;
		}
		rc = finish(&ev, &v);
		if (rc == 0 && ev.len > 0) {
			frame *parent = &ev.f[ev.len - 1];
			ev.args[parent->base + parent->next++] = v;
		}
	}
	if (rc == 0)
		*out = v;
	return rc;
}
