/* cmd_optdb.c -- `kanrewrite optdb`: list the rewrite database. */
/* See the LICENSE file for copying conditions. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static void optdb_usage(FILE *f)
{
	fputs("usage: kanrewrite optdb [QUERY...]\n\n"
	      "Without a query, print the whole default rewrite database\n"
	      "(optdb): every entry with its position, class and tags, and\n"
	      "the entries of its sub-databases indented. With a query, print\n"
	      "what it selects, in the order it would run. A query is a list\n"
	      "of +TAG (include), &TAG (require) and -TAG (exclude). Names,\n"
	      "class names and tags are all tags.\n\n"
	      "  kanrewrite optdb +fast_run -inplace\n", f);
}

int cmd_optdb(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			optdb_usage(stdout);
			return 0;
		}
		/* "-TAG" excludes, but "--x" is a mistyped option. */
		if (!strncmp(argv[i], "--", 2)) {
			cli_fail("optdb: unknown option '%s' (a query is "
				 "+TAG, &TAG or -TAG)", argv[i]);
			return 2;
		}
	}
	int rc;
	if (argc < 2) {
		rc = kr_db_print_summary(stdout, kr_optdb());
	} else {
		kr_rewrite_db_query *q;
		rc = kr_db_query_parse(&q, (size_t)(argc - 1),
				       (const char *const *)argv + 1);
		if (rc == 0)
			rc = kr_db_print_query(stdout, kr_optdb(), q);
	}
	if (rc < 0)
		return cli_fail("optdb: %s", kr_error_last()->message);
	return 0; /* main checks the output (cli_output_status) */
}
