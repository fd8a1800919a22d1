/* eval.c -- evaluation of compiled forms into values and library goals. */
/* See the LICENSE file for copying conditions. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#include "lang.h"

/*
 * lang_eval() walks a node tree. Calls in tail position (if branches, the
 * last form of a body, closure application) loop instead of recursing, so
 * iterative Scheme loops run in constant C stack; other nesting is bounded
 * by MAX_DEPTH and reported as an error, never a crash.
 */

#define MAX_DEPTH LANG_MAX_DEPTH
#define STEP_CHUNK 4096 /* steps between looks at C-c and at errors */

volatile sig_atomic_t lang_interrupted;

static int depth;
static uint64_t step_limit, answer_limit;
static uint64_t eval_limit, eval_count;
static bool sandbox;

/* True (with the message set at n) when the evaluation budget is spent. */

/* An error raised inside the search, reported by the running lang_run. */
static struct {
	bool pending;
	int code;
	const char *message;
} search_err;

void lang_search_error(void)
{
	if (search_err.pending)
		return;
	search_err.pending = true;
	search_err.code = kr_error_last()->code;
	search_err.message = kr_strdup(kr_error_last()->message);
}

int lang_search_take(void)
{
	if (!search_err.pending)
		return 0;
	search_err.pending = false;
	return kr_error_set(search_err.code ? search_err.code : KR_ERROR, "%s",
			    search_err.message);
}

static bool unique_answers;

bool lang_set_unique_answers(bool on)
{
	bool old = unique_answers;
	unique_answers = on;
	return old;
}

void lang_set_limits(uint64_t steps, uint64_t answers)
{
	step_limit = steps;
	answer_limit = answers;
}

void lang_get_limits(uint64_t *steps, uint64_t *answers)
{
	*steps = step_limit;
	*answers = answer_limit;
}

static size_t memory_limit;

static void on_heap_growth(size_t heap, void *data)
{
	(void)data;
	if (memory_limit && heap > memory_limit) {
		lang_interrupted = LANG_STOP_MEMORY;
		kr_run_interrupt(true);
	}
}

void lang_set_memory_limit(size_t bytes)
{
	memory_limit = bytes;
	kr_memory_on_growth(bytes ? on_heap_growth : NULL, NULL);
}

size_t lang_get_memory_limit(void)
{
	return memory_limit;
}

char *lang_stop_message(const char *what)
{
	if (lang_interrupted == LANG_STOP_MEMORY)
		return kr_strfmt("%s%smemory limit of %zu MiB reached", what,
				 *what ? ": " : "", memory_limit >> 20);
	return kr_strfmt("%s%sinterrupted", what, *what ? ": " : "");
}

void lang_set_eval_limit(uint64_t evals)
{
	eval_limit = evals;
}

uint64_t lang_get_eval_limit(void)
{
	return eval_limit;
}

bool lang_budget_spent(void)
{
	return eval_limit && eval_count > eval_limit;
}

void lang_eval_budget_reset(void)
{
	if (!depth) /* forms of a nested load count against the outer one */
		eval_count = 0;
}

void lang_set_sandbox(bool on)
{
	sandbox = on;
}

bool lang_sandboxed(void)
{
	return sandbox;
}

/* True (with the message set at n) when the evaluation budget is spent. */

/* ======================================================== procedures */

typedef struct closure {
	const lang_node *lambda;
	lang_frame *env;
} closure;

typedef struct prim {
	const char *name;
	int min, max;
	lang_prim_fn fn;
} prim;

static char *closure_str(const void *p)
{
	const closure *c = p;
	return c->lambda->name ? kr_strfmt("#<procedure %s>", c->lambda->name)
			       : kr_strdup("#<procedure>");
}

static char *prim_str(const void *p)
{
	return kr_strfmt("#<procedure %s>", ((const prim *)p)->name);
}

static int closure_call(const void *p, size_t n, kr_term *const *args,
			kr_term **out);
static int prim_call(const void *p, size_t n, kr_term *const *args,
		     kr_term **out);

