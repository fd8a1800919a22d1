/* kanren.c -- kanren's relations with their keyword arguments at the prompt. */
/* See the LICENSE file for copying conditions. */
#include <string.h>

#include "lang.h"

/*
 * kanren's permuteo, map_anyo, eq_length, walko, term_walko and eq_assoc_args
 * take keyword arguments; at the prompt they are optional arguments after the
 * required ones, in kanren's order, as walko's rator relation already was. A
 * relation argument is #f, or == (kanren's `eq`), for kanren's default; a
 * sequence kind is the symbol list or etuple (or the procedure of that name,
 * as kanren passes the type). kanren's assoc_args and flatten_assoc_args are
 * procedures returning lists.
 */

/* ==================================================== option arguments */

/* A kind argument: 'list or 'etuple, or the procedures list and etuple. */
static int kind_arg(kr_seq_kind *out, const char *who, kr_term *t)
{
	const char *name = kr_term_kind(t) == KR_SYM ? kr_sym_name(t) : NULL;
	if ((name && !strcmp(name, "list")) || t == lang_lookup("list")) {
		*out = KR_SEQ_LIST;
		return 0;
	}
	if ((name && !strcmp(name, "etuple")) || t == lang_lookup("etuple")) {
		*out = KR_SEQ_ETUPLE;
		return 0;
	}
	return lang_type_error(who, "a sequence kind, 'list or 'etuple", t);
}

static kr_term *kind_term(kr_seq_kind k)
{
	return kr_sym(k == KR_SEQ_ETUPLE ? "etuple" : "list");
}

/*
 * A relation argument of the given arity; #f is NULL, and so is `==`
 * (kanren's eq) when eq_ok.
 */
static int rel_arg(const kr_rel **out, const char *who, kr_term *t, int arity,
		   bool eq_ok)
{
	*out = NULL;
	if (!lang_truthy(t))
		return 0;
	if (eq_ok && (t == lang_lookup("==") || t == lang_lookup("eq")))
		return 0;
	if (!(*out = lang_as_rel(t, arity)))
		return lang_error_in(KR_EINVALID, who);
	return 0;
}

/* The relation argument a[i] of arity 2, required. */
static int rel2(const kr_rel **out, const char *who, kr_term *t)
{
	if (!(*out = lang_as_rel(t, 2)))
		return lang_error_in(KR_EINVALID, who);
	return 0;
}

static int goal(kr_term **out, kr_goal *g)
{
	*out = lang_goal_term(g);
	return 0;
}

/* ============================================================ permuteo */

static kr_goal *permuteo_body(kr_term *const *a, void *env)
{
	(void)env;
	return kr_permuteo(a[0], a[1]);
}

/*
 * (permuteo a b [inner-eq [default-null [no-ident]]]); with two arguments
 * the call of the relation it always was.
 */
PRIM(p_permuteo)
{
	static kr_rel *plain;
	if (!plain)
		plain = kr_rel_new("permuteo", 2, permuteo_body, NULL);
	if (n == 2)
		return goal(out, kr_rel_call(plain, a));
	kr_permuteo_opts o = KR_PERMUTEO_OPTS_INIT;
	int rc = rel_arg(&o.inner_eq, "permuteo", a[2], 2, true);
	if (rc == 0 && n > 3)
		rc = kind_arg(&o.default_null, "permuteo", a[3]);
	if (rc < 0)
		return rc;
	o.no_ident = n > 4 && lang_truthy(a[4]);
	return goal(out, kr_permuteo_ex(a[0], a[1], &o));
}

/* ============================================================ map-anyo */

/* (map-anyo rel a b [null-type [null-res]]) */
PRIM(p_map_anyo)
{
	const kr_rel *rel;
	kr_map_anyo_opts o = KR_MAP_ANYO_OPTS_INIT;
	int rc = rel2(&rel, "map-anyo", a[0]);
	if (rc == 0 && n > 3)
		rc = kind_arg(&o.null_type, "map-anyo", a[3]);
	if (rc < 0)
		return rc;
	o.null_res = n > 4 && lang_truthy(a[4]);
	return goal(out, kr_map_anyo_ex(rel, a[1], a[2], &o));
}

/* =========================================================== eq-length */

/* (eq-length u v [default-null]) */
PRIM(p_eq_length)
{
	kr_seq_kind k = KR_SEQ_LIST;
	int rc = n > 2 ? kind_arg(&k, "eq-length", a[2]) : 0;
	return rc < 0 ? rc : goal(out, kr_eq_length_kind(a[0], a[1], k));
}

/*
 * (nullo-kind kind t ...): nullo with kanren's default_ConsNull, the
 * kind of the empty sequences made when no argument is one (nullo takes
 * any number of terms, so the kind cannot trail them).
 */
PRIM(p_nullo_kind)
{
	kr_seq_kind k;
	int rc = kind_arg(&k, "nullo-kind", a[0]);
	return rc < 0 ? rc : goal(out, kr_nullo_kind(n - 1, a + 1, k));
}

/* =============================================================== walko */

/* walko's map_rel: the procedure applied to (walko a b null-type). */
static kr_goal *call_map_rel(const kr_rel *rel, kr_term *a, kr_term *b,
			     kr_seq_kind null_type, void *env)
{
	kr_term *args[4] = {lang_rel_term(rel), a, b, kind_term(null_type)};
	kr_term *res;
	kr_goal *g = NULL;
	kr_error_clear();
	if (lang_apply(&res, env, 4, args) < 0)
		lang_error_in(kr_error_last()->code, "walko: map-rel");
	else if (!(g = lang_term_goal(res)))
		kr_error_set(KR_EINVALID, "walko: map-rel gave %s, not a goal",
			     lang_show_short(res));
	if (!g)
		lang_search_error();
	return g ? g : kr_fail();
}

