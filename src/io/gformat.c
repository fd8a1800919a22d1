/* gformat.c -- the graph text format (FORMAT.md) and the shorthand. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include <ctype.h>
#include <errno.h>

#include "graph/graph.h"
#include "kanrewrite/gformat.h"
#include "kanrewrite/pprint.h"
#include "kanrewrite/term.h"

/* ================================================================ tokens */

char *kr_op_token(const kr_op *op, const kr_type *out_type)
{
	kr_check(op != NULL);
	if (kr_op_equal(op, kr_op_dot()))
		return kr_strdup("Dot");
	if (kr_op_is_opaque(op))
		return kr_strdup(kr_op_desc_of(op)->name); /* its token */
	if (kri_op_is_elemwise(op) && out_type && !kr_type_is_tensor(out_type))
		return kr_strfmt("ps.%s", kr_op_name(op));
	return kr_op_to_string(op);
}

kr_op *kr_op_from_token(const char *token)
{
	kr_check(token != NULL);
	if (!strcmp(token, "Dot"))
		return kr_op_dot();
	const char *bare = strncmp(token, "ps.", 3) ? token : token + 3;
	kr_op *op = kr_op_lookup(bare);
	if (op && kri_op_is_elemwise(op))
		return op;
	if (bare == token && (op = kr_op_lookup(token)))
		return op;
	return kr_op_opaque(token);
}

char *kr_type_to_sexp(const kr_type *t)
{
	kr_check(t != NULL);
	if (t->none)
		return kr_strdup("(none)"); /* NoneConst's, never declared */
	if (!kr_type_is_tensor(t))
		return kr_strfmt("(scalar %s)", kr_dtype_name(t->dtype));
	kri_buf b = {0};
	kri_buf_printf(&b, "(tensor %s", kr_dtype_name(t->dtype));
	for (int i = 0; i < t->ndim; i++)
		if (t->shape[i] < 0)
			kri_buf_puts(&b, " ?");
		else
			kri_buf_printf(&b, " %lld", (long long)t->shape[i]);
	kri_buf_putc(&b, ')');
	return kri_buf_str(&b);
}

/* ================================================================ reader */

/*
 * The reader scans tokens and keeps a stack of open lists (frames); a
 * closing parenthesis reduces the innermost frame into an item of its
 * parent: a type (`(tensor ...)`, `(scalar ...)` inside a form), a
 * variable (an op application) or nothing (a top-level form, which
 * declares or adds an output). Items are atoms until a reduction needs
 * them as expressions, so declarations and expressions share one scanner.
 */
enum { IT_ATOM, IT_VAR, IT_TYPE };

/* Labels `#n=` index a dense table: bounded so a typo cannot ask for GBs. */
enum { MAX_LABEL = 10000000 };

typedef struct item {
	int kind;
	const char *text;
	kr_variable *var;
	const kr_type *type;
	int line, col;
} item;

typedef struct frame {
	kri_vec items; /* item * */
	int label;     /* n of a `#n=` before it, or 0 */
	int line, col;
} frame;

typedef struct reader {
	const char *name, *s;
	size_t pos;
	int line, col;
	char *comment;
	kri_vec frames;
	kri_pmap names;  /* symbol -> kr_variable */
	kri_vec labels;  /* kr_apply * by label number */
	int nlabels;     /* the `#n=` met so far (they count 1, 2, ...) */
	kri_vec inputs, outputs, outnames;
} reader;

static int fail(reader *r, int line, int col, int code, const char *msg)
{
	return kr_error_set(code, "%s:%d:%d: %s", r->name, line, col, msg);
}

static void advance(reader *r, size_t n)
{
	for (size_t k = 0; k < n; k++, r->pos++) {
		if (r->s[r->pos] == '\n') {
			r->line++;
			r->col = 1;
		} else {
			r->col++;
		}
	}
}

