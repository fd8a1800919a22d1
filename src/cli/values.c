/* values.c -- the REPL's language: its own values and how they print. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "lang.h"

/*
 * The values the language adds to terms, as foreign atoms: the
 * unspecified value, goals, relations and defrel'd relations; and the
 * printing of every value at the prompt (lang.h).
 */

/* Not printed at the prompt; inside a list it shows, as in Chez. */
static char *void_str(const void *p)
{
	(void)p;
	return kr_strdup("#<void>");
}

static const kr_foreign_type void_type = {
	.name = "void", .to_string = void_str};
static int void_obj;

kr_term *lang_void(void)
{
	static kr_term *v;
	if (!v)
		v = kr_foreign(&void_type, &void_obj);
	return v;
}

/* The interned symbols #t and #f, made once. */
static kr_term *sym_true, *sym_false;

kr_term *lang_bool(bool b)
{
	if (!sym_false) {
		sym_true = kr_sym("#t");
		sym_false = kr_sym("#f");
	}
	return b ? sym_true : sym_false;
}

bool lang_truthy(const kr_term *t)
{
	return t != lang_bool(false);
}

bool lang_is_symbol(const kr_term *t, const char *name)
{
	return kr_term_kind(t) == KR_SYM && !strcmp(kr_sym_name(t), name);
}

bool lang_is_number(const kr_term *t)
{
	return kr_term_kind(t) == KR_INT || kr_term_kind(t) == KR_REAL;
}

static char *goal_str(const void *p)
{
	(void)p;
	return kr_strdup("#<goal>");
}

static const kr_foreign_type goal_type = {
	.name = "goal", .to_string = goal_str};

kr_term *lang_goal_term(kr_goal *g)
{
	return kr_foreign(&goal_type, g);
}

kr_goal *lang_term_goal(const kr_term *t)
{
	return kr_is_foreign_of(t, &goal_type) ? kr_foreign_ptr(t) : NULL;
}

static char *rel_str(const void *p)
{
	return kr_strfmt("#<relation %s/%d>", kr_rel_name(p), kr_rel_arity(p));
}

static const kr_foreign_type rel_type = {
	.name = "relation", .to_string = rel_str};

kr_term *lang_rel_term(const kr_rel *r)
{
	return kr_foreign(&rel_type, r);
}

/* A relation defined at the prompt and what its compiled body is. */
typedef struct defrel {
	const kr_rel *rel;
	const void *info;
} defrel;

static char *defrel_str(const void *p)
{
	return rel_str(((const defrel *)p)->rel);
}

static const kr_foreign_type defrel_type = {
	.name = "relation", .to_string = defrel_str};

kr_term *lang_defrel_term(const kr_rel *r, const void *info)
{
	defrel *d = kr_alloc(sizeof *d);
	d->rel = r;
	d->info = info;
	return kr_foreign(&defrel_type, d);
}

const void *lang_term_defrel(const kr_term *t)
{
	return kr_is_foreign_of(t, &defrel_type) ?
	       ((const defrel *)kr_foreign_ptr(t))->info : NULL;
}

const kr_rel *lang_term_rel(const kr_term *t)
{
	if (kr_is_foreign_of(t, &rel_type))
		return kr_foreign_ptr(t);
	if (kr_is_foreign_of(t, &defrel_type))
		return ((const defrel *)kr_foreign_ptr(t))->rel;
	return NULL;
}

size_t lang_term_size(const kr_term *t, size_t cap)
{
	size_t n = 0, sp = 0, scap = 64;
	const kr_term **stack = kr_alloc(scap * sizeof *stack);
	stack[sp++] = t;
	while (sp && n < cap) {
		const kr_term *x = stack[--sp];
		kr_kind k = kr_term_kind(x);
		if (k != KR_CONS && k != KR_ETUPLE)
			continue;
		n++;
		size_t len = k == KR_CONS ? 2 : kr_etuple_len(x);
		if (sp + len > scap) {
			size_t bytes = 2 * (sp + len) * sizeof *stack;
			const kr_term **b = kr_alloc(bytes);
			memcpy(b, stack, sp * sizeof *stack);
			stack = b;
			scap = 2 * (sp + len);
		}
		if (k == KR_CONS) {
			stack[sp++] = kr_cdr(x);
			stack[sp++] = kr_car(x);
		} else {
			for (size_t i = 0; i < len; i++)
				stack[sp++] = kr_etuple_ref(x, i);
		}
	}
	return n < cap ? n : cap;
}

static char *show(const kr_term *t, unsigned flags)
{
	if (lang_term_size(t, LANG_PRINT_MAX) >= LANG_PRINT_MAX)
		return kr_strfmt("#<a term of more than %d cells>",
				 LANG_PRINT_MAX);
	return kr_term_to_string_ex(t, flags | KR_PRINT_SCHEME);
}

char *lang_show(const kr_term *t) { return show(t, 0); }

char *lang_display_string(const kr_term *t)
{
	return show(t, KR_PRINT_DISPLAY | KR_PRINT_QUOTE); /* as Chez's */
}

void lang_fprint(FILE *f, const kr_term *t)
{
	fputs(lang_show(t), f);
}

void lang_fprint_value(FILE *f, const kr_term *t)
{
	fputs(show(t, KR_PRINT_QUOTE | KR_PRINT_PRETTY), f);
}
