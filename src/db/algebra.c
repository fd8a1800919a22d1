/* algebra.c -- the standard rewrites of the op library, as relations. */
/* See the LICENSE file for copying conditions. */
/*
 * Each relation relates a graph expression `in` to an equal, simpler
 * expression `out`; optdb runs them forward through KanrenRelationSub
 * (optdb.c). They are equations, so most also run backward. They are
 * written with the relation library over the graph layer's op library,
 * through the public API only; ops are found by their PyTensor names.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <kanrewrite.h>

#include "core/alloc.h"

static kr_term *op(const char *name)
{
	kr_op *o = kr_op_lookup(name);
	return o ? kr_op_term(o) : kr_sym(name);
}

/* ---------------------------------------------------------- constanto */

typedef struct constant_goal {
	kr_term *t;
	double value;
} constant_goal;

/* Is t (walked) a graph Constant or a number atom equal to value? */
static bool is_number(kr_term *t, double value)
{
	kr_variable *v = kr_term_variable(t);
	if (v)
		return kr_variable_is_constant(v) &&
		       kr_variable_constant_value(v) == value;
	if (kr_term_kind(t) == KR_INT)
		return (double)kr_int_value(t) == value;
	if (kr_term_kind(t) == KR_REAL)
		return kr_real_value(t) == value;
	return false;
}

static kr_stream *constanto_apply(const kr_state *st, void *env)
{
	constant_goal *g = env;
	kr_term *t = kr_walk(g->t, kr_state_subst(st));
	if (kr_is_var(t)) {
		/* an integral value as an int, which evaluates to an int8
		 * constant as PyTensor's 2 does (kr_number_constant) */
		double x = g->value;
		kr_term *n = x == (double)(int64_t)x && fabs(x) < 0x1p62
				     ? kr_int((int64_t)x)
				     : kr_real(x);
		const kr_state *s2 = kr_state_unify(st, t, n);
		return s2 ? kr_stream_unit(s2) : NULL;
	}
	return is_number(t, g->value) ? kr_stream_unit(st) : NULL;
}

kr_goal *kr_constanto(kr_term *t, double value)
{
	constant_goal *g = kr_alloc(sizeof *g);
	g->t = t;
	g->value = value;
	return kr_goal_new(constanto_apply, g);
}

/* ------------------------------------------------------------ relations */

/* (neg (neg x)) = x */
static kr_goal *neg_neg_body(kr_term *const *a, void *env)
{
	(void)env;
	kr_term *x = kr_var_new("x"), *neg = op("neg");
	return KR_ALL(kr_eq(a[0], KR_ETUPLE(neg, KR_ETUPLE(neg, x))),
		      kr_eq(a[1], x));
}

/* (true_div (mul x y) y) = x, and (true_div (mul y x) y) = x */
static kr_goal *mul_div_body(kr_term *const *a, void *env)
{
	(void)env;
	kr_term *x = kr_var_new("x"), *y = kr_var_new("y");
	kr_term *div = op("true_div"), *mul = op("mul");
	return KR_ALL(kr_eq(a[1], x),
		      KR_CONDE(kr_eq(a[0], KR_ETUPLE(div, KR_ETUPLE(mul, x, y),
						      y)),
			       kr_eq(a[0], KR_ETUPLE(div, KR_ETUPLE(mul, y, x),
						      y))));
}

/*
 * A guard that fails at once when `args`, walked and ground, has no element
 * equal to `unit`: it spares the enumeration of every split of the
 * arguments on the common node that has nothing to remove. With args not
 * ground (the backward mode) it succeeds and lets the relation generate.
 */
typedef struct unit_guard {
	kr_term *args;
	double unit;
} unit_guard;

static kr_stream *unit_guard_apply(const kr_state *st, void *env)
{
	unit_guard *g = env;
	kr_term *l = kr_walk_star(g->args, kr_state_subst(st));
	if (!kr_is_ground(l))
		return kr_stream_unit(st);
	for (; kr_is_pair(l); l = kr_cdr(l))
		if (is_number(kr_car(l), g->unit))
			return kr_stream_unit(st);
	return NULL;
}

static kr_goal *has_unit(kr_term *args, double unit)
{
	unit_guard *g = kr_alloc(sizeof *g);
	g->args = args;
	g->unit = unit;
	return kr_goal_new(unit_guard_apply, g);
}

/* Run `forward` when t is not a fresh variable, else `backward`. */
typedef struct by_mode {
	kr_term *t;
	kr_goal *forward, *backward;
} by_mode;

static kr_stream *by_mode_apply(const kr_state *st, void *env)
{
	by_mode *m = env;
	bool fresh = kr_is_var(kr_walk(m->t, kr_state_subst(st)));
	return kr_goal_apply(fresh ? m->backward : m->forward, st);
}