/* Skip blanks and `;` comments; the first comment line is kept. */
static void skip_space(reader *r)
{
	for (;;) {
		char c = r->s[r->pos];
		if (c == ';') { /* to the line end: LF, CR LF or a lone CR */
			size_t n = strcspn(r->s + r->pos, "\r\n");
			if (!r->comment) {
				const char *t = r->s + r->pos + 1;
				size_t m = n - 1;
				if (m > 0 && *t == ' ')
					t++, m--;
				r->comment = kr_strfmt("%.*s", (int)m, t);
			}
			advance(r, n);
		} else if (c && isspace((unsigned char)c)) {
			advance(r, 1);
		} else {
			return;
		}
	}
}

static item *new_item(int kind, int line, int col)
{
	item *it = kri_alloc(sizeof *it);
	it->kind = kind;
	it->line = line;
	it->col = col;
	return it;
}

/* ------------------------------------------------------------- resolve */

static bool is_number(const char *s)
{
	if (*s == '-' || *s == '+')
		s++;
	return isdigit((unsigned char)*s) || (*s == '.' && isdigit((unsigned char)s[1]));
}

/* `#n#` or `#n#::k`: output k of the node labelled n. */
static int resolve_ref(kr_variable **out, reader *r, const item *it)
{
	char *end, *kend;
	long n = strtol(it->text + 1, &end, 10);
	if (*end != '#' || n <= 0 || it->text[1] < '1' || it->text[1] > '9')
		return fail(r, it->line, it->col, KR_ESYNTAX,
			    kr_strfmt("bad label reference %s", it->text));
	long k = 0;
	if (end[1] == ':' && end[2] == ':' && end[3] >= '0' && end[3] <= '9') {
		k = strtol(end + 3, &kend, 10);
		if (*kend || (end[3] == '0' && end[4]))
			return fail(r, it->line, it->col, KR_ESYNTAX,
				    kr_strfmt("bad label reference %s",
					      it->text));
	} else if (end[1])
		return fail(r, it->line, it->col, KR_ESYNTAX,
			    kr_strfmt("bad label reference %s", it->text));
	kr_apply *node = (size_t)n < r->labels.len ? r->labels.items[n] : NULL;
	if (!node)
		return fail(r, it->line, it->col, KR_ENOTFOUND,
			    kr_strfmt("label #%ld# is not defined before", n));
	if (k < 0 || (size_t)k >= node->nout)
		return fail(r, it->line, it->col, KR_EINVALID,
			    kr_strfmt("%s: the node has %zu output(s)",
				      it->text, (size_t)node->nout));
	*out = node->outputs[k];
	return 0;
}

static int resolve(kr_variable **out, reader *r, const item *it)
{
	if (it->kind == IT_VAR) {
		*out = it->var;
		return 0;
	}
	if (it->kind == IT_TYPE)
		return fail(r, it->line, it->col, KR_ESYNTAX,
			    "a type where an expression is expected");
	if (it->text[0] == '#')
		return resolve_ref(out, r, it);
	if (is_number(it->text)) {
		char *end;
		double x = strtod(it->text, &end);
		if (*end)
			return fail(r, it->line, it->col, KR_ESYNTAX,
				    kr_strfmt("bad number %s", it->text));
		*out = kr_constant_new(x, NULL);
		return 0;
	}
	*out = kri_pmap_get(&r->names, kr_sym(it->text));
	if (*out)
		return 0;
	if (!strcmp(it->text, "None")) { /* NoneConst, when not declared */
		*out = kr_none_const();
		return 0;
	}
	return fail(r, it->line, it->col, KR_ENOTFOUND,
		    kr_strfmt("undeclared name %s", it->text));
}

/* ----------------------------------------------------------- reductions */

