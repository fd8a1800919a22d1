/* main.c -- the kanrewrite command: dispatch to subcommands. */
/* See the LICENSE file for copying conditions. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "lang.h"

const char cli_default_input[] =
#include "default_input.h"
	;

static const cli_cmd commands[] = {
	{"rewrite", cmd_rewrite,
	 "rewrite graphs to equilibrium with a relation, print BEFORE => "
	 "AFTER"},
	{"show", cmd_show, "print graphs in one of the graph formats"},
	{"optdb", cmd_optdb, "list the rewrite database, or what a query "
			     "selects"},
};

int cli_fail(const char *fmt, ...)
{
	va_list ap;
	fputs("kanrewrite: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return 1;
}

static void usage(FILE *f)
{
	fputs("usage: kanrewrite                  the REPL (on a terminal; "
	      "otherwise\n"
	      "                                    standard input is read as "
	      "a session)\n"
	      "       kanrewrite FILE...          run scripts\n"
	      "       kanrewrite -e EXPR          evaluate expressions and "
	      "print their values\n"
	      "       kanrewrite COMMAND [OPTIONS] [FILE]\n"
	      "       kanrewrite --help | --version\n\ncommands:\n", f);
	for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
		fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].help);
	fputs("\n'kanrewrite COMMAND --help' describes a command; "
	      "'man kanrewrite' and\n'info kanrewrite' describe the "
	      "language.\n", f);
}

/* True when arg names a script rather than a mistyped command. */
static bool is_script(const char *arg)
{
	struct stat st;
	return !stat(arg, &st) || strchr(arg, '/') || strchr(arg, '.');
}

/* Scripts, -e expressions and "-" (standard input), in order. */
static int run_args(int argc, char **argv)
{
	lang_init();
	for (int i = 1; i < argc; i++) {
		int rc;
		if (!strcmp(argv[i], "-e")) {
			if (++i == argc)
				return cli_fail("-e needs an expression"), 2;
			rc = repl_run_expr(argv[i]);
		} else if (!strcmp(argv[i], "-")) {
			rc = repl_run_stdin();
		} else {
			rc = repl_run_file(argv[i]);
		}
		if (rc)
			return rc;
	}
	return 0;
}

static int dispatch(int argc, char **argv)
{
	if (argc < 2) {
		lang_init();
		return isatty(STDIN_FILENO) ? repl_interactive()
					    : repl_run_stdin();
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("kanrewrite %s\n", kr_version());
		return 0;
	}
	for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
		if (!strcmp(argv[1], commands[i].name))
			return commands[i].fn(argc - 1, argv + 1);
	if (!strcmp(argv[1], "-e") || !strcmp(argv[1], "-") ||
	    is_script(argv[1]))
		return run_args(argc, argv);
	cli_fail("unknown command '%s' (see kanrewrite --help)", argv[1]);
	return 2;
}

int main(int argc, char **argv)
{
	kr_init();
	return cli_output_status(dispatch(argc, argv));
}
