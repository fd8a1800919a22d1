/* goals.c -- goal constructors, constraints and library relations at the prompt. */
/* See the LICENSE file for copying conditions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lang.h"

/*
 * Every relation of the library under the name miniKanren programs use
 * (TRS2, faster-miniKanren, kanren), called with the library's own
 * argument order, plus the goal constructors (==, =/=, conj, disj, onceo,
 * ifte ...), fact tables, and the session's limits. A call builds the
 * library goal directly; relations passed as arguments (mapo, walko ...)
 * are converted with lang_as_rel(), so a relation defined at the prompt or
 * a lambda works there as a C relation does.
 */


static int goal(kr_term **out, kr_goal *g)
{
	*out = lang_goal_term(g);
	return 0;
}

/* The goals of args a[0..n-1], or an error naming `who`. */
static int goals_of(kr_goal ***out, const char *who, size_t n,
		    kr_term *const *a)
{
	kr_goal **gs = kr_alloc((n ? n : 1) * sizeof *gs);
	for (size_t i = 0; i < n; i++)
		if (!(gs[i] = lang_term_goal(a[i])))
			return kr_error_set(KR_EINVALID, "%s: not a goal: %s",
					    who, lang_show(a[i]));
	*out = gs;
	return 0;
}

/* ======================================================= constructors */

PRIM(p_eq) { (void)n; return goal(out, kr_eq(a[0], a[1])); }
PRIM(p_neq) { (void)n; return goal(out, kr_neq(a[0], a[1])); }
PRIM(p_symbolo) { (void)n; return goal(out, kr_symbolo(a[0])); }
PRIM(p_numbero) { (void)n; return goal(out, kr_numbero(a[0])); }
PRIM(p_stringo) { (void)n; return goal(out, kr_stringo(a[0])); }
PRIM(p_absento) { (void)n; return goal(out, kr_absento(a[0], a[1])); }

/*
 * (typeo t TYPE) and (isinstanceo t TYPE), kanren's: TYPE is a kind
 * symbol ('int 'real 'number 'string 'symbol 'list 'pair 'etuple 'any
 * 'op 'variable ...), a foreign value standing for its type, or a
 * variable bound to one later.
 */
PRIM(p_typeo) { (void)n; return goal(out, kr_typeo(a[0], a[1])); }
PRIM(p_isinstanceo)
{
	(void)n;
	return goal(out, kr_isinstanceo(a[0], a[1]));
}

typedef kr_goal *(*goals_fn)(size_t, kr_goal *const *);

static int combine(kr_term **out, const char *who, size_t n,
		   kr_term *const *a, goals_fn fn)
{
	kr_goal **gs;
	int rc = goals_of(&gs, who, n, a);
	return rc < 0 ? rc : goal(out, fn(n, gs));
}

PRIM(p_conj) { return combine(out, "conj", n, a, kr_conj); }
PRIM(p_disj) { return combine(out, "disj", n, a, kr_disj); }
/* kanren's lany/ldisj and lall/lconj, in kanren's answer order */
PRIM(p_lany) { return combine(out, "lany", n, a, kr_lany_kanren); }
PRIM(p_ldisj) { return combine(out, "ldisj", n, a, kr_lany_kanren); }
PRIM(p_lall) { return combine(out, "lall", n, a, kr_lall_kanren); }
PRIM(p_lconj) { return combine(out, "lconj", n, a, kr_lall_kanren); }

/* (nullo x ...): kanren's nullo(*args), all empty and of one kind */
PRIM(p_nullo) { return goal(out, kr_nullo_n(n, a)); }

PRIM(p_onceo)
{
	kr_goal **gs;
	int rc = goals_of(&gs, "onceo", n, a);
	return rc < 0 ? rc : goal(out, kr_onceo(gs[0]));
}

PRIM(p_ifa)
{
	kr_goal **gs;
	int rc = goals_of(&gs, "ifa", n, a);
	return rc < 0 ? rc : goal(out, kr_ifa(gs[0], gs[1]));
}

