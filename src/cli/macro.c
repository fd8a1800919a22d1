/* macro.c -- syntax-rules macros: define-syntax in the language. */
/* See the LICENSE file for copying conditions. */
#include <stdint.h>
#include <string.h>

#include "lang.h"

/*
 * R7RS syntax-rules (section 4.3.2), the macros miniKanren code is written
 * with (faster-miniKanren's test-check `test`, matche-style helpers). A
 * use (keyword . args) is matched against each rule's pattern in turn,
 * the keyword position ignored; the first match instantiates its template.
 *
 *   patterns  symbols bind (`_` matches anything, literals match
 *             themselves); a subpattern followed by the ellipsis matches
 *             zero or more elements, and may be followed by more
 *             subpatterns and a dotted tail; other atoms match by equal?.
 *   templates pattern variables are replaced by what they matched; a
 *             subtemplate followed by k ellipses is repeated over the
 *             sequences of the pattern variables in it; (... ...) writes
 *             an ellipsis. (syntax-rules ELLIPSIS (literal ...) rule ...)
 *             names another ellipsis.
 *
 * Hygiene is partial, as in most small Schemes: a symbol that the
 * template itself binds (lambda and defrel parameters, the name and
 * parameters of a define, let, let*, letrec, named-let, do, fresh and run
 * variables) is renamed afresh at each expansion,
 * outside quoted data, so it cannot capture the user's variables; free
 * symbols of a template mean what they mean at the place of use.
 *
 * Patterns and templates are walked recursively, their depth bounded as
 * the compiler's; the expansions of one top-level form build at most the
 * cells left in the compiler's budget for it (lang_macro_expand).
 */

typedef struct rule {
	kr_term *pattern, *template;
	kr_term *binders; /* symbols the template binds, renamed at each use */
} rule;

typedef struct macro {
	kr_term *name;
	kr_term *ellipsis; /* NULL inside (... ...) */
	kr_term *literals;
	size_t n;
	rule *rules;
} macro;

static char *macro_str(const void *p)
{
	return kr_strfmt("#<syntax %s>", kr_sym_name(((const macro *)p)->name));
}

static const kr_foreign_type macro_type = {
	.name = "syntax", .to_string = macro_str};

bool lang_is_macro(const kr_term *t)
{
	return kr_is_foreign_of(t, &macro_type);
}

/* --------------------------------------------------------------- helpers */

static bool is_cons(const kr_term *t) { return kr_term_kind(t) == KR_CONS; }

static bool is_symbol(const kr_term *t) { return kr_term_kind(t) == KR_SYM; }

static bool sym_is(const kr_term *t, const char *name)
{
	return is_symbol(t) && !strcmp(kr_sym_name(t), name);
}

static bool memq(const kr_term *x, const kr_term *l)
{
	for (; is_cons(l); l = kr_cdr(l))
		if (kr_car(l) == x)
			return true;
	return false;
}

static bool is_ellipsis(const macro *m, const kr_term *t)
{
	return m->ellipsis && t == m->ellipsis;
}

/* True when the element after cell `c` of a list is the ellipsis. */
static bool ellipsis_follows(const macro *m, const kr_term *c)
{
	kr_term *d = kr_cdr(c);
	return is_cons(d) && is_ellipsis(m, kr_car(d));
}

static bool is_pattern_var(const macro *m, const kr_term *t)
{
	return is_symbol(t) && !kr_is_boolean(t) && !is_ellipsis(m, t) &&
	       !memq(t, m->literals) && !sym_is(t, "_");
}

/* Depth of the walks over patterns and templates (written by the user). */
static int depth;
static bool too_deep; /* set with the message when a walk stopped */

static bool enter(void)
{
	if (depth >= LANG_MAX_DEPTH || lang_stack_low()) {
		too_deep = true;
		/* the compiler's words: which walk stops first depends on
		   the stack a frame takes (more under the sanitizers) */
		kr_error_set(KR_ELIMIT, "form nested too deeply (over %d "
			     "levels, or near the end of the C stack)",
			     LANG_MAX_DEPTH);
		return false;
	}
	depth++;
	return true;
}