static int reduce_type(item **out, reader *r, frame *f)
{
	item **its = (item **)f->items.items;
	const char *head = its[0]->text;
	bool tensor = !strcmp(head, "tensor");
	if (f->items.len < 2 || its[1]->kind != IT_ATOM ||
	    (!tensor && f->items.len != 2))
		return fail(r, f->line, f->col, KR_ESYNTAX,
			    kr_strfmt("a type is (%s DTYPE%s)", head,
				      tensor ? " DIM ..." : ""));
	kr_dtype d;
	if (kr_dtype_from_name(&d, its[1]->text) < 0)
		return fail(r, its[1]->line, its[1]->col, KR_ENOTFOUND,
			    kr_error_last()->message);
	int nd = (int)f->items.len - 2;
	if (nd > KR_TYPE_MAX_NDIM)
		return fail(r, f->line, f->col, KR_EINVALID, "too many dimensions");
	int64_t shape[KR_TYPE_MAX_NDIM];
	for (int i = 0; i < nd; i++) {
		item *it = its[i + 2];
		if (it->kind == IT_ATOM && !strcmp(it->text, "?")) {
			shape[i] = -1;
			continue;
		}
		/* a length in decimal: no sign, no leading zero, no overflow */
		const char *t = it->kind == IT_ATOM ? it->text : "";
		char *end = NULL;
		errno = 0;
		shape[i] = t[0] >= '0' && t[0] <= '9' && (t[0] != '0' || !t[1])
				   ? strtoll(t, &end, 10)
				   : -1;
		if (shape[i] < 0 || *end || errno == ERANGE)
			return fail(r, it->line, it->col, KR_ESYNTAX,
				    "a dimension is ? or a length in decimal");
	}
	*out = new_item(IT_TYPE, f->line, f->col);
	(*out)->type = tensor ? kr_type_tensor(d, nd, shape) : kr_type_scalar(d);
	return 0;
}

static int reduce_apply(item **out, reader *r, frame *f)
{
	item **its = (item **)f->items.items;
	kr_op *op = kr_op_from_token(its[0]->text);
	size_t nin = f->items.len - 1;
	kr_variable **args = kri_alloc((nin + 1) * sizeof *args);
	for (size_t i = 0; i < nin; i++) {
		int rc = resolve(&args[i], r, its[i + 1]);
		if (rc < 0)
			return rc;
	}
	kr_apply *node;
	if (kr_apply_make(&node, op, nin, args) < 0)
		return fail(r, f->line, f->col, KR_EINVALID,
			    kr_error_last()->message);
	if (f->label > 0) {
		while (r->labels.len <= (size_t)f->label)
			kri_vec_push(&r->labels, NULL);
		if (r->labels.items[f->label])
			return fail(r, f->line, f->col, KR_EEXISTS,
				    kr_strfmt("label #%d= is defined twice",
					      f->label));
		r->labels.items[f->label] = node;
	}
	*out = new_item(IT_VAR, f->line, f->col);
	(*out)->var = node->outputs[0];
	return 0;
}

static int declare(reader *r, const item *name, kr_variable *v)
{
	if (name->kind != IT_ATOM || is_number(name->text) || name->text[0] == '#')
		return fail(r, name->line, name->col, KR_ESYNTAX,
			    "expected a name");
	kr_term *sym = kr_sym(name->text);
	if (kri_pmap_has(&r->names, sym))
		return fail(r, name->line, name->col, KR_EEXISTS,
			    kr_strfmt("%s is already declared", name->text));
	kri_pmap_put(&r->names, sym, v);
	return 0;
}

static int form_arity(reader *r, frame *f, size_t n, const char *shape)
{
	if (f->items.len == n)
		return 0;
	return fail(r, f->line, f->col, KR_ESYNTAX,
		    kr_strfmt("expected %s", shape));
}

static int top_input(reader *r, frame *f)
{
	item **its = (item **)f->items.items;
	int rc = form_arity(r, f, 3, "(input NAME TYPE)");
	if (rc == 0 && its[2]->kind != IT_TYPE)
		rc = fail(r, its[2]->line, its[2]->col, KR_ESYNTAX,
			  "expected a type");
	if (rc < 0)
		return rc;
	kr_variable *v = kr_variable_new(its[2]->type, its[1]->text);
	kri_variable_set_label(v, its[1]->text); /* read from a file */
	kri_vec_push(&r->inputs, v);
	return declare(r, its[1], v);
}