PRIM(p_ifte)
{
	kr_goal **gs;
	int rc = goals_of(&gs, "ifte", n, a);
	return rc < 0 ? rc : goal(out, kr_ifte(gs[0], gs[1], gs[2]));
}

/* ====================================================== fact tables */

/* Relations that are fact tables, so that `fact` can add to them. */
static struct {
	const kr_rel **rels;
	kr_facts **facts;
	size_t n, cap;
} tables;

static kr_term *table_term(kr_facts *f)
{
	if (tables.n == tables.cap) {
		size_t cap = tables.cap ? 2 * tables.cap : 16;
		const kr_rel **r = kr_alloc(cap * sizeof *r);
		kr_facts **fs = kr_alloc(cap * sizeof *fs);
		if (tables.n) {
			memcpy(r, tables.rels, tables.n * sizeof *r);
			memcpy(fs, tables.facts, tables.n * sizeof *fs);
		}
		tables.rels = r;
		tables.facts = fs;
		tables.cap = cap;
	}
	tables.rels[tables.n] = kr_facts_rel(f);
	tables.facts[tables.n++] = f;
	return lang_rel_term(kr_facts_rel(f));
}

static kr_facts *table_of(const kr_term *t)
{
	const kr_rel *r = lang_term_rel(t);
	for (size_t i = 0; r && i < tables.n; i++)
		if (tables.rels[i] == r)
			return tables.facts[i];
	return NULL;
}

/* (make-facts 'name arity) */
PRIM(p_make_facts)
{
	(void)n;
	if (kr_term_kind(a[0]) != KR_SYM || kr_term_kind(a[1]) != KR_INT ||
	    kr_int_value(a[1]) < 0 || kr_int_value(a[1]) > 64)
		return kr_error_set(KR_EINVALID, "make-facts: needs a name "
				    "and an arity from 0 to 64");
	*out = table_term(kr_facts_new(kr_sym_name(a[0]),
				       (int)kr_int_value(a[1])));
	return 0;
}

/* (fact table arg ...) */
PRIM(p_fact)
{
	kr_facts *f = table_of(a[0]);
	if (!f)
		return kr_error_set(KR_EINVALID, "fact: not a fact table: %s",
				    lang_show(a[0]));
	int arity = kr_rel_arity(lang_term_rel(a[0]));
	if ((int)n - 1 != arity)
		return kr_error_set(KR_EINVALID, "fact: %s has arity %d",
				    kr_rel_name(lang_term_rel(a[0])), arity);
	int rc = kr_fact(f, a + 1);
	*out = lang_void();
	return rc;
}

/* ======================================================== relations */

typedef kr_goal *(*rel1)(kr_term *);
typedef kr_goal *(*rel2)(kr_term *, kr_term *);
typedef kr_goal *(*rel3)(kr_term *, kr_term *, kr_term *);
typedef kr_goal *(*rel4)(kr_term *, kr_term *, kr_term *, kr_term *);
typedef kr_goal *(*hrel3)(const kr_rel *, kr_term *, kr_term *);
/*
 * (eq-assoc-n u v n): kanren's eq_assoc(u, v, n=n), which drops n (the
 * manual): whatever n is, #f (n=None) or a symbol, what eq-assoc gives.
 */
static kr_goal *eq_assoc_n(kr_term *u, kr_term *v, kr_term *n)
{
	if (kr_term_kind(n) != KR_INT)
		return kr_eq_assoc(u, v);
	return kr_eq_assoc_n(u, v, (long)kr_int_value(n));
}

/* A library relation: `nrel` leading arguments are relations. */
typedef struct librel {
	const char *name;
	int arity, nrel;
	void (*fn)(void);
} librel;

#define R(name, arity, nrel, fn) {name, arity, nrel, (void (*)(void))fn}