/* ------------------------------------------------------ definition check */

/*
 * A pattern is well formed when no list level has two ellipses, no
 * ellipsis comes first or after a dot, and no pattern variable repeats.
 * The pattern variables are collected into *vars.
 */
static bool check_pattern(const macro *m, kr_term *p, kr_term **vars)
{
	if (is_symbol(p)) {
		if (is_ellipsis(m, p))
			return kr_error_set(KR_ESYNTAX, "syntax-rules: misplaced "
					    "ellipsis in a pattern"), false;
		if (!is_pattern_var(m, p))
			return true;
		if (memq(p, *vars))
			return kr_error_set(KR_ESYNTAX, "syntax-rules: pattern "
					    "variable %s appears twice",
					    kr_sym_name(p)), false;
		*vars = kr_cons(p, *vars);
		return true;
	}
	if (!is_cons(p))
		return true;
	if (!enter())
		return false;
	bool ok = true, seen = false;
	for (; ok && is_cons(p); p = kr_cdr(p)) {
		if (is_ellipsis(m, kr_car(p))) {
			kr_error_set(KR_ESYNTAX, "syntax-rules: misplaced "
				     "ellipsis in a pattern");
			ok = false;
			break;
		}
		ok = check_pattern(m, kr_car(p), vars);
		if (ok && ellipsis_follows(m, p)) {
			if (seen) {
				kr_error_set(KR_ESYNTAX, "syntax-rules: two "
					     "ellipses in one list of a pattern");
				ok = false;
			}
			seen = true;
			p = kr_cdr(p);
		}
	}
	if (ok)
		ok = check_pattern(m, p, vars);
	depth--;
	return ok;
}

/* Add the symbols of a parameter list or binding name to *out. */
static void add_binders(const macro *m, kr_term *ps, kr_term *pvars,
			kr_term **out)
{
	for (;; ps = kr_cdr(ps)) {
		kr_term *x = is_cons(ps) ? kr_car(ps) : ps;
		if (is_symbol(x) && !is_ellipsis(m, x) && !memq(x, pvars) &&
		    !sym_is(x, "_") && !memq(x, *out))
			*out = kr_cons(x, *out);
		if (!is_cons(ps))
			return;
	}
}

/* The names of a let's bindings ((name value) ...). */
static void add_let_binders(const macro *m, kr_term *bs, kr_term *pvars,
			    kr_term **out)
{
	for (; is_cons(bs); bs = kr_cdr(bs))
		if (is_cons(kr_car(bs)))
			add_binders(m, kr_cons(kr_car(kr_car(bs)), kr_nil()),
				    pvars, out);
}

static bool template_binders(const macro *m, kr_term *t, kr_term *pvars,
			     kr_term **out);

/*
 * Quasiquoted template data at nesting `level`: only what an unquote at
 * level 0 holds is code that can bind.
 */
static bool qq_binders(const macro *m, kr_term *t, int level, kr_term *pvars,
		       kr_term **out)
{
	if (!is_cons(t))
		return true;
	if (!enter())
		return false;
	kr_term *h = kr_car(t);
	bool ok = true;
	if (kr_list_length(t) == 2 && (sym_is(h, "unquote") ||
				       sym_is(h, "unquote-splicing")))
		ok = level == 0 ? template_binders(m, kr_car(kr_cdr(t)), pvars,
						   out)
				: qq_binders(m, kr_car(kr_cdr(t)), level - 1,
					     pvars, out);
	else if (kr_list_length(t) == 2 && sym_is(h, "quasiquote"))
		ok = qq_binders(m, kr_car(kr_cdr(t)), level + 1, pvars, out);
	else
		for (; ok && is_cons(t); t = kr_cdr(t))
			ok = qq_binders(m, kr_car(t), level, pvars, out);
	depth--;
	return ok;
}

/*
 * The symbols that template t binds itself (not pattern variables):
 * parameters of lambda and defrel, the name and parameters of define,
 * names of let, let*, letrec, letrec*, named let and do, variables of
 * fresh and run. Quoted data is skipped, and
 * of quasiquoted data only the unquoted code is read.
 */
