/* repl.c -- the read-eval-print loop, scripts and -e expressions. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef HAVE_READLINE
#include <readline/history.h>
#include <readline/readline.h>
#endif

#include "cli.h"
#include "lang.h"

/*
 * Three ways in: a script (the first error ends it, reported as
 * "kanrewrite: FILE:LINE:COL: message", exit status 1), standard input
 * read as a session (every error is reported and the session goes on;
 * the exit status is 1 when some form failed), and the interactive REPL
 * (GNU readline when available: history file, completion of names,
 * multi-line input until the parentheses balance). Ctrl-C sets
 * lang_interrupted, which a running `run` polls between step chunks.
 */

static volatile sig_atomic_t at_prompt;

/*
 * Print a form's value; flush even without one, so that what a script
 * printed survives its being stopped (stdout is fully buffered when
 * redirected).
 */
static void print_value(const kr_term *v)
{
	if (v != lang_void()) {
		lang_fprint_value(stdout, v);
		putchar('\n');
	}
	fflush(stdout);
}

static void report(void)
{
	fflush(stdout);
	fprintf(stderr, "kanrewrite: %s\n", kr_error_last()->message);
	fflush(stderr);
}

/*
 * An error that a top-level form raised at a place outside the form --
 * inside a procedure defined earlier, or in a file it loaded -- also
 * names the form, so that the user knows which of their forms failed.
 * The message keeps its leading FILE:LINE:COL, which scripts read.
 */
static void note_form(const kr_reader *r)
{
	const char *msg = kr_error_last()->message, *name = kr_reader_name(r);
	size_t len = strlen(name);
	int line, col, eline, ecol;
	kr_reader_form_position(r, &line, &col);
	if (strncmp(msg, name, len) == 0 && msg[len] == ':') {
		if (sscanf(msg + len + 1, "%d:%d:", &eline, &ecol) != 2 ||
		    eline > line || (eline == line && ecol >= col))
			return; /* at the form or inside it */
	} else {
		const char *c = strchr(msg, ':');
		if (!c || sscanf(c + 1, "%d:%d:", &eline, &ecol) != 2)
			return; /* no place: the message is the form's */
	}
	/* the message lives in the buffer kr_error_set writes: copy it */
	kr_error_set(kr_error_last()->code, "%s (in the form at %s:%d:%d)",
		     kr_strdup(msg), name, line, col);
}

/*
 * Forget a stop asked for before (Ctrl-C, the memory limit). The heap a
 * form filled to the memory limit is garbage once the form is over, but
 * the collector would grow the heap again before collecting it, and
 * every later form would meet the limit at once: collect it now.
 */
static void clear_stop(void)
{
	if (lang_interrupted == LANG_STOP_MEMORY)
		kr_memory_collect();
	lang_interrupted = 0;
	kr_run_interrupt(false);
}

/*
 * How eval_all runs a text: a script (`kanrewrite FILE`) and -e stop at
 * the first error; a session on standard input and a line of the
 * interactive REPL report an error and go on with the next form (a
 * syntax error ends the text when the reader cannot resynchronise), and
 * a failure in the session on standard input sets its exit status
 * (lang_session_failed). All but a script print the values of their
 * forms; a script, as Chez Scheme's `--script` and `load`, shows only
 * what it writes itself.
 */
enum run_mode { RUN_SCRIPT, RUN_EXPR, RUN_SESSION, RUN_LINE };

/* Evaluate every form of text; returns the number of forms that failed. */
static int eval_all(const char *text, const char *name, enum run_mode mode)
{
	bool keep_going = mode == RUN_SESSION || mode == RUN_LINE;
	bool echo = mode != RUN_SCRIPT;
	bool session = mode == RUN_SESSION;
	kr_reader *r = kr_reader_new(text, name);
	int failed = 0;
	for (;;) {
		kr_term *form, *v;
		clear_stop();
		kr_error_clear();
		int rc = kr_reader_next(&form, r);
		if (rc == KR_EOF)
			return failed;
		if (rc < 0) { /* a session goes on with the next form */
			report();
			failed++;
			lang_session_failed |= session;
			if (!keep_going || kr_reader_recover(r) < 0)
				return failed;
			continue;
		}
		rc = lang_eval_form(&v, form, r);
		/* a stop that C code ran through (a rewrite's many runs, each
		 * stopped at once) still fails the form: its value may be cut
		 * short */
		if (rc >= 0 && lang_interrupted)
			rc = kr_error_set(KR_ELIMIT, "%s",
					  lang_stop_message(""));
		if (rc < 0) {
			note_form(r);
			report();
			failed++;
			lang_session_failed |= session;
			if (!keep_going)
				return failed;
			continue;
		}
		if (echo)
			print_value(v);
		else
			fflush(stdout);
	}
}

int repl_run_file(const char *path)
{
	char *text = cli_read_file(path);
	if (!text)
		return 1;
	return eval_all(text, path, RUN_SCRIPT) ? 1 : 0;
}

int repl_run_expr(const char *expr)
{
	return eval_all(expr, "-e", RUN_EXPR) ? 1 : 0;
}

int repl_run_stdin(void)
{
	char *text = cli_read_file("-");
	if (!text)
		return 1;
	return eval_all(text, "<stdin>", RUN_SESSION) ? 1 : 0;
}

