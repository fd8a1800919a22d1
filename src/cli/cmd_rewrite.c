/* cmd_rewrite.c -- `kanrewrite rewrite`: relational rewriting of graphs. */
/* See the LICENSE file for copying conditions. */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "lang.h"

typedef enum { FORMAT_PPRINT, FORMAT_REPR, FORMAT_SEXP } out_format;

/* A NULL-terminated list of tags given by a repeated option. */
typedef struct tag_list {
	const char **tags;
	size_t n;
} tag_list;

typedef struct options {
	const char *relation; /* NULL: dot_distributeo, not given */
	bool reverse, merge, stats, profile;
	double max_use_ratio;
	bool ratio_given;
	long memory_mib; /* --memory-limit; -1: the default */
	out_format format;
	bool format_given;
	const char *file;
	tag_list include, exclude, require;
} options;

static void rewrite_usage(FILE *f)
{
	fputs("usage: kanrewrite rewrite [--relation NAME] [--reverse] "
	      "[--max-use-ratio R]\n"
	      "                         [--memory-limit MIB] [--merge]\n"
	      "                         [--include TAG]... "
	      "[--exclude TAG]...\n"
	      "                         [--require TAG]... "
	      "[--format sexp|pprint|repr]\n"
	      "                         [--stats] [--profile] [FILE]\n\n"
	      "Read graphs from FILE ('-' for standard input; the bundled\n"
	      "dot-distribution examples when no FILE is given) and rewrite\n"
	      "them. FILE is either the graph text format (a\n"
	      "'; kanrewrite-graph' line, then input, constant and output\n"
	      "lines: one graph) or typed declarations such as (matrix A x y)\n"
	      "and expressions such as (dot A (add x y)), each a graph.\n"
	      "The rewrites run in this order: MergeOptimizer (--merge), the\n"
	      "rewrite database query (--include/--exclude/--require, as\n"
	      "PyTensor's rewrite_graph), then the relation to equilibrium\n"
	      "(forward, or with --reverse its converse). The relation runs\n"
	      "when no query option is given, or when --relation is given.\n"
	      "Prints one line per graph, BEFORE => AFTER, except that a\n"
	      "graph-format FILE is written back in that format (--format\n"
	      "sexp, its default), its comment line naming the rewrites.\n\n"
	      "  --relation NAME      relation to rewrite with (default\n"
	      "                       dot_distributeo); known:", f);
	const char *const *names; /* the library's relations over graphs */
	size_t nr = kr_relation_names(&names);
	for (size_t i = 0; i < nr; i++)
		fprintf(f, "%s %s",
			i % 3 == 0 ? "\n                      " : "", names[i]);
	fputs("\n  --reverse            run the relation backwards\n"
	      "  --max-use-ratio R    stop a rewriter applied more than R\n"
	      "                       times the node count (default 10)\n"
	      "                       with a warning, keeping the graph\n"
	      "                       as it has become (PyTensor's\n"
	      "                       on_opt_error 'warn')\n"
	      "                       (--reverse and --max-use-ratio apply\n"
	      "                       to the relation's run)\n"
	      "  --memory-limit MIB   stop with an error when the heap grows\n"
	      "                       past MIB MiB (0: none; default half\n"
	      "                       of the memory the process may use)\n"
	      "  --merge              run MergeOptimizer before the rewrites\n"
	      "  --include TAG        query the rewrite database (optdb) for\n"
	      "                       rewrites with this tag (repeatable;\n"
	      "                       default canonicalize when only\n"
	      "                       --exclude or --require is given)\n"
	      "  --exclude TAG        leave out rewrites with this tag\n"
	      "  --require TAG        keep only rewrites with this tag\n"
	      "  --format F           print graphs as pprint, as PyTensor's\n"
	      "                       FunctionGraph repr, or as S-expressions\n"
	      "                       (sexp); default pprint, sexp for a\n"
	      "                       graph-format FILE\n"
	      "  --stats              print, after each graph, the line\n"
	      "                       '; graph K: BEFORE -> AFTER apply nodes'\n"
	      "  --profile            print the rewriters' profiles on\n"
	      "                       standard error\n", f);
}

