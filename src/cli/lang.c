/* lang.c -- the REPL's language: globals and the compiler of forms. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "lang.h"

/*
 * Forms are compiled into lang_node trees before they run. Local variables
 * are resolved to (depth, index) addresses in frames, globals to their
 * binding cell (made unbound on first mention, so relations may refer to
 * relations defined later), and derived forms (let*, cond, when, unless,
 * quasiquote, named let, internal defines, defrel) are rewritten into the
 * few kinds of lang_node that eval.c knows.
 */

/* ============================================================== globals */

/* Open addressing keyed by the (interned) symbol pointer; never shrinks. */
static struct {
	lang_global **slot;
	size_t cap, count;
} globals;

static size_t sym_hash(const kr_term *sym, size_t cap)
{
	uintptr_t h = (uintptr_t)sym;
	h ^= h >> 17;
	h *= 0x9E3779B97F4A7C15u;
	return (size_t)(h >> 7) & (cap - 1);
}

static void globals_grow(void)
{
	size_t cap = globals.cap ? globals.cap * 2 : 256;
	lang_global **slot = kr_alloc(cap * sizeof *slot);
	for (size_t i = 0; i < globals.cap; i++) {
		lang_global *g = globals.slot[i];
		if (!g)
			continue;
		size_t j = sym_hash(g->sym, cap);
		while (slot[j])
			j = (j + 1) & (cap - 1);
		slot[j] = g;
	}
	globals.slot = slot;
	globals.cap = cap;
}

/* The cell of a symbol, made (unbound) when create is true. */
static lang_global *global_cell(kr_term *sym, bool create)
{
	if (globals.count * 2 >= globals.cap) {
		if (!create && !globals.cap)
			return NULL;
		globals_grow();
	}
	size_t j = sym_hash(sym, globals.cap);
	for (; globals.slot[j]; j = (j + 1) & (globals.cap - 1))
		if (globals.slot[j]->sym == sym)
			return globals.slot[j];
	if (!create)
		return NULL;
	lang_global *g = kr_alloc(sizeof *g);
	g->sym = sym;
	globals.slot[j] = g;
	globals.count++;
	return g;
}

uint64_t lang_globals_epoch;

void lang_define(const char *name, kr_term *value)
{
	global_cell(kr_sym(name), true)->value = value;
	lang_globals_epoch++;
}

static struct {
	lang_global **cells;
	kr_term **values;
	size_t n;
} mark;

void lang_globals_mark(void)
{
	mark.cells = kr_alloc((globals.count + 1) * sizeof *mark.cells);
	mark.values = kr_alloc((globals.count + 1) * sizeof *mark.values);
	mark.n = 0;
	for (size_t i = 0; i < globals.cap; i++)
		if (globals.slot[i]) {
			mark.cells[mark.n] = globals.slot[i];
			mark.values[mark.n++] = globals.slot[i]->value;
		}
}

void lang_globals_restore(void)
{
	for (size_t i = 0; i < globals.cap; i++)
		if (globals.slot[i])
			globals.slot[i]->value = NULL;
	for (size_t i = 0; i < mark.n; i++)
		mark.cells[i]->value = mark.values[i];
	lang_globals_epoch++;
}

kr_term *lang_lookup(const char *name)
{
	lang_global *g = global_cell(kr_sym(name), false);
	return g ? g->value : NULL;
}

/* ========================================================= compilation */

/* The special forms, for recognition and for completion. */
static const char *const special_names[] = {
	"quote", "quasiquote", "if", "define", "set!", "lambda", "let",
	"let*", "letrec", "letrec*", "begin", "cond", "and", "or", "when",
	"unless", "fresh", "conde", "conda", "condu", "run", "run*",
	"defrel", "project", "define-syntax", "case", "matche", "lambdae",
	"defmatche", "else",
};

size_t lang_names(const char ***out)
{
	size_t nsp = sizeof special_names / sizeof *special_names;
	const char **names = kr_alloc((globals.count + nsp) * sizeof *names);
	size_t n = 0;
	for (size_t i = 0; i < nsp; i++)
		names[n++] = special_names[i];
	for (size_t i = 0; i < globals.cap; i++)
		if (globals.slot[i] && globals.slot[i]->value)
			names[n++] = kr_sym_name(globals.slot[i]->sym);
	*out = names;
	return n;
}

/* A lexical scope being compiled: the names of one frame. */
typedef struct scope {
	struct scope *up;
	size_t n, cap;
	kr_term **names;
} scope;

typedef struct cc {
	const kr_reader *r;
	const char *file;
	bool prelude; /* file is LANG_PRELUDE_FILE */
} cc;

typedef struct pos {
	int line, col;
} pos;

static pos pos_of_cell(const cc *c, const kr_term *cell, pos dflt)
{
	pos p = dflt;
	if (c->r && kr_term_kind(cell) == KR_CONS)
		kr_reader_cell_position(c->r, cell, &p.line, &p.col);
	return p;
}

static lang_node *node_new(const cc *c, lang_kind kind, pos p, size_t nkids)
{
	lang_node *n = kr_alloc(sizeof *n);
	n->kind = kind;
	n->line = p.line;
	n->col = p.col;
	n->file = c->file;
	n->prelude = c->prelude;
	n->nkids = nkids;
	if (nkids)
		n->kids = kr_alloc(nkids * sizeof *n->kids);
	return n;
}

static lang_node *compile_error(const cc *c, pos p, int code,
				const char *fmt, va_list ap)
{
	char msg[512];
	vsnprintf(msg, sizeof msg, fmt, ap);
	kr_error_set(code, "%s:%d:%d: %s", c->file, p.line, p.col, msg);
	return NULL;
}

