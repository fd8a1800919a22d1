/* cli.h -- shared declarations of the kanrewrite command. */
/* See the LICENSE file for copying conditions. */
#ifndef KR_CLI_H
#define KR_CLI_H

#include <stdbool.h>

#include <kanrewrite.h>

/* A subcommand: name, entry point, one-line help (libgit2's cli_cmds[]). */
typedef struct cli_cmd {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *help;
} cli_cmd;

int cmd_rewrite(int argc, char **argv);
int cmd_show(int argc, char **argv);
int cmd_optdb(int argc, char **argv);

/*
 * Read a whole file ("-" is standard input, named <stdin> in messages)
 * without a leading UTF-8 byte order mark; NULL with a message on error.
 */
char *cli_read_file(const char *path);

/*
 * Read the whole file at path (no "-"), silently, without a leading
 * UTF-8 byte order mark: NULL on error, with
 * *opened false when it could not be opened and *why the system's
 * reason, else *why the whole message ("PATH: cannot read: ...", or
 * "PATH:LINE:COL: a NUL byte ..." at the first one).
 */
char *cli_slurp(const char *path, bool *opened, const char **why);

/*
 * The default memory limit of a session and of `rewrite`, in bytes: half
 * of the least of physical memory and the AS and DATA rlimits.
 */
size_t cli_default_memory_limit(void);

/*
 * The MiB of a --memory-limit option (0: none): 0 and *out set, or 1
 * with a message when s is not a count of MiB that fits in size_t bytes.
 */
int cli_parse_mib(long *out, const char *s);

/*
 * The exit status once the output is written: rc, or 1 with a message
 * when standard output failed (a full disk, a closed descriptor), however
 * much was written before the buffer first failed.
 */
int cli_output_status(int rc);

/*
 * A graph file cut at a line end reads as a smaller graph: warn on stderr
 * when the node count in the `kanrewrite-graph` header of its comment
 * line differs from the graph's (the status is unchanged: a hand-edited
 * file may keep an old count).
 */
void cli_check_header(const char *comment, const kr_fgraph *fg,
		      const char *name);

/*
 * Bytes of memory per node of a graph printed as a tree (pprint or an
 * S-expression): ~24 measured on rnn_unrolled_100 (11.2 million nodes as
 * a tree, 144 MB of pprint text, 264 MB peak), rounded up.
 */
#define CLI_TREE_NODE_BYTES 32

/*
 * Printing fg's outputs as trees repeats each shared subexpression at
 * each use, exponential in the depth: 0 when the text fits in `limit`
 * bytes of memory (0: no limit), else KR_ELIMIT with the error "WHO: the
 * text would hold N nodes or more ...; use INSTEAD", to check before a
 * byte is written.
 */
int cli_check_tree_size(const char *who, const kr_fgraph *fg, size_t limit,
			const char *instead);

/* Print "kanrewrite: message" on stderr and return the exit status 1. */
int cli_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The bundled default input (data/dot_distribute.sexp). */
extern const char cli_default_input[];

#endif
