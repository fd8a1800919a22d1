/* fuzz_gformat.c -- libFuzzer target: the graph text format readers. */
/* See the LICENSE file for copying conditions. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kanrewrite.h>

/*
 * Each input is a graph file: it is read with the shorthand reader and
 * the full-format program reader. A graph that reads is printed in every
 * format, written back, read again and written again: the two writings
 * must be equal (the format round-trips), else the target aborts. Its
 * clone is printed too. Built by tests/fuzz/build.sh; seed the corpus
 * with the .sexp files of shared/graphs.
 */

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	kr_init();
	return 0;
}

static void render(kr_fgraph *fg)
{
	(void)kr_fgraph_repr(fg);
	(void)kr_fgraph_dprint(fg);
	(void)kr_fgraph_dot(fg);
	for (size_t k = 0; k < kr_fgraph_noutputs(fg); k++)
		(void)kr_pprint(kr_fgraph_output(fg, k));
}

/* Write fg, read it back, write again: the texts must agree. */
static void round_trip(kr_fgraph *fg, const char *comment)
{
	char *w = kr_gformat_write(fg, comment), *c2;
	kr_fgraph *fg2;
	if (kr_gformat_read(&fg2, &c2, w, "<round trip>") < 0) {
		fprintf(stderr, "round trip: %s\n---\n%s\n",
			kr_error_last()->message, w);
		abort();
	}
	char *w2 = kr_gformat_write(fg2, c2);
	if (strcmp(w, w2)) {
		fprintf(stderr, "round trip differs\n---\n%s\n---\n%s\n", w, w2);
		abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 8192 || memchr(data, 0, size))
		return 0;
	char *text = kr_alloc(size + 1);
	memcpy(text, data, size);
	kr_fgraph *fg;
	char *comment;
	if (kr_gformat_read(&fg, &comment, text, "<fuzz>") == 0) {
		render(fg);
		round_trip(fg, comment);
		kr_fgraph *copy;
		if (kr_fgraph_clone(&copy, fg) == 0)
			render(copy);
	}
	kr_program *p;
	if (kr_program_read(&p, text, "<fuzz>") == 0)
		for (size_t i = 0; i < kr_program_count(p); i++)
			(void)kr_pprint(kr_program_graph(p, i));
	kr_error_clear();
	return 0;
}
