/* pprint.c -- PyTensor's pprint: the printers assigned to ops. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "graph/graph.h"
#include "kanrewrite/pprint.h"

/* pprint's state: its text, and the variables whose expression is open. */
typedef struct printer_state {
	kri_gtext t;
	kri_pmap active;
} printer_state;

/* ----------------------------------------------------------- printers */

/*
 * The printers assigned to ops, as PyTensor's PPrinter.printers_dict:
 * OperatorPrinter, PatternPrinter and FunctionPrinter. A pattern is
 * parsed once, when assigned, into pieces: literal text, or (input >= 0)
 * the expression of that input.
 */
enum { PRINTER_NONE, PRINTER_OPERATOR, PRINTER_PATTERN, PRINTER_FUNCTION };

typedef struct piece {
	const char *text; /* NULL for an input */
	int input;
} piece;

typedef struct pattern {
	piece *pieces;
	size_t n;
	int max_input; /* the highest input it names, -1 for none */
} pattern;

typedef struct op_printer {
	const kr_op *op;
	int kind;
	const char *symbol; /* operator */
	const char *sep;    /* operator: " symbol " */
	int precedence;
	const char *assoc;
	size_t nout;        /* pattern, function: one entry per output */
	pattern *patterns;  /* pattern */
	const char **names; /* function */
} op_printer;

/* Assignments in order; the last one equal to an op wins. */
static kri_vec printers;

static op_printer *new_printer(const kr_op *op, int kind)
{
	op_printer *p = kri_alloc(sizeof *p);
	p->op = op;
	p->kind = kind;
	return p;
}

static void assign(const kr_op *op, const char *symbol, int precedence,
		   const char *assoc)
{
	op_printer *p =
		new_printer(op, symbol ? PRINTER_OPERATOR : PRINTER_NONE);
	p->symbol = symbol ? kr_strdup(symbol) : NULL;
	p->sep = symbol ? kr_strfmt(" %s ", symbol) : NULL;
	p->precedence = precedence;
	p->assoc = kr_strdup(assoc);
	kri_vec_push(&printers, p);
}

/* The defaults of pytensor.printing, plus the doc's `@` for dot. */
static void ensure_defaults(void)
{
	static bool done;
	if (done)
		return;
	done = true;
	assign(kr_op_add(), "+", -2, "either");
	assign(kr_op_mul(), "*", -1, "either");
	assign(kr_op_sub(), "-", -2, "left");
	assign(kr_op_neg(), "-", 0, "either");
	assign(kr_op_true_div(), "/", -1, "left");
	assign(kr_op_pow(), "**", 1, "right");
	assign(kr_op_dot(), "@", -1, "left");
}

void kr_pprint_assign(const kr_op *op, const char *symbol, int precedence,
		      const char *assoc)
{
	kr_check(op != NULL && assoc != NULL);
	kr_check(strcmp(assoc, "left") == 0 || strcmp(assoc, "right") == 0 ||
		 strcmp(assoc, "either") == 0);
	ensure_defaults();
	assign(op, symbol, precedence, assoc);
}

static void add_piece(kri_vec *pieces, const char *text, int input)
{
	piece *pc = kri_alloc(sizeof *pc);
	pc->text = text;
	pc->input = input;
	kri_vec_push(pieces, pc);
}

/*
 * The input number of a mapping key: Python formats with the dict
 * {"0": ..., "1": ...}, so only a canonical decimal ever matches.
 */
static int key_input(const char *key, size_t len)
{
	if (len == 0 || len > 9 || (key[0] == '0' && len > 1))
		return -1;
	int n = 0;
	for (size_t i = 0; i < len; i++) {
		if (key[i] < '0' || key[i] > '9')
			return -1;
		n = n * 10 + (key[i] - '0');
	}
	return n;
}

static int bad_pattern(const char *pat, size_t at, const char *what)
{
	return kr_error_set(KR_EINVALID,
			    "pprint pattern \"%s\", at %zu: %s", pat, at, what);
}

/*
 * One conversion of `pat` at `*at` (just after its '%'): `%%`, or
 * `%(N)s` naming input N. Python's other conversions are refused.
 */
static int parse_conversion(kri_vec *pieces, int *max_input,
			    const char *pat, size_t *at)
{
	size_t i = *at;
	if (pat[i] == '%') {
		add_piece(pieces, "%", -1);
		*at = i + 1;
		return 0;
	}
	if (pat[i] != '(')
		return bad_pattern(pat, i - 1, "expected %(N)s or %%");
	const char *close = strchr(pat + i + 1, ')');
	if (!close)
		return bad_pattern(pat, i - 1, "unclosed (");
	size_t len = (size_t)(close - (pat + i + 1));
	int input = key_input(pat + i + 1, len);
	if (input < 0)
		return bad_pattern(pat, i - 1, "the key is not an input "
					       "number (0, 1, ...)");
	if (close[1] != 's')
		return bad_pattern(pat, i - 1, "only the conversion s is "
					       "supported");
	add_piece(pieces, NULL, input);
	if (input > *max_input)
		*max_input = input;
	*at = (size_t)(close + 2 - pat);
	return 0;
}