/*
 * (OP a ... c ... z) = (OP a ... z) for the identity constant c of OP (an
 * n-ary add or mul, as in PyTensor's canonizers): one occurrence of c is
 * removed; when one argument is left, it is the result. The splits of the
 * arguments are enumerated from the side that is known: from in's
 * arguments forward; backward (in fresh), from out's, since splitting a
 * list not yet built would try prefixes of every length.
 */
static kr_goal *identity_body(kr_term *const *a, const char *opname,
			      double unit)
{
	kr_term *v[7];
	kr_fresh(7, v);
	kr_term *args = v[0], *pre = v[1], *c = v[2], *post = v[3],
		*rest = v[4], *x = v[5], *y = v[6], *o = op(opname);
	kr_goal *result = KR_CONDE(
		KR_ALL(kr_eq(rest, KR_LIST(x)), kr_eq(a[1], x)),
		KR_ALL(kr_eq(rest, kr_cons(x, kr_cons(y, kr_var_new(NULL)))),
		       kr_conso(o, rest, a[1])));
	by_mode *m = kr_alloc(sizeof *m);
	m->t = a[0];
	m->forward = KR_ALL(kr_conso(o, args, a[0]), has_unit(args, unit),
			    kr_appendo(pre, kr_cons(c, post), args),
			    kr_constanto(c, unit), kr_appendo(pre, post, rest),
			    result);
	m->backward = KR_ALL(result, kr_appendo(pre, post, rest),
			     kr_constanto(c, unit),
			     kr_appendo(pre, kr_cons(c, post), args),
			     kr_conso(o, args, a[0]));
	return kr_goal_new(by_mode_apply, m);
}

static kr_goal *mul_one_body(kr_term *const *a, void *env)
{
	(void)env;
	return identity_body(a, "mul", 1.0);
}

static kr_goal *add_zero_body(kr_term *const *a, void *env)
{
	(void)env;
	return identity_body(a, "add", 0.0);
}

/* (mul x x) = (sqr x) */
static kr_goal *mul_sqr_body(kr_term *const *a, void *env)
{
	(void)env;
	kr_term *x = kr_var_new("x");
	return KR_ALL(kr_eq(a[0], KR_ETUPLE(op("mul"), x, x)),
		      kr_eq(a[1], KR_ETUPLE(op("sqr"), x)));
}

/* (pow x 2) = (sqr x) */
static kr_goal *pow_sqr_body(kr_term *const *a, void *env)
{
	(void)env;
	kr_term *x = kr_var_new("x"), *c = kr_var_new("c");
	return KR_ALL(kr_eq(a[0], KR_ETUPLE(op("pow"), x, c)),
		      kr_constanto(c, 2.0),
		      kr_eq(a[1], KR_ETUPLE(op("sqr"), x)));
}

/* (true_div 1 y) = (reciprocal y) */
static kr_goal *div_reciprocal_body(kr_term *const *a, void *env)
{
	(void)env;
	kr_term *y = kr_var_new("y"), *c = kr_var_new("c");
	return KR_ALL(kr_eq(a[0], KR_ETUPLE(op("true_div"), c, y)),
		      kr_constanto(c, 1.0),
		      kr_eq(a[1], KR_ETUPLE(op("reciprocal"), y)));
}

/*
 * (true_div x c) = (mul x (reciprocal c)) for a constant c other than 1: a
 * multiplication by a folded constant is cheaper than a division. c is
 * checked last, once either side has bound it, so that the equation also
 * runs backward.
 */
static kr_stream *is_constant_apply(const kr_state *st, void *env)
{
	kr_term *t = kr_walk(env, kr_state_subst(st));
	kr_variable *v = kr_term_variable(t);
	bool ok = (v && kr_variable_is_constant(v) &&
		   kr_variable_constant_value(v) != 1.0) ||
		  ((kr_term_kind(t) == KR_REAL || kr_term_kind(t) == KR_INT) &&
		   !is_number(t, 1.0));
	return ok ? kr_stream_unit(st) : NULL;
}

static kr_goal *div_const_body(kr_term *const *a, void *env)
{
	(void)env;
	kr_term *x = kr_var_new("x"), *c = kr_var_new("c");
	return KR_ALL(kr_eq(a[0], KR_ETUPLE(op("true_div"), x, c)),
		      kr_eq(a[1], KR_ETUPLE(op("mul"), x,
					    KR_ETUPLE(op("reciprocal"), c))),
		      kr_goal_new(is_constant_apply, c));
}