static const librel librels[] = {
	R("conso", 3, 0, kr_conso), R("heado", 2, 0, kr_heado),
	R("tailo", 2, 0, kr_tailo),
	R("membero", 2, 0, kr_membero), R("appendo", 3, 0, kr_appendo),
	R("appendo-kanren", 3, 0, kr_appendo_kanren),
	R("caro", 2, 0, kr_caro), R("cdro", 2, 0, kr_cdro),
	R("pairo", 1, 0, kr_pairo), R("rembero", 3, 0, kr_rembero),
	R("permuteo-no-ident", 2, 0, kr_permuteo_no_ident),
	R("itero", 1, 0, kr_itero), R("mapo", 3, 1, kr_mapo),
	R("mapo-kanren", 3, 1, kr_mapo_kanren),
	R("applyo", 3, 0, kr_applyo),
	R("ground-order", 2, 0, kr_ground_order),
	R("ground_order", 2, 0, kr_ground_order),
	R("ground-order-seqs", 2, 0, kr_ground_order_seqs),
	R("ground_order_seqs", 2, 0, kr_ground_order_seqs),
	R("reduceo", 3, 1, kr_reduceo),
	R("assoc-flatten", 2, 0, kr_assoc_flatten),
	R("assoc_flatten", 2, 0, kr_assoc_flatten),
	R("eq-comm", 2, 0, kr_eq_comm), R("eq_comm", 2, 0, kr_eq_comm),
	R("eq-assoc", 2, 0, kr_eq_assoc), R("eq_assoc", 2, 0, kr_eq_assoc),
	R("eq-assoc-n", 3, 0, eq_assoc_n),
	R("eq-assoccomm", 2, 0, kr_eq_assoccomm),
	R("eq_assoccomm", 2, 0, kr_eq_assoccomm),
	R("zeroo", 1, 0, kr_zeroo),
	R("poso", 1, 0, kr_poso), R(">1o", 1, 0, kr_gt1o),
	R("pluso", 3, 0, kr_pluso), R("minuso", 3, 0, kr_minuso),
	R("*o", 3, 0, kr_mulo), R("/o", 4, 0, kr_divo),
	R("logo", 4, 0, kr_logo), R("logo-trs2", 4, 0, kr_logo_trs2),
	R("expo", 3, 0, kr_expo),
	R("<o", 2, 0, kr_lto), R("<=o", 2, 0, kr_leo),
	R("distributeo", 4, 0, kr_distributeo),
	R("assoc-flatten-deep", 2, 0, kr_assoc_flatten_deep),
	R("dot-distributeo", 2, 0, kr_dot_distributeo),
	R("dot_distributeo", 2, 0, kr_dot_distributeo),
};

static kr_goal *librel_goal(const librel *r, kr_term *const *a)
{
	switch (r->arity * 10 + r->nrel) {
	case 10: return ((rel1)r->fn)(a[0]);
	case 20: return ((rel2)r->fn)(a[0], a[1]);
	case 30: return ((rel3)r->fn)(a[0], a[1], a[2]);
	case 40: return ((rel4)r->fn)(a[0], a[1], a[2], a[3]);
	default: return NULL;
	}
}

/* The library relation's kr_rel function: args are terms only. */
static kr_goal *librel_body(kr_term *const *args, void *env)
{
	return librel_goal(env, args);
}

/* Calling a library relation from the language (checks relation args). */
static int call_librel(kr_term **out, const librel *r, kr_term *const *a)
{
	if (!r->nrel)
		return goal(out, librel_goal(r, a));
	const kr_rel *rel = lang_as_rel(a[0], 2);
	if (!rel)
		return lang_error_in(KR_EINVALID, r->name);
	return goal(out, ((hrel3)r->fn)(rel, a[1], a[2]));
}

/* Relations with relation arguments are primitives dispatching by name. */
static size_t librel_index(const char *name)
{
	for (size_t i = 0; i < sizeof librels / sizeof *librels; i++)
		if (!strcmp(librels[i].name, name))
			return i;
	return 0;
}

static int higher_order(kr_term **out, const char *name, kr_term *const *a)
{
	return call_librel(out, &librels[librel_index(name)], a);
}

