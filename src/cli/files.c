/* files.c -- reading whole files, for the command and the language. */
/* See the LICENSE file for copying conditions. */
#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "cli.h"
#include "lang.h"

/* The error of a NUL byte at `at` in buf, named NAME:LINE:COL. */
static char *nul_error(const char *name, const char *buf, const char *at)
{
	int line = 1, col = 1;
	for (const char *c = buf; c < at; c++, col++)
		if (*c == '\n')
			line++, col = 0;
	return kr_strfmt("%s:%d:%d: a NUL byte, so not a text file", name,
			 line, col);
}

/*
 * The whole of f, NUL-terminated, without a leading UTF-8 byte order
 * mark; NULL with *why set on error, a message that starts with `name`
 * (as cli_slurp says). A NUL byte
 * ends the reading at once (/dev/zero is no text), and so does a text
 * larger than the session's memory limit, which could not be held.
 */
static char *slurp(FILE *f, const char *name, const char **why)
{
	size_t cap = 4096, len = 0;
	size_t most = lang_get_memory_limit();
	char *buf = kr_alloc_atomic(cap);
	size_t n;
	while ((n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
		const char *nul = memchr(buf + len, 0, n);
		if (nul) {
			*why = nul_error(name, buf, nul);
			return NULL;
		}
		len += n;
		if (most && len > most / 2) {
			*why = kr_strfmt("%s: cannot read: larger than the "
					 "memory limit allows",
					 name);
			return NULL;
		}
		if (cap - len - 1 == 0) {
			char *bigger = kr_alloc_atomic(cap * 2);
			memcpy(bigger, buf, len);
			buf = bigger;
			cap *= 2;
		}
	}
	if (ferror(f)) {
		*why = kr_strfmt("%s: cannot read: %s", name, strerror(errno));
		return NULL;
	}
	buf[len] = 0;
	/* a UTF-8 byte order mark, as some editors write: not text */
	if (len >= 3 && !memcmp(buf, "\xEF\xBB\xBF", 3))
		memmove(buf, buf + 3, len - 2);
	return buf;
}

char *cli_slurp(const char *path, bool *opened, const char **why)
{
	FILE *f = fopen(path, "rb");
	*opened = f != NULL;
	if (!f) {
		*why = strerror(errno);
		return NULL;
	}
	char *text = slurp(f, path, why);
	fclose(f);
	return text;
}

char *cli_read_file(const char *path)
{
	const char *why;
	bool opened = true;
	char *text = strcmp(path, "-") ? cli_slurp(path, &opened, &why)
				       : slurp(stdin, "<stdin>", &why);
	if (!opened)
		cli_fail("%s: cannot open: %s", path, why);
	else if (!text)
		cli_fail("%s", why);
	return text;
}

/* Half of the least of physical memory and the AS and DATA rlimits. */
size_t cli_default_memory_limit(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
	uint64_t least = UINT64_MAX;
	if (pages > 0 && size > 0)
		least = (uint64_t)pages * (uint64_t)size;
	const int which[] = {RLIMIT_AS, RLIMIT_DATA};
	for (size_t i = 0; i < sizeof which / sizeof *which; i++) {
		struct rlimit rl;
		if (getrlimit(which[i], &rl) == 0 &&
		    rl.rlim_cur != RLIM_INFINITY &&
		    (uint64_t)rl.rlim_cur < least)
			least = (uint64_t)rl.rlim_cur;
	}
	least /= 2;
	return least > SIZE_MAX ? SIZE_MAX : (size_t)least;
}

int cli_parse_mib(long *out, const char *s)
{
	char *end;
	errno = 0;
	long v = s ? strtol(s, &end, 10) : -1;
	if (!s || !*s || *end || v < 0 || errno || v > (long)(SIZE_MAX >> 21))
		return cli_fail("--memory-limit needs a number of MiB, "
				"not '%s'", s ? s : "");
	*out = v;
	return 0;
}

int cli_output_status(int rc)
{
	if ((fflush(stdout) != 0 || ferror(stdout)) && rc == 0) {
		cli_fail("cannot write the standard output");
		rc = 1;
	}
	return rc;
}

/*
 * The node count of a `kanrewrite-graph` header (FORMAT.md's first line,
 * and the one `rewrite` writes): its `|` field that reads "N apply
 * nodes".
 */
static bool header_count(const char *comment, size_t *n)
{
	if (!comment || strncmp(comment, "kanrewrite-graph ", 17) != 0)
		return false;
	for (const char *f = strchr(comment, '|'); f; f = strchr(f, '|')) {
		f++;
		while (*f == ' ')
			f++;
		if (!isdigit((unsigned char)*f))
			continue;
		char *end;
		errno = 0;
		unsigned long long v = strtoull(f, &end, 10);
		if (errno || strncmp(end, " apply nodes", 12) != 0)
			continue;
		end += 12;
		while (*end == ' ')
			end++;
		if ((*end && *end != '|') || v > SIZE_MAX)
			continue;
		*n = (size_t)v;
		return true;
	}
	return false;
}

void cli_check_header(const char *comment, const kr_fgraph *fg,
		      const char *name)
{
	size_t said, has = kr_fgraph_nnodes(fg);
	if (header_count(comment, &said) && said != has)
		fprintf(stderr,
			"kanrewrite: warning: %s: the graph has %zu apply "
			"nodes where its header says %zu: is the file cut "
			"short?\n",
			name, has, said);
}

int cli_check_tree_size(const char *who, const kr_fgraph *fg, size_t limit,
			const char *instead)
{
	size_t n = kr_fgraph_noutputs(fg), cap = limit / CLI_TREE_NODE_BYTES;
	kr_variable **outs = kr_alloc((n ? n : 1) * sizeof *outs);
	for (size_t k = 0; k < n; k++)
		outs[k] = kr_fgraph_output(fg, k);
	if (limit == 0 || kr_graph_tree_size(n, outs, cap) < cap)
		return 0;
	return kr_error_set(KR_ELIMIT, "%s: the text would hold %zu nodes or "
			    "more (shared subexpressions are written at each "
			    "use); use %s", who, cap, instead);
}