/* Procedures are callable terms: etuples headed by one evaluate. */
static const kr_foreign_type closure_type = {
	.name = "procedure", .to_string = closure_str, .call = closure_call};
static const kr_foreign_type prim_type = {
	.name = "primitive", .to_string = prim_str, .call = prim_call};

/*
 * A procedure called by the library (applyo, an etuple's evaluation)
 * that fails records its error for the running search, as Python's
 * exception leaves kanren's applyo: the library can only fail the goal.
 */
static int closure_call(const void *p, size_t n, kr_term *const *args,
			kr_term **out)
{
	int rc = lang_apply(out, kr_foreign(&closure_type, p), n, args);
	if (rc < 0)
		lang_search_error();
	return rc;
}

static int prim_call(const void *p, size_t n, kr_term *const *args,
		     kr_term **out)
{
	int rc = lang_apply(out, kr_foreign(&prim_type, p), n, args);
	if (rc < 0)
		lang_search_error();
	return rc;
}

kr_term *lang_prim(const char *name, int min, int max, lang_prim_fn fn)
{
	prim *p = kr_alloc(sizeof *p);
	*p = (prim){name, min, max, fn};
	return kr_foreign(&prim_type, p);
}

void lang_define_prims(const lang_prim_def *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		lang_define(p[i].name, lang_prim(p[i].name, p[i].min, p[i].max,
						 p[i].fn));
}

bool lang_is_procedure(const kr_term *t)
{
	return kr_is_foreign_of(t, &closure_type) ||
	       kr_is_foreign_of(t, &prim_type) || lang_term_rel(t) ||
	       kr_term_op(t) || kr_is_op_pattern(t);
}

const char *lang_procedure_name(const kr_term *t)
{
	if (kr_is_foreign_of(t, &closure_type))
		return ((const closure *)kr_foreign_ptr(t))->lambda->name;
	if (kr_is_foreign_of(t, &prim_type))
		return ((const prim *)kr_foreign_ptr(t))->name;
	return NULL;
}

/* ============================================================= errors */

/*
 * The call in the user's code evaluated last. An error inside the
 * prelude's procedures (fold-left, iota ...) is reported at it: the
 * prelude's own lines mean nothing to a user.
 */
static const lang_node *last_user_call;

kr_term *lang_fail_at(const lang_node *n, int code, const char *fmt, ...)
{
	if (n->prelude && last_user_call)
		n = last_user_call;
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	kr_error_set(code, "%s:%d:%d: %s", n->file, n->line, n->col, msg);
	return NULL;
}

/* True when a message starts with a place "FILE:LINE:COL: ". */
static bool has_place(const char *m)
{
	const char *c = strchr(m, ':');
	int line, col, len = 0;
	return c && sscanf(c, ":%d:%d: %n", &line, &col, &len) == 2 && len > 0;
}

kr_term *lang_fail_here(const lang_node *n)
{
	const kr_error *e = kr_error_last();
	if (has_place(e->message))
		return NULL;
	return lang_fail_at(n, e->code ? e->code : KR_ERROR, "%s", e->message);
}

void *lang_grow(const void *v, size_t len, size_t *cap, size_t size)
{
	void *w = kr_alloc(2 * *cap * size);
	if (len)
		memcpy(w, v, len * size);
	*cap *= 2;
	return w;
}

char *lang_show_short(const kr_term *t)
{
	char *s = lang_show(t);
	if (strlen(s) > 200)
		strcpy(s + 196, " ...");
	return s;
}

/* ============================================================== frames */

lang_frame *lang_frame_new(lang_frame *up, size_t n)
{
	lang_frame *f = kr_alloc(sizeof *f + n * sizeof f->slot[0]);
	f->up = up;
	f->n = n;
	return f;
}