PRIM(p_mapo) { (void)n; return higher_order(out, "mapo", a); }
PRIM(p_mapo_kanren) { (void)n; return higher_order(out, "mapo-kanren", a); }
PRIM(p_reduceo) { (void)n; return higher_order(out, "reduceo", a); }

/* map-anyo, walko and term-walko, with their options: kanren.c */
static lang_prim_fn higher_order_prim(const char *name)
{
	static const struct {
		const char *name;
		lang_prim_fn fn;
	} prims[] = {{"mapo", p_mapo},
		     {"mapo-kanren", p_mapo_kanren},
		     {"reduceo", p_reduceo}};
	for (size_t i = 0; i < sizeof prims / sizeof *prims; i++)
		if (!strcmp(prims[i].name, name))
			return prims[i].fn;
	abort(); /* every librel with relation arguments has one above */
}

/* ============================================================ numbers */

PRIM(p_build_num)
{
	(void)n;
	if (kr_term_kind(a[0]) != KR_INT || kr_int_value(a[0]) < 0)
		return kr_error_set(KR_EINVALID, "build-num: not a natural "
				    "number: %s", lang_show(a[0]));
	*out = kr_build_num((uint64_t)kr_int_value(a[0]));
	return 0;
}

PRIM(p_num_value)
{
	(void)n;
	int64_t v = kr_num_value(a[0]);
	if (v < 0)
		return kr_error_set(KR_EINVALID, "num->int: not a numeral: %s",
				    lang_show(a[0]));
	*out = kr_int(v);
	return 0;
}

/* ============================================================= limits */

static int natural(uint64_t *out, const char *who, const kr_term *t)
{
	if (kr_term_kind(t) != KR_INT || kr_int_value(t) < 0)
		return kr_error_set(KR_EINVALID, "%s: not a natural number: %s",
				    who, lang_show(t));
	*out = (uint64_t)kr_int_value(t);
	return 0;
}

/*
 * A sandboxed session (the fuzzer) keeps the limits it was given: it may
 * lower one, not raise or lift it (0 is none), or an input could run
 * without bound.
 */
static int may_set(const char *who, uint64_t old, uint64_t v)
{
	if (!lang_sandboxed() || old == 0 || (v != 0 && v <= old))
		return 0;
	return kr_error_set(KR_EINVALID, "%s: a sandbox may lower its limits, "
			    "not raise them", who);
}

PRIM(p_set_step_limit)
{
	(void)n;
	uint64_t steps, answers, v;
	int rc = natural(&v, "set-step-limit!", a[0]);
	if (rc < 0)
		return rc;
	lang_get_limits(&steps, &answers);
	if ((rc = may_set("set-step-limit!", steps, v)) < 0)
		return rc;
	lang_set_limits(v, answers);
	*out = lang_void();
	return 0;
}

PRIM(p_set_answer_limit)
{
	(void)n;
	uint64_t steps, answers, v;
	int rc = natural(&v, "set-answer-limit!", a[0]);
	if (rc < 0)
		return rc;
	lang_get_limits(&steps, &answers);
	if ((rc = may_set("set-answer-limit!", answers, v)) < 0)
		return rc;
	lang_set_limits(steps, v);
	*out = lang_void();
	return 0;
}

PRIM(p_set_eval_limit)
{
	(void)n;
	uint64_t v;
	int rc = natural(&v, "set-eval-limit!", a[0]);
	if (rc < 0 ||
	    (rc = may_set("set-eval-limit!", lang_get_eval_limit(), v)) < 0)
		return rc;
	lang_set_eval_limit(v);
	*out = lang_void();
	return 0;
}

/* (set-memory-limit! MiB): 0 for none (lang_set_memory_limit). */
PRIM(p_set_memory_limit)
{
	(void)n;
	uint64_t v;
	int rc = natural(&v, "set-memory-limit!", a[0]);
	if (rc < 0)
		return rc;
	if (v > SIZE_MAX >> 20)
		return kr_error_set(KR_EINVALID, "set-memory-limit!: %llu MiB "
				    "is more than this machine can address",
				    (unsigned long long)v);
	if ((rc = may_set("set-memory-limit!", lang_get_memory_limit(),
			  v << 20)) < 0)
		return rc;
	lang_set_memory_limit((size_t)v << 20);
	*out = lang_void();
	return 0;
}