/* (walko rel in out [rator [null-type [map-rel]]]): rator #f for none */
PRIM(p_walko)
{
	const kr_rel *rel;
	kr_walko_opts o = KR_WALKO_OPTS_INIT;
	int rc = rel2(&rel, "walko", a[0]);
	if (rc == 0 && n > 3)
		rc = rel_arg(&o.rator, "walko", a[3], 2, false);
	if (rc == 0 && n > 4)
		rc = kind_arg(&o.null_type, "walko", a[4]);
	if (rc == 0 && n > 5 && lang_truthy(a[5])) {
		if (!lang_is_procedure(a[5]))
			return lang_type_error("walko", "a map-rel procedure",
					       a[5]);
		o.map_rel = call_map_rel;
		o.map_env = a[5];
	}
	return rc < 0 ? rc : goal(out, kr_walko_ex(rel, a[1], a[2], &o));
}

/* ========================================================== term-walko */

/* (term-walko rator rands a b [null-type [no-ident [format-step]]]) */
PRIM(p_term_walko)
{
	const kr_rel *rator = lang_as_rel(a[0], 1);
	const kr_rel *rands = rator ? lang_as_rel(a[1], 3) : NULL;
	if (!rands)
		return lang_error_in(KR_EINVALID, "term-walko");
	kr_term_walko_opts o = KR_TERM_WALKO_OPTS_INIT;
	int rc = n > 4 ? kind_arg(&o.null_type, "term-walko", a[4]) : 0;
	o.no_ident = n > 5 && lang_truthy(a[5]);
	if (rc == 0 && n > 6)
		rc = rel_arg(&o.format_step, "term-walko", a[6], 2, false);
	if (rc < 0)
		return rc;
	return goal(out, kr_term_walko_ex(rator, rands, a[2], a[3], &o));
}

/* ======================================================= eq-assoc-args */

/* (eq-assoc-args op a b [n [inner-eq [no-ident [null-type]]]]) */
PRIM(p_eq_assoc_args)
{
	kr_eq_assoc_args_opts o = KR_EQ_ASSOC_ARGS_OPTS_INIT;
	int rc = 0;
	if (n > 3 && lang_truthy(a[3])) {
		if (kr_term_kind(a[3]) != KR_INT || kr_int_value(a[3]) < 1)
			return lang_type_error("eq-assoc-args", "a group size "
					       "(a positive integer or #f)",
					       a[3]);
		o.n = (long)kr_int_value(a[3]);
	}
	if (n > 4)
		rc = rel_arg(&o.inner_eq, "eq-assoc-args", a[4], 2, true);
	o.no_ident = n > 5 && lang_truthy(a[5]);
	if (rc == 0 && n > 6)
		rc = kind_arg(&o.null_type, "eq-assoc-args", a[6]);
	if (rc < 0)
		return rc;
	return goal(out, kr_eq_assoc_args(a[0], a[1], a[2], &o));
}

/* (assoc-args rator rands n): kanren's assoc_args as a list */
PRIM(p_assoc_args)
{
	(void)n;
	if (kr_term_kind(a[2]) != KR_INT)
		return lang_type_error("assoc-args", "a group size", a[2]);
	return kr_assoc_args(out, a[0], a[1], (long)kr_int_value(a[2]));
}

/* The predicate of flatten-assoc-args: a procedure; an error is false. */
struct pred_call {
	kr_term *fn;
	int rc;
};

static bool call_pred(kr_term *t, void *env)
{
	struct pred_call *p = env;
	kr_term *res;
	if (p->rc < 0)
		return false;
	p->rc = lang_apply(&res, p->fn, 1, &t);
	return p->rc == 0 && lang_truthy(res);
}

/* (flatten-assoc-args pred items): kanren's flatten_assoc_args as a list */
PRIM(p_flatten_assoc_args)
{
	(void)n;
	if (!lang_is_procedure(a[0]))
		return lang_type_error("flatten-assoc-args", "a procedure",
				       a[0]);
	struct pred_call p = {a[0], 0};
	kr_term *res;
	int rc = kr_flatten_assoc_args(&res, call_pred, &p, a[1]);
	if (rc < 0)
		return rc;
	if (p.rc < 0)
		return lang_error_in(p.rc, "flatten-assoc-args");
	*out = res;
	return 0;
}

/* =============================================================== table */

static const lang_prim_def prims[] = {
	{"permuteo", 2, 5, p_permuteo}, {"permuteq", 2, 5, p_permuteo},
	{"map-anyo", 3, 5, p_map_anyo}, {"map_anyo", 3, 5, p_map_anyo},
	{"eq-length", 2, 3, p_eq_length}, {"eq_length", 2, 3, p_eq_length},
	{"nullo-kind", 1, -1, p_nullo_kind},
	{"walko", 3, 6, p_walko},
	{"term-walko", 4, 7, p_term_walko}, {"term_walko", 4, 7, p_term_walko},
	{"eq-assoc-args", 3, 7, p_eq_assoc_args},
	{"eq_assoc_args", 3, 7, p_eq_assoc_args},
	{"assoc-args", 3, 3, p_assoc_args}, {"assoc_args", 3, 3, p_assoc_args},
	{"flatten-assoc-args", 2, 2, p_flatten_assoc_args},
	{"flatten_assoc_args", 2, 2, p_flatten_assoc_args},
};

void lang_kanren_init(void)
{
	lang_define_prims(prims, sizeof prims / sizeof *prims);
}