/* Bind arguments to a closure's parameters in a new frame. */
static lang_frame *bind_args(const lang_node *lam, lang_frame *env,
			     size_t n, kr_term *const *args)
{
	size_t fixed = lam->rest ? lam->nvars - 1 : lam->nvars;
	if (n < fixed || (!lam->rest && n > fixed)) {
		kr_error_set(KR_EINVALID, "%s: wrong number of arguments: "
			     "%zu given, %s%zu wanted",
			     lam->name ? lam->name : "lambda", n,
			     lam->rest ? "at least " : "", fixed);
		return NULL;
	}
	lang_frame *f = lang_frame_new(env, lam->nvars);
	if (fixed) /* args may be NULL when there are none */
		memcpy(f->slot, args, fixed * sizeof *args);
	if (lam->rest)
		f->slot[fixed] = kr_list(n - fixed, args + fixed);
	return f;
}

static int apply_prim(kr_term **out, const prim *p, size_t n,
		      kr_term *const *args)
{
	if ((int)n < p->min || (p->max >= 0 && (int)n > p->max))
		return kr_error_set(KR_EINVALID, "%s: wrong number of "
				    "arguments: %zu given", p->name, n);
	return p->fn(out, n, args);
}

static int apply_rel(kr_term **out, const kr_rel *r, size_t n,
		     kr_term *const *args)
{
	if ((int)n != kr_rel_arity(r))
		return kr_error_set(KR_EINVALID, "%s: wrong number of "
				    "arguments: %zu given, %d wanted",
				    kr_rel_name(r), n, kr_rel_arity(r));
	*out = lang_goal_term(kr_rel_call(r, args));
	return 0;
}

int lang_apply(kr_term **out, kr_term *fn, size_t n, kr_term *const *args)
{
	if (kr_is_foreign_of(fn, &closure_type)) {
		const closure *c = kr_foreign_ptr(fn);
		lang_frame *f = bind_args(c->lambda, c->env, n, args);
		if (!f)
			return KR_EINVALID;
		*out = lang_eval(c->lambda->body, f);
		return *out ? 0 : kr_error_last()->code;
	}
	if (kr_is_foreign_of(fn, &prim_type))
		return apply_prim(out, kr_foreign_ptr(fn), n, args);
	if (lang_term_rel(fn))
		return apply_rel(out, lang_term_rel(fn), n, args);
	if (kr_term_op(fn))
		return lang_apply_op(out, kr_term_op(fn), n, args);
	if (kr_is_op_pattern(fn)) { /* a pattern: (OpPattern arg ...) */
		*out = kr_cons(fn, kr_etuple(n, args));
		return 0;
	}
	return kr_error_set(KR_EINVALID, "not a procedure: %s", lang_show_short(fn));
}

/* A procedure used as a library relation: each call applies it. */
static kr_goal *proc_rel_body(kr_term *const *args, void *env)
{
	kr_term *fn = env, *g;
	int n;
	if (kr_is_foreign_of(fn, &closure_type))
		n = (int)((const closure *)kr_foreign_ptr(fn))->lambda->nvars;
	else
		n = ((const prim *)kr_foreign_ptr(fn))->min;
	if (lang_apply(&g, fn, (size_t)n, args) < 0) {
		lang_search_error();
		return kr_fail();
	}
	if (!lang_term_goal(g)) {
		kr_error_set(KR_EINVALID, "relation argument returned %s, not "
			     "a goal", lang_show_short(g));
		lang_search_error();
		return kr_fail();
	}
	return lang_term_goal(g);
}

const kr_rel *lang_as_rel(kr_term *t, int arity)
{
	const kr_rel *r = lang_term_rel(t);
	if (r) {
		if (kr_rel_arity(r) == arity)
			return r;
	} else if (kr_is_foreign_of(t, &closure_type)) {
		const closure *c = kr_foreign_ptr(t);
		if (!c->lambda->rest && (int)c->lambda->nvars == arity)
			return kr_rel_new(c->lambda->name ? c->lambda->name :
					  "lambda", arity, proc_rel_body, t);
	} else if (kr_is_foreign_of(t, &prim_type)) {
		const prim *p = kr_foreign_ptr(t);
		if (p->min <= arity && (p->max < 0 || p->max >= arity)) {
			prim *q = kr_alloc(sizeof *q);
			*q = (prim){p->name, arity, arity, p->fn};
			return kr_rel_new(p->name, arity, proc_rel_body,
					  kr_foreign(&prim_type, q));
		}
	} else {
		kr_error_set(KR_EINVALID, "not a relation: %s", lang_show_short(t));
		return NULL;
	}
	kr_error_set(KR_EINVALID, "%s does not take %d arguments",
		     lang_show_short(t), arity);
	return NULL;
}