PRIM(p_occurs_check)
{
	(void)n;
	*out = lang_bool(kr_set_occurs_check(lang_truthy(a[0])));
	return 0;
}

/*
 * A suggestion of `who`: the procedure fn applied to the n values; its
 * result must be a list of labels. An error stops the search with it.
 */
static kr_term *suggest(const char *who, kr_term *fn, size_t n,
			kr_term *const *vals)
{
	kr_term *res;
	kr_error_clear();
	if (lang_apply(&res, fn, n, vals) < 0) {
		lang_error_in(kr_error_last()->code, who);
		lang_search_error();
		return NULL;
	}
	if (kr_list_length(res) < 0) {
		kr_error_set(KR_EINVALID, "%s: a suggestion gave %s, not a "
			     "list of labels", who, lang_show(res));
		lang_search_error();
		return NULL;
	}
	return res;
}

/* A condp suggestion: the procedure applied to the values. */
static kr_term *call_suggestion(kr_term *const *vals, size_t n, void *env)
{
	return suggest("condp", env, n, vals);
}

/*
 * (%condp ((f x ...) ...) ((label goal) ...)): kanren's condp; the condp
 * macro of the prelude builds these lists from
 * (condp ((f x ...) ...) (label goal ...) ...).
 */
PRIM(p_condp)
{
	(void)n;
	long ns = kr_list_length(a[0]), nc = kr_list_length(a[1]);
	if (ns < 0)
		return lang_type_error("condp", "a list of suggestions", a[0]);
	if (nc < 0)
		return lang_type_error("condp", "a list of clauses", a[1]);
	kr_suggestion *sugs = kr_alloc(((size_t)ns + 1) * sizeof *sugs);
	kr_term *p = a[0];
	for (long i = 0; i < ns; i++, p = kr_cdr(p)) {
		kr_term *s = kr_car(p);
		if (kr_list_length(s) < 1 || !lang_is_procedure(kr_car(s)))
			return lang_type_error("condp", "a suggestion "
					       "(procedure arg ...)", s);
		sugs[i].fn = call_suggestion;
		sugs[i].env = kr_car(s);
		sugs[i].nargs = (size_t)kr_list_length(kr_cdr(s));
		kr_term **args = kr_alloc((sugs[i].nargs + 1) * sizeof *args);
		size_t k = 0;
		for (kr_term *q = kr_cdr(s); kr_is_pair(q); q = kr_cdr(q))
			args[k++] = kr_car(q);
		sugs[i].args = args;
	}
	kr_term **labels = kr_alloc(((size_t)nc + 1) * sizeof *labels);
	kr_goal **clauses = kr_alloc(((size_t)nc + 1) * sizeof *clauses);
	p = a[1];
	for (long i = 0; i < nc; i++, p = kr_cdr(p)) {
		kr_term *c = kr_car(p);
		if (kr_list_length(c) != 2 ||
		    !(clauses[i] = lang_term_goal(kr_car(kr_cdr(c)))))
			return lang_type_error("condp", "a clause (label goal)",
					       c);
		labels[i] = kr_car(c);
	}
	return goal(out, kr_condp((size_t)ns, sugs, (size_t)nc, labels,
				  clauses));
}

/*
 * A condpseq suggestion: the procedure applied to one argument, the
 * association list ((label . value) ...) of kanren's dict, in clause
 * order.
 */
static kr_term *call_seq_suggestion(kr_term *const *labels,
				    kr_term *const *vals, size_t n, void *env)
{
	kr_term *alist = kr_nil();
	for (size_t i = n; i-- > 0;)
		alist = kr_cons(kr_cons(labels[i], vals[i]), alist);
	return suggest("condpseq", env, 1, &alist);
}

