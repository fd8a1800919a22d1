/* lang.h -- the REPL's language: miniKanren interpreted into the library's goals. */
/* See the LICENSE file for copying conditions. */
#ifndef KR_CLI_LANG_H
#define KR_CLI_LANG_H

#include <signal.h>
#include <stdio.h>

#include <kanrewrite.h>

/*
 * The language is the surface of The Reasoned Schemer (2nd ed.) and
 * faster-miniKanren over a small Scheme for values: every value is a
 * kr_term. Procedures, goals, relations and the unspecified value are
 * foreign atoms of the types below, so they live in environments, lists
 * and logic variables like any other term. A form is compiled once into a
 * tree of nodes with lexical addresses (lang.c), then evaluated (eval.c)
 * straight into library goals: `fresh`, `conde`, `defrel` and `run` build
 * kr_goal values with kr_conj/kr_conde/kr_rel_new/kr_run_start, so a
 * relation defined at the prompt runs in the same engine as a C relation.
 * Goal expressions are compiled a second time, at their first use, into
 * goal templates (gcomp.c) that a relation call builds its goals from
 * directly, as a relation written in C does.
 *
 * Errors: every fallible function returns 0 or a negative KR_E* code with
 * kr_error_last() set to "FILE:LINE:COL: message" when the place is known.
 */

typedef struct lang_node lang_node;
typedef struct lang_global lang_global;

/** Kinds of compiled node (see lang.c for what each field holds). */
typedef enum {
	N_CONST, N_LOCAL, N_GLOBAL, N_IF, N_LAMBDA, N_APP, N_SEQ, N_LET,
	N_LETREC, N_DEFINE, N_SET_LOCAL, N_SET_GLOBAL, N_AND, N_OR, N_FRESH,
	N_CONJ, N_CONDE, N_CONDA, N_CONDU, N_RUN, N_REL, N_PROJECT
} lang_kind;

/**
 * A compiled form. `kids` are the subforms (their meaning depends on the
 * kind), `body` the body of binding forms, `nvars` the size of the frame
 * a binding form makes, `depth`/`index` a local's lexical address.
 */
struct lang_node {
	lang_kind kind;
	int line, col;
	const char *file;
	int depth, index;
	bool rest;
	bool prelude; /* compiled from LANG_PRELUDE_FILE */
	kr_term *value;
	lang_global *glob;
	size_t nkids;
	lang_node **kids;
	size_t nvars;
	kr_term **names;
	const char *name;
	lang_node *body;
	void *gt; /* goal template (gcomp.c), compiled at first use */
};

/**
 * Ticks at every change of a global's value (define, set!, define-syntax,
 * lang_define, lang_globals_restore): what gcomp.c caches about the
 * values of globals is valid while it does not change.
 */
extern uint64_t lang_globals_epoch;

/** A global binding; value NULL while unbound. */
struct lang_global {
	kr_term *sym;
	kr_term *value;
};

/** A frame of local variables; `up` is the lexically enclosing frame. */
typedef struct lang_frame {
	struct lang_frame *up;
	size_t n;
	kr_term *slot[];
} lang_frame;

/** A primitive: store the result in *out, return 0 or a KR_E* code. */
typedef int (*lang_prim_fn)(kr_term **out, size_t n, kr_term *const *args);

/**
 * Why work must stop, polled by runs, relation calls and evaluation: set
 * to LANG_STOP_INTERRUPT by the SIGINT handler and to LANG_STOP_MEMORY
 * when the heap grows past the memory limit; cleared when the prompt
 * regains control (each top-level form starts at 0).
 */
extern volatile sig_atomic_t lang_interrupted;

enum { LANG_STOP_INTERRUPT = 1, LANG_STOP_MEMORY = 2 };

/*
 * Set when a form of a session on standard input has failed: the session
 * then ends with status 1, and so does (exit) without a code.
 */
extern bool lang_session_failed;

/**
 * The error message of a stop (lang_interrupted not 0) in `what`, e.g.
 * "run: memory limit of 64 MiB reached": a collected string.
 */
char *lang_stop_message(const char *what);

/* ------------------------------------------------------------ lang.c */

/** Start the language: globals, built-ins and the prelude. Call once. */
void lang_init(void);

/**
 * Compile and evaluate one form read by r (positions of errors come from
 * r; r may be NULL). Returns 0 with *out set (lang_void() for forms that
 * have no value), or a negative code with the message set.
 */
int lang_eval_form(kr_term **out, kr_term *form, const kr_reader *r);