/* A malformed form (KR_ESYNTAX) at p. */
static lang_node *syntax_error(const cc *c, pos p, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static lang_node *syntax_error(const cc *c, pos p, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	compile_error(c, p, KR_ESYNTAX, fmt, ap);
	va_end(ap);
	return NULL;
}

/* A form past a bound of the compiler (KR_ELIMIT) at p. */
static lang_node *limit_error(const cc *c, pos p, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static lang_node *limit_error(const cc *c, pos p, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	compile_error(c, p, KR_ELIMIT, fmt, ap);
	va_end(ap);
	return NULL;
}

static lang_node *compile(const cc *c, kr_term *x, scope *sc, pos p);

/*
 * The compiler recurses on the nesting of forms, which neither the reader
 * nor macro expansion bounds: every level goes through compile_enter().
 */
static int compile_depth;

/*
 * Work of one top-level form: its compiled parts and macro expansions.
 * Expansions can share subforms, so a form of a few cells can stand for
 * an exponentially large tree; the budget turns that into an error.
 */
#define COMPILE_BUDGET 2000000
static size_t compile_work;

/*
 * Cells that quasiquote's search for unquotes may visit per top-level
 * form: each nesting level searches its own subtree again, so a deep
 * quasiquote costs depth x size (bounded by LANG_MAX_DEPTH levels).
 */
#define QQ_BUDGET 64000000
static size_t qq_work;

static bool compile_enter(const cc *c, pos p)
{
	if (compile_depth >= LANG_MAX_DEPTH || lang_stack_low()) {
		limit_error(c, p, "form nested too deeply (over %d levels, "
			    "or near the end of the C stack)", LANG_MAX_DEPTH);
		return false;
	}
	if (++compile_work > COMPILE_BUDGET) {
		limit_error(c, p, "form too large to compile (over %d parts "
			    "after macro expansion)", COMPILE_BUDGET);
		return false;
	}
	compile_depth++;
	return true;
}

static lang_node *const_node(const cc *c, kr_term *v, pos p)
{
	lang_node *n = node_new(c, N_CONST, p, 0);
	n->value = v;
	return n;
}

/* The n-th element of a proper list (asserted by the caller). */
static kr_term *nth(kr_term *l, size_t i)
{
	while (i--)
		l = kr_cdr(l);
	return kr_car(l);
}

static kr_term *nth_cell(kr_term *l, size_t i)
{
	while (i--)
		l = kr_cdr(l);
	return l;
}

/*
 * While the preludes compile, a global bound to a procedure is taken as
 * its value then: the library written in the language keeps meaning what
 * it meant, whatever a program later redefines (as Chez's library).
 */
static bool early_binding;

static lang_node *compile_symbol(const cc *c, kr_term *x, scope *sc, pos p)
{
	int depth = 0;
	for (scope *s = sc; s; s = s->up, depth++)
		for (size_t i = s->n; i-- > 0;)
			if (s->names[i] == x) {
				lang_node *n = node_new(c, N_LOCAL, p, 0);
				n->depth = depth;
				n->index = (int)i;
				n->value = x;
				return n;
			}
	lang_node *n = node_new(c, N_GLOBAL, p, 0);
	n->glob = global_cell(x, true);
	n->value = x;
	if (early_binding && n->glob->value &&
	    lang_is_procedure(n->glob->value))
		return const_node(c, n->glob->value, p);
	return n;
}

/* Compile the elements of list l from index `from` into n->kids[at..]. */
static bool compile_list_into(const cc *c, lang_node *n, size_t at,
			      kr_term *l, size_t from, scope *sc, pos p)
{
	kr_term *cell = nth_cell(l, from);
	for (size_t i = at; i < n->nkids; i++, cell = kr_cdr(cell)) {
		n->kids[i] = compile(c, kr_car(cell), sc,
				     pos_of_cell(c, cell, p));
		if (!n->kids[i])
			return false;
	}
	return true;
}

static lang_node *compile_app(const cc *c, kr_term *x, scope *sc, pos p)
{
	long len = kr_list_length(x);
	if (len < 0)
		return syntax_error(c, p, "improper list in a call");
	lang_node *n = node_new(c, N_APP, p, (size_t)len);
	return compile_list_into(c, n, 0, x, 0, sc, p) ? n : NULL;
}

/* `(begin e ...)` body from element `from` of x: a N_SEQ (or the one node). */
static lang_node *compile_seq(const cc *c, kr_term *x, size_t from,
			      scope *sc, pos p)
{
	long len = kr_list_length(x);
	if (len <= (long)from)
		return syntax_error(c, p, "empty body");
	if (len == (long)from + 1)
		return compile(c, nth(x, from), sc,
			       pos_of_cell(c, nth_cell(x, from), p));
	lang_node *n = node_new(c, N_SEQ, p, (size_t)len - from);
	return compile_list_into(c, n, 0, x, from, sc, p) ? n : NULL;
}

/* The shapes of the special forms, for their syntax errors. */
static const char *const form_shapes[][2] = {
	{"fresh", "(fresh (x ...) goal ...)"},
	{"conde", "(conde (goal ...) ...)"},
	{"conda", "(conda (goal ...) ...)"},
	{"condu", "(condu (goal ...) ...)"},
	{"run", "(run n (q ...) goal ...)"},
	{"run*", "(run* (q ...) goal ...)"},
	{"defrel", "(defrel (name arg ...) goal ...)"},
	{"project", "(project (x ...) goal ...)"},
	{"matche", "(matche (term ...) (pattern goal ...) ...)"},
	{"define", "(define name [expr]) or (define (name arg ...) body ...)"},
	{"lambda", "(lambda (arg ...) body ...)"},
	{"let", "(let ((x expr) ...) body ...)"},
	{"let*", "(let* ((x expr) ...) body ...)"},
	{"letrec", "(letrec ((x expr) ...) body ...)"},
	{"if", "(if test then [else])"},
	{"set!", "(set! name expr)"},
	{"quote", "(quote datum)"},
	{"quasiquote", "(quasiquote datum)"},
	{"case", "(case key ((datum ...) expr ...) ...)"},
	{"when", "(when test expr ...)"},
	{"unless", "(unless test expr ...)"},
	{"define-syntax", "(define-syntax name (syntax-rules ...))"},
};

static bool check_len(const cc *c, kr_term *x, long min, long max, pos p)
{
	long len = kr_list_length(x);
	if (len >= min && (max < 0 || len <= max))
		return true;
	const char *name = lang_show(kr_car(x));
	for (size_t i = 0; i < sizeof form_shapes / sizeof *form_shapes; i++)
		if (!strcmp(name, form_shapes[i][0])) {
			syntax_error(c, p, "bad syntax: %s: expected %s",
				     lang_show(x), form_shapes[i][1]);
			return false;
		}
	syntax_error(c, p, "bad syntax: (%s ...) with %ld part%s", name,
		     len - 1, len == 2 ? "" : "s");
	return false;
}

/* -------------------------------------------------------- quasiquote */

static kr_term *prim_list_value, *prim_append_value, *prim_graph_input_value,
	*prim_member_value;

/* True when t holds an unquote or unquote-splicing form (any depth). */
static bool has_unquote(kr_term *t)
{
	size_t n = 0, cap = 64;
	kr_term **todo = kr_alloc(cap * sizeof *todo);
	todo[n++] = t;
	while (n > 0) {
		for (t = todo[--n]; kr_term_kind(t) == KR_CONS; t = kr_cdr(t)) {
			if (++qq_work > QQ_BUDGET) {
				compile_work = COMPILE_BUDGET; /* reported next */
				return true;
			}
			kr_term *a = kr_car(t);
			if (lang_is_symbol(a, "unquote") ||
			    lang_is_symbol(a, "unquote-splicing"))
				return true;
			if (kr_term_kind(a) != KR_CONS)
				continue;
			if (n == cap) {
				kr_term **v = kr_alloc(2 * cap * sizeof *v);
				memcpy(v, todo, n * sizeof *v);
				todo = v, cap *= 2;
			}
			todo[n++] = a;
		}
	}
	return false;
}

static lang_node *compile_qq(const cc *c, kr_term *t, int level, scope *sc,
			     pos p);

/* compile_qq of an element: one level deeper, checked as compile() is. */
static lang_node *compile_qq_nested(const cc *c, kr_term *t, int level,
				    scope *sc, pos p)
{
	if (!compile_enter(c, p))
		return NULL;
	lang_node *n = compile_qq(c, t, level, sc, p);
	compile_depth--;
	return n;
}

static bool is_qq_form(kr_term *t)
{
	kr_term *h = kr_car(t);
	return kr_list_length(t) == 2 &&
	       (lang_is_symbol(h, "quasiquote") ||
		lang_is_symbol(h, "unquote") ||
		lang_is_symbol(h, "unquote-splicing"));
}

/* Is a a (WHICH operand ...) form, with any number of operands? */
static bool is_qq_head(kr_term *a, const char *which)
{
	return kr_term_kind(a) == KR_CONS && lang_is_symbol(kr_car(a), which) &&
	       kr_list_length(a) >= 1;
}

/*
 * An element of a list at level 0 that stands for its operands' values
 * (R6RS): (unquote e ...) but the one-operand form, which is an element
 * itself, and (unquote-splicing e ...).
 */
static bool is_spliced(kr_term *a)
{
	return (is_qq_head(a, "unquote") && kr_list_length(a) != 2) ||
	       is_qq_head(a, "unquote-splicing");
}

/*
 * Quasiquote at nesting `level` (0: the outermost quasiquote; each inner
 * quasiquote adds one, each unquote takes one away, and only level 0
 * evaluates). A list is walked along its cells and becomes one call
 * (append (list e ...) spliced ... (list e ...) tail), so neither a long
 * list nor its evaluation nests; the tail is an atom or a quasiquote form,
 * as in `(a . ,b)`. In a list at level 0, (unquote e ...) stands for the
 * values of its operands and (unquote-splicing e ...) for the elements of
 * theirs, as R6RS has it; the operands of a quasiquote form at a deeper
 * level are such a list one level in or out, so that ``(,,@l) splices
 * l's elements into the inner unquote.
 */
/*
 * The list t of n cells before its tail: one call (append (list e ...)
 * spliced ... tail), a final splice being append's last argument.
 */
static lang_node *compile_qq_list(const cc *c, kr_term *t, size_t n,
				  kr_term *tail, int level, scope *sc, pos p)
{
	/* the parts: the function, the elements or runs, the tail */
	size_t parts = n + 2, cell = 0;
	kr_term *x = t;
	for (size_t i = 0; level == 0 && i < n; i++, x = kr_cdr(x))
		if (is_spliced(kr_car(x)))
			parts += (size_t)kr_list_length(kr_car(x));
	lang_node *app = node_new(c, N_APP, p, parts), *run = NULL;
	app->nkids = 0;
	app->kids[app->nkids++] = const_node(c, prim_append_value, p);
	for (size_t i = 0; i < n; i++, t = kr_cdr(t)) {
		kr_term *a = kr_car(t);
		pos pa = pos_of_cell(c, t, p);
		lang_node *e;
		if (level == 0 && is_spliced(a)) {
			bool splice = lang_is_symbol(kr_car(a),
						     "unquote-splicing");
			for (kr_term *o = kr_cdr(a); kr_is_pair(o);
			     o = kr_cdr(o)) {
				if (!(e = compile(c, kr_car(o), sc, pa)))
					return NULL;
				if (splice) {
					app->kids[app->nkids++] = e;
					run = NULL;
					continue;
				}
				if (!run) {
					run = node_new(c, N_APP, pa, parts);
					run->nkids = 0;
					run->kids[run->nkids++] = const_node(
						c, prim_list_value, pa);
					app->kids[app->nkids++] = run;
				}
				run->kids[run->nkids++] = e;
			}
			continue;
		}
		if (!(e = compile_qq_nested(c, a, level, sc, pa)))
			return NULL;
		if (!run) {
			run = node_new(c, N_APP, pa, parts - cell);
			run->nkids = 0;
			run->kids[run->nkids++] = const_node(c, prim_list_value, pa);
			app->kids[app->nkids++] = run;
		}
		run->kids[run->nkids++] = e;
		cell++;
	}
	if (kr_is_null(tail) && !run)
		return app;
	lang_node *rest = compile_qq_nested(c, tail, level, sc, p);
	if (!rest)
		return NULL;
	app->kids[app->nkids++] = rest;
	return app;
}

static lang_node *compile_qq(const cc *c, kr_term *t, int level, scope *sc,
			     pos p)
{
	if (!has_unquote(t))
		return const_node(c, t, p);
	kr_term *h = kr_car(t);
	if (lang_is_symbol(h, "unquote") && level == 0) {
		if (kr_list_length(t) != 2)
			return syntax_error(c, p, "bad syntax: unquote with "
					    "other than one operand outside "
					    "a list");
		return compile(c, nth(t, 1), sc, pos_of_cell(c, kr_cdr(t), p));
	}
	if ((is_qq_head(t, "quasiquote") ||
	     is_qq_head(t, "unquote") ||
	     is_qq_head(t, "unquote-splicing")) &&
	    !(level == 0 && lang_is_symbol(h, "unquote-splicing"))) {
		/* (quasiquote x ...) one level in, an unquote one level out:
		 * (append (list 'h) operands) */
		int inner = level + (lang_is_symbol(h, "quasiquote") ? 1 : -1);
		size_t k = (size_t)kr_list_length(t) - 1;
		lang_node *app = node_new(c, N_APP, p, 3);
		app->kids[0] = const_node(c, prim_append_value, p);
		app->kids[1] = const_node(c, KR_LIST(h), p);
		app->kids[2] = compile_qq_list(c, kr_cdr(t), k, kr_nil(), inner,
					       sc, p);
		return app->kids[2] ? app : NULL;
	}
	size_t n = 0;
	kr_term *tail = t;
	do
		n++, tail = kr_cdr(tail);
	while (kr_term_kind(tail) == KR_CONS && !is_qq_form(tail));
	return compile_qq_list(c, t, n, tail, level, sc, p);
}

/* ---------------------------------------------------- binding forms */

/* Whether name is not yet among the parameters of out, as R6RS asks. */
static bool new_param(const cc *c, const scope *out, const kr_term *name,
		      pos p)
{
	for (size_t i = 0; i < out->n; i++)
		if (out->names[i] == name) {
			syntax_error(c, p, "duplicate parameter %s",
				     lang_show(name));
			return false;
		}
	return true;
}

/*
 * Collect parameter names (a proper or dotted list, or one symbol), each
 * once.
 */
static bool params(const cc *c, kr_term *ps, scope *out, bool *rest, pos p)
{
	*out = (scope){0};
	*rest = false;
	long len = 0;
	for (kr_term *t = ps; kr_term_kind(t) == KR_CONS; t = kr_cdr(t))
		len++;
	out->names = kr_alloc(((size_t)len + 1) * sizeof *out->names);
	kr_term *t = ps;
	for (; kr_term_kind(t) == KR_CONS; t = kr_cdr(t)) {
		if (kr_term_kind(kr_car(t)) != KR_SYM) {
			syntax_error(c, p, "parameter is not a symbol: %s",
				     lang_show(kr_car(t)));
			return false;
		}
		if (!new_param(c, out, kr_car(t), p))
			return false;
		out->names[out->n++] = kr_car(t);
	}
	if (kr_term_kind(t) == KR_SYM) {
		if (!new_param(c, out, t, p))
			return false;
		out->names[out->n++] = t;
		*rest = true;
	} else if (kr_term_kind(t) != KR_NIL) {
		syntax_error(c, p, "bad parameter list");
		return false;
	}
	out->cap = out->n;
	return true;
}

static lang_node *compile_body(const cc *c, kr_term *x, size_t from,
			       scope *sc, pos p);

static lang_node *make_lambda(const cc *c, kr_term *ps, kr_term *x,
			      size_t from, scope *sc, pos p, const char *name)
{
	scope *inner = kr_alloc(sizeof *inner);
	bool rest;
	if (!params(c, ps, inner, &rest, p))
		return NULL;
	inner->up = sc;
	lang_node *n = node_new(c, N_LAMBDA, p, 0);
	n->nvars = inner->n;
	n->rest = rest;
	n->names = inner->names;
	n->name = name;
	n->body = compile_body(c, x, from, inner, p);
	return n->body ? n : NULL;
}

/* A body with leading internal defines becomes a letrec* over them. */
static lang_node *compile_body(const cc *c, kr_term *x, size_t from,
			       scope *sc, pos p)
{
	size_t ndef = 0;
	long len = kr_list_length(x);
	for (long i = (long)from; i < len; i++) {
		kr_term *f = nth(x, (size_t)i);
		if (kr_term_kind(f) != KR_CONS ||
		    !(lang_is_symbol(kr_car(f), "define") ||
		      lang_is_symbol(kr_car(f), "defrel")))
			break;
		ndef++;
	}
	if (!ndef)
		return compile_seq(c, x, from, sc, p);
	scope *inner = kr_alloc(sizeof *inner);
	inner->up = sc;
	inner->names = kr_alloc(ndef * sizeof *inner->names);
	for (size_t i = 0; i < ndef; i++) {
		kr_term *f = nth(x, from + i), *target;
		if (kr_list_length(f) < 2)
			return syntax_error(c, p, "bad internal define");
		target = nth(f, 1);
		if (kr_term_kind(target) == KR_CONS)
			target = kr_car(target);
		if (kr_term_kind(target) != KR_SYM)
			return syntax_error(c, p, "bad internal define");
		inner->names[inner->n++] = target;
	}
	lang_node *n = node_new(c, N_LETREC, p, ndef);
	n->nvars = ndef;
	n->names = inner->names;
	for (size_t i = 0; i < ndef; i++) {
		kr_term *cell = nth_cell(x, from + i);
		lang_node *d = compile(c, kr_car(cell), inner,
				       pos_of_cell(c, cell, p));
		if (!d)
			return NULL;
		n->kids[i] = d->kids[0]; /* the value part of the define */
	}
	n->body = compile_seq(c, x, from + ndef, inner, p);
	return n->body ? n : NULL;
}

static lang_node *compile_define(const cc *c, kr_term *x, scope *sc, pos p)
{
	if (!check_len(c, x, 2, -1, p))
		return NULL;
	kr_term *target = nth(x, 1);
	lang_node *value;
	if (kr_term_kind(target) == KR_CONS) {
		kr_term *name = kr_car(target);
		if (kr_term_kind(name) != KR_SYM)
			return syntax_error(c, p, "bad define");
		value = make_lambda(c, kr_cdr(target), x, 2, sc, p,
				    kr_sym_name(name));
		target = name;
	} else if (kr_term_kind(target) == KR_SYM) {
		if (!check_len(c, x, 2, 3, p))
			return NULL;
		/* (define x): x is bound to the unspecified value, as Chez */
		value = kr_list_length(x) == 2 ?
				const_node(c, lang_void(), p) :
				compile(c, nth(x, 2), sc,
					pos_of_cell(c, nth_cell(x, 2), p));
		if (value && value->kind == N_LAMBDA && !value->name)
			value->name = kr_sym_name(target);
	} else {
		return syntax_error(c, p, "bad define");
	}
	if (!value)
		return NULL;
	lang_node *n = node_new(c, N_DEFINE, p, 1);
	n->kids[0] = value;
	n->value = target;
	if (!sc)
		n->glob = global_cell(target, true);
	return n;
}

/* Goals of a binding goal form: a new frame of `vars` over x[from..]. */
static lang_node *goal_frame(const cc *c, lang_kind kind, kr_term *vars,
			     kr_term *x, size_t from, scope *sc, pos p)
{
	scope *inner = kr_alloc(sizeof *inner);
	bool rest;
	if (!params(c, vars, inner, &rest, p))
		return NULL;
	if (rest && kind != N_RUN)
		return syntax_error(c, p, "bad variable list");
	inner->up = sc;
	long len = kr_list_length(x);
	if (len <= (long)from)
		return syntax_error(c, p, "no goal");
	lang_node *n = node_new(c, kind, p, (size_t)len - from);
	n->nvars = inner->n;
	n->names = inner->names;
	n->rest = rest;
	return compile_list_into(c, n, 0, x, from, inner, p) ? n : NULL;
}

/* `(defrel (name arg ...) goal ...)`: define name as a N_REL. */
static lang_node *compile_defrel(const cc *c, kr_term *x, scope *sc, pos p)
{
	if (!check_len(c, x, 3, -1, p))
		return NULL;
	kr_term *head = nth(x, 1);
	if (kr_term_kind(head) != KR_CONS ||
	    kr_term_kind(kr_car(head)) != KR_SYM)
		return syntax_error(c, p, "defrel needs (name arg ...)");
	lang_node *rel = goal_frame(c, N_REL, kr_cdr(head), x, 2, sc, p);
	if (!rel)
		return NULL;
	rel->name = kr_sym_name(kr_car(head));
	lang_node *n = node_new(c, N_DEFINE, p, 1);
	n->kids[0] = rel;
	n->value = kr_car(head);
	if (!sc)
		n->glob = global_cell(kr_car(head), true);
	return n;
}


static lang_node *compile_if(const cc *c, kr_term *x, scope *sc, pos p)
{
	if (!check_len(c, x, 3, 4, p))
		return NULL;
	lang_node *n = node_new(c, N_IF, p, 3);
	n->nkids = (size_t)kr_list_length(x) - 1;
	if (!compile_list_into(c, n, 0, x, 1, sc, p))
		return NULL;
	if (n->nkids == 2)
		n->kids[2] = const_node(c, lang_void(), p);
	n->nkids = 3;
	return n;
}

static lang_node *compile_set(const cc *c, kr_term *x, scope *sc, pos p)
{
	if (!check_len(c, x, 3, 3, p) || kr_term_kind(nth(x, 1)) != KR_SYM)
		return syntax_error(c, p, "bad set!");
	lang_node *target = compile_symbol(c, nth(x, 1), sc, p);
	lang_node *n = node_new(c, target->kind == N_LOCAL ? N_SET_LOCAL :
				N_SET_GLOBAL, p, 1);
	n->depth = target->depth;
	n->index = target->index;
	n->glob = target->glob;
	n->value = nth(x, 1);
	n->kids[0] = compile(c, nth(x, 2), sc, pos_of_cell(c, kr_cdr(kr_cdr(x)), p));
	return n->kids[0] ? n : NULL;
}

/* Split let bindings ((name init) ...) into names and init expressions. */
static bool bindings(const cc *c, kr_term *bs, kr_term **names,
		     kr_term **inits, pos p)
{
	kr_term *ns = kr_nil(), *is = kr_nil();
	long len = kr_list_length(bs);
	if (len < 0)
		return syntax_error(c, p, "bad bindings"), false;
	for (long i = len; i-- > 0;) {
		kr_term *b = nth(bs, (size_t)i);
		if (kr_list_length(b) != 2 || kr_term_kind(kr_car(b)) != KR_SYM)
			return syntax_error(c, p, "bad binding: %s",
					    lang_show(b)), false;
		ns = kr_cons(kr_car(b), ns);
		is = kr_cons(nth(b, 1), is);
	}
	*names = ns;
	*inits = is;
	return true;
}

static lang_node *compile_let_frame(const cc *c, lang_kind kind,
				    kr_term *names, kr_term *inits,
				    kr_term *x, size_t from, scope *sc, pos p)
{
	scope *inner = kr_alloc(sizeof *inner);
	bool rest;
	if (!params(c, names, inner, &rest, p))
		return NULL;
	inner->up = sc;
	lang_node *n = node_new(c, kind, p, inner->n);
	n->nvars = inner->n;
	n->names = inner->names;
	if (!compile_list_into(c, n, 0, inits, 0, kind == N_LET ? sc : inner,
			       p))
		return NULL;
	n->body = compile_body(c, x, from, inner, p);
	return n->body ? n : NULL;
}

/* (let loop ((v init) ...) body): ((letrec ((loop (lambda (v ...) body))) loop) init ...) */
static lang_node *compile_named_let(const cc *c, kr_term *x, scope *sc,
				    pos p)
{
	kr_term *names, *inits;
	if (!check_len(c, x, 4, -1, p) ||
	    !bindings(c, nth(x, 2), &names, &inits, p))
		return NULL;
	scope *inner = kr_alloc(sizeof *inner);
	inner->up = sc;
	inner->names = kr_alloc(sizeof *inner->names);
	inner->names[0] = nth(x, 1);
	inner->n = 1;
	lang_node *loop = node_new(c, N_LETREC, p, 1);
	loop->nvars = 1;
	loop->names = inner->names;
	loop->kids[0] = make_lambda(c, names, x, 3, inner, p,
				    kr_sym_name(nth(x, 1)));
	if (!loop->kids[0])
		return NULL;
	loop->body = compile_symbol(c, nth(x, 1), inner, p);
	long len = kr_list_length(inits);
	lang_node *n = node_new(c, N_APP, p, (size_t)len + 1);
	n->kids[0] = loop;
	return compile_list_into(c, n, 1, inits, 0, sc, p) ? n : NULL;
}

static lang_node *compile_let(const cc *c, kr_term *x, scope *sc, pos p,
			      const char *which)
{
	if (!check_len(c, x, 3, -1, p))
		return NULL;
	if (!strcmp(which, "let") && kr_term_kind(nth(x, 1)) == KR_SYM)
		return compile_named_let(c, x, sc, p);
	kr_term *names, *inits;
	if (!bindings(c, nth(x, 1), &names, &inits, p))
		return NULL;
	if (!strcmp(which, "let*") && kr_list_length(names) > 1) {
		/* (let* (b . bs) body) == (let (b) (let* bs body)) */
		kr_term *inner = kr_cons(kr_sym("let*"),
					 kr_cons(kr_cdr(nth(x, 1)),
						 kr_cdr(kr_cdr(x))));
		kr_term *outer = KR_LIST(kr_sym("let"),
					 KR_LIST(kr_car(nth(x, 1))), inner);
		return compile(c, outer, sc, p);
	}
	return compile_let_frame(c, strncmp(which, "letrec", 6) ? N_LET :
				 N_LETREC, names, inits, x, 2, sc, p);
}

/* cond clauses from cell `cl` on, as nested ifs. */
static lang_node *compile_cond(const cc *c, kr_term *cl, scope *sc, pos p);

/*
 * (cond (test => f) rest ...) is
 * (let ((t test)) (if t (f t) (cond rest ...))) with a fresh t, and
 * (let ((t test)) (if t (f t))) when it is the last clause.
 */
static lang_node *compile_cond_arrow(const cc *c, kr_term *cl, scope *sc,
				     pos p)
{
	kr_term *clause = kr_car(cl), *t = lang_fresh_symbol("t");
	kr_term *then = KR_LIST(nth(clause, 2), t);
	kr_term *test = kr_is_null(kr_cdr(cl)) ?
				KR_LIST(kr_sym("if"), t, then) :
				KR_LIST(kr_sym("if"), t, then,
					kr_cons(kr_sym("cond"), kr_cdr(cl)));
	kr_term *form = KR_LIST(kr_sym("let"),
				KR_LIST(KR_LIST(t, kr_car(clause))), test);
	return compile(c, form, sc, pos_of_cell(c, cl, p));
}

static bool is_arrow_clause(kr_term *clause)
{
	return kr_list_length(clause) == 3 &&
	       lang_is_symbol(nth(clause, 1), "=>");
}

/* One clause in front of `rest`, the rest of the cond compiled. */
static lang_node *cond_clause(const cc *c, kr_term *cell, lang_node *rest,
			      scope *sc, pos p)
{
	kr_term *clause = kr_car(cell);
	pos pc = pos_of_cell(c, cell, p);
	if (lang_is_symbol(kr_car(clause), "else"))
		return compile_seq(c, clause, 1, sc, pc);
	lang_node *test = compile(c, kr_car(clause), sc, pc);
	if (!test)
		return NULL;
	if (kr_list_length(clause) == 1) { /* (cond (test) ...) == (or test ...) */
		lang_node *o = node_new(c, N_OR, pc, 2);
		o->kids[0] = test;
		o->kids[1] = rest;
		return o;
	}
	lang_node *n = node_new(c, N_IF, pc, 3);
	n->kids[0] = test;
	n->kids[1] = compile_seq(c, clause, 1, sc, pc);
	n->kids[2] = rest;
	return n->kids[1] ? n : NULL;
}

/*
 * The clauses up to the first => clause (or else) are chained from the
 * last one back, so a long cond nests neither the compiler nor, as each
 * if's else branch is a tail position, the evaluator; a => clause and
 * what follows it are compiled as its rewrite.
 */
static lang_node *compile_cond_clauses(const cc *c, kr_term *cl, scope *sc,
				       pos p)
{
	size_t n = 0;
	kr_term *cell = cl;
	for (; kr_term_kind(cell) == KR_CONS; cell = kr_cdr(cell), n++) {
		kr_term *clause = kr_car(cell);
		if (kr_list_length(clause) < 1)
			return syntax_error(c, pos_of_cell(c, cell, p),
					    "bad cond clause");
		if (lang_is_symbol(kr_car(clause), "else")) {
			cell = kr_nil(), n++;
			break;
		}
		if (is_arrow_clause(clause))
			break;
	}
	lang_node *rest = kr_term_kind(cell) == KR_CONS ?
				  compile_cond_arrow(c, cell, sc, p) :
				  const_node(c, lang_void(), p);
	kr_term **cells = kr_alloc((n ? n : 1) * sizeof *cells);
	cell = cl;
	for (size_t i = 0; i < n; i++, cell = kr_cdr(cell))
		cells[i] = cell;
	for (size_t i = n; rest && i-- > 0;)
		rest = cond_clause(c, cells[i], rest, sc, p);
	return rest;
}

typedef lang_node *(*compile_fn)(const cc *c, kr_term *x, scope *sc, pos p);

/* f(c, x, sc, p) one level deeper, within compile_enter's bounds. */
static lang_node *nested(compile_fn f, const cc *c, kr_term *x, scope *sc,
			 pos p)
{
	if (!compile_enter(c, p))
		return NULL;
	lang_node *n = f(c, x, sc, p);
	compile_depth--;
	return n;
}

/* Each clause nests one level: a long cond is bounded as deep forms are. */
static lang_node *compile_cond(const cc *c, kr_term *cl, scope *sc, pos p)
{
	return nested(compile_cond_clauses, c, cl, sc, p);
}

static lang_node *compile_kids(const cc *c, lang_kind kind, kr_term *x,
			       size_t from, scope *sc, pos p)
{
	long len = kr_list_length(x);
	lang_node *n = node_new(c, kind, p, (size_t)len - from);
	return compile_list_into(c, n, 0, x, from, sc, p) ? n : NULL;
}

static lang_node *compile_when(const cc *c, kr_term *x, scope *sc, pos p,
			       bool unless)
{
	if (!check_len(c, x, 3, -1, p))
		return NULL;
	lang_node *n = node_new(c, N_IF, p, 3);
	n->kids[0] = compile(c, nth(x, 1), sc, pos_of_cell(c, kr_cdr(x), p));
	lang_node *body = compile_seq(c, x, 2, sc, p);
	if (!n->kids[0] || !body)
		return NULL;
	n->kids[unless ? 2 : 1] = body;
	n->kids[unless ? 1 : 2] = const_node(c, lang_void(), p);
	return n;
}

/* conde/conda/condu: each clause a N_CONJ of its goals. */
static lang_node *compile_conde(const cc *c, lang_kind kind, kr_term *x,
				scope *sc, pos p)
{
	if (!check_len(c, x, 2, -1, p))
		return NULL;
	lang_node *n = node_new(c, kind, p, (size_t)kr_list_length(x) - 1);
	kr_term *cell = kr_cdr(x);
	for (size_t i = 0; i < n->nkids; i++, cell = kr_cdr(cell)) {
		kr_term *clause = kr_car(cell);
		pos pc = pos_of_cell(c, cell, p);
		if (kr_list_length(clause) < 1)
			return syntax_error(c, pc, "a %s clause needs a goal",
					    kr_sym_name(kr_car(x)));
		n->kids[i] = compile_kids(c, N_CONJ, kr_cons(kr_nil(), clause),
					  1, sc, pc);
		if (!n->kids[i])
			return NULL;
	}
	return n;
}

/* (run n (q ...) g ...), (run n q g ...), (run* (q ...) g ...). */
static lang_node *compile_run(const cc *c, kr_term *x, scope *sc, pos p,
			      bool star)
{
	size_t at = star ? 1 : 2;
	if (!check_len(c, x, (long)at + 2, -1, p))
		return NULL;
	kr_term *vars = nth(x, at);
	bool bare = kr_term_kind(vars) == KR_SYM;
	if (bare)
		vars = KR_LIST(vars);
	if (kr_list_length(vars) < 1)
		return syntax_error(c, p, "run needs a query variable");
	lang_node *g = goal_frame(c, N_RUN, vars, x, at + 1, sc, p);
	if (!g)
		return NULL;
	lang_node *n = node_new(c, N_RUN, p, g->nkids + 1);
	memcpy(n->kids + 1, g->kids, g->nkids * sizeof *n->kids);
	n->nvars = g->nvars;
	n->names = g->names;
	n->rest = bare;
	if (!star) {
		n->kids[0] = compile(c, nth(x, 1), sc,
				     pos_of_cell(c, kr_cdr(x), p));
		if (!n->kids[0])
			return NULL;
	}
	return n;
}

/* (project (x ...) g ...): the goals see the values of x ... */
static lang_node *compile_project(const cc *c, kr_term *x, scope *sc, pos p)
{
	if (!check_len(c, x, 3, -1, p))
		return NULL;
	lang_node *n = goal_frame(c, N_PROJECT, nth(x, 1), x, 2, sc, p);
	if (!n)
		return NULL;
	n->body = compile_kids(c, N_SEQ, nth(x, 1), 0, sc, p);
	return n->body ? n : NULL;
}

/*
 * (case key ((d ...) e ...) ... (else e ...)), with R7RS's => in a clause:
 * (let ((k key)) (cond ((member k '(d ...)) e ...) ... (else e ...))), a
 * clause (... => f) becoming (f k); one rewrite for all the clauses.
 * Keys compare with equal?, as Chez Scheme's case does (R6RS's eqv?
 * gives the same answers for the data eqv? can tell apart).
 */
static lang_node *compile_case(const cc *c, kr_term *x, scope *sc, pos p)
{
	if (!check_len(c, x, 3, -1, p))
		return NULL;
	kr_term *k = lang_fresh_symbol("k"), *rev = kr_nil();
	for (kr_term *cl = kr_cdr(kr_cdr(x)); kr_is_pair(cl); cl = kr_cdr(cl)) {
		kr_term *clause = kr_car(cl);
		if (kr_list_length(clause) < 2)
			return syntax_error(c, pos_of_cell(c, cl, p),
					    "bad case clause");
		kr_term *data = kr_car(clause), *body = kr_cdr(clause), *test;
		if (lang_is_symbol(data, "else"))
			test = data;
		else if (kr_list_length(data) >= 0)
			test = KR_LIST(prim_member_value, k,
				       KR_LIST(kr_sym("quote"), data));
		else
			return syntax_error(c, pos_of_cell(c, cl, p),
					    "bad case clause");
		if (kr_list_length(body) == 2 &&
		    lang_is_symbol(kr_car(body), "=>"))
			body = KR_LIST(KR_LIST(nth(body, 1), k));
		rev = kr_cons(kr_cons(test, body), rev);
	}
	kr_term *clauses = kr_nil();
	for (; kr_is_pair(rev); rev = kr_cdr(rev))
		clauses = kr_cons(kr_car(rev), clauses);
	kr_term *form = KR_LIST(kr_sym("let"), KR_LIST(KR_LIST(k, nth(x, 1))),
				kr_cons(kr_sym("cond"), clauses));
	return compile(c, form, sc, p);
}

/* (define-syntax name (syntax-rules ...)): bound when compiled. */
static lang_node *compile_define_syntax(const cc *c, kr_term *x, scope *sc,
					pos p)
{
	if (!check_len(c, x, 3, 3, p))
		return NULL;
	if (sc)
		return syntax_error(c, p, "define-syntax is only supported at "
				    "top level");
	kr_term *name = nth(x, 1);
	if (kr_term_kind(name) != KR_SYM)
		return syntax_error(c, p, "bad define-syntax: %s is not a "
				    "symbol", lang_show_short(name));
	kr_term *m = lang_macro_new(name, nth(x, 2));
	if (!m)
		return syntax_error(c, p, "%s", kr_error_last()->message);
	global_cell(name, true)->value = m;
	lang_globals_epoch++;
	return const_node(c, lang_void(), p);
}

/* The macro a symbol names here: a global bound by define-syntax. */
static kr_term *macro_of(const kr_term *head, scope *sc)
{
	if (kr_term_kind(head) != KR_SYM)
		return NULL;
	for (scope *s = sc; s; s = s->up)
		for (size_t i = 0; i < s->n; i++)
			if (s->names[i] == head)
				return NULL;
	lang_global *g = global_cell((kr_term *)head, false);
	return g && g->value && lang_is_macro(g->value) ? g->value : NULL;
}

static lang_node *compile_macro_use(const cc *c, kr_term *m, kr_term *x,
				    scope *sc, pos p)
{
	kr_term *e;
	size_t left = compile_work < COMPILE_BUDGET ?
			      COMPILE_BUDGET - compile_work : 0;
	int rc = lang_macro_expand(&e, m, x, &left);
	compile_work = COMPILE_BUDGET - left;
	if (rc == KR_ELIMIT)
		return limit_error(c, p, "%s", kr_error_last()->message);
	if (rc < 0)
		return syntax_error(c, p, "%s", kr_error_last()->message);
	return compile(c, e, sc, p);
}

static lang_node *compile_special(const cc *c, const char *h, kr_term *x,
				  scope *sc, pos p)
{
	if (!strcmp(h, "define-syntax"))
		return compile_define_syntax(c, x, sc, p);
	if (!strcmp(h, "case"))
		return compile_case(c, x, sc, p);
	if (!strcmp(h, "matche") || !strcmp(h, "lambdae") ||
	    !strcmp(h, "defmatche")) {
		kr_term *e;
		if (lang_matche_expand(&e, x) < 0)
			return syntax_error(c, p, "%s", kr_error_last()->message);
		return compile(c, e, sc, p);
	}
	if (!strcmp(h, "quote"))
		return check_len(c, x, 2, 2, p) ? const_node(c, nth(x, 1), p)
						 : NULL;
	if (!strcmp(h, "quasiquote"))
		return check_len(c, x, 2, 2, p) ? compile_qq(c, nth(x, 1), 0, sc, p)
						 : NULL;
	if (!strcmp(h, "if"))
		return compile_if(c, x, sc, p);
	if (!strcmp(h, "define"))
		return compile_define(c, x, sc, p);
	if (!strcmp(h, "defrel"))
		return compile_defrel(c, x, sc, p);
	if (!strcmp(h, "set!"))
		return compile_set(c, x, sc, p);
	if (!strcmp(h, "lambda"))
		return check_len(c, x, 3, -1, p) ?
			make_lambda(c, nth(x, 1), x, 2, sc, p, NULL) : NULL;
	if (!strncmp(h, "let", 3))
		return compile_let(c, x, sc, p, h);
	if (!strcmp(h, "begin")) /* (begin) at top level: Chez's void */
		return !sc && kr_list_length(x) == 1 ?
			       const_node(c, lang_void(), p) :
			       compile_seq(c, x, 1, sc, p);
	if (!strcmp(h, "cond"))
		return check_len(c, x, 2, -1, p) ?
			compile_cond(c, kr_cdr(x), sc, p) : NULL;
	if (!strcmp(h, "and") || !strcmp(h, "or"))
		return compile_kids(c, *h == 'a' ? N_AND : N_OR, x, 1, sc, p);
	if (!strcmp(h, "when") || !strcmp(h, "unless"))
		return compile_when(c, x, sc, p, *h == 'u');
	if (!strcmp(h, "fresh"))
		return check_len(c, x, 3, -1, p) ?
			goal_frame(c, N_FRESH, nth(x, 1), x, 2, sc, p) : NULL;
	if (!strcmp(h, "conde"))
		return compile_conde(c, N_CONDE, x, sc, p);
	if (!strcmp(h, "conda"))
		return compile_conde(c, N_CONDA, x, sc, p);
	if (!strcmp(h, "condu"))
		return compile_conde(c, N_CONDU, x, sc, p);
	if (!strcmp(h, "run") || !strcmp(h, "run*"))
		return compile_run(c, x, sc, p, h[3] == '*');
	if (!strcmp(h, "project"))
		return compile_project(c, x, sc, p);
	return NULL;
}

static bool is_special(const kr_term *head, scope *sc)
{
	if (kr_term_kind(head) != KR_SYM)
		return false;
	for (scope *s = sc; s; s = s->up)
		for (size_t i = 0; i < s->n; i++)
			if (s->names[i] == head)
				return false;
	const char *h = kr_sym_name(head);
	for (size_t i = 0; i + 1 < sizeof special_names / sizeof *special_names;
	     i++)
		if (!strcmp(h, special_names[i]))
			return true;
	return false;
}

/*
 * Declarations of graph inputs: `(matrix A B)`, `(vector x)` and
 * `(scalar s)` as the command's input language writes them, and, at the
 * prompt only, `(declare TYPE a ...)` with a type of the graph format,
 * e.g. `(declare (tensor float32 ? 3) X)`, at top level and while the
 * program has not defined a procedure of that name (Scheme's `vector`,
 * say). Each name is defined as a new input variable:
 * `(begin (define A (graph-input 'matrix "A")) ...)`. A form whose parts
 * are not all symbols is an ordinary call.
 */
static bool is_declaration(const kr_term *x, scope *sc)
{
	kr_term *head = kr_car(x);
	if (sc || kr_term_kind(head) != KR_SYM || kr_list_length(x) < 2)
		return false; /* inside a body, (vector x) is a call */
	const char *h = kr_sym_name(head);
	bool decl = !strcmp(h, "declare");
	if (!decl && strcmp(h, "matrix") && strcmp(h, "vector") &&
	    strcmp(h, "scalar"))
		return false;
	lang_global *g = global_cell(head, false);
	if (g && g->value)
		return false; /* a program's own vector procedure */
	kr_term *names = kr_cdr(x);
	if (decl && (kr_list_length(x) < 3 ||
		     kr_term_kind(kr_car(names)) != KR_CONS))
		return false;
	for (names = decl ? kr_cdr(names) : names; kr_is_pair(names);
	     names = kr_cdr(names))
		if (kr_term_kind(kr_car(names)) != KR_SYM)
			return false;
	return true;
}

static lang_node *compile_declaration(const cc *c, kr_term *x, scope *sc,
				      pos p)
{
	bool decl = !strcmp(kr_sym_name(kr_car(x)), "declare");
	kr_term *type = decl ? kr_car(kr_cdr(x)) : kr_car(x);
	kr_term *names = decl ? kr_cdr(kr_cdr(x)) : kr_cdr(x);
	kr_term *input = prim_graph_input_value;
	kr_term *body = kr_nil();
	for (long i = kr_list_length(names); i-- > 0;) {
		kr_term *name = nth(names, (size_t)i);
		kr_term *call = KR_LIST(input, KR_LIST(kr_sym("quote"), type),
					kr_str(kr_sym_name(name)));
		body = kr_cons(KR_LIST(kr_sym("define"), name, call), body);
	}
	return compile(c, kr_cons(kr_sym("begin"), body), sc, p);
}

static lang_node *compile_form(const cc *c, kr_term *x, scope *sc, pos p)
{
	switch (kr_term_kind(x)) {
	case KR_SYM:
		if (!strcmp(kr_sym_name(x), "#t") || !strcmp(kr_sym_name(x), "#f"))
			return const_node(c, x, p);
		if (is_special(x, sc))
			return syntax_error(c, p, "bad syntax: %s", kr_sym_name(x));
		if (macro_of(x, sc))
			return syntax_error(c, p, "%s is syntax (define-syntax): "
					    "it can only head a form",
					    kr_sym_name(x));
		return compile_symbol(c, x, sc, p);
	case KR_CONS: {
		kr_term *m = macro_of(kr_car(x), sc);
		if (m)
			return compile_macro_use(c, m, x, sc, p);
		if (is_special(kr_car(x), sc)) {
			if (kr_list_length(x) < 0)
				return syntax_error(c, p, "bad syntax: improper form");
			return compile_special(c, kr_sym_name(kr_car(x)), x, sc, p);
		}
		if (is_declaration(x, sc))
			return compile_declaration(c, x, sc, p);
		return compile_app(c, x, sc, p);
	}
	case KR_NIL:
		return syntax_error(c, p, "empty combination ()");
	default:
		return const_node(c, x, p);
	}
}

static lang_node *compile(const cc *c, kr_term *x, scope *sc, pos p)
{
	return nested(compile_form, c, x, sc, p);
}

/* ============================================================= entry */

int lang_eval_form(kr_term **out, kr_term *form, const kr_reader *r)
{
	cc c = {r, r ? kr_reader_name(r) : "<expr>", false};
	c.prelude = !strcmp(c.file, LANG_PRELUDE_FILE);
	pos p = {1, 1};
	if (r)
		kr_reader_form_position(r, &p.line, &p.col);
	if (compile_depth == 0)
		compile_work = qq_work = 0;
	lang_node *n = compile(&c, form, NULL, p);
	if (!n)
		return kr_error_last()->code;
	lang_eval_budget_reset();
	kr_term *v = lang_eval(n, NULL);
	if (!v)
		return kr_error_last()->code ? kr_error_last()->code : KR_ERROR;
	*out = v;
	return 0;
}

int lang_eval_text(const char *text, const char *name, bool print)
{
	kr_reader *r = kr_reader_new(text, name);
	for (;;) {
		kr_term *form, *v;
		int rc = kr_reader_next(&form, r);
		if (rc == KR_EOF)
			return 0;
		if (rc < 0 || (rc = lang_eval_form(&v, form, r)) < 0)
			return rc;
		if (print && v != lang_void()) {
			lang_fprint_value(stdout, v);
			putchar('\n');
		}
		fflush(stdout); /* a script stopped later keeps its output */
	}
}

void lang_init(void)
{
	static bool done;
	if (done)
		return;
	done = true;
	lang_set_memory_limit(cli_default_memory_limit());
	(void)lang_stack_low(); /* the stack's base, near main */
	lang_builtins_init();
	prim_list_value = lang_lookup("list");
	prim_member_value = lang_lookup("member");
	prim_append_value = lang_lookup("append");
	prim_graph_input_value = lang_lookup("graph-input");
	lang_gcomp_init();
	lang_macro_init();
	early_binding = true;
	int rc = lang_eval_text(lang_scheme_prelude, LANG_PRELUDE_FILE, false);
	if (rc == 0)
		rc = lang_eval_text(lang_prelude, LANG_PRELUDE_FILE, false);
	early_binding = false;
	if (rc < 0) {
		fprintf(stderr, "kanrewrite: prelude: %s\n",
			kr_error_last()->message);
		abort();
	}
}
