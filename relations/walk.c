/* walk.c -- kanren.graph: map_anyo, reduceo, walko, term_walko. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "rel_internal.h"

/*
 * Written with the public API only, after kanren.graph. Goals that kanren
 * decides in Python on the reified arguments (reduceo's direction,
 * term_walko's ground_order) are C goals that walk their arguments and
 * then run the goal they choose.
 */

/* ----------------------------------------------------------------- map_anyo */

/*
 * (map_anyo rel a b) with a flag "some pair already related":
 *   (conde ((nullo a) (nullo b) flag)
 *          ((fresh (x xs y ys) (conso x xs a) (conso y ys b)
 *             (conde ((rel x y) (map_anyo/true rel xs ys))
 *                    ((== x y) (map_anyo/flag rel xs ys))))))
 */
struct map_any_env {
	const kr_rel *rel;
	kr_rel *self[2]; /* [0]: nothing related yet, [1]: some pair related */
};

static kr_goal *map_any_body(kr_term *const *a, void *env, int any)
{
	struct map_any_env *e = env;
	kr_term *v[4];
	kr_fresh(4, v);
	kr_goal *done = any ? KR_ALL(kr_nullo(a[0]), kr_nullo(a[1])) : kr_fail();
	return KR_CONDE(
		done,
		KR_FRESH(kr_conso(v[0], v[1], a[0]), kr_conso(v[2], v[3], a[1]),
			 KR_CONDE(KR_ALL(KR_CALL(e->rel, v[0], v[2]),
					 KR_CALL(e->self[1], v[1], v[3])),
				  KR_ALL(kr_eq(v[0], v[2]),
					 KR_CALL(e->self[any], v[1], v[3])))));
}

static kr_goal *map_any0(kr_term *const *a, void *env)
{
	return map_any_body(a, env, 0);
}

static kr_goal *map_any1(kr_term *const *a, void *env)
{
	return map_any_body(a, env, 1);
}

kr_goal *kr_map_anyo(const kr_rel *rel, kr_term *a, kr_term *b)
{
	struct map_any_env *e = kr_alloc(sizeof *e);
	e->rel = rel;
	e->self[0] = kr_rel_new("map_anyo", 2, map_any0, e);
	e->self[1] = kr_rel_new("map_anyo", 2, map_any1, e);
	return KR_CALL(e->self[0], a, b);
}

/* ------------------------------------------------------------------ reduceo */

struct reduce_env {
	const kr_rel *rel;
	kr_term *in, *out;
};

static kr_stream *reduceo_fn(const kr_state *st, void *env)
{
	struct reduce_env *e = env;
	kr_term *in = kr_walk_star(e->in, kr_state_subst(st));
	kr_term *t = kr_var_new(NULL);
	kr_goal *once = KR_CALL(e->rel, in, t);
	kr_goal *again = kr_reduceo(e->rel, t, e->out);
	kr_goal *res = kr_eq(t, e->out);
	kr_goal *g = kr_is_var(in) ? KR_ALL(KR_CONDE(res, again), once)
				   : KR_ALL(once, KR_CONDE(again, res));
	return kr_goal_apply(g, st);
}

kr_goal *kr_reduceo(const kr_rel *rel, kr_term *in, kr_term *out)
{
	struct reduce_env *e = kr_alloc(sizeof *e);
	e->rel = rel;
	e->in = in;
	e->out = out;
	return kr_goal_new(reduceo_fn, e);
}

/* -------------------------------------------------------------------- walko */

struct walko_env {
	const kr_rel *rel;
	kr_rel *self;
};

static kr_goal *walko_body(kr_term *const *a, void *env)
{
	struct walko_env *e = env;
	return KR_CONDE(KR_CALL(e->rel, a[0], a[1]),
			kr_map_anyo(e->self, a[0], a[1]));
}

kr_goal *kr_walko(const kr_rel *rel, kr_term *in, kr_term *out)
{
	struct walko_env *e = kr_alloc(sizeof *e);
	e->rel = rel;
	e->self = kr_rel_new("walko", 2, walko_body, e);
	return KR_CALL(e->self, in, out);
}

/* --------------------------------------------------------------- term_walko */

struct tw_env {
	const kr_rel *rator, *rands;
	kr_rel *step;
};

/* Apply rands_rel at the node u (at least one argument) giving v. */
static kr_goal *single_step(struct tw_env *e, kr_term *u, kr_term *v)
{
	kr_term *x[7];
	kr_fresh(7, x);
	kr_term *op = x[0], *u_rands = x[1], *v_rands = x[2];
	return KR_ALL(kr_conso(op, u_rands, u), kr_conso(op, v_rands, v),
		      KR_CALL(e->rator, op), kr_conso(x[3], x[4], u_rands),
		      kr_conso(x[5], x[6], v_rands),
		      kr_suspend(KR_CALL(e->rands, u_rands, v_rands, op)));
}

static kr_goal *tw_step_body(kr_term *const *a, void *env)
{
	struct tw_env *e = env;
	kr_term *z = kr_var_new(NULL);
	return KR_CONDE(single_step(e, a[0], a[1]),
			KR_ALL(kr_map_anyo(e->step, a[0], z),
			       KR_CONDE(kr_eq(z, a[1]),
					single_step(e, z, a[1]))));
}

/* kanren's ground_order: the more ground of a and b goes first. */
struct order_env {
	struct tw_env *e;
	kr_term *a, *b;
};

static kr_stream *tw_fn(const kr_state *st, void *env)
{
	struct order_env *o = env;
	const kr_subst *s = kr_state_subst(st);
	kr_term *a = kr_walk_star(o->a, s), *b = kr_walk_star(o->b, s);
	if (!kr_is_ground(a) && kr_is_ground(b)) {
		kr_term *t = a;
		a = b;
		b = t;
	}
	return kr_goal_apply(KR_CONDE(KR_CALL(o->e->step, a, b), kr_eq(a, b)),
			     st);
}

kr_goal *kr_term_walko(const kr_rel *rator_rel, const kr_rel *rands_rel,
		       kr_term *a, kr_term *b)
{
	struct tw_env *e = kr_alloc(sizeof *e);
	e->rator = rator_rel;
	e->rands = rands_rel;
	e->step = kr_rel_new("term_walko_step", 2, tw_step_body, e);
	struct order_env *o = kr_alloc(sizeof *o);
	o->e = e;
	o->a = a;
	o->b = b;
	return kr_goal_new(tw_fn, o);
}