static bool template_binders(const macro *m, kr_term *t, kr_term *pvars,
			     kr_term **out)
{
	if (!is_cons(t))
		return true;
	if (!enter())
		return false;
	kr_term *h = kr_car(t), *rest = kr_cdr(t);
	kr_term *a1 = is_cons(rest) ? kr_car(rest) : NULL;
	kr_term *a2 = a1 && is_cons(kr_cdr(rest)) ? kr_car(kr_cdr(rest))
						    : NULL;
	bool ok = true;
	if (sym_is(h, "quote")) {
		depth--; /* data, not code */
		return true;
	}
	if (sym_is(h, "quasiquote") && a1) {
		ok = qq_binders(m, a1, 0, pvars, out);
		depth--;
		return ok;
	}
	if (a1 && (sym_is(h, "lambda") || sym_is(h, "fresh") ||
		   sym_is(h, "run*")))
		add_binders(m, a1, pvars, out);
	else if (a1 && sym_is(h, "defrel") && is_cons(a1))
		add_binders(m, kr_cdr(a1), pvars, out); /* the parameters */
	else if (a1 && sym_is(h, "define"))
		add_binders(m, a1, pvars, out); /* the name and parameters */
	else if (a1 && sym_is(h, "do"))
		add_let_binders(m, a1, pvars, out);
	else if (a2 && sym_is(h, "run"))
		add_binders(m, a2, pvars, out);
	else if (a1 && (sym_is(h, "let") || sym_is(h, "let*") ||
			sym_is(h, "letrec") || sym_is(h, "letrec*"))) {
		if (is_symbol(a1) && sym_is(h, "let")) { /* named let */
			add_binders(m, a1, pvars, out);
			a1 = a2;
		}
		if (a1)
			add_let_binders(m, a1, pvars, out);
	}
	for (; ok && is_cons(t); t = kr_cdr(t))
		ok = template_binders(m, kr_car(t), pvars, out);
	depth--;
	return ok;
}

kr_term *lang_macro_new(kr_term *name, kr_term *spec)
{
	if (!is_cons(spec) || !sym_is(kr_car(spec), "syntax-rules")) {
		kr_error_set(KR_ESYNTAX, "define-syntax %s: only syntax-rules "
			     "transformers are supported", kr_sym_name(name));
		return NULL;
	}
	macro *m = kr_alloc(sizeof *m);
	m->name = name;
	m->ellipsis = kr_sym("...");
	kr_term *rest = kr_cdr(spec);
	if (is_cons(rest) && is_symbol(kr_car(rest))) { /* R7RS: custom */
		m->ellipsis = kr_car(rest);
		rest = kr_cdr(rest);
	}
	long nlits = is_cons(rest) ? kr_list_length(kr_car(rest)) : -1;
	long n = kr_list_length(rest);
	if (nlits < 0 || n < 1) {
		kr_error_set(KR_ESYNTAX, "syntax-rules: expected (syntax-rules "
			     "(literal ...) (pattern template) ...)");
		return NULL;
	}
	m->literals = kr_car(rest);
	for (kr_term *l = m->literals; is_cons(l); l = kr_cdr(l))
		if (!is_symbol(kr_car(l))) {
			kr_error_set(KR_ESYNTAX, "syntax-rules: a literal is "
				     "not a symbol: %s",
				     lang_show_short(kr_car(l)));
			return NULL;
		}
	m->n = (size_t)n - 1;
	m->rules = kr_alloc((m->n ? m->n : 1) * sizeof *m->rules);
	rest = kr_cdr(rest);
	for (size_t i = 0; i < m->n; i++, rest = kr_cdr(rest)) {
		kr_term *r = kr_car(rest), *pvars = kr_nil();
		if (kr_list_length(r) != 2 || !is_cons(kr_car(r))) {
			kr_error_set(KR_ESYNTAX, "syntax-rules: rule %zu is not "
				     "((keyword . pattern) template)", i + 1);
			return NULL;
		}
		rule *ru = &m->rules[i];
		ru->pattern = kr_cdr(kr_car(r)); /* the keyword is ignored */
		ru->template = kr_car(kr_cdr(r));
		ru->binders = kr_nil();
		if (!check_pattern(m, ru->pattern, &pvars) ||
		    !template_binders(m, ru->template, pvars, &ru->binders))
			return NULL;
	}
	return kr_foreign(&macro_type, m);
}