/* Apply condpseq, reporting the error of a refused application. */
static kr_stream *condpseq_apply(const kr_state *st, void *env)
{
	kr_error_clear();
	kr_stream *s = kr_goal_apply(env, st);
	if (!s && kr_error_last()->code != KR_OK)
		lang_search_error();
	return s;
}

/* One clause (label suggestion goal) of %condpseq into its slots. */
static int seq_clause(kr_term **label, kr_seq_suggestion *sg, kr_goal **g,
		      kr_term *c)
{
	if (kr_list_length(c) != 3 ||
	    !(*g = lang_term_goal(kr_car(kr_cdr(kr_cdr(c))))))
		return lang_type_error("condpseq", "a clause (label "
				       "suggestion goal)", c);
	kr_term *s = kr_car(kr_cdr(c));
	*label = kr_car(c);
	sg->fn = NULL;
	if (!lang_truthy(s))
		return 0;
	if (kr_list_length(s) != 2 || !lang_is_procedure(kr_car(s)))
		return lang_type_error("condpseq", "a suggestion "
				       "(procedure term) or #f", s);
	sg->fn = call_seq_suggestion;
	sg->env = kr_car(s);
	sg->arg = kr_car(kr_cdr(s));
	return 0;
}

/*
 * (%condpseq ((label suggestion goal) ...)): kanren's condpseq, a
 * suggestion being #f or (procedure term); the condpseq macro of the
 * prelude builds this list from (condpseq (label #f goal ...) ...) and
 * (condpseq (label (f x) goal ...) ...).
 */
PRIM(p_condpseq)
{
	(void)n;
	long nc = kr_list_length(a[0]);
	if (nc < 0)
		return lang_type_error("condpseq", "a list of clauses", a[0]);
	kr_term **labels = kr_alloc(((size_t)nc + 1) * sizeof *labels);
	kr_seq_suggestion *sugs = kr_alloc(((size_t)nc + 1) * sizeof *sugs);
	kr_goal **clauses = kr_alloc(((size_t)nc + 1) * sizeof *clauses);
	kr_term *p = a[0];
	for (long i = 0; i < nc; i++, p = kr_cdr(p)) {
		int rc = seq_clause(&labels[i], &sugs[i], &clauses[i],
				    kr_car(p));
		if (rc < 0)
			return rc;
	}
	kr_goal *g = kr_condpseq((size_t)nc, labels, sugs, clauses);
	return goal(out, kr_goal_new(condpseq_apply, g));
}

/* (unique-answers! b): runs give each answer once (kanren's
 * results_filter=toolz.unique); the old setting. */
PRIM(p_unique_answers)
{
	(void)n;
	*out = lang_bool(lang_set_unique_answers(lang_truthy(a[0])));
	return 0;
}

/* ============================================================= test */

static size_t tests_run, tests_failed;

/* (test name tested expected): faster-miniKanren's test, by equal?. */
PRIM(p_test)
{
	(void)n;
	tests_run++;
	*out = lang_void();
	if (kr_equal(a[1], a[2]))
		return 0;
	tests_failed++;
	printf("Failed: %s\nExpected: ", kr_term_kind(a[0]) == KR_STR ?
	       kr_str_value(a[0]) : lang_show(a[0]));
	lang_fprint(stdout, a[2]);
	fputs("\nComputed: ", stdout);
	lang_fprint(stdout, a[1]);
	putchar('\n');
	return 0;
}

/* (test-summary): "N tests, N failed". */
PRIM(p_test_summary)
{
	(void)n;
	(void)a;
	printf("%zu tests, %zu failed\n", tests_run, tests_failed);
	*out = lang_void();
	return 0;
}

/* =============================================================== table */