/* ------------------------------------------------------------ options */

static int parse_ratio(double *out, const char *s)
{
	char *end;
	double r = s ? strtod(s, &end) : 0;
	if (!s || *end || !(r > 0) || !isfinite(r))
		return cli_fail("--max-use-ratio needs a positive number, "
				"not '%s'", s ? s : "");
	*out = r;
	return 0;
}

static int parse_format(out_format *out, const char *s)
{
	static const char *names[] = {"pprint", "repr", "sexp"};
	for (int i = 0; s && i < 3; i++)
		if (!strcmp(s, names[i])) {
			*out = (out_format)i;
			return 0;
		}
	return cli_fail("--format needs sexp, pprint or repr, not '%s'",
			s ? s : "");
}

static bool flag(options *o, const char *a)
{
	bool *f = !strcmp(a, "--reverse") ? &o->reverse
		  : !strcmp(a, "--merge") ? &o->merge
		  : !strcmp(a, "--stats") ? &o->stats
		  : !strcmp(a, "--profile") ? &o->profile : NULL;
	if (f)
		*f = true;
	return f != NULL;
}

static void push_tag(tag_list *l, const char *tag)
{
	const char **tags = kr_alloc((l->n + 2) * sizeof *tags);
	for (size_t i = 0; i < l->n; i++)
		tags[i] = l->tags[i];
	tags[l->n++] = tag;
	tags[l->n] = NULL;
	l->tags = tags;
}

/* --include/--exclude/--require TAG: 1 when a is one, -1 on error. */
static int tag_option(options *o, const char *a, const char *arg)
{
	tag_list *l = !strcmp(a, "--include") ? &o->include
		      : !strcmp(a, "--exclude") ? &o->exclude
		      : !strcmp(a, "--require") ? &o->require : NULL;
	if (!l)
		return 0;
	if (!arg || !*arg) {
		cli_fail("%s needs a tag", a);
		return -1;
	}
	push_tag(l, arg);
	return 1;
}

/*
 * An option with an argument, argv[*i + 1] or after an `=` (`--format=
 * repr`, as show takes); 1 handled, 0 not, -1 error.
 */
static int arg_option(options *o, int *i, int argc, char **argv)
{
	const char *a = argv[*i], *arg = *i + 1 < argc ? argv[*i + 1] : NULL;
	const char *eq = !strncmp(a, "--", 2) ? strchr(a, '=') : NULL;
	if (eq) {
		arg = eq + 1;
		a = kr_strfmt("%.*s", (int)(eq - a), a);
	}
	int rc = tag_option(o, a, arg);
	if (rc == 0 && !strcmp(a, "--relation")) {
		rc = arg ? 1 : (cli_fail("--relation needs a NAME"), -1);
		o->relation = arg;
	} else if (rc == 0 && !strcmp(a, "--max-use-ratio")) {
		rc = parse_ratio(&o->max_use_ratio, arg) ? -1 : 1;
		o->ratio_given = true;
	} else if (rc == 0 && !strcmp(a, "--memory-limit")) {
		rc = cli_parse_mib(&o->memory_mib, arg) ? -1 : 1;
	} else if (rc == 0 && !strcmp(a, "--format")) {
		rc = parse_format(&o->format, arg) ? -1 : 1;
		o->format_given = true;
	}
	if (rc > 0 && !eq)
		(*i)++;
	return rc;
}

/* Returns 0, 1 (error reported) or -1 (help printed). */
static int parse(options *o, int argc, char **argv)
{
	*o = (options){.max_use_ratio = 10.0, .memory_mib = -1};
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		int rc;
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			rewrite_usage(stdout);
			return -1;
		} else if (flag(o, a)) {
			continue;
		} else if ((rc = arg_option(o, &i, argc, argv)) != 0) {
			if (rc < 0)
				return 1;
		} else if (a[0] == '-' && a[1]) {
			return cli_fail("rewrite: unknown option '%s'", a);
		} else if (o->file) {
			return cli_fail("rewrite: more than one FILE");
		} else {
			o->file = a;
		}
	}
	return 0;
}