/* The literal text pat[from, to), if any, as a piece. */
static void add_text(kri_vec *pieces, const char *pat, size_t from,
		     size_t to)
{
	if (to > from)
		add_piece(pieces,
			  kr_strfmt("%.*s", (int)(to - from), pat + from), -1);
}

static int parse_pattern(pattern *out, const char *pat)
{
	kri_vec pieces = {0};
	out->max_input = -1;
	size_t i = 0, lit = 0;
	while (pat[i]) {
		if (pat[i] != '%') {
			i++;
			continue;
		}
		add_text(&pieces, pat, lit, i);
		i++;
		int rc = parse_conversion(&pieces, &out->max_input, pat, &i);
		if (rc < 0)
			return rc;
		lit = i;
	}
	add_text(&pieces, pat, lit, i);
	out->n = pieces.len;
	out->pieces = kri_alloc((pieces.len + 1) * sizeof *out->pieces);
	for (size_t k = 0; k < pieces.len; k++)
		out->pieces[k] = *(piece *)pieces.items[k];
	return 0;
}

int kr_pprint_assign_pattern(const kr_op *op, size_t n,
			     const char *const *patterns)
{
	kr_check(op != NULL && n > 0 && patterns != NULL);
	op_printer *p = new_printer(op, PRINTER_PATTERN);
	p->nout = n;
	p->patterns = kri_alloc(n * sizeof *p->patterns);
	int max_inputs = op->desc->max_inputs;
	for (size_t k = 0; k < n; k++) {
		kr_check(patterns[k] != NULL);
		int rc = parse_pattern(&p->patterns[k], patterns[k]);
		if (rc < 0)
			return rc;
		if (max_inputs >= 0 && p->patterns[k].max_input >= max_inputs)
			return kr_error_set(
				KR_EINVALID,
				"pprint pattern \"%s\": %s has at most %d "
				"input%s, not %d", patterns[k],
				kr_op_to_string(op), max_inputs,
				max_inputs == 1 ? "" : "s",
				p->patterns[k].max_input + 1);
	}
	ensure_defaults();
	kri_vec_push(&printers, p);
	return 0;
}

void kr_pprint_assign_function(const kr_op *op, size_t n,
			       const char *const *names)
{
	kr_check(op != NULL && n > 0 && names != NULL);
	op_printer *p = new_printer(op, PRINTER_FUNCTION);
	p->nout = n;
	p->names = kri_alloc(n * sizeof *p->names);
	for (size_t k = 0; k < n; k++) {
		kr_check(names[k] != NULL);
		p->names[k] = kr_strdup(names[k]);
	}
	ensure_defaults();
	kri_vec_push(&printers, p);
}

static const op_printer *find_printer(const kr_op *op)
{
	for (size_t k = printers.len; k-- > 0;) {
		const op_printer *p = printers.items[k];
		if (kr_op_equal(p->op, op))
			return p->kind != PRINTER_NONE ? p : NULL;
	}
	return NULL;
}

/* PyTensor's LeafPrinter: these names print as TeX letters. */
static const char *greek(const char *name)
{
	static const char *const letters[] = {"alpha", "beta", "gamma",
					      "delta", "epsilon"};
	for (size_t k = 0; name && k < sizeof letters / sizeof *letters; k++)
		if (!strcmp(name, letters[k]))
			return kr_strfmt("\\%s", name);
	return NULL;
}

/*
 * PyTensor's DimShufflePrinter on an opaque DimShuffle node: leading new
 * axes are not shown; an order that keeps the input as it is prints the
 * input, a reversed one `input.T`, another `DimShuffle{1, x, 0}(input)`.
 * False for other nodes.
 */