static const lang_prim_def prims[] = {
	{"==", 2, 2, p_eq}, {"=/=", 2, 2, p_neq},
	{"symbolo", 1, 1, p_symbolo}, {"numbero", 1, 1, p_numbero},
	{"stringo", 1, 1, p_stringo}, {"absento", 2, 2, p_absento},
	{"conj", 0, -1, p_conj}, {"disj", 0, -1, p_disj},
	{"conj2", 2, 2, p_conj}, {"disj2", 2, 2, p_disj},
	/* kanren's names */
	{"eq", 2, 2, p_eq}, {"neq", 2, 2, p_neq},
	{"nullo", 0, -1, p_nullo},
	{"lall", 0, -1, p_lall}, {"lconj", 0, -1, p_lconj},
	{"lany", 0, -1, p_lany}, {"ldisj", 0, -1, p_ldisj},
	{"typeo", 2, 2, p_typeo}, {"isinstanceo", 2, 2, p_isinstanceo},
	{"onceo", 1, 1, p_onceo}, {"once", 1, 1, p_onceo},
	{"ifte", 3, 3, p_ifte}, {"ifa", 2, 2, p_ifa},
	{"make-facts", 2, 2, p_make_facts}, {"fact", 1, -1, p_fact},
	{"build-num", 1, 1, p_build_num}, {"num->int", 1, 1, p_num_value},
	{"set-step-limit!", 1, 1, p_set_step_limit},
	{"set-answer-limit!", 1, 1, p_set_answer_limit},
	{"set-eval-limit!", 1, 1, p_set_eval_limit},
	{"set-memory-limit!", 1, 1, p_set_memory_limit},
	{"occurs-check!", 1, 1, p_occurs_check},
	{"unique-answers!", 1, 1, p_unique_answers},
	{"%condp", 2, 2, p_condp}, {"%condpseq", 1, 1, p_condpseq},
	{"test", 3, 3, p_test}, {"test-summary", 0, 0, p_test_summary},
};

void lang_goals_init(void)
{
	lang_define_prims(prims, sizeof prims / sizeof *prims);
	lang_define("succeed", lang_goal_term(kr_succeed()));
	lang_define("fail", lang_goal_term(kr_fail()));
	for (size_t i = 0; i < sizeof librels / sizeof *librels; i++) {
		const librel *r = &librels[i];
		if (r->nrel)
			lang_define(r->name, lang_prim(r->name, r->arity,
						       r->arity,
						       higher_order_prim(r->name)));
		else
			lang_define(r->name, lang_rel_term(kr_rel_new(
				r->name, r->arity, librel_body, (void *)r)));
	}
	lang_kanren_init();
	lang_define("associative", table_term(kr_associative()));
	lang_define("commutative", table_term(kr_commutative()));
}

const char lang_prelude[] =
	";; TRS2 relations that the library does not have, as TRS2 writes them.\n"
	"(defrel (alwayso) (conde (succeed) ((alwayso))))\n"
	"(defrel (nevero) (nevero))\n"
	"(defrel (listo l) (conde ((nullo l)) ((fresh (d) (cdro l d) (listo d)))))\n"
	"(defrel (lolo l) (conde ((nullo l)) ((fresh (a) (caro l a) (listo a))"
	" (fresh (d) (cdro l d) (lolo d)))))\n"
	";; kanren's condp:\n"
	";; (condp ((suggest x ...) ...) (label goal ...) ...)\n"
	"(define-syntax condp\n"
	"  (syntax-rules ()\n"
	"    ((_ ((f x ...) ...) (label g ...) ...)\n"
	"     (%condp (list (list f x ...) ...)"
	" (list (list 'label (conj g ...)) ...)))))\n"
	";; kanren's condpseq:\n"
	";; (condpseq (label #f goal ...) (label (suggest x) goal ...) ...)\n"
	"(define-syntax %condpseq-suggestion\n"
	"  (syntax-rules ()\n"
	"    ((_ #f) #f)\n"
	"    ((_ (f x ...)) (list f x ...))\n"
	"    ((_ s) s)))\n"
	"(define-syntax condpseq\n"
	"  (syntax-rules ()\n"
	"    ((_ (label s g ...) ...)\n"
	"     (%condpseq (list (list 'label (%condpseq-suggestion s)"
	" (conj g ...)) ...)))))\n";
