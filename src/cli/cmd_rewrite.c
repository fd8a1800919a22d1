/* cmd_rewrite.c -- `kanrewrite rewrite`: relational rewriting of graphs. */
/* See the LICENSE file for copying conditions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* Relations the command knows by name. */
static const struct {
	const char *name;
	const kr_rel *(*get)(void);
} relations[] = {
	{"dot_distributeo", kr_dot_distributeo_rel},
};

typedef struct options {
	const char *relation;
	bool reverse;
	double max_use_ratio;
	const char *file;
} options;

static void rewrite_usage(FILE *f)
{
	fputs("usage: kanrewrite rewrite [--relation NAME] [--reverse] "
	      "[--max-use-ratio R] [FILE]\n\n"
	      "Read typed input declarations such as (matrix A x y) and graph\n"
	      "expressions such as (dot A (add x y)) from FILE ('-' for\n"
	      "standard input; the bundled dot-distribution examples when no\n"
	      "FILE is given), rewrite each graph to equilibrium with the\n"
	      "relation (forward, or with --reverse its converse), and print\n"
	      "one line per graph: BEFORE => AFTER.\n\n"
	      "  --relation NAME      relation to rewrite with (default\n"
	      "                       dot_distributeo); known:", f);
	for (size_t i = 0; i < sizeof relations / sizeof *relations; i++)
		fprintf(f, " %s", relations[i].name);
	fputs("\n  --reverse            run the relation backwards\n"
	      "  --max-use-ratio R    stop a rewriter applied more than R\n"
	      "                       times the node count (default 10)\n", f);
}

static int parse_ratio(double *out, const char *s)
{
	char *end;
	double r = s ? strtod(s, &end) : 0;
	if (!s || *end || !(r > 0))
		return cli_fail("--max-use-ratio needs a positive number, "
				"not '%s'", s ? s : "");
	*out = r;
	return 0;
}

/* Returns 0, 1 (error reported) or -1 (help printed). */
static int parse(options *o, int argc, char **argv)
{
	*o = (options){"dot_distributeo", false, 10.0, NULL};
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			rewrite_usage(stdout);
			return -1;
		} else if (!strcmp(a, "--reverse")) {
			o->reverse = true;
		} else if (!strcmp(a, "--relation") && i + 1 < argc) {
			o->relation = argv[++i];
		} else if (!strcmp(a, "--max-use-ratio")) {
			if (parse_ratio(&o->max_use_ratio,
					i + 1 < argc ? argv[++i] : NULL))
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

static const kr_rel *find_relation(const char *name)
{
	for (size_t i = 0; i < sizeof relations / sizeof *relations; i++)
		if (!strcmp(relations[i].name, name))
			return relations[i].get();
	return NULL;
}

static int rewrite_all(const kr_program *prog, kr_graph_rewriter *rw,
		       const char *name)
{
	for (size_t i = 0; i < kr_program_count(prog); i++) {
		kr_variable *g = kr_program_graph(prog, i), *out;
		const char *before = kr_pprint(g);
		if (kr_rewrite_graph(&out, g, rw, true) < 0) {
			int line, col;
			kr_program_position(prog, i, &line, &col);
			return cli_fail("%s:%d:%d: %s", name, line, col,
					kr_error_last()->message);
		}
		printf("%s => %s\n", before, kr_pprint(out));
	}
	return fflush(stdout) ? cli_fail("cannot write the output") : 0;
}

int cmd_rewrite(int argc, char **argv)
{
	options o;
	int rc = parse(&o, argc, argv);
	if (rc)
		return rc < 0 ? 0 : 2;
	const kr_rel *rel = find_relation(o.relation);
	if (!rel)
		return cli_fail("unknown relation '%s'", o.relation);
	const char *name = o.file ? o.file : "dot_distribute.sexp";
	const char *text = o.file ? cli_read_file(o.file) : cli_default_input;
	if (!text)
		return 1;
	kr_program *prog;
	if (kr_program_read(&prog, text, name) < 0)
		return cli_fail("%s", kr_error_last()->message);
	kr_node_rewriter *sub = kr_kanren_relation_sub_new(rel, o.reverse);
	kr_equilibrium_opts eo = KR_EQUILIBRIUM_OPTS_INIT;
	eo.max_use_ratio = o.max_use_ratio;
	return rewrite_all(prog, kr_equilibrium_graph_rewriter_new(1, &sub, &eo),
			   name);
}
