/* fuzz_repl.c -- libFuzzer target: the reader and the evaluator of the REPL. */
/* See the LICENSE file for copying conditions. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <fcntl.h>

#include "cli.h"
#include "lang.h"

/*
 * Each input is a session: every form is read and evaluated, errors are
 * reported (to /dev/null) and the session goes on, exactly as `kanrewrite`
 * reads standard input. The language runs sandboxed (no file access, no
 * exit) and bounded: a step limit for every run, an answer limit for run*,
 * an evaluation budget for Scheme loops, so no input can hang.
 * Built by tests/fuzz/build.sh.
 */

/* The command's main.c is not linked in; its error printer is silent here. */
int cli_fail(const char *fmt, ...)
{
	(void)fmt;
	return 1;
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool occurs_check;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	int null = open("/dev/null", O_WRONLY);
	if (null >= 0 && !getenv("FUZZ_VERBOSE"))
		dup2(null, STDOUT_FILENO);
	kr_init();
	lang_init();
	lang_set_sandbox(true);
	lang_globals_mark();
	occurs_check = kr_set_occurs_check(true);
	kr_set_occurs_check(occurs_check);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 4096)
		return 0;
	char *text = kr_alloc_atomic(size + 1);
	memcpy(text, data, size);
	text[size] = 0;
	if (memchr(text, 0, size))
		return 0;
	lang_globals_restore();
	kr_set_occurs_check(occurs_check);
	/* a divergent run ends within -timeout=10, sanitizers included */
	lang_set_limits(2000, 200);
	lang_set_eval_limit(200000);
	kr_reader *r = kr_reader_new(text, "<fuzz>");
	for (int forms = 0; forms < 64; forms++) {
		kr_term *form, *v;
		lang_interrupted = 0;
		kr_error_clear();
		int rc = kr_reader_next(&form, r);
		if (rc < 0)
			break;
		if (lang_eval_form(&v, form, r) == 0 && v != lang_void())
			lang_fprint(stdout, v);
	}
	return 0;
}
