/* pprint.c -- graph printers: PyTensor's pprint and FunctionGraph repr. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "graph/graph.h"
#include "kanrewrite/pprint.h"
#include "kanrewrite/traversal.h"

/*
 * Both printers stream into one buffer from an explicit stack of items
 * (text to emit, a variable to print, or the end of a variable's
 * expression), pushed in reverse so they pop in output order. Output size
 * bounds the work; graph depth never reaches the C stack.
 */
enum { ITEM_TEXT, ITEM_VAR, ITEM_LEAVE };

typedef struct item {
	int kind;
	const char *text;
	const kr_variable *v;
} item;

typedef struct printer_state {
	kri_buf out;
	item *items;
	size_t len, cap;
	kri_pmap active; /* pprint: variables whose expression is open */
	kri_pmap uses;   /* repr: node -> number of uses */
	kri_pmap ids;    /* repr: node -> its *n number, or NOT_SHARED */
	uintptr_t nshared;
} printer_state;

#define NOT_SHARED ((void *)(uintptr_t)-1)

static void push(printer_state *ps, int kind, const char *text,
		 const kr_variable *v)
{
	if (ps->len == ps->cap) {
		size_t cap = ps->cap ? ps->cap * 2 : 64;
		item *items = kri_alloc(cap * sizeof *items);
		if (ps->len)
			memcpy(items, ps->items, ps->len * sizeof *items);
		ps->items = items;
		ps->cap = cap;
	}
	ps->items[ps->len++] = (item){kind, text, v};
}

static void push_text(printer_state *ps, const char *text)
{
	push(ps, ITEM_TEXT, text, NULL);
}

/*
 * Emit `open` now and push `in0 sep in1 ... close` (reversed, so that it
 * pops in order).
 */
static void open_args(printer_state *ps, const kr_apply *node,
		      const char *open, const char *sep, const char *close)
{
	kri_buf_puts(&ps->out, open);
	push_text(ps, close);
	for (size_t i = node->nin; i-- > 0;) {
		push(ps, ITEM_VAR, NULL, node->inputs[i]);
		if (i > 0)
			push_text(ps, sep);
	}
}

/* `op(` for a node: its op as PyTensor prints it (kri_apply_op_string). */
static void put_call(printer_state *ps, const kr_apply *node)
{
	kri_buf_puts(&ps->out, kri_apply_op_string(node));
}

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
		push(ps, ITEM_VAR, NULL, r);
		return true;
	}
	if (reversed) {
		push_text(ps, ".T");
		push(ps, ITEM_VAR, NULL, r);
		return true;
	}
	kri_buf_puts(&ps->out, "DimShuffle{");
	for (int i = k; i < n; i++) {
		if (i > k)
			kri_buf_puts(&ps->out, ", ");
		if (order[i] < 0)
			kri_buf_putc(&ps->out, 'x');
		else
			kri_buf_printf(&ps->out, "%d", order[i]);
	}
	kri_buf_puts(&ps->out, "}(");
	push_text(ps, ")");
	push(ps, ITEM_VAR, NULL, r);
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
			push_text(ps, pc->text);
		else
			push(ps, ITEM_VAR, NULL, node->inputs[pc->input]);
	}
}

static void pprint_var(printer_state *ps, const kr_variable *v)
{
	const kr_apply *node = v->owner;
	if (kr_variable_is_constant(v)) { /* PyTensor's ConstantPrinter */
		/* NoneConst's data is None */
		const kr_value *val = kr_constant_value(v);
		kri_buf_puts(&ps->out, kr_type_is_none(v->type)
					       ? "None"
					       : kri_value_numpy_str(val));
		return;
	}
	if (!node) {
		const char *g = greek(kr_variable_name(v));
		kri_buf_puts(&ps->out, g ? g : kr_variable_to_string(v));
		return;
	}
	if (kri_pmap_has(&ps->active, v)) { /* only a cyclic graph */
		kri_buf_puts(&ps->out, "...");
		return;
	}
	kri_pmap_put(&ps->active, v, (void *)v);
	push(ps, ITEM_LEAVE, NULL, v);
	/* a printer assigned to the op wins over the DimShuffle class's */
	const op_printer *p = find_printer(node->op);
	if (!p && dimshuffle_var(ps, node))
		return;
	if (p && p->kind == PRINTER_PATTERN && pattern_fits(p, v)) {
		open_pattern(ps, &p->patterns[v->index], node);
	} else if (p && p->kind == PRINTER_FUNCTION && fits(p, v)) {
		kri_buf_puts(&ps->out, p->names[v->index]);
		open_args(ps, node, "(", ", ", ")");
	} else if (!p || p->kind != PRINTER_OPERATOR) {
		put_call(ps, node);
		open_args(ps, node, "(", ", ", ")");
	} else if (node->nin == 1) {
		kri_buf_putc(&ps->out, '(');
		open_args(ps, node, p->symbol, "", ")");
	} else {
		open_args(ps, node, "(", p->sep, ")");
	}
}