/* --------------------------------------------------------------- matching */

/*
 * What a pattern variable matched: a term (depth 0, n == SINGLE), or for
 * a variable under `depth` ellipses the n matches of its subpattern, each
 * of depth - 1.
 */
#define SINGLE SIZE_MAX

typedef struct mval {
	size_t n;
	int depth;
	kr_term *t;
	struct mval **items;
} mval;

typedef struct binding {
	kr_term *var;
	mval *val;
	struct binding *next;
} binding;

static binding *bind(binding *b, kr_term *var, mval *val)
{
	binding *nb = kr_alloc(sizeof *nb);
	nb->var = var;
	nb->val = val;
	nb->next = b;
	return nb;
}

static mval *lookup(const binding *b, const kr_term *var)
{
	for (; b; b = b->next)
		if (b->var == var)
			return b->val;
	return NULL;
}

static bool match(const macro *m, kr_term *p, kr_term *f, binding **b);

/* The number of ellipses around var in pattern p (p holds var). */
static int var_depth(const macro *m, const kr_term *p, const kr_term *var)
{
	if (p == var)
		return 0;
	for (; is_cons(p); p = kr_cdr(p)) {
		int d = var_depth(m, kr_car(p), var);
		if (d >= 0)
			return d + ellipsis_follows(m, p);
	}
	return p == var ? 0 : -1;
}

/*
 * The subpattern p under an ellipsis against the next `reps` elements of
 * the list *f: each variable of p is bound to the sequence of its matches.
 */
static bool match_repeated(const macro *m, kr_term *p, kr_term **f,
			   long reps, binding **b)
{
	kr_term *vars = kr_nil();
	(void)check_pattern(m, p, &vars); /* checked when defined */
	binding **each = kr_alloc((reps ? (size_t)reps : 1) * sizeof *each);
	for (long i = 0; i < reps; i++, *f = kr_cdr(*f)) {
		each[i] = NULL;
		if (!match(m, p, kr_car(*f), &each[i]))
			return false;
	}
	for (; is_cons(vars); vars = kr_cdr(vars)) {
		mval *v = kr_alloc(sizeof *v);
		v->n = (size_t)reps;
		v->depth = 1 + var_depth(m, p, kr_car(vars));
		v->items = kr_alloc((reps ? (size_t)reps : 1) * sizeof *v->items);
		for (long i = 0; i < reps; i++)
			v->items[i] = lookup(each[i], kr_car(vars));
		*b = bind(*b, kr_car(vars), v);
	}
	return true;
}

static long cells(const kr_term *l)
{
	long n = 0;
	for (; is_cons(l); l = kr_cdr(l))
		n++;
	return n;
}

static bool match_list(const macro *m, kr_term *p, kr_term *f, binding **b)
{
	while (is_cons(p)) {
		if (ellipsis_follows(m, p)) {
			kr_term *after = kr_cdr(kr_cdr(p));
			long reps = cells(f) - cells(after);
			if (reps < 0 ||
			    !match_repeated(m, kr_car(p), &f, reps, b))
				return false;
			p = after;
			continue;
		}
		if (!is_cons(f) || !match(m, kr_car(p), kr_car(f), b))
			return false;
		p = kr_cdr(p);
		f = kr_cdr(f);
	}
	return match(m, p, f, b);
}

static bool match(const macro *m, kr_term *p, kr_term *f, binding **b)
{
	switch (kr_term_kind(p)) {
	case KR_SYM:
		if (memq(p, m->literals) || kr_is_boolean(p))
			return f == p;
		if (!sym_is(p, "_")) {
			mval *v = kr_alloc(sizeof *v);
			v->n = SINGLE;
			v->t = f;
			*b = bind(*b, p, v);
		}
		return true;
	case KR_CONS: {
		if (!enter())
			return false;
		bool ok = match_list(m, p, f, b);
		depth--;
		return ok;
	}
	case KR_NIL: return kr_term_kind(f) == KR_NIL;
	default: return kr_equal(p, f);
	}
}