/* ============================================================= goals */

/* The goal of kid i, or NULL with the message set. */
static kr_goal *eval_goal(const lang_node *n, size_t i, lang_frame *f)
{
	return lang_goal_build(n->kids[i], f);
}

static lang_frame *fresh_frame(const lang_node *n, lang_frame *f)
{
	lang_frame *nf = lang_frame_new(f, n->nvars);
	for (size_t i = 0; i < n->nvars; i++)
		nf->slot[i] = kr_var_new(kr_sym_name(n->names[i]));
	return nf;
}

static kr_term *eval_conda(const lang_node *n, lang_frame *f)
{
	kr_goal **heads = kr_alloc(n->nkids * sizeof *heads);
	kr_goal **bodies = kr_alloc(n->nkids * sizeof *bodies);
	for (size_t i = 0; i < n->nkids; i++) {
		const lang_node *cl = n->kids[i];
		if (!(heads[i] = eval_goal(cl, 0, f)))
			return NULL;
		if (cl->nkids > 1 && !(bodies[i] = lang_goal_conj(cl, 1, f)))
			return NULL;
	}
	return lang_goal_term(n->kind == N_CONDA ?
			      kr_conda(n->nkids, heads, bodies) :
			      kr_condu(n->nkids, heads, bodies));
}

/* A project form captured with its frame, built when applied. */
typedef struct relenv {
	const lang_node *node;
	lang_frame *env;
} relenv;

/*
 * project: the goals are built when applied, over the walked values, and
 * run as faster-miniKanren's project runs them, in a `(fresh () g ...)`
 * that suspends once.
 */
static kr_stream *project_apply(const kr_state *st, void *env)
{
	const relenv *re = env;
	const lang_node *n = re->node;
	lang_frame *f = lang_frame_new(re->env, n->nvars);
	for (size_t i = 0; i < n->nvars; i++) {
		kr_term *v = lang_eval(n->body->kids[i], re->env);
		if (!v) {
			lang_search_error();
			return NULL;
		}
		f->slot[i] = kr_walk_star(v, kr_state_subst(st));
	}
	kr_goal *g = lang_goal_conj(n, 0, f);
	if (!g) {
		lang_search_error();
		return NULL;
	}
	return kr_goal_apply(kr_suspend(g), st); /* (fresh () g ...) */
}

static kr_term *eval_project(const lang_node *n, lang_frame *f)
{
	relenv *re = kr_alloc(sizeof *re);
	re->node = n;
	re->env = f;
	return lang_goal_term(kr_goal_new(project_apply, re));
}

/* fresh, conde and conjunctions: built from their templates (gcomp.c). */
static kr_term *eval_goal_form(const lang_node *n, lang_frame *f)
{
	kr_goal *g = lang_goal_build(n, f);
	return g ? lang_goal_term(g) : NULL;
}

static kr_term *eval_run(const lang_node *n, lang_frame *f)
{
	long count = -1;
	if (n->kids[0]) {
		kr_term *c = lang_eval(n->kids[0], f);
		if (!c)
			return NULL;
		/* fmk's take: #f, or a negative count that never reaches 0,
		 * takes all answers */
		bool all = kr_is_boolean(c) && !lang_truthy(c);
		if (!all && kr_term_kind(c) != KR_INT)
			return lang_fail_at(n->kids[0], KR_EINVALID, "run: the number "
				       "of answers must be an integer or #f "
				       "(all), not %s", lang_show_short(c));
		if (!all && kr_int_value(c) >= 0)
			count = (long)kr_int_value(c);
	}
	lang_frame *nf = fresh_frame(n, f);
	kr_goal *g = lang_goal_conj(n, 1, nf);
	if (!g)
		return NULL;
	kr_term *q = n->nvars == 1 ? nf->slot[0] : kr_list(n->nvars, nf->slot);
	kr_term *out = NULL; /* not the last run's answers: the GC is conservative */
	if (lang_run(&out, count, q, g) < 0)
		return lang_fail_here(n);
	return out;
}