char *kr_pprint(const kr_variable *v)
{
	kr_check(v != NULL);
	ensure_defaults();
	printer_state ps = {0};
	push(&ps, ITEM_VAR, NULL, v);
	while (ps.len > 0) {
		item it = ps.items[--ps.len];
		if (it.kind == ITEM_TEXT)
			kri_buf_puts(&ps.out, it.text);
		else if (it.kind == ITEM_LEAVE)
			kri_pmap_del(&ps.active, it.v);
		else
			pprint_var(&ps, it.v);
	}
	return kri_buf_str(&ps.out);
}

/* --------------------------------------------------------------- repr */

/*
 * Uses of each node, as graph.basic.as_string counts them: once per graph
 * output it computes and once per input slot of the nodes between the
 * inputs and the outputs. A node is explored when first counted.
 */
static void count_use(kri_pmap *uses, kri_vec *stack, kr_apply *node)
{
	uintptr_t n = (uintptr_t)kri_pmap_get(uses, node);
	kri_pmap_put(uses, node, (void *)(n + 1));
	if (n == 0)
		kri_vec_push(stack, node);
}

static void count_uses(kri_pmap *uses, size_t n, kr_variable *const *outs)
{
	kri_vec stack = {0};
	for (size_t k = 0; k < n; k++)
		if (outs[k]->owner)
			count_use(uses, &stack, outs[k]->owner);
	while (stack.len > 0) {
		kr_apply *node = kri_vec_pop(&stack);
		for (size_t i = 0; i < node->nin; i++)
			if (node->inputs[i]->owner)
				count_use(uses, &stack, node->inputs[i]->owner);
	}
}

static void repr_var(printer_state *ps, const kr_variable *v)
{
	const kr_apply *node = v->owner;
	if (!node) {
		kri_buf_puts(&ps->out, kr_variable_to_string(v));
		return;
	}
	void *id = kri_pmap_get(&ps->ids, node);
	if (id) { /* seen before, hence shared */
		kri_buf_printf(&ps->out, "*%zu", (size_t)(uintptr_t)id);
		if (node->nout > 1)
			kri_buf_printf(&ps->out, "::%d", v->index);
		return;
	}
	if ((uintptr_t)kri_pmap_get(&ps->uses, node) > 1) {
		id = (void *)++ps->nshared;
		kri_buf_printf(&ps->out, "*%zu -> ", (size_t)(uintptr_t)id);
	}
	kri_pmap_put(&ps->ids, node, id ? id : NOT_SHARED);
	put_call(ps, node);
	open_args(ps, node, "(", ", ", ")");
}

static void repr_into(printer_state *ps, size_t n, kr_variable *const *outs)
{
	count_uses(&ps->uses, n, outs);
	for (size_t k = 0; k < n; k++) {
		kr_check(outs[k] != NULL);
		if (k > 0)
			kri_buf_puts(&ps->out, ", ");
		push(ps, ITEM_VAR, NULL, outs[k]);
		while (ps->len > 0) {
			item it = ps->items[--ps->len];
			if (it.kind == ITEM_TEXT)
				kri_buf_puts(&ps->out, it.text);
			else
				repr_var(ps, it.v);
		}
	}
}

char *kr_graph_repr(size_t n, kr_variable *const *outputs)
{
	kr_check(n == 0 || outputs != NULL);
	printer_state ps = {0};
	repr_into(&ps, n, outputs);
	return kri_buf_str(&ps.out);
}

char *kr_fgraph_repr(const kr_fgraph *fg)
{
	kr_check(fg != NULL);
	size_t n = kr_fgraph_noutputs(fg);
	kr_variable **outs = kri_alloc((n ? n : 1) * sizeof *outs);
	for (size_t k = 0; k < n; k++)
		outs[k] = kr_fgraph_output(fg, k);
	printer_state ps = {0};
	kri_buf_puts(&ps.out, "FunctionGraph(");
	repr_into(&ps, n, outs);
	kri_buf_putc(&ps.out, ')');
	return kri_buf_str(&ps.out);
}

/* ---------------------------------------------------------- as_string */

/*
 * graph.basic.as_string with explicit inputs. The sharing is counted
 * first, from kr_vars_between() (an epoch walk that ends before any
 * formatter runs); then each output is described depth first with an
 * explicit stack of frames, one per node whose arguments are being
 * described, so that the formatters get every argument string at once.
 * All state is in this file's maps, so a formatter may walk the graph.
 */
typedef struct as_frame {
	const kr_apply *node;
	size_t next;  /* next input to describe */
	char **args;  /* the strings of the inputs described */
	char **dst;   /* where the node's string goes */
	uintptr_t id; /* its *n number, 0 when not shared */
} as_frame;

typedef struct as_state {
	kri_pmap ins;   /* the inputs, a set */
	kri_pmap seen;  /* nodes counted once */
	kri_pmap multi; /* nodes counted twice or more */
	kri_pmap ids;   /* nodes described: their number, or NOT_SHARED */
	uintptr_t nshared;
	kri_vec frames; /* as_frame * */
	kr_leaf_formatter_fn leaf;
	kr_node_formatter_fn node;
	void *ud;
} as_state;