/** Evaluate every form of a text; stops at the first error. */
int lang_eval_text(const char *text, const char *name, bool print);

/** The unspecified value (not printed at the prompt). */
kr_term *lang_void(void);

/**
 * Largest term (pairs and etuple cells, shared parts counted at each use)
 * that is printed; a larger one prints as `#<a term of more than N
 * cells>`, as printing it could take exponential time and space.
 */
#define LANG_PRINT_MAX 1000000

/** min(cap, the number of pair and etuple cells of t as a tree). */
size_t lang_term_size(const kr_term *t, size_t cap);

/** t as text, or the placeholder for a term over LANG_PRINT_MAX. */
char *lang_show(const kr_term *t);

/**
 * t as Chez's `display` shows it: lang_show() with strings unquoted and
 * (quote x) and its kin abbreviated ('x).
 */
char *lang_display_string(const kr_term *t);

/** Print lang_show(t) to f. */
void lang_fprint(FILE *f, const kr_term *t);

/**
 * Print a value the prompt shows, as Chez Scheme's REPL shows
 * faster-miniKanren's answers: lang_show() with (quote x) and its kin
 * abbreviated to 'x, `x, ,x and ,@x. `write` and `display` do not.
 */
void lang_fprint_value(FILE *f, const kr_term *t);

/** The booleans `#t` and `#f` (the reader's symbols). */
kr_term *lang_bool(bool b);

/** True for every value except `#f`. */
bool lang_truthy(const kr_term *t);

/** Whether t is the symbol name: a keyword, an option ('import-missing). */
bool lang_is_symbol(const kr_term *t, const char *name);

/** Whether t is a number: an integer or a real. */
bool lang_is_number(const kr_term *t);

/** Bind a global name (define). */
void lang_define(const char *name, kr_term *value);

/**
 * Remember the values of all globals (lang_globals_restore() goes back to
 * them: later definitions are undone). For the fuzzer, so that each input
 * starts from the same session.
 */
void lang_globals_mark(void);

/** Restore the globals remembered by lang_globals_mark(). */
void lang_globals_restore(void);

/** The value of a global name, or NULL when unbound. */
kr_term *lang_lookup(const char *name);

/**
 * The names of the bound globals and of the special forms, for tab
 * completion. Returns the count; *out is a collected array.
 */
size_t lang_names(const char ***out);

/** A primitive procedure value; max -1 for variadic. */
kr_term *lang_prim(const char *name, int min, int max, lang_prim_fn fn);

/* --------------------------------------------------------- values */

/** A goal as a value. */
kr_term *lang_goal_term(kr_goal *g);

/** The goal of a goal value, or NULL when t is not one. */
kr_goal *lang_term_goal(const kr_term *t);

/** A relation as a value. */
kr_term *lang_rel_term(const kr_rel *r);

/** The relation of a relation value, or NULL. */
const kr_rel *lang_term_rel(const kr_term *t);

/**
 * A relation defined at the prompt as a value: r with `info`, what the
 * compiler knows of its body (gcomp.c), for calls that build it in place.
 */
kr_term *lang_defrel_term(const kr_rel *r, const void *info);

/** The info of a value made by lang_defrel_term(), or NULL. */
const void *lang_term_defrel(const kr_term *t);

/** True for any value that can be applied. */
bool lang_is_procedure(const kr_term *t);

/** The name of a closure (its define) or primitive, or NULL. */
const char *lang_procedure_name(const kr_term *t);

/**
 * A kr_rel of the given arity calling the procedure t (a relation, a
 * closure or a primitive returning goals), for library relations that take
 * relations as arguments (kr_mapo). Returns NULL with the message set when
 * t cannot be one.
 */
const kr_rel *lang_as_rel(kr_term *t, int arity);

/* ------------------------------------------------------------ eval.c */

/**
 * Nesting bound of evaluation and of compilation: a deeper form or
 * evaluation fails with an error instead of exhausting the C stack.
 */
#define LANG_MAX_DEPTH 6000

/**
 * True when the C stack used below the shallowest frame seen here (the
 * first call is from lang_init, near main) is within a margin of the
 * stack limit: the recursive compiler and evaluator stop there.
 */
bool lang_stack_low(void);