static bool has_query(const options *o)
{
	return o->include.n || o->exclude.n || o->require.n;
}

/* ------------------------------------------------------------ rewriters */

/*
 * The rewrites to run, in order, and the stage they make (for the comment
 * line of the graph format): "MergeOptimizer().rewrite(fg) then ...".
 */
typedef struct plan {
	kr_graph_rewriter *steps[3];
	size_t n;
	const char *stage;
} plan;

static void add_step(plan *p, kr_graph_rewriter *rw, const char *what)
{
	p->steps[p->n++] = rw;
	p->stage = p->stage ? kr_strfmt("%s then %s", p->stage, what)
			    : kr_strfmt("after %s", what);
}

/* A tuple of tags as Python's repr writes it: ('a',) or ('a', 'b'). */
static char *py_tuple(const tag_list *l)
{
	char *s = kr_strdup("(");
	for (size_t i = 0; i < l->n; i++)
		s = kr_strfmt("%s%s'%s'", s, i ? ", " : "", l->tags[i]);
	return kr_strfmt("%s%s)", s, l->n == 1 ? "," : "");
}

/* PyTensor's rewrite_graph(fg, include, exclude, require) as one step. */
static int add_query(plan *p, const options *o)
{
	static const char *canon[] = {"canonicalize", NULL};
	tag_list inc = o->include.n ? o->include : (tag_list){canon, 1};
	kr_rewrite_db_query *q =
		kr_db_query_new(inc.tags, o->require.tags, o->exclude.tags);
	kr_db_result r;
	if (kr_db_query(&r, kr_optdb(), q) < 0)
		return cli_fail("rewrite: %s", kr_error_last()->message);
	kr_graph_rewriter *rw = r.graph ? r.graph
				: kr_walking_graph_rewriter_new(
					  r.node, KR_IN_TO_OUT, false);
	char *what = kr_strfmt("rewrite_graph(fg, include=%s", py_tuple(&inc));
	if (o->exclude.n)
		what = kr_strfmt("%s, exclude=%s", what, py_tuple(&o->exclude));
	if (o->require.n)
		what = kr_strfmt("%s, require=%s", what, py_tuple(&o->require));
	add_step(p, rw, kr_strfmt("%s)", what));
	return 0;
}

static int make_plan(plan *p, const options *o)
{
	*p = (plan){.n = 0};
	const char *name = o->relation ? o->relation : "dot_distributeo";
	const kr_rel *rel = kr_relation_lookup(name);
	if (!rel)
		return cli_fail("unknown relation '%s'", name);
	if (o->merge)
		add_step(p, kr_merge_optimizer_new(),
			 "MergeOptimizer().rewrite(fg)");
	if (has_query(o) && add_query(p, o))
		return 1;
	if (o->relation || !has_query(o)) {
		kr_node_rewriter *sub =
			kr_kanren_relation_sub_new(rel, o->reverse);
		kr_equilibrium_opts eo = KR_EQUILIBRIUM_OPTS_INIT;
		eo.max_use_ratio = o->max_use_ratio;
		eo.failure_callback = lang_warn_maxed_out;
		add_step(p, kr_equilibrium_graph_rewriter_new(1, &sub, &eo),
			 kr_strfmt("EquilibriumGraphRewriter([%s])",
				   kr_node_rewriter_to_string(sub)));
	}
	return 0;
}

/* Run the plan on fg in place; the profiles go to stderr with --profile. */
static int run_plan(const options *o, const plan *p, kr_fgraph *fg)
{
	kr_graph_rewriter *rw =
		p->n == 1 ? p->steps[0]
			  : kr_sequential_graph_rewriter_new(p->n, p->steps);
	kr_profile *prof = NULL;
	int rc = kr_graph_rewriter_rewrite(rw, fg, &prof);
	if (o->profile && prof)
		kr_profile_print(stderr, prof);
	/* past the memory limit the runs stopped: what failed, or was cut
	 * short, ran out of room */
	if (lang_interrupted == LANG_STOP_MEMORY)
		rc = kr_error_set(KR_ELIMIT, "%s",
				  lang_stop_message("rewrite"));
	return rc;
}