static int top_constant(reader *r, frame *f)
{
	item **its = (item **)f->items.items;
	int rc = form_arity(r, f, 4, "(constant NAME TYPE VALUE)");
	if (rc == 0 && (its[2]->kind != IT_TYPE || its[3]->kind != IT_ATOM))
		rc = fail(r, f->line, f->col, KR_ESYNTAX,
			  "expected (constant NAME TYPE VALUE)");
	if (rc < 0)
		return rc;
	kr_value *val;
	kr_variable *c;
	if (kr_value_parse(&val, its[3]->text, its[2]->type->dtype) < 0 ||
	    kr_constant_make(&c, its[2]->type, val) < 0)
		return fail(r, its[3]->line, its[3]->col,
			    kr_error_last()->code, kr_error_last()->message);
	kri_variable_set_label(c, its[1]->text);
	return declare(r, its[1], c);
}

/* A declared output type must agree with the expression's. */
static int output_type(reader *r, const item *at, kr_variable *v,
		       const kr_type *t)
{
	if (kr_type_equal(v->type, t))
		return 0;
	if (v->owner && kr_op_is_opaque(v->owner->op)) {
		kri_apply_set_output_type(v->owner, (size_t)v->index, t);
		return 0;
	}
	return fail(r, at->line, at->col, KR_EINVALID,
		    kr_strfmt("the output is declared %s but its expression "
			      "has type %s",
			      kr_type_to_sexp(t), kr_type_to_sexp(v->type)));
}

static int top_output(reader *r, frame *f)
{
	item **its = (item **)f->items.items;
	int rc = form_arity(r, f, 5, "(output K NAME TYPE EXPR)");
	char *end = NULL;
	if (rc == 0 && (its[1]->kind != IT_ATOM || its[2]->kind != IT_ATOM ||
			its[3]->kind != IT_TYPE))
		rc = fail(r, f->line, f->col, KR_ESYNTAX,
			  "expected (output K NAME TYPE EXPR)");
	if (rc == 0 && (strtol(its[1]->text, &end, 10) !=
				(long)r->outputs.len || *end))
		rc = fail(r, its[1]->line, its[1]->col, KR_ESYNTAX,
			  kr_strfmt("expected output number %zu",
				    r->outputs.len));
	kr_variable *v;
	if (rc < 0 || (rc = resolve(&v, r, its[4])) < 0 ||
	    (rc = output_type(r, its[4], v, its[3]->type)) < 0)
		return rc;
	kri_vec_push(&r->outputs, v);
	kri_vec_push(&r->outnames, kr_strdup(its[2]->text));
	return 0;
}

static const kr_type *decl_type(const char *head)
{
	if (!strcmp(head, "matrix"))
		return kr_type_matrix();
	if (!strcmp(head, "vector"))
		return kr_type_vector();
	if (!strcmp(head, "scalar"))
		return kr_type_scalar(KR_FLOAT64);
	return NULL;
}

static int top_form(reader *r, frame *f)
{
	const char *head = ((item **)f->items.items)[0]->text;
	if (!strcmp(head, "input"))
		return top_input(r, f);
	if (!strcmp(head, "constant"))
		return top_constant(r, f);
	if (!strcmp(head, "output"))
		return top_output(r, f);
	const kr_type *t = decl_type(head);
	for (size_t i = 1; t && i < f->items.len; i++) {
		item *it = f->items.items[i];
		kr_variable *v = kr_variable_new(t, it->text);
		int rc = declare(r, it, v);
		if (rc < 0)
			return rc;
		kri_vec_push(&r->inputs, v);
	}
	if (t)
		return 0;
	item *e;
	int rc = reduce_apply(&e, r, f);
	if (rc == 0) {
		kri_vec_push(&r->outputs, e->var);
		kri_vec_push(&r->outnames, NULL);
	}
	return rc;
}

