/* main.c -- the kanrewrite command: dispatch to subcommands. */
/* See the LICENSE file for copying conditions. */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

const char cli_default_input[] =
#include "default_input.h"
	;

static const cli_cmd commands[] = {
	{"rewrite", cmd_rewrite,
	 "rewrite graphs to equilibrium with a relation, print BEFORE => "
	 "AFTER"},
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

char *cli_read_file(const char *path)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	if (!f) {
		cli_fail("%s: cannot open: %s", path, strerror(errno));
		return NULL;
	}
	size_t cap = 4096, len = 0;
	char *buf = kr_alloc_atomic(cap);
	size_t n;
	while ((n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
		len += n;
		if (cap - len - 1 == 0) {
			char *bigger = kr_alloc_atomic(cap * 2);
			memcpy(bigger, buf, len);
			buf = bigger;
			cap *= 2;
		}
	}
	bool bad = ferror(f);
	if (f != stdin)
		fclose(f);
	buf[len] = 0;
	if (bad || memchr(buf, 0, len)) {
		cli_fail("%s: cannot read a text file", path);
		return NULL;
	}
	return buf;
}

static void usage(FILE *f)
{
	fputs("usage: kanrewrite COMMAND [OPTIONS] [FILE]\n"
	      "       kanrewrite --help | --version\n\ncommands:\n", f);
	for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
		fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].help);
	fputs("\n'kanrewrite COMMAND --help' describes a command.\n", f);
}

int main(int argc, char **argv)
{
	kr_init();
	if (argc < 2) {
		usage(stderr);
		return 2;
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
	cli_fail("unknown command '%s' (see kanrewrite --help)", argv[1]);
	return 2;
}