/* ------------------------------------------------------------ printing */

/* A graph as an S-expression of the input language: (op arg ...). */
static kr_term *sexp_of(kr_variable *v)
{
	kr_apply *node = kr_variable_owner(v);
	if (!node)
		return kr_variable_term(v);
	size_t n = kr_apply_ninputs(node);
	kr_term **items = kr_alloc((n + 1) * sizeof *items);
	items[0] = kr_op_term(kr_apply_op(node));
	for (size_t i = 0; i < n; i++)
		items[i + 1] = sexp_of(kr_apply_input(node, i));
	return kr_list(n + 1, items);
}

/*
 * The graphs of fg as text: the repr, or each output as pprint or an
 * S-expression, joined by ", ". Those two write a shared subexpression
 * at each use: NULL, with the error set, when the text would pass the
 * memory limit.
 */
static const char *graph_text(kr_fgraph *fg, out_format format)
{
	if (format == FORMAT_REPR)
		return kr_fgraph_repr(fg);
	size_t n = kr_fgraph_noutputs(fg), len = 0;
	if (cli_check_tree_size("rewrite", fg, lang_get_memory_limit(),
				"--format repr"))
		return NULL;
	const char **one = kr_alloc((n ? n : 1) * sizeof *one);
	for (size_t i = 0; i < n; i++) {
		kr_variable *out = kr_fgraph_output(fg, i);
		one[i] = format == FORMAT_PPRINT
				 ? kr_pprint(out)
				 : kr_term_to_string(sexp_of(out));
		len += strlen(one[i]) + 2;
	}
	char *s = kr_alloc_atomic(len + 1), *p = s;
	for (size_t i = 0; i < n; i++)
		p += sprintf(p, "%s%s", i ? ", " : "", one[i]);
	*p = 0;
	return s;
}

/* The --stats line (documented in the usage; scripts grep for it). */
static void print_stats(const options *o, size_t index, size_t before,
			size_t after)
{
	if (o->stats)
		printf("; graph %zu: %zu -> %zu apply nodes\n", index + 1,
		       before, after);
}

/* ------------------------------------------------- expression programs */

/* Rewrite one graph of a program (cloned) and print BEFORE => AFTER. */
static int rewrite_one(const options *o, const plan *p, kr_variable *g,
		       size_t index)
{
	kr_fgraph *fg;
	int rc = kr_fgraph_new(&fg, 0, NULL, 1, &g, true);
	if (rc < 0)
		return rc;
	const char *before = graph_text(fg, o->format), *after;
	if (!before)
		return KR_ELIMIT;
	size_t nbefore = kr_fgraph_nnodes(fg);
	rc = run_plan(o, p, fg);
	if (rc < 0)
		return rc;
	if (!(after = graph_text(fg, o->format)))
		return KR_ELIMIT;
	printf("%s => %s\n", before, after);
	print_stats(o, index, nbefore, kr_fgraph_nnodes(fg));
	return 0;
}

static int rewrite_program(const options *o, const plan *p, const char *text,
			   const char *name)
{
	kr_program *prog;
	if (kr_program_read(&prog, text, name) < 0)
		return cli_fail("%s", kr_error_last()->message);
	for (size_t i = 0; i < kr_program_count(prog); i++) {
		if (rewrite_one(o, p, kr_program_graph(prog, i), i) < 0) {
			int line, col;
			kr_program_position(prog, i, &line, &col);
			return cli_fail("%s:%d:%d: %s", name, line, col,
					kr_error_last()->message);
		}
	}
	return 0;
}

/* ------------------------------------------------------- graph format */

/* True when text is in the graph format (FORMAT.md), not a program. */
static bool is_graph_format(const char *text)
{
	if (!strncmp(text, "; kanrewrite-graph", 18))
		return true;
	for (const char *l = text; l; l = strchr(l, '\n')) {
		l += *l == '\n';
		if (!strncmp(l, "(input ", 7) || !strncmp(l, "(output ", 8))
			return true;
	}
	return false;
}