static bool dimshuffle_var(printer_state *ps, const kr_apply *node)
{
	int order[KR_TYPE_MAX_NDIM], n, ndim;
	if (node->nin != 1 || !kri_opaque_dimshuffle(node->op, order, &n, &ndim))
		return false;
	int k = 0;
	while (k < n && order[k] < 0)
		k++;
	const kr_variable *r = node->inputs[0];
	int rnd = kr_variable_type(r)->ndim;
	bool same = n - k == rnd, reversed = n - k == rnd;
	for (int i = k; i < n; i++) {
		same = same && order[i] == i - k;
		reversed = reversed && order[i] == rnd - 1 - (i - k);
	}
	if (same) {
		kri_gtext_push(&ps->t, KRI_ITEM_VAR, NULL, r);
		return true;
	}
	if (reversed) {
		kri_gtext_text(&ps->t, ".T");
		kri_gtext_push(&ps->t, KRI_ITEM_VAR, NULL, r);
		return true;
	}
	kri_buf_puts(&ps->t.out, "DimShuffle{");
	for (int i = k; i < n; i++) {
		if (i > k)
			kri_buf_puts(&ps->t.out, ", ");
		if (order[i] < 0)
			kri_buf_putc(&ps->t.out, 'x');
		else
			kri_buf_printf(&ps->t.out, "%d", order[i]);
	}
	kri_buf_puts(&ps->t.out, "}(");
	kri_gtext_text(&ps->t, ")");
	kri_gtext_push(&ps->t, KRI_ITEM_VAR, NULL, r);
	return true;
}

/*
 * Whether a pattern or function printer has an entry for v's output (else
 * PyTensor raises IndexError) and, for a pattern, whether v's node has
 * every input it names (else KeyError); a node that does not fit prints
 * with the default printer instead.
 */
static bool fits(const op_printer *p, const kr_variable *v)
{
	return (size_t)v->index < p->nout;
}

static bool pattern_fits(const op_printer *p, const kr_variable *v)
{
	return fits(p, v) &&
	       p->patterns[v->index].max_input < (int)v->owner->nin;
}

/* Push a pattern's pieces (reversed, so that they pop in order). */
static void open_pattern(printer_state *ps, const pattern *pat,
			 const kr_apply *node)
{
	for (size_t k = pat->n; k-- > 0;) {
		const piece *pc = &pat->pieces[k];
		if (pc->text)
			kri_gtext_text(&ps->t, pc->text);
		else
			kri_gtext_push(&ps->t, KRI_ITEM_VAR, NULL,
				       node->inputs[pc->input]);
	}
}

static void pprint_var(printer_state *ps, const kr_variable *v)
{
	const kr_apply *node = v->owner;
	if (kr_variable_is_constant(v)) { /* PyTensor's ConstantPrinter */
		/* NoneConst's data is None */
		const kr_value *val = kr_constant_value(v);
		kri_buf_puts(&ps->t.out, kr_type_is_none(v->type)
					       ? "None"
					       : kri_value_numpy_str(val));
		return;
	}
	if (!node) {
		const char *g = greek(kr_variable_name(v));
		kri_buf_puts(&ps->t.out, g ? g : kr_variable_to_string(v));
		return;
	}
	if (kri_pmap_has(&ps->active, v)) { /* only a cyclic graph */
		kri_buf_puts(&ps->t.out, "...");
		return;
	}
	kri_pmap_put(&ps->active, v, (void *)v);
	kri_gtext_push(&ps->t, KRI_ITEM_LEAVE, NULL, v);
	/* a printer assigned to the op wins over the DimShuffle class's */
	const op_printer *p = find_printer(node->op);
	if (!p && dimshuffle_var(ps, node))
		return;
	if (p && p->kind == PRINTER_PATTERN && pattern_fits(p, v)) {
		open_pattern(ps, &p->patterns[v->index], node);
	} else if (p && p->kind == PRINTER_FUNCTION && fits(p, v)) {
		kri_buf_puts(&ps->t.out, p->names[v->index]);
		kri_gtext_args(&ps->t, node, "(", ", ", ")");
	} else if (!p || p->kind != PRINTER_OPERATOR) {
		kri_buf_puts(&ps->t.out, kri_apply_op_string(node));
		kri_gtext_args(&ps->t, node, "(", ", ", ")");
	} else if (node->nin == 1) {
		kri_buf_putc(&ps->t.out, '(');
		kri_gtext_args(&ps->t, node, p->symbol, "", ")");
	} else {
		kri_gtext_args(&ps->t, node, "(", p->sep, ")");
	}
}

char *kr_pprint(const kr_variable *v)
{
	kr_check(v != NULL);
	ensure_defaults();
	printer_state ps = {0};
	kri_gtext_push(&ps.t, KRI_ITEM_VAR, NULL, v);
	while (ps.t.len > 0) {
		kri_item it = ps.t.items[--ps.t.len];
		if (it.kind == KRI_ITEM_TEXT)
			kri_buf_puts(&ps.t.out, it.text);
		else if (it.kind == KRI_ITEM_LEAVE)
			kri_pmap_del(&ps.active, it.v);
		else
			pprint_var(&ps, it.v);
	}
	return kri_buf_str(&ps.t.out);
}