/* -------------------------------------------------------------- expansion */

typedef struct expansion {
	const rule *rule;
	binding *renamed; /* binder -> its fresh name, made on first use */
	size_t cells, max_cells;
	bool failed;
} expansion;

kr_term *lang_fresh_symbol(const char *base)
{
	static unsigned long count;
	return kr_sym(kr_strfmt("%s.%lu", base, ++count));
}

static kr_term *fresh_name(kr_term *sym)
{
	return lang_fresh_symbol(kr_sym_name(sym));
}

static kr_term *renamed(expansion *x, kr_term *sym)
{
	mval *v = lookup(x->renamed, sym);
	if (!v) {
		v = kr_alloc(sizeof *v);
		v->n = SINGLE;
		v->t = fresh_name(sym);
		x->renamed = bind(x->renamed, sym, v);
	}
	return v->t;
}

static kr_term *fail(expansion *x, int code, const char *fmt, const char *arg)
{
	if (!x->failed)
		kr_error_set(code, fmt, arg);
	x->failed = true;
	return NULL;
}

static kr_term *cons(expansion *x, kr_term *a, kr_term *d)
{
	if (++x->cells > x->max_cells) {
		if (!x->failed)
			kr_error_set(KR_ELIMIT, "syntax-rules: expansions too "
				     "large: the form's budget of cells is "
				     "spent");
		x->failed = true;
		return NULL;
	}
	return kr_cons(a, d);
}

static kr_term *expand(const macro *m, expansion *x, kr_term *t,
		       const binding *b, bool quoted);

/*
 * The pattern variables of t that the outermost of k ellipses after t
 * iterates over, as a binding list. As in Chez Scheme (psyntax), a
 * variable of depth d takes the innermost d of the ellipses around its
 * occurrence and is constant under the outer ones: an occurrence under
 * `inner` more ellipses inside t is iterated here when d >= k + inner.
 */
static binding *sequence_vars(const macro *m, kr_term *t, int k, int inner,
			      const binding *b, binding *acc)
{
	if (is_symbol(t)) {
		mval *v = lookup(b, t);
		if (v && v->n != SINGLE && v->depth >= k + inner &&
		    !lookup(acc, t))
			acc = bind(acc, t, v);
		return acc;
	}
	if (is_cons(t) && is_ellipsis(m, kr_car(t)) && kr_list_length(t) == 2) {
		macro lit = *m; /* (... tmpl): its ellipses are literal */
		lit.ellipsis = NULL;
		return sequence_vars(&lit, kr_car(kr_cdr(t)), k, inner, b, acc);
	}
	if (!is_cons(t) || !enter())
		return acc; /* too deep: enter() set too_deep */
	for (; is_cons(t) && !too_deep; t = kr_cdr(t)) {
		int j = 0;
		for (kr_term *c = t; ellipsis_follows(m, c); c = kr_cdr(c))
			j++;
		acc = sequence_vars(m, kr_car(t), k, inner + j, b, acc);
	}
	depth--;
	return is_symbol(t) ? sequence_vars(m, t, k, inner, b, acc) : acc;
}

/*
 * Subtemplate t followed by k ellipses: its instances over the sequences
 * of its pattern variables, pushed onto the reversed list *out.
 */
static bool expand_repeated(const macro *m, expansion *x, kr_term *t, int k,
			    const binding *b, bool quoted, kr_term **out)
{
	binding *vars = sequence_vars(m, t, k, 0, b, NULL);
	if (too_deep)
		return x->failed = true, false;
	if (!vars)
		return fail(x, KR_ESYNTAX, "syntax-rules: no pattern variable "
			    "under the ellipsis after %s", lang_show_short(t)),
		       false;
	size_t n = vars->val->n;
	for (binding *v = vars; v; v = v->next)
		if (v->val->n != n)
			return fail(x, KR_ESYNTAX, "syntax-rules: the pattern "
				    "variables under one ellipsis matched "
				    "sequences of different lengths (%s)",
				    kr_sym_name(v->var)), false;
	for (size_t i = 0; i < n; i++) {
		const binding *bi = b;
		for (binding *v = vars; v; v = v->next)
			bi = bind((binding *)bi, v->var, v->val->items[i]);
		if (k > 1) {
			if (!expand_repeated(m, x, t, k - 1, bi, quoted, out))
				return false;
			continue;
		}
		kr_term *e = expand(m, x, t, bi, quoted);
		if (!e || !(*out = cons(x, e, *out)))
			return false;
	}
	return true;
}

