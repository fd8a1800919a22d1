/* program.c -- the input language of `kanrewrite rewrite`. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "core/alloc.h"
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
};

/* An error at the position of the element held by `cell` (or the form). */
static int fail_at(kr_program *p, const kr_term *cell, int code,
		   const char *what)
{
	int line, col;
	what = kr_strdup(what); /* it may be kr_error_last()'s own buffer */
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

static int build(kr_variable **out, kr_program *p, kr_term *e,
		 const kr_term *cell);

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

static int build_apply(kr_variable **out, kr_program *p, kr_term *e,
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
	kri_vec args = {0};
	kr_term *c = kr_cdr(e);
	for (; kr_term_kind(c) == KR_CONS; c = kr_cdr(c)) {
		kr_variable *v;
		int rc = build(&v, p, kr_car(c), c);
		if (rc < 0)
			return rc;
		kri_vec_push(&args, v);
	}
	if (kr_term_kind(c) != KR_NIL)
		return fail_at(p, cell, KR_ESYNTAX, "improper list");
	if (kr_op_call(out, op, args.len, (kr_variable *const *)args.items) < 0)
		return fail_at(p, cell, KR_EINVALID,
			       kr_error_last()->message);
	return 0;
}

static int build(kr_variable **out, kr_program *p, kr_term *e,
		 const kr_term *cell)
{
	if (kr_term_kind(e) == KR_CONS)
		return build_apply(out, p, e, cell);
	return build_leaf(out, p, e, cell);
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
	kri_vec_push(&p->places,
		     (void *)(uintptr_t)(((uint64_t)line << 32) | (unsigned)col));
	return 0;
}

int kr_program_read(kr_program **out, const char *text, const char *name)
{
	kr_check(out != NULL && text != NULL);
	kr_program *p = kri_alloc(sizeof *p);
	p->reader = kr_reader_new(text, name);
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

kr_variable *kr_program_lookup(const kr_program *p, const char *name)
{
	return kri_pmap_get(&p->names, kr_sym(name));
}