static void as_count(as_state *st, const kr_apply *op)
{
	if (kri_pmap_has(&st->seen, op))
		kri_pmap_put(&st->multi, op, (void *)op);
	else
		kri_pmap_put(&st->seen, op, (void *)op);
}

static void as_count_uses(as_state *st, size_t nins, kr_variable *const *ins,
			  size_t nouts, kr_variable *const *outs)
{
	for (size_t k = 0; k < nouts; k++) {
		kr_check(outs[k] != NULL);
		if (outs[k]->owner)
			as_count(st, outs[k]->owner);
	}
	size_t n;
	kr_variable **vars = kr_vars_between(&n, nins, ins, nouts, outs);
	for (size_t k = 0; k < n; k++) {
		const kr_apply *op = vars[k]->owner;
		if (!op || kri_pmap_has(&st->ins, vars[k]))
			continue;
		for (size_t i = 0; i < op->nin; i++) {
			kr_variable *in = op->inputs[i];
			if (in->owner && !kri_pmap_has(&st->ins, in))
				as_count(st, in->owner);
		}
	}
}

static char *as_leaf(as_state *st, const kr_variable *v)
{
	char *s = st->leaf ? st->leaf(v, st->ud) : kr_variable_to_string(v);
	kr_check(s != NULL);
	return s;
}

static char *as_node(as_state *st, const as_frame *f)
{
	const kr_apply *node = f->node;
	char *s;
	if (st->node) {
		s = st->node(node, node->nin, f->args, st->ud);
		kr_check(s != NULL);
	} else {
		kri_buf b = {0};
		kri_buf_printf(&b, "%s(", kri_apply_op_string(node));
		for (size_t i = 0; i < node->nin; i++)
			kri_buf_printf(&b, "%s%s", i ? ", " : "", f->args[i]);
		kri_buf_putc(&b, ')');
		s = kri_buf_str(&b);
	}
	return f->id ? kr_strfmt("*%zu -> %s", (size_t)f->id, s) : s;
}

/*
 * Describe v into *dst: a leaf or a node described before at once, else
 * a new frame. Every use followed here was counted, so a node met again
 * is shared, also on a cycle (a rewired kr_fgraph), which thus ends; a
 * node met again unshared would be a counting bug, and prints `...`.
 */
static void as_start(as_state *st, const kr_variable *v, char **dst)
{
	const kr_apply *op = v->owner;
	if (!op || kri_pmap_has(&st->ins, v)) {
		*dst = as_leaf(st, v);
		return;
	}
	void *id = kri_pmap_get(&st->ids, op);
	if (id == NOT_SHARED) {
		*dst = kr_strfmt("...");
	} else if (id) {
		size_t k = (size_t)(uintptr_t)id;
		*dst = op->nout > 1 ? kr_strfmt("*%zu::%d", k, v->index)
				    : kr_strfmt("*%zu", k);
	} else {
		as_frame *f = kri_alloc(sizeof *f);
		*f = (as_frame){.node = op, .dst = dst,
				.args = kri_alloc((op->nin ? op->nin : 1) *
						  sizeof(char *))};
		if (kri_pmap_has(&st->multi, op))
			f->id = ++st->nshared;
		kri_pmap_put(&st->ids, op, f->id ? (void *)f->id : NOT_SHARED);
		kri_vec_push(&st->frames, f);
	}
}

static void as_describe(as_state *st, const kr_variable *v, char **dst)
{
	as_start(st, v, dst);
	while (st->frames.len > 0) {
		as_frame *f = st->frames.items[st->frames.len - 1];
		if (f->next < f->node->nin) {
			size_t i = f->next++;
			as_start(st, f->node->inputs[i], &f->args[i]);
			continue;
		}
		*f->dst = as_node(st, f);
		kri_vec_pop(&st->frames);
	}
}

char **kr_as_string(size_t nins, kr_variable *const *ins, size_t nouts,
		    kr_variable *const *outs, kr_leaf_formatter_fn leaf,
		    kr_node_formatter_fn node, void *ud)
{
	kr_check((nins == 0 || ins != NULL) && (nouts == 0 || outs != NULL));
	as_state st = {.leaf = leaf, .node = node, .ud = ud};
	for (size_t k = 0; k < nins; k++) {
		kr_check(ins[k] != NULL);
		kri_pmap_put(&st.ins, ins[k], ins[k]);
	}
	as_count_uses(&st, nins, ins, nouts, outs);
	char **res = kri_alloc((nouts ? nouts : 1) * sizeof *res);
	for (size_t k = 0; k < nouts; k++)
		as_describe(&st, outs[k], &res[k]);
	return res;
}

char *kr_apply_to_string(const kr_apply *node)
{
	kr_check(node != NULL);
	kri_buf b = {0};
	kri_buf_printf(&b, "%s(", kri_apply_op_string(node));
	for (size_t i = 0; i < node->nin; i++) {
		if (i > 0)
			kri_buf_puts(&b, ", ");
		kri_buf_puts(&b, kr_variable_to_string(node->inputs[i]));
	}
	kri_buf_putc(&b, ')');
	return kri_buf_str(&b);
}