static kr_term *expand_list(const macro *m, expansion *x, kr_term *t,
			    const binding *b, bool quoted)
{
	kr_term *h = kr_car(t);
	if (is_ellipsis(m, h) && kr_list_length(t) == 2) { /* (... tmpl) */
		macro lit = *m;
		lit.ellipsis = NULL;
		return expand(&lit, x, kr_car(kr_cdr(t)), b, quoted);
	}
	if (sym_is(h, "quote") || sym_is(h, "quasiquote"))
		quoted = true;
	else if (sym_is(h, "unquote") || sym_is(h, "unquote-splicing"))
		quoted = false;
	kr_term *rev = kr_nil();
	for (; is_cons(t); t = kr_cdr(t)) {
		kr_term *e = kr_car(t);
		int k = 0;
		while (ellipsis_follows(m, t))
			k++, t = kr_cdr(t);
		if (k) {
			if (!expand_repeated(m, x, e, k, b, quoted, &rev))
				return NULL;
			continue;
		}
		kr_term *v = expand(m, x, e, b, quoted);
		if (!v || !(rev = cons(x, v, rev)))
			return NULL;
	}
	kr_term *list = expand(m, x, t, b, quoted);
	for (; list && is_cons(rev); rev = kr_cdr(rev))
		list = cons(x, kr_car(rev), list);
	return list;
}

static kr_term *expand(const macro *m, expansion *x, kr_term *t,
		       const binding *b, bool quoted)
{
	if (is_symbol(t)) {
		mval *v = lookup(b, t);
		if (v && v->n != SINGLE)
			return fail(x, KR_ESYNTAX, "syntax-rules: pattern "
				    "variable %s is used without its ellipsis",
				    kr_sym_name(t));
		if (v)
			return v->t;
		if (!quoted && memq(t, x->rule->binders))
			return renamed(x, t);
		return t;
	}
	if (!is_cons(t))
		return t;
	if (!enter())
		return x->failed = true, NULL;
	kr_term *r = expand_list(m, x, t, b, quoted);
	depth--;
	return r;
}

/* ------------------------------------------------------------------ uses */

int lang_macro_expand(kr_term **out, const kr_term *mt, kr_term *form,
		      size_t *budget)
{
	const macro *m = kr_foreign_ptr(mt);
	too_deep = false;
	for (size_t i = 0; i < m->n; i++) {
		binding *b = NULL;
		if (!match(m, m->rules[i].pattern, kr_cdr(form), &b)) {
			if (too_deep)
				return kr_error_last()->code;
			continue;
		}
		expansion x = {.rule = &m->rules[i], .max_cells = *budget};
		kr_term *r = expand(m, &x, m->rules[i].template, b, false);
		*budget -= x.cells < *budget ? x.cells : *budget;
		if (!r)
			return kr_error_last()->code;
		*out = r;
		return 0;
	}
	return kr_error_set(KR_ESYNTAX, "no syntax-rules pattern of %s "
			    "matches %s", kr_sym_name(m->name),
			    lang_show_short(form));
}

/* ----------------------------------------------------------------- matche */

/*
 * faster-miniKanren's matche (matche.scm, after cKanren's), lambdae and
 * defmatche, rewritten into the core forms:
 *
 *   (matche (v ...) ([pat ...] g ...) ...)
 *   => (let ((ls (list v ...)))
 *        (conde ((fresh (x ...) (c x) ... (== `(pat ...) ls) g ...)) ...))
 *
 * where the x are the pattern's unquoted symbols: `,x` is a new variable
 * of the clause (one per name), `,??` an anonymous one, `,(? c x)` one
 * constrained by the goal (c x); a pattern that is exactly `,v` for its
 * own argument v is that argument, and `,v` deeper in v's pattern is an
 * error. `(matche v (pat g ...) ...)` matches one value.
 */