static int close_frame(reader *r)
{
	frame *f = kri_vec_pop(&r->frames);
	if (f->items.len == 0 ||
	    ((item *)f->items.items[0])->kind != IT_ATOM)
		return fail(r, f->line, f->col, KR_ESYNTAX,
			    "a list starts with a name");
	if (r->frames.len == 0) {
		if (f->label)
			return fail(r, f->line, f->col, KR_ESYNTAX,
				    "a label outside an expression");
		return top_form(r, f);
	}
	const char *head = ((item *)f->items.items[0])->text;
	item *it;
	int rc = !strcmp(head, "tensor") || !strcmp(head, "scalar")
			 ? reduce_type(&it, r, f)
			 : reduce_apply(&it, r, f);
	if (rc < 0)
		return rc;
	frame *parent = r->frames.items[r->frames.len - 1];
	kri_vec_push(&parent->items, it);
	return 0;
}

/* `(...)::k`: output k of the node just read, in place of its output 0. */
static int out_suffix(reader *r)
{
	if (strncmp(r->s + r->pos, "::", 2))
		return 0;
	int line = r->line, col = r->col;
	advance(r, 2);
	const char *digits = r->s + r->pos;
	size_t n = strspn(digits, "0123456789");
	advance(r, n);
	if (n == 0 || (digits[0] == '0' && n > 1) || n > 9)
		return fail(r, line, col, KR_ESYNTAX,
			    "::k needs an output index k in decimal");
	long k = strtol(digits, NULL, 10);
	frame *parent = r->frames.len ? r->frames.items[r->frames.len - 1]
				      : NULL;
	item *it = parent && parent->items.len
			   ? parent->items.items[parent->items.len - 1]
			   : NULL;
	if (!it || it->kind != IT_VAR || !it->var->owner)
		return fail(r, line, col, KR_ESYNTAX,
			    "::k follows a node inside an expression");
	kr_apply *node = it->var->owner;
	if ((size_t)k >= node->nout)
		return fail(r, line, col, KR_EINVALID,
			    kr_strfmt("::%ld: the node has %zu output(s)", k,
				      (size_t)node->nout));
	it->var = node->outputs[k];
	return 0;
}

static int atom(reader *r, int *label)
{
	int line = r->line, col = r->col;
	size_t n = strcspn(r->s + r->pos, "() \t\r\n;");
	const char *t = r->s + r->pos;
	if (t[0] == '#' && n >= 3 && t[n - 1] == '=' && r->s[r->pos + n] == '(') {
		char *end;
		long k = strtol(t + 1, &end, 10);
		advance(r, n);
		if (end != t + n - 1 || k <= 0 || k > MAX_LABEL ||
		    t[1] < '1' || t[1] > '9')
			return fail(r, line, col, KR_ESYNTAX,
				    kr_strfmt("bad label (a number from 1 to "
					      "%d)", MAX_LABEL));
		/* FORMAT.md: labels are numbered 1, 2, ... in pre-order */
		if (k != r->nlabels + 1)
			return fail(r, line, col, KR_ESYNTAX,
				    kr_strfmt("label #%ld= out of order: the "
					      "next label is #%d=",
					      k, r->nlabels + 1));
		r->nlabels++;
		*label = (int)k;
		return 0;
	}
	if (r->frames.len == 0)
		return fail(r, line, col, KR_ESYNTAX,
			    "expected '(' to start a form");
	item *it = new_item(IT_ATOM, line, col);
	it->text = kr_strfmt("%.*s", (int)n, t);
	advance(r, n);
	frame *f = r->frames.items[r->frames.len - 1];
	kri_vec_push(&f->items, it);
	return 0;
}

