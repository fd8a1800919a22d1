/* cmd_show.c -- `kanrewrite show`: print a graph in one of its formats. */
/* See the LICENSE file for copying conditions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char *const formats[] = {"sexp", "repr", "pprint", "dprint",
				      "dot"};

static void show_usage(FILE *f)
{
	fputs("usage: kanrewrite show [--format sexp|repr|pprint|dprint|dot]\n"
	      "                      [--memory-limit MIB] [FILE]\n\n"
	      "Read a graph from FILE ('-' or no FILE: standard input), in the\n"
	      "graph text format (input/constant/output lines) or the shorthand\n"
	      "of 'kanrewrite rewrite' ((matrix A x) declarations and bare\n"
	      "expressions, each an output), and print it:\n"
	      "  sexp    the graph text format (default)\n"
	      "  repr    PyTensor's FunctionGraph repr\n"
	      "  pprint  PyTensor's pprint of each output, one per line\n"
	      "  dprint  PyTensor's debugprint (box drawing, [id A], toposort "
	      "index)\n"
	      "  dot     a Graphviz digraph (render with: dot -Tpng)\n\n"
	      "pprint writes a shared subexpression at each use: a graph\n"
	      "whose text would not fit in --memory-limit MIB (0: none;\n"
	      "default: half of the memory the process may use) is\n"
	      "refused.\n", f);
}

static int parse(const char **format, const char **file, long *mib,
		 int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			show_usage(stdout);
			return -1;
		} else if (!strcmp(a, "--format")) {
			if (i + 1 == argc)
				return cli_fail("show: --format needs a FORMAT "
						"(sexp, repr, pprint, dprint "
						"or dot)");
			*format = argv[++i];
		} else if (!strncmp(a, "--format=", 9)) {
			*format = a + 9;
		} else if (!strcmp(a, "--memory-limit") ||
			   !strncmp(a, "--memory-limit=", 15)) {
			/* argv[argc] is NULL: a missing MIB is refused */
			const char *v = a[14] ? a + 15 : argv[++i];
			if (cli_parse_mib(mib, v))
				return 1;
		} else if (a[0] == '-' && a[1]) {
			return cli_fail("show: unknown option '%s'", a);
		} else if (*file) {
			return cli_fail("show: more than one FILE");
		} else {
			*file = a;
		}
	}
	for (size_t k = 0; k < sizeof formats / sizeof *formats; k++)
		if (!strcmp(*format, formats[k]))
			return 0;
	return cli_fail("show: unknown format '%s' (sexp, repr, pprint, "
			"dprint or dot)", *format);
}

/* pprint repeats shared subexpressions: what would not fit is refused. */
static int check_pprint(const kr_fgraph *fg, long mib)
{
	size_t limit = mib < 0 ? cli_default_memory_limit() : (size_t)mib << 20;
	return cli_check_tree_size("show: pprint", fg, limit,
				   "--format repr or dprint");
}

/* Print fg in the format on stdout (main checks the output's status). */
static void render(const kr_fgraph *fg, const char *format,
		   const char *comment)
{
	if (!strcmp(format, "sexp"))
		fputs(kr_gformat_write(fg, comment), stdout);
	else if (!strcmp(format, "repr"))
		printf("%s\n", kr_fgraph_repr(fg));
	else if (!strcmp(format, "dprint")) /* quadratic in depth: streamed */
		kr_fgraph_dprint_file(stdout, fg, NULL);
	else if (!strcmp(format, "dot"))
		fputs(kr_fgraph_dot(fg), stdout);
	else
		for (size_t k = 0; k < kr_fgraph_noutputs(fg); k++)
			printf("%s\n", kr_pprint(kr_fgraph_output(fg, k)));
}

int cmd_show(int argc, char **argv)
{
	const char *format = "sexp", *file = NULL;
	long mib = -1; /* --memory-limit; -1: the default */
	int rc = parse(&format, &file, &mib, argc, argv);
	if (rc)
		return rc < 0 ? 0 : 2;
	const char *name = file && strcmp(file, "-") ? file : "<stdin>";
	const char *text = cli_read_file(file ? file : "-");
	if (!text)
		return 1;
	kr_fgraph *fg;
	char *comment;
	if (kr_gformat_read(&fg, &comment, text, name) < 0)
		return cli_fail("%s", kr_error_last()->message);
	cli_check_header(comment, fg, name);
	if (!strcmp(format, "pprint") && check_pprint(fg, mib) < 0)
		return cli_fail("%s", kr_error_last()->message);
	render(fg, format, comment);
	return 0; /* main checks the output (cli_output_status) */
}