/*
 * The procedures a rewrite calls, captured at start: written into the
 * form as values, not names, so a user's binding named `list` or `==`
 * cannot capture them.
 */
static kr_term *list_value, *eq_value;

void lang_macro_init(void)
{
	list_value = lang_lookup("list");
	eq_value = lang_lookup("==");
}

typedef struct mclause {
	kr_term *vars;  /* new variables, each once */
	kr_term *goals; /* constraint goals (c x), reversed */
	kr_term *arg;   /* the argument whose pattern is being read */
} mclause;

static kr_term *unquoted(const kr_term *t)
{
	return is_cons(t) && sym_is(kr_car(t), "unquote") &&
			       kr_list_length(t) == 2 ?
		       kr_car(kr_cdr(t)) :
		       NULL;
}

static void add_var(mclause *c, kr_term *x)
{
	if (!memq(x, c->vars))
		c->vars = kr_cons(x, c->vars);
}

static int bad_depth(const kr_term *x)
{
	return kr_error_set(KR_ESYNTAX, "matche: argument %s appears in its "
			    "pattern at an invalid depth", kr_sym_name(x));
}

/*
 * The pattern `,u` (p) as matche reads it into *out: 1, or 0 when it is
 * an ordinary pair for the quasiquote, or a negative error code.
 */
static int matche_unquote(mclause *c, kr_term *p, kr_term *u, bool top,
			  kr_term **out)
{
	if (is_symbol(u)) {
		if (u == c->arg) {
			*out = p;
			return top ? 1 : bad_depth(u);
		}
		if (sym_is(u, "??"))
			u = fresh_name(u);
		add_var(c, u);
		*out = KR_LIST(kr_sym("unquote"), u);
		return 1;
	}
	if (kr_list_length(u) != 3 || !sym_is(kr_car(u), "?") ||
	    !is_symbol(kr_car(kr_cdr(kr_cdr(u)))))
		return 0;
	kr_term *x = kr_car(kr_cdr(kr_cdr(u)));
	if (x == c->arg && !top)
		return bad_depth(x);
	if (x != c->arg)
		add_var(c, x);
	c->goals = kr_cons(KR_LIST(kr_car(kr_cdr(u)), x), c->goals);
	*out = KR_LIST(kr_sym("unquote"), x);
	return 1;
}

static kr_term *matche_pattern(mclause *c, kr_term *p, bool top)
{
	kr_term *u = unquoted(p), *r = NULL;
	int rc = u ? matche_unquote(c, p, u, top, &r) : 0;
	if (rc)
		return rc > 0 ? r : NULL;
	if (!is_cons(p))
		return p;
	if (!enter())
		return NULL;
	/* along the list; its tail may be an unquote form: (a . ,d) */
	kr_term *rev = kr_nil(), *t = p;
	do {
		kr_term *e = matche_pattern(c, kr_car(t), false);
		if (!e) {
			depth--;
			return NULL;
		}
		rev = kr_cons(e, rev);
		t = kr_cdr(t);
	} while (is_cons(t) && !unquoted(t));
	kr_term *list = matche_pattern(c, t, false);
	depth--;
	for (; list && is_cons(rev); rev = kr_cdr(rev))
		list = kr_cons(kr_car(rev), list);
	return list;
}

static kr_term *reverse(kr_term *l)
{
	kr_term *r = kr_nil();
	for (; is_cons(l); l = kr_cdr(l))
		r = kr_cons(kr_car(l), r);
	return r;
}

