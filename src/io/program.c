/* program.c -- the input language of `kanrewrite rewrite`. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include <ctype.h>

#include "core/alloc.h"
#include "kanrewrite/gformat.h"
#include "kanrewrite/op.h"
#include "kanrewrite/print.h"
#include "kanrewrite/program.h"
#include "kanrewrite/read.h"
#include "kanrewrite/term.h"
#include "kanrewrite/type.h"

struct kr_program {
	kr_reader *reader;
	kri_pmap names;  /* symbol term -> kr_variable */
	kri_vec graphs;  /* kr_variable */
	kri_vec places;  /* packed line << 32 | col, as pointers */
	kr_fgraph *fg;   /* the graph of a file in the full format */
};

static void *pack_place(int line, int col)
{
	return (void *)(uintptr_t)(((uint64_t)line << 32) | (unsigned)col);
}

/* An error at the position of the element held by `cell` (or the form). */
static int fail_at(kr_program *p, const kr_term *cell, int code,
		   const char *what)
{
	int line, col;
	if (!cell || !kr_reader_cell_position(p->reader, cell, &line, &col))
		kr_reader_form_position(p->reader, &line, &col);
	return kr_error_set(code, "%s:%d:%d: %s", kr_reader_name(p->reader),
			    line, col, what);
}

static const kr_type *decl_type(const kr_term *head)
{
	if (kr_term_kind(head) != KR_SYM)
		return NULL;
	const char *n = kr_sym_name(head);
	if (!strcmp(n, "matrix"))
		return kr_type_matrix();
	if (!strcmp(n, "vector"))
		return kr_type_vector();
	if (!strcmp(n, "scalar"))
		return kr_type_scalar(KR_FLOAT64);
	return NULL;
}

static int declare(kr_program *p, kr_term *form, const kr_type *type)
{
	for (kr_term *c = kr_cdr(form); kr_term_kind(c) == KR_CONS;
	     c = kr_cdr(c)) {
		kr_term *name = kr_car(c);
		if (kr_term_kind(name) != KR_SYM)
			return fail_at(p, c, KR_EINVALID,
				       kr_strfmt("a declaration names inputs "
						 "with symbols, not %s",
						 kr_term_to_string(name)));
		if (kri_pmap_has(&p->names, name))
			return fail_at(p, c, KR_EEXISTS,
				       kr_strfmt("%s is already declared",
						 kr_sym_name(name)));
		kri_pmap_put(&p->names, name,
			     kr_variable_new(type, kr_sym_name(name)));
	}
	return 0;
}

static int build_leaf(kr_variable **out, kr_program *p, kr_term *e,
		      const kr_term *cell)
{
	switch (kr_term_kind(e)) {
	case KR_INT:
		*out = kr_constant_new((double)kr_int_value(e), NULL);
		return 0;
	case KR_REAL:
		*out = kr_constant_new(kr_real_value(e), NULL);
		return 0;
	case KR_SYM:
		*out = kri_pmap_get(&p->names, e);
		if (*out)
			return 0;
		return fail_at(p, cell, KR_ENOTFOUND,
			       kr_strfmt("undeclared name %s", kr_sym_name(e)));
	default:
		return fail_at(p, cell, KR_ESYNTAX,
			       kr_strfmt("not a graph expression: %s",
					 kr_term_to_string(e)));
	}
}

/*
 * An application being built: its op, where it is (for messages), the
 * argument cells still to build and the arguments built so far.
 */
typedef struct bframe {
	kr_op *op;
	const kr_term *cell;
	kr_term *rest;
	kri_vec args;
} bframe;

static int open_apply(bframe **out, kr_program *p, kr_term *e,
		      const kr_term *cell)
{
	kr_term *head = kr_car(e);
	if (kr_term_kind(head) != KR_SYM)
		return fail_at(p, cell, KR_ESYNTAX, "an operation starts with "
						 "an op name");
	kr_op *op = kr_op_lookup(kr_sym_name(head));
	if (!op)
		return fail_at(p, cell, KR_ENOTFOUND,
			       kr_strfmt("unknown op %s", kr_sym_name(head)));
	bframe *f = kri_alloc(sizeof *f);
	f->op = op;
	f->cell = cell;
	f->rest = kr_cdr(e);
	*out = f;
	return 0;
}

/*
 * The graph of expression e (held by the list cell `cell`, NULL at the
 * top), built bottom up with a stack of its own, so that an expression
 * nested 10^5 deep does not reach the end of the C stack. Arguments are
 * built left to right, an op is looked up before its arguments.
 */
static int build(kr_variable **out, kr_program *p, kr_term *e,
		 const kr_term *cell)
{
	if (kr_term_kind(e) != KR_CONS)
		return build_leaf(out, p, e, cell);
	kri_vec stack = {0};
	bframe *f;
	int rc = open_apply(&f, p, e, cell);
	while (rc == 0) {
		kr_term *c = f->rest;
		kr_variable *v;
		if (kr_term_kind(c) == KR_CONS) {
			f->rest = kr_cdr(c);
			if (kr_term_kind(kr_car(c)) == KR_CONS) {
				kri_vec_push(&stack, f);
				rc = open_apply(&f, p, kr_car(c), c);
			} else {
				rc = build_leaf(&v, p, kr_car(c), c);
				if (rc == 0)
					kri_vec_push(&f->args, v);
			}
			continue;
		}
		if (kr_term_kind(c) != KR_NIL)
			return fail_at(p, f->cell, KR_ESYNTAX, "improper list");
		if (kr_op_call(&v, f->op, f->args.len,
			       (kr_variable *const *)f->args.items) < 0)
			return fail_at(p, f->cell, KR_EINVALID,
				       kr_error_last()->message);
		if (stack.len == 0) {
			*out = v;
			return 0;
		}
		f = kri_vec_pop(&stack);
		kri_vec_push(&f->args, v);
	}
	return rc;
}