/* Field k (from 0) of a comment "a | b | c", or NULL; the last takes the rest. */
static const char *comment_field(const char *c, int k, int last)
{
	for (int i = 0; c && i < k; i++) {
		c = strstr(c, " | ");
		c = c ? c + 3 : NULL;
	}
	if (!c || k == last)
		return c;
	const char *end = strstr(c, " | ");
	return end ? kr_strfmt("%.*s", (int)(end - c), c) : c;
}

/*
 * The comment line of the rewritten graph, as the shared graphs' header:
 * kanrewrite-graph 1 | MODEL | STAGE | kanrewrite VERSION | N apply nodes |
 * DESCRIPTION, keeping the input's model and description.
 */
static char *stage_comment(const char *comment, const char *name,
			   const char *stage, size_t nodes)
{
	const char *model = NULL, *desc = NULL;
	if (comment && !strncmp(comment, "kanrewrite-graph", 16)) {
		model = comment_field(comment, 1, 5);
		desc = comment_field(comment, 5, 5);
	}
	if (!model || !desc) {
		const char *base = strrchr(name, '/');
		model = base ? base + 1 : name;
		desc = comment ? comment : kr_strfmt("read from %s", name);
	}
	return kr_strfmt("kanrewrite-graph 1 | %s | %s | kanrewrite %s | "
			 "%zu apply nodes | %s", model, stage, kr_version(),
			 nodes, desc);
}

static int rewrite_graph_file(options *o, const plan *p, const char *text,
			      const char *name)
{
	kr_fgraph *fg;
	if (!o->format_given)
		o->format = FORMAT_SEXP;
	char *comment;
	if (kr_gformat_read(&fg, &comment, text, name) < 0)
		return cli_fail("%s", kr_error_last()->message);
	cli_check_header(comment, fg, name);
	const char *before = NULL, *after;
	if (o->format != FORMAT_SEXP && !(before = graph_text(fg, o->format)))
		return cli_fail("%s: %s", name, kr_error_last()->message);
	size_t nbefore = kr_fgraph_nnodes(fg);
	if (run_plan(o, p, fg) < 0)
		return cli_fail("%s: %s", name, kr_error_last()->message);
	size_t nafter = kr_fgraph_nnodes(fg);
	if (o->format == FORMAT_SEXP)
		fputs(kr_gformat_write(fg, stage_comment(comment, name,
							 p->stage, nafter)),
		      stdout);
	else if ((after = graph_text(fg, o->format)))
		printf("%s => %s\n", before, after);
	else
		return cli_fail("%s: %s", name, kr_error_last()->message);
	print_stats(o, 0, nbefore, nafter);
	return 0;
}

int cmd_rewrite(int argc, char **argv)
{
	options o;
	int rc = parse(&o, argc, argv);
	if (rc)
		return rc < 0 ? 0 : 2;
	/* the session's memory limit: a relation run backwards can triple
	 * the graph at every pass and stay within PyTensor's use budget,
	 * which grows with the graph */
	lang_set_memory_limit(o.memory_mib < 0 ? cli_default_memory_limit()
					       : (size_t)o.memory_mib << 20);
	/* options of the relation's run, which a query alone leaves out */
	if (has_query(&o) && !o.relation && (o.reverse || o.ratio_given)) {
		cli_fail("rewrite: %s applies to the relation: add --relation "
			 "NAME to run one after the query",
			 o.reverse ? "--reverse" : "--max-use-ratio");
		return 2;
	}
	plan p;
	if (make_plan(&p, &o))
		return 1;
	const char *name = !o.file		  ? "dot_distribute.sexp"
			   : strcmp(o.file, "-") ? o.file
						 : "<stdin>";
	const char *text = o.file ? cli_read_file(o.file) : cli_default_input;
	if (!text)
		return 1;
	rc = is_graph_format(text) ? rewrite_graph_file(&o, &p, text, name)
				   : rewrite_program(&o, &p, text, name);
	if (rc)
		return rc;
	return 0; /* main checks the output (cli_output_status) */
}
