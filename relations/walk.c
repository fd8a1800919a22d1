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
 * The branches combine as kanren's do (korder.c: one answer of each
 * branch in turn), so the first answer relates every pair that rel
 * relates, and term_walko, which walks into the elements through it,
 * gives kanren's answers in kanren's order. (Combined in the engine's
 * order instead, an exhaustive term_walko search is some 1.3x faster on
 * a 13-deep term, but gives another order where two subterms rewrite.)
 * `null_first` lets the empty sequences match before anything is related
 * (kanren's null_res=True, which walko uses); `null` is the kind of the
 * empty sequences when neither side decides it (kanren's null_type).
 */
struct map_any_env {
	const kr_rel *rel;
	kr_seq_kind null;
	kr_rel *self[4]; /* nothing related yet, some pair related, top,
			    kanren's mapo */
};

static kr_goal *choice(kr_goal *a, kr_goal *b)
{
	return kri_rel_kany(2, (kr_goal *[]){a, b});
}

/*
 * One level of map_anyo, or of kanren's mapo when `all` (every pair
 * related: map_anyo without its == alternative, the empty sequences
 * always an end).
 */
static kr_goal *map_any_body(kr_term *const *a, void *env, int any,
			     bool null_ok, bool all)
{
	struct map_any_env *e = env;
	kr_term *v[4];
	kr_fresh(4, v);
	kr_goal *done = any || null_ok || all
				? kri_rel_nullo2_kind(a[0], a[1], e->null)
				: kr_fail();
	kr_goal *split = KR_ALL(kr_conso(v[0], v[1], a[0]),
				kr_conso(v[2], v[3], a[1]));
	kr_goal *related = kri_rel_kall(KR_CALL(e->rel, v[0], v[2]),
					KR_CALL(e->self[all ? 3 : 1], v[1],
						v[3]));
	kr_goal *step = all ? related
			    : choice(related,
				     kri_rel_kall(kr_eq(v[0], v[2]),
						  KR_CALL(e->self[any], v[1],
							  v[3])));
	return choice(done, kri_rel_kall(split, step));
}

static kr_goal *map_any0(kr_term *const *a, void *env)
{
	return map_any_body(a, env, 0, false, false);
}

static kr_goal *map_any1(kr_term *const *a, void *env)
{
	return map_any_body(a, env, 1, false, false);
}

static kr_goal *map_any_top(kr_term *const *a, void *env)
{
	return map_any_body(a, env, 0, true, false);
}

/* kanren's mapo */
static kr_goal *mapo_kanren_body(kr_term *const *a, void *env)
{
	return map_any_body(a, env, 0, true, true);
}

static struct map_any_env *map_any_env_new(const kr_rel *rel,
					   kr_seq_kind null)
{
	struct map_any_env *e = kr_alloc(sizeof *e);
	e->rel = rel;
	e->null = null;
	e->self[0] = kr_rel_new("map_anyo", 2, map_any0, e);
	e->self[1] = kr_rel_new("map_anyo", 2, map_any1, e);
	e->self[2] = kr_rel_new("map_anyo", 2, map_any_top, e);
	e->self[3] = kr_rel_new("mapo", 2, mapo_kanren_body, e);
	return e;
}

kr_goal *kr_map_anyo(const kr_rel *rel, kr_term *a, kr_term *b)
{
	return kr_map_anyo_ex(rel, a, b, NULL);
}

kr_goal *kr_map_anyo_ex(const kr_rel *rel, kr_term *a, kr_term *b,
			const kr_map_anyo_opts *opts)
{
	static const kr_map_anyo_opts dflt = KR_MAP_ANYO_OPTS_INIT;
	if (!opts)
		opts = &dflt;
	if (!rel || kr_rel_arity(rel) != 2)
		kri_rel_misuse(__func__, "the relation must have arity 2");
	struct map_any_env *e = map_any_env_new(rel, opts->null_type);
	return KR_CALL(e->self[opts->null_res ? 2 : 0], a, b);
}

kr_goal *kr_mapo_kanren(const kr_rel *rel, kr_term *a, kr_term *b)
{
	if (!rel || kr_rel_arity(rel) != 2)
		kri_rel_misuse(__func__, "the relation must have arity 2");
	struct map_any_env *e = map_any_env_new(rel, KR_SEQ_LIST);
	return KR_CALL(e->self[3], a, b);
}

/* ------------------------------------------------------------------ reduceo */

/*
 * kanren's reduceo decides its direction on the walked input and combines
 * its branches with kanren's lall and conde (korder.c), so its answers
 * come in kanren's order: forward, the fully reduced term first.
 *   forward:  (lall (rel in t) (conde ((reduceo t out)) ((== t out))))
 *   backward: (lall (conde ((== t out)) ((reduceo t out))) (rel in t))
 */
struct reduce_env {
	const kr_rel *rel;
	kr_term *in, *out;
};

static kr_stream *reduceo_fn(const kr_state *st, void *env)
{
	struct reduce_env *e = env;
	kr_term *in = kr_walk(e->in, kr_state_subst(st));
	kr_term *t = kr_var_new(NULL);
	kr_goal *once = KR_CALL(e->rel, in, t);
	kr_goal *again = kr_reduceo(e->rel, t, e->out);
	kr_goal *res = kr_eq(t, e->out);
	kr_goal *g;
	if (kr_is_var(in))
		/*
		 * Run for more answers than there are, this recursion has no
		 * end (kanren: RecursionError). The suspension makes each
		 * level a step, so the step limit stops it; kanren's order
		 * takes whole answers from each branch, which one step more
		 * inside a branch does not change.
		 */
		g = kri_rel_kall(kri_rel_kany(2, (kr_goal *[]){
					 res, kr_suspend(again)}),
				 once);
	else
		g = kri_rel_kall(once,
				 kri_rel_kany(2, (kr_goal *[]){again, res}));
	return kr_goal_apply(g, st);
}

kr_goal *kr_reduceo(const kr_rel *rel, kr_term *in, kr_term *out)
{
	if (!rel || kr_rel_arity(rel) != 2)
		kri_rel_misuse(__func__, "the relation must have arity 2");
	struct reduce_env *e = kr_alloc(sizeof *e);
	e->rel = rel;
	e->in = in;
	e->out = out;
	return kr_goal_new(reduceo_fn, e);
}

/* -------------------------------------------------------------------- walko */

/*
 * kanren's walko, in kanren's order. Without rator_goal:
 *   (conde ((rel in out)) ((map_anyo walko in out)))
 * with rator_goal:
 *   (conde ((rel in out))
 *          ((applyo op in_rands in) (applyo op2 out_rands out)
 *           (rator op op2) (map_anyo walko in_rands out_rands)))
 * with map_anyo's null_res=True (two empty sequences are related) unless
 * another map_rel is given (kanren's map_rel, called as
 * map_rel(walko, in, out, null_type)).
 */
struct walko_env {
	const kr_rel *rel, *rator;
	kr_rel *self;
	const struct map_any_env *map; /* the default map_rel's relations */
	kr_map_rel_fn map_rel;
	void *map_env;
	kr_seq_kind null;
};

/* map_rel(walko, a, b, null_type): a goal, the default's or the user's. */
static kr_goal *walko_map(const struct walko_env *e, kr_term *a, kr_term *b)
{
	if (!e->map_rel)
		return KR_CALL(e->map->self[2], a, b);
	kr_goal *g = e->map_rel(e->self, a, b, e->null, e->map_env);
	return g ? g : kr_fail();
}

static kr_goal *walko_body(kr_term *const *a, void *env)
{
	struct walko_env *e = env;
	kr_goal *walk;
	if (!e->rator) {
		walk = walko_map(e, a[0], a[1]);
	} else {
		kr_term *v[4];
		kr_fresh(4, v);
		walk = kri_rel_kall(
			KR_ALL(kr_conso(v[0], v[1], a[0]),
			       kr_conso(v[2], v[3], a[1])),
			kri_rel_kall(KR_CALL(e->rator, v[0], v[2]),
				     walko_map(e, v[1], v[3])));
	}
	return kri_rel_kany(2,
			    (kr_goal *[]){KR_CALL(e->rel, a[0], a[1]), walk});
}

kr_goal *kr_walko_ex(const kr_rel *rel, kr_term *in, kr_term *out,
		     const kr_walko_opts *opts)
{
	static const kr_walko_opts dflt = KR_WALKO_OPTS_INIT;
	if (!opts)
		opts = &dflt;
	if (!rel || kr_rel_arity(rel) != 2)
		kri_rel_misuse(__func__, "the relation must have arity 2");
	if (opts->rator && kr_rel_arity(opts->rator) != 2)
		kri_rel_misuse(__func__,
			       "the rator relation must have arity 2");
	struct walko_env *e = kr_alloc(sizeof *e);
	e->rel = rel;
	e->rator = opts->rator;
	e->map_rel = opts->map_rel;
	e->map_env = opts->map_env;
	e->null = opts->null_type;
	e->self = kr_rel_new("walko", 2, walko_body, e);
	if (!e->map_rel)
		e->map = map_any_env_new(e->self, e->null);
	return KR_CALL(e->self, in, out);
}

kr_goal *kr_walko_rator(const kr_rel *rel, const kr_rel *rator_rel,
			kr_term *in, kr_term *out)
{
	kr_walko_opts o = KR_WALKO_OPTS_INIT;
	o.rator = rator_rel;
	return kr_walko_ex(rel, in, out, &o);
}

kr_goal *kr_walko(const kr_rel *rel, kr_term *in, kr_term *out)
{
	return kr_walko_rator(rel, NULL, in, out);
}

/* --------------------------------------------------------------- term_walko */

/*
 * kanren's term_walko, step by step:
 *   (term_walko a b) = (conde ((step a b)) ((== a b)))   [no_ident: step]
 *   (step s t) = (ground_order (s t) (u v)) (format u w)
 *                (conde ((single w v))
 *                       ((map_anyo step w z)
 *                        (conde ((== z v)) ((single z v)))))
 *   (single s t) = (ground_order (s t) (u v)) (applyo op u_rands u)
 *                  (applyo op v_rands v) (rator op)
 *                  u_rands and v_rands have >= 1 element, Zzz (rands ...)
 * ground_order is decided in C on the walked terms, as kanren's is.
 */
struct tw_env {
	const kr_rel *rator, *rands, *format;
	kr_rel *step;
	struct map_any_env *map; /* the walk into a node's elements */
};

/* kanren's ground_order_key: ground < other < pair < variable. */
static int ground_key(kr_term *t)
{
	if (kr_is_var(t))
		return 2;
	if (kr_is_ground(t))
		return -1;
	return kr_term_kind(t) == KR_CONS ? 1 : 0;
}

/* s and t walked and stably sorted by ground_key into *u, *v. */
static void ground_order(const kr_state *st, kr_term *s, kr_term *t,
			 kr_term **u, kr_term **v)
{
	const kr_subst *sub = kr_state_subst(st);
	s = kr_walk_star(s, sub);
	t = kr_walk_star(t, sub);
	bool swap = ground_key(t) < ground_key(s);
	*u = swap ? t : s;
	*v = swap ? s : t;
}

struct tw_call {
	struct tw_env *e;
	kr_term *s, *t;
};

static kr_goal *tw_call_goal(kr_goal_fn fn, struct tw_env *e, kr_term *s,
			     kr_term *t)
{
	struct tw_call *c = kr_alloc(sizeof *c);
	c->e = e;
	c->s = s;
	c->t = t;
	return kr_goal_new(fn, c);
}

/* Apply rands_rel at the node u (at least one argument) giving v. */
static kr_stream *single_fn(const kr_state *st, void *env)
{
	struct tw_call *c = env;
	kr_term *u, *v, *x[7];
	ground_order(st, c->s, c->t, &u, &v);
	kr_fresh(7, x);
	kr_term *op = x[0], *u_rands = x[1], *v_rands = x[2];
	kr_goal *g = KR_ALL(
		kr_conso(op, u_rands, u), kr_conso(op, v_rands, v),
		KR_CALL(c->e->rator, op), kr_conso(x[3], x[4], u_rands),
		kr_conso(x[5], x[6], v_rands),
		kr_suspend(KR_CALL(c->e->rands, u_rands, v_rands, op)));
	return kr_goal_apply(g, st);
}

static kr_goal *single_step(struct tw_env *e, kr_term *s, kr_term *t)
{
	return tw_call_goal(single_fn, e, s, t);
}

static kr_stream *step_fn(const kr_state *st, void *env)
{
	struct tw_call *c = env;
	struct tw_env *e = c->e;
	kr_term *u, *v, *w = kr_var_new(NULL), *z = kr_var_new(NULL);
	ground_order(st, c->s, c->t, &u, &v);
	kr_goal *fmt = e->format ? KR_CALL(e->format, u, w) : kr_eq(u, w);
	kr_goal *then = kri_rel_kany(
		2, (kr_goal *[]){kr_eq(z, v), single_step(e, z, v)});
	kr_goal *walk = kri_rel_kall(KR_CALL(e->map->self[0], w, z), then);
	kr_goal *g = KR_ALL(
		fmt, kri_rel_kany(2, (kr_goal *[]){single_step(e, w, v), walk}));
	return kr_goal_apply(g, st);
}

static kr_goal *tw_step_body(kr_term *const *a, void *env)
{
	return tw_call_goal(step_fn, env, a[0], a[1]);
}

kr_goal *kri_term_walko(const kr_rel *rator, const kr_rel *rands,
			const kr_rel *format, bool no_ident, kr_seq_kind null,
			kr_term *a, kr_term *b)
{
	struct tw_env *e = kr_alloc(sizeof *e);
	e->rator = rator;
	e->rands = rands;
	e->format = format;
	e->step = kr_rel_new("term_walko_step", 2, tw_step_body, e);
	e->map = map_any_env_new(e->step, null);
	kr_goal *step = KR_CALL(e->step, a, b);
	return no_ident ? step
			: kri_rel_kany(2,
					    (kr_goal *[]){step, kr_eq(a, b)});
}

kr_goal *kr_term_walko(const kr_rel *rator_rel, const kr_rel *rands_rel,
		       kr_term *a, kr_term *b)
{
	return kr_term_walko_ex(rator_rel, rands_rel, a, b, NULL);
}

kr_goal *kr_term_walko_ex(const kr_rel *rator_rel, const kr_rel *rands_rel,
			  kr_term *a, kr_term *b,
			  const kr_term_walko_opts *opts)
{
	static const kr_term_walko_opts dflt = KR_TERM_WALKO_OPTS_INIT;
	if (!opts)
		opts = &dflt;
	if (!rator_rel || kr_rel_arity(rator_rel) != 1)
		kri_rel_misuse(__func__,
			       "the rator relation must have arity 1");
	if (!rands_rel || kr_rel_arity(rands_rel) != 3)
		kri_rel_misuse(__func__,
			       "the rands relation must have arity 3");
	if (opts->format_step && kr_rel_arity(opts->format_step) != 2)
		kri_rel_misuse(__func__, "format_step must have arity 2");
	return kri_term_walko(rator_rel, rands_rel, opts->format_step,
			      opts->no_ident, opts->null_type, a, b);
}