/** Set "FILE:LINE:COL: message" at node n; returns NULL. */
kr_term *lang_fail_at(const lang_node *n, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/** Prefix the current message with n's place unless it has one; NULL. */
kr_term *lang_fail_here(const lang_node *n);

/** t as text, shortened to 200 characters (for error messages). */
char *lang_show_short(const kr_term *t);

/**
 * A copy of the array v, of `*cap` elements of `size` bytes, with twice
 * the room (the first `len` copied; *cap doubled): the growth of the
 * language's work arrays, in collected memory.
 */
void *lang_grow(const void *v, size_t len, size_t *cap, size_t size);

/** A new frame of n (NULL) slots over `up`. */
lang_frame *lang_frame_new(lang_frame *up, size_t n);

/** The closure of a lambda node in a frame. */
kr_term *lang_make_closure(const lang_node *lam, lang_frame *env);

/** The lambda node and frame of a closure value, or NULL. */
const lang_node *lang_closure_lambda(const kr_term *t, lang_frame **env);

/** Evaluate a compiled node in a frame; NULL with the message set. */
kr_term *lang_eval(const lang_node *node, lang_frame *frame);

/** Apply a procedure value to arguments. Returns 0 or an error code. */
int lang_apply(kr_term **out, kr_term *fn, size_t n, kr_term *const *args);

/**
 * Record an error that happened inside the search (where a goal can only
 * fail); the running `run` reports it. The first one is kept.
 */
void lang_search_error(void);

/*
 * The error recorded inside a search that no lang_run reports (a
 * KanrenRelationSub's run inside a rewrite), as a return code with its
 * message set, and forgotten; 0 when there is none.
 */
int lang_search_take(void);

/**
 * Run a goal for at most n answers (n < 0: all, up to the answer limit),
 * reifying q with its constraints. Interrupted by lang_interrupted, bounded
 * by the step limit. Returns 0 with *out the list of answers, or KR_ELIMIT
 * / KR_ERROR with the message set.
 */
int lang_run(kr_term **out, long n, kr_term *q, const kr_goal *g);

/**
 * Give each answer of a run once (kr_run_set_unique()); returns the old
 * setting.
 */
bool lang_set_unique_answers(bool on);

/** Step limit of every run (0: none) and answer limit of run* (0: none). */
void lang_set_limits(uint64_t steps, uint64_t answers);

/** The current limits. */
void lang_get_limits(uint64_t *steps, uint64_t *answers);

/**
 * Evaluation budget of each top-level form: the number of evaluations and
 * procedure calls after which it fails with KR_ELIMIT (0: none, the
 * default). Bounds Scheme loops as the step limit bounds searches.
 */
void lang_set_eval_limit(uint64_t evals);

/**
 * Memory limit, in bytes (0: none): when the collector grows its heap
 * past it, the running form stops with KR_ELIMIT (LANG_STOP_MEMORY), so
 * that a search filling memory ends with an error and the session goes
 * on, instead of the allocator aborting the process when the system
 * refuses more. The default is half of the smaller of the physical
 * memory and the address-space and data limits (setrlimit).
 */
void lang_set_memory_limit(size_t bytes);

/** The current memory limit in bytes (0: none). */
size_t lang_get_memory_limit(void);

/** The current evaluation budget (0: none). */
uint64_t lang_get_eval_limit(void);

/** Whether the running form has spent its evaluation budget. */
bool lang_budget_spent(void);

/** Start counting a new top-level form against the evaluation budget. */
void lang_eval_budget_reset(void);

/**
 * Spend one evaluation of the budget on n (a call of a relation defined
 * at the prompt, which a search may chain without suspending): true, and
 * the error set at n, once the budget is spent.
 */
bool lang_over_budget(const lang_node *n);

/**
 * Sandboxed sessions (the fuzzer) may not touch files or leave: `load`,
 * `exit` and the primitives writing files fail with KR_EINVALID, and so
 * do the set-...-limit! primitives when they would raise or lift a limit.
 */
void lang_set_sandbox(bool on);

/** True in a sandboxed session. */
bool lang_sandboxed(void);

/* ----------------------------------------------------------- macro.c */

/**
 * A syntax-rules transformer (R7RS 4.3.2) for keyword `name` (a symbol)
 * as a value: `spec` is the (syntax-rules ...) form of a define-syntax.
 * Returns NULL with a KR_ESYNTAX message (no place) when spec is not a
 * well-formed syntax-rules form.
 */
kr_term *lang_macro_new(kr_term *name, kr_term *spec);

/**
 * A symbol named BASE.N, N counting up: the names that rewrites of forms
 * (syntax-rules renaming, cond's =>, matche) bind, which no earlier
 * symbol of the session shares unless typed on purpose.
 */
kr_term *lang_fresh_symbol(const char *base);

/** Capture the procedures rewrites call (after the built-ins). */
void lang_macro_init(void);

/** True when t is a value made by lang_macro_new(). */
bool lang_is_macro(const kr_term *t);

/**
 * Expand one use `form` (keyword . args) of macro m: the first rule whose
 * pattern matches. *budget is the number of cells expansions may still
 * build (the compiler's budget of the top-level form); the expansion's
 * cells are taken from it. Returns 0 with *out the expansion (a form,
 * expanded again by the compiler when it is itself a use), or KR_ESYNTAX
 * when no pattern matches or the template is misused, KR_ELIMIT when the
 * budget runs out; the message has no place.
 * Cost: O(size of the pattern and of the expansion).
 */
int lang_macro_expand(kr_term **out, const kr_term *m, kr_term *form,
		      size_t *budget);

/**
 * faster-miniKanren's matche, lambdae and defmatche (form's head says
 * which) rewritten into let, conde, fresh and == (see macro.c). Returns 0
 * with *out the core form, or KR_ESYNTAX with a message (no place).
 */
int lang_matche_expand(kr_term **out, kr_term *form);

/* ----------------------------------------------------------- gcomp.c */

/*
 * Goal expressions are compiled once, at their first use, into templates
 * that build the library's goals directly (see gcomp.c); the functions
 * below have lang_eval()'s meaning for goal expressions.
 */

/** Look up the primitives the templates recognise; after the built-ins. */
void lang_gcomp_init(void);

/** The goal of goal expression n in frame f; NULL with the message set. */
kr_goal *lang_goal_build(const lang_node *n, lang_frame *f);

/** The conjunction of n's kids from `from` on; NULL with the message set. */
kr_goal *lang_goal_conj(const lang_node *n, size_t from, lang_frame *f);

/** The relation value of a N_REL node (defrel) closed over frame f. */
kr_term *lang_rel_value(const lang_node *n, lang_frame *f);

/* -------------------------------------------------------- builtins.c */

/** Define the primitives and library relations. Called by lang_init(). */
void lang_builtins_init(void);

/** Define the goal constructors, library relations and limits (goals.c). */
void lang_goals_init(void);

/**
 * Define kanren's relations that take keyword arguments (permuteo,
 * map-anyo, walko, term-walko, eq-assoc-args) and assoc-args,
 * flatten-assoc-args (kanren.c). Called by lang_goals_init().
 */
void lang_kanren_init(void);

/** Text of the prelude (TRS2 relations written in the language). */
extern const char lang_prelude[];

/** The Scheme library written in the language (prelude.c), run first. */
extern const char lang_scheme_prelude[];

/**
 * The file name the preludes' code carries. An error inside it is
 * reported at the user's call evaluated last (lang_fail_at).
 */
#define LANG_PRELUDE_FILE "<prelude>"

/* ---------------------------------------------------------- graphs.c */

/** Define the graph primitives, the op library and graph relations. */
void lang_graphs_init(void);

/** Define PyTensor's graph utilities (graph-inputs, ancestors ...). */
void lang_traverse_init(void);

/**
 * The graphs of a list argument: one graph, or a proper list of graphs
 * (a list whose head is an op is one graph). Errors start with `who`.
 */
int lang_graph_list(kr_variable ***out, size_t *n, const char *who,
		    kr_term *t);

/* ---------------------------------------------------------- inplace.c */

/** Define the DestroyHandler primitives (fgraph-destroy-handler! ...). */
void lang_inplace_init(void);

/** True for an in-place option of (op NAME ...): 'destroy-map ... */
bool lang_inplace_key(const char *key);

/*
 * A copy of `base` with the in-place options given: maps[0..4) are the
 * values of 'destroy-map, 'view-map, 'tolerate-same, 'tolerate-aliased
 * (NULL: not given). Returns 0 or KR_EINVALID for a malformed value.
 */
int lang_inplace_desc(const kr_op_desc **out, const kr_op_desc *base,
		      int nout, kr_term *const *maps);

/**
 * The graph a value stands for: a graph Variable atom, or a ground term
 * (etuple, list with an op head, number) evaluated with kr_term_eval().
 * Returns 0 or KR_EINVALID with a message starting with `who`.
 */
int lang_graph_of(kr_variable **out, const char *who, kr_term *t);

/**
 * eval_if_etuple: an etuple not headed by an op evaluated by
 * kr_etuple_eval (procedures called), anything else to the graph it
 * stands for (lang_graph_of). Errors are prefixed with `who`.
 */
int lang_eval_if_etuple(kr_term **out, const char *who, kr_term *t);

/**
 * The op that tracks what t names, as PyTensor's tracks lists take: an
 * op, an op-pattern (its tracking op), or an op class (op-class OP), as
 * the op tracking every op of that class; NULL for anything else.
 */
kr_op *lang_track_op(kr_term *t);

/**
 * The float64 value of the array t writes at the prompt: a number, or a
 * rectangular nested list of numbers (what PyTensor takes as a numpy
 * array); NULL for anything else.
 */
kr_value *lang_array(kr_term *t);

/**
 * numpy's `array_equal`: the same shape and equal elements, whatever the
 * dtypes (NaN equal to nothing).
 */
bool lang_array_equal(const kr_value *a, const kr_value *b);

/** The FunctionGraph a `function-graph` value holds, or NULL. */
kr_fgraph *lang_as_fgraph(const kr_term *t);

/**
 * The FunctionGraph of argument t of `who` in *out: 0, or KR_EINVALID
 * "WHO: not a FunctionGraph: T".
 */
int lang_fgraph_arg(kr_fgraph **out, const char *who, kr_term *t);

/** A `function-graph` value holding fg (which rewriters may change). */
kr_term *lang_fgraph_term(kr_fgraph *fg);

/**
 * Apply an op at the prompt: a new node when every argument is a graph
 * Variable or a number (a float64 constant), else the etuple (op arg ...).
 * Returns 0 or the node's type error.
 */
int lang_apply_op(kr_term **out, kr_op *op, size_t n, kr_term *const *a);


/** Write text to a file (refused in a sandbox). Returns 0 or an error. */
int lang_write_file(const char *who, const char *path, const char *text);

/*
 * The result of a primitive that produces text, such as a DOT picture:
 * the string itself when the primitive got n < 2 arguments, else the text
 * is written to the file named by the string a[1] and the result is void.
 */
int lang_text_result(kr_term **out, const char *who, size_t n,
		     kr_term *const *a, const char *text);

/* An entry of a primitive table: name, argument counts (max -1: any). */
typedef struct lang_prim_def {
	const char *name;
	int min, max;
	lang_prim_fn fn;
} lang_prim_def;

/* Define each primitive of the table p[0..n) under its name. */
void lang_define_prims(const lang_prim_def *p, size_t n);

/*
 * The name argument t of `who`: a string or a symbol, its text in *name;
 * KR_EINVALID otherwise.
 */
int lang_name_arg(const char **name, const char *who, const kr_term *t);

/* The signature of a primitive, as the primitive tables declare them. */
#define PRIM(name) static int name(kr_term **out, size_t n, kr_term *const *a)

/*
 * The last error again, prefixed "WHO: ", with code `code`; returns it.
 * While a stop is asked (lang_interrupted), the stop's message instead.
 */
int lang_error_in(int code, const char *who);

/*
 * The built-in apply, (apply f x ... l), and its arguments spread: for a
 * call of apply with *n arguments *args, sets *fn to f and *args, *n to
 * x ... and l's elements; false when they are not apply's (the call
 * then reports it). The evaluator calls f itself in apply's place, so
 * that a loop through apply is a proper tail call.
 */
int lang_prim_apply(kr_term **out, size_t n, kr_term *const *a);
bool lang_apply_spread(kr_term **fn, size_t *n, kr_term ***args);

/* "WHO: not WHAT: TERM" (TERM shortened to 200 characters), KR_EINVALID. */
int lang_type_error(const char *who, const char *what, const kr_term *t);

/* ------------------------------------------------------- rewriters.c */

/** Define the rewriter, rewrite-graph and optdb primitives. */
void lang_rewriters_init(void);

/**
 * The failure callback of the equilibrium rewriters the prompt and
 * `kanrewrite rewrite` make, as PyTensor's default on_opt_error ("warn"):
 * a rewriter that exceeds its max_use_ratio is logged on stderr and the
 * rewrite ends with the graph as it is (0); any other failure, and a
 * stop (memory limit, Ctrl-C, the step budget), stops the rewrite with
 * its code, as PyTensor re-raises it when there is no failure_callback.
 */
int lang_warn_maxed_out(const kr_failure *f, void *data);

/* --------------------------------------------------------- explore.c */

/** Define the exploration primitives. */
void lang_explore_init(void);

/* ------------------------------------------------------------ repl.c */

/**
 * Run a script (errors end it with FILE:LINE:COL and status 1), stdin as
 * a non-interactive session (errors reported, the session goes on), or the
 * interactive REPL with readline. Return the exit status.
 */
int repl_run_file(const char *path);
int repl_run_expr(const char *expr);
int repl_run_stdin(void);
int repl_interactive(void);

#endif