static int scan(reader *r)
{
	int label = 0, rc = 0;
	for (skip_space(r); rc == 0 && r->s[r->pos]; skip_space(r)) {
		char c = r->s[r->pos];
		if (c == '(') {
			frame *f = kri_alloc(sizeof *f);
			f->label = label;
			f->line = r->line;
			f->col = r->col;
			label = 0;
			kri_vec_push(&r->frames, f);
			advance(r, 1);
		} else if (c == ')') {
			if (r->frames.len == 0)
				return fail(r, r->line, r->col, KR_ESYNTAX,
					    "unbalanced ')'");
			advance(r, 1);
			rc = close_frame(r);
			if (rc == 0)
				rc = out_suffix(r);
		} else {
			rc = atom(r, &label);
		}
	}
	if (rc == 0 && r->frames.len > 0)
		return fail(r, r->line, r->col, KR_ESYNTAX,
			    "unexpected end of text: a list is not closed");
	return rc;
}

int kr_gformat_read(kr_fgraph **out, char **comment, const char *text,
		    const char *name)
{
	kr_check(out != NULL && text != NULL);
	reader r = {.name = name ? name : "<text>", .s = text, .line = 1,
		    .col = 1};
	int rc = scan(&r);
	/* an empty text is no graph; the writer's text of the empty graph
	 * is its comment line alone, which reads back */
	if (rc == 0 && r.inputs.len == 0 && r.outputs.len == 0 &&
	    r.names.len == 0 && !r.comment)
		rc = fail(&r, r.line, r.col, KR_ESYNTAX,
			  "no graph: the text is empty");
	kr_fgraph *fg;
	if (rc == 0 && kr_fgraph_new(&fg, r.inputs.len,
				     (kr_variable *const *)r.inputs.items,
				     r.outputs.len,
				     (kr_variable *const *)r.outputs.items,
				     false) < 0)
		rc = kr_error_set(kr_error_last()->code, "%s: %s", r.name,
				  kr_strdup(kr_error_last()->message));
	if (rc < 0)
		return rc;
	for (size_t k = 0; k < r.outnames.len; k++)
		kr_fgraph_set_output_name(fg, k, r.outnames.items[k]);
	*out = fg;
	if (comment)
		*comment = r.comment;
	return 0;
}

/* ================================================================ writer */

/*
 * A first walk, depth first and left to right through the outputs in
 * order (each node's subtree once), counts the references of each node
 * (input slots and output slots) and lists constants by first occurrence.
 */
typedef struct writer {
	kri_buf out;
	kri_pmap refs;   /* node -> references */
	kri_pmap labels; /* node -> label number, once written */
	kri_pmap cnames; /* constant -> name */
	kri_pmap inames; /* input -> name */
	kri_pmap used;   /* name symbol -> itself: inputs' and constants' */
	kri_vec consts;  /* constants, first occurrence order */
	int nlabels;
} writer;

static void count_ref(writer *w, const kr_variable *v)
{
	if (v->owner)
		kri_pmap_put(&w->refs, v->owner,
			     (void *)((uintptr_t)kri_pmap_get(&w->refs,
							       v->owner) + 1));
}

static void walk(writer *w, const kr_fgraph *fg)
{
	kri_vec stack = {0};
	kri_pmap seen = {0};
	size_t n = kr_fgraph_noutputs(fg);
	for (size_t k = n; k-- > 0;) {
		kri_vec_push(&stack, kr_fgraph_output(fg, k));
		count_ref(w, kr_fgraph_output(fg, k));
	}
	while (stack.len > 0) {
		kr_variable *v = kri_vec_pop(&stack);
		if (v->is_constant && !v->type->none &&
		    !kri_pmap_has(&seen, v)) {
			kri_pmap_put(&seen, v, v);
			kri_vec_push(&w->consts, v);
		}
		if (!v->owner || kri_pmap_has(&seen, v->owner))
			continue;
		kri_pmap_put(&seen, v->owner, v);
		for (size_t i = v->owner->nin; i-- > 0;) {
			kri_vec_push(&stack, v->owner->inputs[i]);
			count_ref(w, v->owner->inputs[i]);
		}
	}
}

static bool taken(const writer *w, const char *name)
{
	return kri_pmap_has(&w->used, kr_sym(name));
}

static void take(writer *w, const char *name)
{
	kr_term *s = kr_sym(name);
	kri_pmap_put(&w->used, s, s);
}