/* ------------------------------------------------------ balanced input */

/*
 * True when text holds complete forms: every list is closed and no
 * string, |symbol| or block comment is open. A surplus of closing
 * brackets counts as complete (the reader reports it). A backslash
 * outside strings escapes the next character (a\( and #\( hold no paren).
 */
static bool balanced(const char *s)
{
	int depth = 0, block = 0;
	bool str = false, bar = false;
	for (; *s; s++) {
		if (str) {
			if (*s == '\\' && s[1])
				s++;
			else if (*s == '"')
				str = false;
		} else if (bar) {
			bar = *s != '|';
		} else if (block) {
			if (*s == '|' && s[1] == '#')
				block--, s++;
			else if (*s == '#' && s[1] == '|')
				block++, s++;
		} else if (*s == ';') {
			while (s[1] && s[1] != '\n')
				s++;
		} else if (*s == '#' && s[1] == '|') {
			block++, s++;
		} else if (*s == '"') {
			str = true;
		} else if (*s == '|') {
			bar = true;
		} else if (*s == '\\' && s[1]) {
			s++;
		} else if (*s == '(' || *s == '[') {
			depth++;
		} else if (*s == ')' || *s == ']') {
			depth--;
		}
	}
	return depth <= 0 && !str && !bar && !block;
}

/* --------------------------------------------------------- signals */

static void on_sigint(int sig)
{
	(void)sig;
	lang_interrupted = LANG_STOP_INTERRUPT;
	kr_run_interrupt(true);
#ifdef HAVE_READLINE
	if (at_prompt) {
		(void)!write(STDOUT_FILENO, "\n", 1);
		rl_on_new_line();
		rl_replace_line("", 0);
		rl_redisplay();
	}
#endif
}

static void install_sigint(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_sigint;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
}

/* ------------------------------------------------------ line editing */

#ifdef HAVE_READLINE
static const char **completion_names;
static size_t completion_count;

static char *complete_name(const char *text, int state)
{
	static size_t i, len;
	if (!state) {
		i = 0;
		len = strlen(text);
		completion_count = lang_names(&completion_names);
	}
	while (i < completion_count) {
		const char *name = completion_names[i++];
		/* the language's internal helpers (%condp, ...) only when
		 * asked for */
		if (name[0] == '%' && text[0] != '%')
			continue;
		if (!strncmp(name, text, len))
			return strdup(name);
	}
	return NULL;
}

static char **complete(const char *text, int start, int end)
{
	(void)start;
	(void)end;
	rl_attempted_completion_over = 1;
	return rl_completion_matches(text, complete_name);
}

static const char *history_path(void)
{
	const char *p = getenv("KANREWRITE_HISTORY");
	if (p)
		return p;
	const char *home = getenv("HOME");
	return home ? kr_strfmt("%s/.kanrewrite_history", home) : NULL;
}

static void setup_readline(void)
{
	rl_readline_name = "kanrewrite";
	rl_catch_signals = 0;
	rl_basic_word_break_characters = " \t\n()[]'`,\"";
	rl_attempted_completion_function = complete;
	const char *h = history_path();
	if (h)
		read_history(h);
}

/* One line (without newline) in a collected string, or NULL at EOF. */
static char *read_line(const char *prompt)
{
	at_prompt = 1;
	char *line = readline(prompt);
	at_prompt = 0;
	if (!line)
		return NULL;
	char *copy = kr_strdup(line);
	free(line);
	return copy;
}

static void remember(const char *entry)
{
	add_history(entry);
	const char *h = history_path();
	if (h && append_history(1, h) != 0)
		write_history(h);
}
#else
static void setup_readline(void)
{
}

static char *read_line(const char *prompt)
{
	char buf[4096];
	fputs(prompt, stdout);
	fflush(stdout);
	at_prompt = 1;
	char *got = fgets(buf, sizeof buf, stdin);
	at_prompt = 0;
	if (!got)
		return NULL;
	buf[strcspn(buf, "\n")] = 0;
	return kr_strdup(buf);
}

static void remember(const char *entry)
{
	(void)entry;
}
#endif

/* Read one complete entry (possibly several lines); NULL at EOF. */
static char *read_entry(void)
{
	char *text = NULL;
	for (;;) {
		char *line = read_line(text ? "... " : "> ");
		if (!line)
			return text;
		if (lang_interrupted) { /* Ctrl-C dropped what was typed */
			clear_stop();
			text = NULL;
		}
		text = text ? kr_strfmt("%s\n%s", text, line) : line;
		if (balanced(text))
			return text;
	}
}

int repl_interactive(void)
{
	setup_readline();
	install_sigint();
	printf("kanrewrite %s -- miniKanren and graph rewriting. "
	       "(exit) or Ctrl-D leaves.\n", kr_version());
	for (;;) {
		char *entry = read_entry();
		if (!entry)
			break;
		if (!entry[strspn(entry, " \t\n")])
			continue;
		remember(entry);
		if (!strcmp(entry, "(exit)"))
			break;
		eval_all(entry, "<repl>", RUN_LINE);
	}
	putchar('\n');
	return 0;
}