static int add_form(kr_program *p, kr_term *form)
{
	if (kr_term_kind(form) == KR_CONS) {
		const kr_type *t = decl_type(kr_car(form));
		if (t)
			return declare(p, form, t);
	}
	kr_variable *v;
	int rc = build(&v, p, form, NULL);
	if (rc < 0)
		return rc;
	int line, col;
	kr_reader_form_position(p->reader, &line, &col);
	kri_vec_push(&p->graphs, v);
	kri_vec_push(&p->places, pack_place(line, col));
	return 0;
}

/* ------------------------------------------------------------ full format */

/*
 * A lexical pass over the top-level forms (comments, strings and nesting
 * skipped; no datum is built, so `#n=` labels are fine): calls `visit`
 * with the head word of each top-level list and where the list starts.
 */
typedef struct scan {
	const char *s;
	int line, col;
} scan;

static char scan_next(scan *sc)
{
	char c = *sc->s++;
	if (c == '\n')
		sc->line++, sc->col = 1;
	else
		sc->col++;
	return c;
}

static void scan_skip(scan *sc, char c)
{
	if (c == ';') {
		while (*sc->s && *sc->s != '\n')
			scan_next(sc);
	} else if (c == '"') {
		while (*sc->s && *sc->s != '"')
			if (scan_next(sc) == '\\' && *sc->s)
				scan_next(sc);
		if (*sc->s)
			scan_next(sc);
	}
}

static bool head_is(const char *s, const char *word)
{
	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
		s++;
	size_t n = strlen(word);
	return strncmp(s, word, n) == 0 &&
	       (isspace((unsigned char)s[n]) || s[n] == ')' || !s[n]);
}

static bool is_decl(const char *s)
{
	static const char *const words[] = {"input", "constant", "matrix",
					    "vector", "scalar"};
	for (size_t k = 0; k < sizeof words / sizeof *words; k++)
		if (head_is(s, words[k]))
			return true;
	return false;
}

/* True when a top-level form is (input ...), (constant ...) or
 * (output ...); `places` gets where each graph-giving form starts. */
static bool full_format(const char *text, kri_vec *places)
{
	scan sc = {text, 1, 1};
	bool full = false;
	int depth = 0;
	while (*sc.s) {
		int line = sc.line, col = sc.col;
		const char *at = sc.s;
		char c = scan_next(&sc);
		if (c == ';' || c == '"')
			scan_skip(&sc, c);
		else if (c == ')' && depth > 0)
			depth--;
		if (c != '(' || depth++ > 0)
			continue;
		full |= head_is(at + 1, "input") || head_is(at + 1, "constant") ||
			head_is(at + 1, "output");
		if (!is_decl(at + 1))
			kri_vec_push(places, pack_place(line, col));
	}
	return full;
}

/* The graphs of a file in the full format: its outputs, in order. */
static int read_full(kr_program *p, const char *text, const char *name,
		     kri_vec *places)
{
	int rc = kr_gformat_read(&p->fg, NULL, text, name);
	if (rc < 0)
		return rc;
	size_t n = kr_fgraph_noutputs(p->fg);
	for (size_t k = 0; k < n; k++) {
		kri_vec_push(&p->graphs, kr_fgraph_output(p->fg, k));
		kri_vec_push(&p->places, k < places->len ? places->items[k]
							 : pack_place(1, 1));
	}
	for (size_t k = 0; k < kr_fgraph_ninputs(p->fg); k++) {
		kr_variable *v = kr_fgraph_input(p->fg, k);
		if (kr_variable_name(v))
			kri_pmap_put(&p->names, kr_sym(kr_variable_name(v)), v);
	}
	return 0;
}

int kr_program_read(kr_program **out, const char *text, const char *name)
{
	kr_check(out != NULL && text != NULL);
	kr_program *p = kri_alloc(sizeof *p);
	p->reader = kr_reader_new(text, name);
	kri_vec places = {0};
	if (full_format(text, &places)) {
		int rc = read_full(p, text, name ? name : "<text>", &places);
		if (rc == 0)
			*out = p;
		return rc;
	}
	for (;;) {
		kr_term *form;
		int rc = kr_reader_next(&form, p->reader);
		if (rc == KR_EOF)
			break;
		if (rc < 0 || (rc = add_form(p, form)) < 0)
			return rc;
	}
	*out = p;
	return 0;
}

size_t kr_program_count(const kr_program *p) { return p->graphs.len; }

kr_variable *kr_program_graph(const kr_program *p, size_t i)
{
	kr_check(i < p->graphs.len);
	return p->graphs.items[i];
}

void kr_program_position(const kr_program *p, size_t i, int *line, int *col)
{
	kr_check(i < p->places.len);
	uint64_t at = (uint64_t)(uintptr_t)p->places.items[i];
	*line = (int)(at >> 32);
	*col = (int)(at & 0xffffffffu);
}

kr_fgraph *kr_program_fgraph(const kr_program *p)
{
	kr_check(p != NULL);
	return p->fg;
}

kr_variable *kr_program_lookup(const kr_program *p, const char *name)
{
	return kri_pmap_get(&p->names, kr_sym(name));
}