/* (matche (v ...) ([pat ...] g ...) ...) with args a proper list. */
static int matche_expand(kr_term **out, kr_term *args, kr_term *clauses)
{
	long nargs = kr_list_length(args);
	kr_term *ls = fresh_name(kr_sym("ls"));
	kr_term *conde = kr_nil();
	size_t i = 0;
	for (kr_term *cl = clauses; is_cons(cl); cl = kr_cdr(cl), i++) {
		kr_term *pats = kr_car(kr_car(cl)), *goals = kr_cdr(kr_car(cl));
		if (kr_list_length(pats) != nargs)
			return kr_error_set(KR_ESYNTAX, "matche: clause %zu has "
					    "%ld patterns for %ld arguments",
					    i + 1, kr_list_length(pats), nargs);
		mclause c = {kr_nil(), kr_nil(), NULL};
		kr_term *rev = kr_nil();
		kr_term *a = args;
		for (kr_term *p = pats; is_cons(p); p = kr_cdr(p), a = kr_cdr(a)) {
			c.arg = is_symbol(kr_car(a)) ? kr_car(a) : NULL;
			too_deep = false;
			kr_term *e = matche_pattern(&c, kr_car(p), true);
			if (!e)
				return kr_error_last()->code;
			rev = kr_cons(e, rev);
		}
		kr_term *eq = KR_LIST(eq_value,
				      KR_LIST(kr_sym("quasiquote"), reverse(rev)),
				      ls);
		kr_term *body = kr_cons(eq, goals);
		for (kr_term *g = c.goals; is_cons(g); g = kr_cdr(g))
			body = kr_cons(kr_car(g), body);
		kr_term *fresh = kr_cons(kr_sym("fresh"),
					 kr_cons(reverse(c.vars), body));
		conde = kr_cons(KR_LIST(fresh), conde);
	}
	*out = KR_LIST(kr_sym("let"),
		       KR_LIST(KR_LIST(ls, kr_cons(list_value, args))),
		       kr_cons(kr_sym("conde"), reverse(conde)));
	return 0;
}

static bool all_clauses_listed(kr_term *clauses)
{
	for (; is_cons(clauses); clauses = kr_cdr(clauses))
		if (!is_cons(kr_car(clauses)) ||
		    kr_list_length(kr_car(kr_car(clauses))) < 0)
			return false;
	return kr_term_kind(clauses) == KR_NIL;
}

int lang_matche_expand(kr_term **out, kr_term *form)
{
	const char *h = kr_sym_name(kr_car(form));
	long n = kr_list_length(form);
	if (!strcmp(h, "matche")) {
		if (n < 2)
			return kr_error_set(KR_ESYNTAX, "matche: expected (matche "
					    "(v ...) ([pat ...] goal ...) ...)");
		kr_term *v = kr_car(kr_cdr(form)), *cls = kr_cdr(kr_cdr(form));
		if (kr_list_length(v) >= 0 && kr_term_kind(v) != KR_NIL &&
		    all_clauses_listed(cls))
			return matche_expand(out, v, cls);
		if (kr_term_kind(v) == KR_NIL && all_clauses_listed(cls))
			return matche_expand(out, v, cls);
		/* (matche v (pat g ...) ...) is (matche (v) ([pat] g ...) ...) */
		kr_term *wrapped = kr_nil();
		for (kr_term *c = cls; is_cons(c); c = kr_cdr(c)) {
			if (!is_cons(kr_car(c)))
				return kr_error_set(KR_ESYNTAX, "matche: a clause "
						    "is not (pattern goal ...)");
			wrapped = kr_cons(kr_cons(KR_LIST(kr_car(kr_car(c))),
						  kr_cdr(kr_car(c))),
					  wrapped);
		}
		return matche_expand(out, KR_LIST(v), reverse(wrapped));
	}
	kr_term *head = n >= 2 ? kr_car(kr_cdr(form)) : NULL;
	if (!head || kr_list_length(head) < (*h == 'd' ? 1 : 0) ||
	    (*h == 'l' && n < 3))
		return kr_error_set(KR_ESYNTAX, "%s: expected (%s %s clause "
				    "...)", h, h, *h == 'd' ? "(name arg ...)"
							   : "(arg ...)");
	kr_term *args = *h == 'd' ? kr_cdr(head) : head;
	kr_term *m = kr_cons(kr_sym("matche"), kr_cons(args,
						       kr_cdr(kr_cdr(form))));
	*out = KR_LIST(kr_sym(*h == 'd' ? "defrel" : "lambda"), head, m);
	return 0;
}