/*
 * Names of the inputs and constants, all distinct, so that the text reads
 * back as the same graph ("inputs and constants never share a name"): an
 * input keeps its own name unless an earlier one has it, then gets
 * `name_2` ...; an unnamed one is `_i`, avoiding names in use; constants
 * keep the names they were read with (`$k`) unless an input has one, and
 * new constants are `$nk` in a graph read from a file (its inputs and
 * constants carry the names they were read with), else `$k`.
 */
static void name_leaves(writer *w, const kr_fgraph *fg)
{
	size_t n = kr_fgraph_ninputs(fg);
	for (size_t i = 0; i < n; i++) { /* named ones first keep theirs */
		kr_variable *v = kr_fgraph_input(fg, i);
		if (v->name && !taken(w, v->name)) {
			take(w, v->name);
			kri_pmap_put(&w->inames, v, (void *)v->name);
		}
	}
	for (size_t i = 0; i < n; i++) {
		kr_variable *v = kr_fgraph_input(fg, i);
		if (kri_pmap_has(&w->inames, v))
			continue;
		char *name = v->name ? kr_strfmt("%s_2", v->name)
				     : kr_strfmt("_%zu", i);
		for (int k = v->name ? 3 : 2; taken(w, name); k++)
			name = v->name ? kr_strfmt("%s_%d", v->name, k)
				       : kr_strfmt("_%zu_%d", i, k);
		take(w, name);
		kri_pmap_put(&w->inames, v, name);
	}
	bool any = false; /* a graph read from a file: new constants $nk */
	for (size_t i = 0; i < n; i++)
		if (kri_variable_label(kr_fgraph_input(fg, i)))
			any = true;
	for (size_t k = 0; k < w->consts.len; k++) {
		kr_variable *c = w->consts.items[k];
		const char *l = kri_variable_label(c);
		if (l)
			any = true;
		if (l && !taken(w, l)) {
			take(w, l);
			kri_pmap_put(&w->cnames, c, (void *)l);
		}
	}
	int next = 1;
	for (size_t k = 0; k < w->consts.len; k++) {
		kr_variable *c = w->consts.items[k];
		if (kri_pmap_has(&w->cnames, c))
			continue;
		char *name;
		do
			name = kr_strfmt(any ? "$n%d" : "$%d", next++);
		while (taken(w, name));
		take(w, name);
		kri_pmap_put(&w->cnames, c, name);
	}
}

/* Name order: $k by k, then $nk by k, then others by strcmp. */
static int name_cmp(const char *a, const char *b)
{
	int ca = a[0] != '$' ? 2 : a[1] == 'n' ? 1 : 0;
	int cb = b[0] != '$' ? 2 : b[1] == 'n' ? 1 : 0;
	if (ca != cb)
		return ca - cb;
	if (ca < 2) {
		long x = atol(a + 1 + ca), y = atol(b + 1 + cb);
		if (x != y)
			return x < y ? -1 : 1;
	}
	return strcmp(a, b);
}

static int const_cmp(const void *pa, const void *pb)
{
	const char *const *a = pa, *const *b = pb;
	return name_cmp(a[0], b[0]);
}

static void write_constants(writer *w)
{
	size_t n = w->consts.len;
	const char **pairs = kri_alloc((2 * n + 2) * sizeof *pairs);
	for (size_t k = 0; k < n; k++) {
		pairs[2 * k] = kri_pmap_get(&w->cnames, w->consts.items[k]);
		pairs[2 * k + 1] = (const char *)w->consts.items[k];
	}
	qsort(pairs, n, 2 * sizeof *pairs, const_cmp);
	for (size_t k = 0; k < n; k++) {
		const kr_variable *c = (const kr_variable *)pairs[2 * k + 1];
		kri_buf_printf(&w->out, "(constant %s %s %s)\n", pairs[2 * k],
			       kr_type_to_sexp(c->type),
			       kr_value_to_string(c->value));
	}
}