/*
 * (OP ... (OP a b) ...) = (OP ... a b ...) for associative OP: the
 * node's own expansion is flattened with assoc_flatten, which splices
 * nested applications of the same op (graph Variables included).
 */
static void declare_associative(void);

static kr_goal *flatten_body(kr_term *const *a, void *env)
{
	(void)env;
	declare_associative();
	kr_term *o = kr_var_new("op"), *args = kr_var_new("args");
	return KR_ALL(kr_conso(o, args, a[0]),
		      kr_facts_goal(kr_associative(), (kr_term *[]){o}),
		      kr_assoc_flatten_deep(kr_cons(o, args), a[1]));
}

/*
 * A.(x+y) = A.x + A.y: the relation library's distributeo over the op
 * library's dot and add, add declared associative when it first runs (as
 * flatteno's ops below, so that a session that does not use it starts
 * with kanren's empty `associative` table). A fresh relation of its own,
 * as distributeo is, running distributeo's body in line: a rewriter tries
 * it on every node, and most fail at once there.
 */
static kr_stream *dot_distribute_run(const kr_state *st, kr_term *const *v,
				     void *env)
{
	(void)v;
	kr_term *const *a = env;
	static kr_term *dot, *add;
	if (!add) {
		dot = op("dot");
		add = op("add");
		KR_FACT(kr_associative(), add);
	}
	return kr_clause_distributeo(st, dot, add, a[0], a[1]);
}

/* ------------------------------------------------------------- registry */

typedef struct named_rel {
	const char *name;
	kr_rel_fn fn;
	kr_rel *rel;
} named_rel;

static named_rel canon[] = {
	{"neg_nego", neg_neg_body, NULL},
	{"mul_divo", mul_div_body, NULL},
	{"mul_oneo", mul_one_body, NULL},
	{"add_zeroo", add_zero_body, NULL},
	{"mul_sqro", mul_sqr_body, NULL},
	{"pow_sqro", pow_sqr_body, NULL},
	{"div_reciprocalo", div_reciprocal_body, NULL},
	{"div_consto", div_const_body, NULL},
	{"flatteno", flatten_body, NULL},
};

/*
 * add and mul are associative for flatteno, declared when it first runs
 * (not at lookup), so that a session that does not use it starts with
 * kanren's empty `associative` table.
 */
static void declare_associative(void)
{
	static bool done;
	if (done)
		return;
	done = true;
	KR_FACT(kr_associative(), op("add"));
	KR_FACT(kr_associative(), op("mul"));
}

const kr_rel *kr_relation_lookup(const char *name)
{
	if (!name)
		return NULL;
	if (!strcmp(name, "dot_distributeo"))
		return kr_dot_distributeo_rel();
	for (size_t i = 0; i < sizeof canon / sizeof *canon; i++) {
		if (strcmp(canon[i].name, name))
			continue;
		if (!canon[i].rel)
			canon[i].rel = kr_rel_new(canon[i].name, 2,
						  canon[i].fn, NULL);
		return canon[i].rel;
	}
	return NULL;
}

size_t kr_relation_names(const char *const **out)
{
	kr_check(out != NULL);
	static const char *names[sizeof canon / sizeof *canon + 2];
	if (!names[0]) {
		names[0] = "dot_distributeo";
		for (size_t i = 0; i < sizeof canon / sizeof *canon; i++)
			names[i + 1] = canon[i].name;
	}
	*out = names;
	return sizeof canon / sizeof *canon + 1;
}

/* --------------------------------------------------------- goal forms */

#define GOAL_FORM(fn, name)                                                  \
	kr_goal *fn(kr_term *in, kr_term *out)                               \
	{                                                                    \
		return KR_CALL(kr_relation_lookup(name), in, out);           \
	}

kr_goal *kr_dot_distributeo(kr_term *in, kr_term *out)
{
	return KR_CALL(kr_dot_distributeo_rel(), in, out);
}

GOAL_FORM(kr_neg_nego, "neg_nego")
GOAL_FORM(kr_mul_divo, "mul_divo")
GOAL_FORM(kr_mul_oneo, "mul_oneo")
GOAL_FORM(kr_add_zeroo, "add_zeroo")
GOAL_FORM(kr_mul_sqro, "mul_sqro")
GOAL_FORM(kr_pow_sqro, "pow_sqro")
GOAL_FORM(kr_div_reciprocalo, "div_reciprocalo")
GOAL_FORM(kr_div_consto, "div_consto")
GOAL_FORM(kr_flatteno, "flatteno")

const kr_rel *kr_dot_distributeo_rel(void)
{
	static kr_rel *rel;
	if (!rel)
		rel = kr_rel_new_fresh("dot_distributeo", 2, 0,
				       dot_distribute_run);
	return rel;
}