/* ============================================================== runs */

static int run_error(int code, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int run_error(int code, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return kr_error_set(code, "%s", msg);
}

/* One more answer, or KR_EOF / an error; steps in interruptible chunks. */
static int run_step(kr_term **out, kr_runner *r, size_t found)
{
	for (;;) {
		uint64_t before = kr_run_steps(r);
		uint64_t next = before + STEP_CHUNK;
		if (step_limit && next > step_limit)
			next = step_limit;
		kr_run_set_step_limit(r, next);
		int rc = kr_run_next(out, r);
		eval_count += kr_run_steps(r) - before; /* searches spend it too */
		if (eval_limit && eval_count > eval_limit)
			return run_error(KR_ELIMIT, "evaluation limit of %llu "
					 "reached in a run (%zu answers)",
					 (unsigned long long)eval_limit, found);
		/* a stop seen inside the search (a relation's body being
		 * built) or between chunks reads the same, with the count */
		if (lang_interrupted && (search_err.pending || rc == KR_ELIMIT)) {
			search_err.pending = false; /* reported here */
			if (lang_interrupted == LANG_STOP_MEMORY)
				return run_error(KR_ELIMIT, "%s (%zu answers)",
						 lang_stop_message(""), found);
			return run_error(KR_ELIMIT, "interrupted after %llu "
					 "steps (%zu answers)",
					 (unsigned long long)kr_run_steps(r),
					 found);
		}
		if (search_err.pending)
			return lang_search_take();
		if (rc != KR_ELIMIT)
			return rc;
		if (step_limit && kr_run_steps(r) >= step_limit)
			return run_error(KR_ELIMIT, "step limit of %llu reached "
					 "(%zu answers)",
					 (unsigned long long)step_limit, found);
	}
}

int lang_run(kr_term **out, long n, kr_term *q, const kr_goal *g)
{
	search_err.pending = false;
	kr_runner *r = kr_run_start(q, g);
	kr_run_set_unique(r, unique_answers);
	size_t cap = 16, found = 0;
	kr_term **answers = kr_alloc(cap * sizeof *answers);
	bool capped = n < 0 && answer_limit;
	uint64_t max = n >= 0 ? (uint64_t)n : answer_limit;
	while (n >= 0 || capped ? found < max : true) {
		kr_term *a = NULL;
		int rc = run_step(&a, r, found);
		if (rc == KR_EOF)
			break;
		if (rc < 0)
			return rc;
		if (found == cap)
			answers = lang_grow(answers, found, &cap,
					    sizeof *answers);
		answers[found++] = a;
	}
	if (capped && found == max)
		fprintf(stderr, "kanrewrite: run*: stopped at the answer limit "
			"(%zu answers)\n", found);
	*out = kr_list(found, answers);
	return 0;
}

/* ============================================================ the loop */

/*
 * A constant, a bound local or a bound global at once (the parts of most
 * calls), anything else through lang_eval(), which also reports unbound
 * names and nesting too deep (at the same node as before).
 */
static inline kr_term *eval_leaf(const lang_node *n, lang_frame *f)
{
	kr_term *v = NULL;
	if (depth >= MAX_DEPTH) { /* lang_eval reports it here */
		v = NULL;
	} else if (n->kind == N_CONST) {
		return n->value;
	} else if (n->kind == N_LOCAL) {
		lang_frame *g = f;
		for (int d = n->depth; d; d--)
			g = g->up;
		v = g->slot[n->index];
	} else if (n->kind == N_GLOBAL) {
		v = n->glob->value;
	}
	return v ? v : lang_eval(n, f);
}

static bool eval_args(const lang_node *n, lang_frame *f, kr_term **args)
{
	for (size_t i = 0; i + 1 < n->nkids; i++)
		if (!(args[i] = eval_leaf(n->kids[i + 1], f)))
			return false;
	return true;
}

static kr_term *eval_define(const lang_node *n, lang_frame *f)
{
	if (!n->glob)
		return lang_fail_at(n, KR_ESYNTAX, "define of %s: not at the start "
			       "of a body", kr_sym_name(n->value));
	kr_term *v = lang_eval(n->kids[0], f);
	if (!v)
		return NULL;
	n->glob->value = v;
	lang_globals_epoch++;
	return lang_void();
}

static kr_term *eval_set(const lang_node *n, lang_frame *f)
{
	kr_term *v = lang_eval(n->kids[0], f);
	if (!v)
		return NULL;
	if (n->kind == N_SET_GLOBAL) {
		if (!n->glob->value)
			return lang_fail_at(n, KR_ENOTFOUND, "set!: unbound variable "
				       "%s", kr_sym_name(n->value));
		n->glob->value = v;
		lang_globals_epoch++;
		return lang_void();
	}
	for (int d = n->depth; d; d--)
		f = f->up;
	f->slot[n->index] = v;
	return lang_void();
}

static kr_term *eval_local(const lang_node *n, lang_frame *f)
{
	for (int d = n->depth; d; d--)
		f = f->up;
	kr_term *v = f->slot[n->index];
	if (!v)
		return lang_fail_at(n, KR_EINVALID, "%s used before its definition",
			       kr_sym_name(n->value));
	return v;
}

const lang_node *lang_closure_lambda(const kr_term *t, lang_frame **env)
{
	if (!kr_is_foreign_of(t, &closure_type))
		return NULL;
	const closure *c = kr_foreign_ptr(t);
	*env = c->env;
	return c->lambda;
}

kr_term *lang_make_closure(const lang_node *n, lang_frame *f)
{
	closure *c = kr_alloc(sizeof *c);
	c->lambda = n;
	c->env = f;
	return kr_foreign(&closure_type, c);
}

/*
 * The error of an unbound global: `,x` and `,@x` outside a quasiquote
 * read as calls of unquote and unquote-splicing, which are not
 * variables (Chez Scheme: "misplaced aux keyword").
 */
static kr_term *unbound(const lang_node *n)
{
	const char *name = kr_sym_name(n->value);
	if (!strcmp(name, "unquote") || !strcmp(name, "unquote-splicing"))
		return lang_fail_at(n, KR_ESYNTAX, "misplaced %s (%s) outside "
				    "a quasiquote", name,
				    name[7] ? ",@" : ",");
	return lang_fail_at(n, KR_ENOTFOUND, "unbound variable %s", name);
}

/* Evaluate n in f; tail positions loop. */
static kr_term *eval_loop(const lang_node *n, lang_frame *f)
{
	kr_term *v, *small[8], **args;
	for (;;) {
		switch (n->kind) {
		case N_CONST:
			return n->value;
		case N_LOCAL:
			return eval_local(n, f);
		case N_GLOBAL:
			if (!n->glob->value)
				return unbound(n);
			return n->glob->value;
		case N_IF:
			if (!(v = lang_eval(n->kids[0], f)))
				return NULL;
			n = n->kids[lang_truthy(v) ? 1 : 2];
			continue;
		case N_LAMBDA:
			return lang_make_closure(n, f);
		case N_SEQ:
			for (size_t i = 0; i + 1 < n->nkids; i++)
				if (!lang_eval(n->kids[i], f))
					return NULL;
			n = n->kids[n->nkids - 1];
			continue;
		case N_LET:
		case N_LETREC: {
			lang_frame *nf = lang_frame_new(f, n->nvars);
			for (size_t i = 0; i < n->nkids; i++)
				if (!(nf->slot[i] = lang_eval(n->kids[i],
							      n->kind == N_LET ?
							      f : nf)))
					return NULL;
			f = nf;
			n = n->body;
			continue;
		}
		case N_DEFINE:
			return eval_define(n, f);
		case N_SET_LOCAL:
		case N_SET_GLOBAL:
			return eval_set(n, f);
		case N_AND:
		case N_OR:
			if (!n->nkids)
				return lang_bool(n->kind == N_AND);
			for (size_t i = 0; i + 1 < n->nkids; i++) {
				if (!(v = lang_eval(n->kids[i], f)))
					return NULL;
				if (lang_truthy(v) != (n->kind == N_AND))
					return v;
			}
			n = n->kids[n->nkids - 1];
			continue;
		case N_APP: {
			if (!n->prelude)
				last_user_call = n;
			if (lang_interrupted)
				return lang_fail_at(n, KR_ELIMIT, "%s",
						    lang_stop_message(""));
			if (lang_over_budget(n))
				return NULL;
			kr_term *fn = eval_leaf(n->kids[0], f);
			if (!fn)
				return NULL;
			size_t k = n->nkids - 1;
			args = k <= 8 ? small : kr_alloc(k * sizeof *args);
			if (!eval_args(n, f, args))
				return NULL;
			while (kr_is_foreign_of(fn, &prim_type) &&
			       ((const prim *)kr_foreign_ptr(fn))->fn ==
				       lang_prim_apply &&
			       lang_apply_spread(&fn, &k, &args))
				; /* (apply f ...) calls f here: a tail call */
			if (kr_is_foreign_of(fn, &prim_type)) {
				if (apply_prim(&v, kr_foreign_ptr(fn), k, args) < 0)
					return lang_fail_here(n);
				return v;
			}
			if (kr_is_foreign_of(fn, &closure_type)) {
				const closure *c = kr_foreign_ptr(fn);
				f = bind_args(c->lambda, c->env, k, args);
				if (!f)
					return lang_fail_here(n);
				n = c->lambda->body;
				continue;
			}
			if (lang_apply(&v, fn, k, args) < 0)
				return lang_fail_here(n);
			return v;
		}
		case N_FRESH:
		case N_CONJ:
		case N_CONDE:
			return eval_goal_form(n, f);
		case N_CONDA:
		case N_CONDU:
			return eval_conda(n, f);
		case N_RUN:
			return eval_run(n, f);
		case N_REL:
			return lang_rel_value(n, f);
		case N_PROJECT:
			return eval_project(n, f);
		}
		return lang_fail_at(n, KR_ERROR, "unknown node");
	}
}

bool lang_over_budget(const lang_node *n)
{
	if (!eval_limit || ++eval_count <= eval_limit)
		return false;
	lang_fail_at(n, KR_ELIMIT, "evaluation limit of %llu reached",
		(unsigned long long)eval_limit);
	return true;
}

/*
 * The C stack the evaluation may use: the stack limit less a margin for
 * the searches and printers below the deepest evaluation. A level of
 * nested runs costs many C frames (far more under the sanitizers), so
 * MAX_DEPTH alone does not keep the stack.
 */
static size_t stack_budget(void)
{
	static size_t budget;
	if (!budget) {
		struct rlimit rl;
		size_t lim = 8u << 20;
		if (getrlimit(RLIMIT_STACK, &rl) == 0 &&
		    rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < lim)
			lim = (size_t)rl.rlim_cur;
		budget = lim > (2u << 20) ? lim - (1u << 20) : lim / 2;
	}
	return budget;
}

bool lang_stack_low(void)
{
	static char *base;
	char *here = __builtin_frame_address(0);
	if (!base || here > base)
		base = here;
	return (size_t)(base - here) > stack_budget();
}

kr_term *lang_eval(const lang_node *node, lang_frame *frame)
{
	if (lang_over_budget(node))
		return NULL;
	if (depth >= MAX_DEPTH || lang_stack_low())
		return lang_fail_at(node, KR_ELIMIT, "evaluation nested too deeply "
			       "(over %d levels, or near the end of the C "
			       "stack)", MAX_DEPTH);
	depth++;
	kr_term *v = eval_loop(node, frame);
	depth--;
	return v;
}