static const char *leaf_name(writer *w, const kr_variable *v)
{
	if (v->is_constant && v->type->none)
		return "None"; /* NoneConst, not declared */
	if (v->is_constant)
		return kri_pmap_get(&w->cnames, v);
	if (v->is_nominal) /* no form in the format: its str, unreadable */
		return kr_variable_to_string(v);
	const char *n = kri_pmap_get(&w->inames, v);
	if (n)
		return n;
	return v->name ? v->name : "_?";
}

/* A pending piece of an expression: text, or a variable to write. */
typedef struct piece {
	const char *text;
	kr_variable *v;
} piece;

static void push_piece(kri_vec *stack, const char *text, kr_variable *v)
{
	piece *p = kri_alloc(sizeof *p);
	p->text = text;
	p->v = v;
	kri_vec_push(stack, p);
}

/* Open node: `#n=` when referenced twice or more, `(TOKEN`, the args. */
static void open_node(writer *w, kri_vec *stack, kr_apply *node,
		      const char *k)
{
	if ((uintptr_t)kri_pmap_get(&w->refs, node) >= 2) {
		uintptr_t label = (uintptr_t)++w->nlabels;
		kri_pmap_put(&w->labels, node, (void *)label);
		kri_buf_printf(&w->out, "#%zu=", (size_t)label);
	}
	kri_buf_printf(&w->out, "(%s",
		       kr_op_token(node->op, node->outputs[0]->type));
	push_piece(stack, *k ? kr_strfmt(")%s", k) : ")", NULL);
	for (size_t i = node->nin; i-- > 0;) {
		push_piece(stack, NULL, node->inputs[i]);
		push_piece(stack, " ", NULL);
	}
}

/* Emit an expression with an explicit stack (pre-order labels). */
static void write_expr(writer *w, kr_variable *root)
{
	kri_vec stack = {0};
	push_piece(&stack, NULL, root);
	while (stack.len > 0) {
		piece *p = kri_vec_pop(&stack);
		if (p->text) {
			kri_buf_puts(&w->out, p->text);
			continue;
		}
		kr_apply *node = p->v->owner;
		if (!node) {
			kri_buf_puts(&w->out, leaf_name(w, p->v));
			continue;
		}
		const char *k = node->nout > 1 ? kr_strfmt("::%d", p->v->index)
					       : "";
		uintptr_t label = (uintptr_t)kri_pmap_get(&w->labels, node);
		if (label)
			kri_buf_printf(&w->out, "#%zu#%s", (size_t)label, k);
		else
			open_node(w, &stack, node, k);
	}
}

static const char *output_label(const kr_fgraph *fg, size_t k)
{
	const char *n = kr_fgraph_output_name(fg, k);
	if (n)
		return n;
	n = kr_variable_name(kr_fgraph_output(fg, k));
	return n ? n : kr_strfmt("out_%zu", k);
}

char *kr_gformat_write(const kr_fgraph *fg, const char *comment)
{
	kr_check(fg != NULL);
	writer w = {0};
	walk(&w, fg);
	name_leaves(&w, fg);
	if (comment)
		kri_buf_printf(&w.out, "; %s\n", comment);
	else
		kri_buf_printf(&w.out, "; kanrewrite-graph 1 | %zu apply nodes\n",
			       kr_fgraph_nnodes(fg));
	for (size_t i = 0; i < kr_fgraph_ninputs(fg); i++) {
		kr_variable *v = kr_fgraph_input(fg, i);
		kri_buf_printf(&w.out, "(input %s %s)\n", leaf_name(&w, v),
			       kr_type_to_sexp(v->type));
	}
	write_constants(&w);
	for (size_t k = 0; k < kr_fgraph_noutputs(fg); k++) {
		kr_variable *v = kr_fgraph_output(fg, k);
		kri_buf_printf(&w.out, "(output %zu %s %s ", k,
			       output_label(fg, k), kr_type_to_sexp(v->type));
		write_expr(&w, v);
		kri_buf_puts(&w.out, ")\n");
	}
	return kri_buf_str(&w.out);
}
