/* goal.h -- internal layout of states, streams, goals and relations. */
/* See the LICENSE file for copying conditions. */
#ifndef KRI_GOAL_H
#define KRI_GOAL_H

#include <signal.h>
#include <stddef.h>

#include "core/alloc.h"
#include "kanrewrite/constraints.h"
#include "kanrewrite/stream.h"

/*
 * A state is a substitution plus a constraint store: a persistent map from
 * variable to its constraint record (see constraints.c), NULL when there
 * is no constraint at all, plus its search scope (faster-miniKanren's
 * subst-scope, see term/term.h): every branch point gives the states of
 * its branches a new scope, and == binds the variables of the state's own
 * scope in place. States are immutable and shared by branches.
 *
 * Invariant: a state whose scope is s is never given to two goal
 * applications that could both see a variable of scope s unbound. The
 * engine's branch points (disjunction, conde, ifte) pass a state with a
 * new scope to their branches; kr_goal_new() goals and kr_goal_apply(),
 * whose callers may branch behind the engine's back, get a new scope too.
 */
struct kr_state {
	/*
	 * A state is also the stream of that one answer (KRI_UNIT): these
	 * are a stream node's kind and owned, always 0 -- states are made
	 * zeroed or copied from another -- so kr_stream_unit() needs no node.
	 */
	uint16_t kind;
	uint16_t owned;
	const kr_subst *s;
	const kr_subst *store; /* var -> kri_crec (kri_map_*), or NULL */
	uint64_t scope;
};

/* st with a new scope. */
const kr_state *kri_state_scoped(const kr_state *st);

/* A goal of the engine itself: applied without a new scope. */
kr_goal *kri_goal_make(kr_goal_fn fn, void *env);

/* Apply a goal of the engine (no new scope). */
#define KRI_APPLY(g, st) ((g)->fn((st), (g)->env))

/*
 * Streams follow faster-miniKanren's SearchStream, defunctionalised.
 * Values (weak head normal forms):
 *
 *   NULL          no answer;
 *   KRI_UNIT      a single answer: the kr_state itself (its first field
 *                 is this kind), so that the answer of a unification
 *                 takes no node of its own (kri_answer reads either);
 *   KRI_MATURE    a state `st` and `rest`: a thunk (any stream node;
 *                 forcing it evaluates it) or NULL;
 *   KRI_SUSP      a suspension (faster-mk's procedure stream): forcing it
 *                 evaluates the thunk `e`. This is a step of the search;
 *   KRI_S_GOAL, KRI_S_CALL, KRI_S_FN, KRI_S_FRESH, KRI_S_CLAUSES
 *                 self-suspensions: a suspension whose thunk is the node
 *                 itself read as the pending KRI_P_GOAL, KRI_P_CALL,
 *                 KRI_P_FN, KRI_P_FRESH or KRI_P_CLAUSES (same payload;
 *                 the kinds keep the same order). Forcing one
 *                 turns its kind into the pending kind in place
 *                 (kri_force), so a suspended goal takes one node
 *                 instead of a KRI_SUSP and a pending node. The engine's
 *                 own goals make them; the machine forces each once, and
 *                 kr_goal_apply() hands callers a KRI_SUSP instead.
 *
 * Pending computations (what a closure would hold in Scheme), evaluated by
 * kri_eval() without C recursion:
 *
 *   KRI_P_GOAL    goal g applied to st;
 *   KRI_P_CALL    the body g of a relation call applied to st (as
 *                 KRI_P_GOAL; counted, see KRI_CALL_CHAIN);
 *   KRI_P_FN      fn(env);
 *   KRI_P_FRESH   a kr_fresh_call body: n variables, body(vars, env) on st
 *                 (owned 1: a kr_fresh_run body, body(st, vars, env));
 *   KRI_P_CLAUSES mplus*(clause i, ..., clause n-1) of a kr_conde_fn (i:
 *                 n); owned 1 when only the machine can reach the node,
 *                 which then steps to the next clause in place;
 *   KRI_P_DISJ    mplus*(g_i st, ..., g_n-1 st) over a goal array (i: n);
 *   KRI_P_MPLUS   mplus(eval a, thunk b); an owned node may also hold,
 *                 for each side, goals to bind its answers to;
 *   KRI_P_BIND    bind(eval a, goal g);
 *   KRI_P_BINDS   bind(... bind(bind(eval a, g[0]), g[1]) ..., g[n-1]):
 *                 the rest of a conjunction, or a run of binds saved at
 *                 once when a step suspends;
 *   KRI_P_IFTE    ifte over the stream a of the test (TRS2);
 *   KRI_P_ONCE    the first answer of a.
 *
 * mplus and bind are faster-mk's: mplus(#f, f) = (f); mplus(susp e, f) =
 * susp (mplus (f) e) -- the swap; mplus((c . r), f) = (c . mplus (f) r).
 */
enum {
	KRI_UNIT, /* 0: a zeroed state is one */
	KRI_MATURE,
	KRI_SUSP,
	KRI_S_GOAL,
	KRI_S_CALL,
	KRI_S_FN,
	KRI_S_FRESH,
	KRI_S_CLAUSES,
	KRI_P_GOAL,
	KRI_P_CALL,
	KRI_P_FN,
	KRI_P_FRESH,
	KRI_P_CLAUSES,
	KRI_P_DISJ,
	KRI_P_MPLUS,
	KRI_P_BIND,
	KRI_P_BINDS,
	KRI_P_IFTE,
	KRI_P_ONCE,
	KRI_KINDS
};

/* The pending kind of a self-suspension kind. */
#define KRI_S_TO_P (KRI_P_GOAL - KRI_S_GOAL)

/* The goals of a conjunction or disjunction (n >= 2), copied. */
struct kri_goals {
	size_t n;
	const kr_goal *goals[];
};

/*
 * A node: a header of 8 bytes (kind, owned and a count `n` whose meaning
 * depends on the kind) and one member of the union. The count lives in
 * the header so that the nodes with a count take 32 bytes, not 48.
 */
struct kr_stream {
	uint16_t kind;
	uint16_t owned; /* P_MPLUS/BIND/BINDS/CLAUSES only the machine sees */
	uint32_t n;     /* P_BINDS: goals; P_DISJ/P_CLAUSES: index; FRESH: vars */
	union {
		struct {
			const kr_state *st;
			kr_stream *rest;
		} m;
		struct {
			kr_stream *e;
		} susp;
		struct {
			kr_stream *(*fn)(void *env);
			void *env;
		} fn;
		struct {
			const kr_goal *g;
			const kr_state *st;
		} goal;
		struct {
			union {
				kr_fresh_fn goal;    /* owned == 0 */
				kr_fresh_run_fn run; /* owned == 1 */
			} body;
			void *env;
			const kr_state *st;
		} fresh;
		struct {
			const struct kri_goals *gs;
			const kr_state *st;
		} disj;
		struct {
			const struct kri_clauses *cl;
			kr_state st; /* the conde's: held here, not apart */
		} clauses;
		struct {
			kr_stream *a;
			kr_stream *b;
			/*
			 * Owned: the goals each side's answers are still
			 * to be bound to, a bind taken into the node
			 * (counts in n; see stream.c's swap_in).
			 */
			union kri_gref {
				const kr_goal *one;
				const kr_goal *const *many;
			} ga, gb;
		} mplus;
		struct {
			kr_stream *a;
			const kr_goal *g;
		} bind;
		struct {
			kr_stream *a;
			const kr_goal *const *g; /* shared, never changed */
		} binds;
		struct {
			kr_stream *a;
			const kr_goal *then, *otherwise;
			const kr_state *st;
		} ifte;
		struct {
			kr_stream *a;
		} once;
	} u;
};

_Static_assert(offsetof(kr_state, kind) == offsetof(kr_stream, kind) &&
		       offsetof(kr_state, owned) == offsetof(kr_stream, owned),
	       "a state reads as a stream node of kind KRI_UNIT");

/* The first answer of a KRI_UNIT or KRI_MATURE value. */
static inline const kr_state *kri_answer(const kr_stream *v)
{
	return v->kind == KRI_UNIT ? (const kr_state *)(const void *)v
				   : v->u.m.st;
}

/* The stream after that answer (NULL: none). */
static inline kr_stream *kri_answer_rest(const kr_stream *v)
{
	return v->kind == KRI_UNIT ? NULL : v->u.m.rest;
}

/* The clauses of a kr_conde_fn: clause i is fn(st, i, env). */
struct kri_clauses {
	size_t n;
	kr_clause_fn fn;
	void *env;
	/*
	 * > 0: env is the array of a call's nargs terms, which each
	 * application of the conde walks once for all its clauses.
	 */
	size_t nargs;
};

/* A goal: a C function and its environment (kr_goal_new). */
struct kr_goal {
	kr_goal_fn fn;
	void *env;
};

/*
 * A relation (defrel): the body builder of each call (fn, env), or for
 * kr_rel_new_conde/kr_rel_new_fresh (fn NULL) the body's clause
 * function or fresh body over the call's arguments, and n: its clauses
 * or its variables.
 */
struct kr_rel {
	const char *name;
	int arity;
	kr_rel_fn fn;
	void *env;
	kr_clause_fn clause;
	kr_fresh_run_fn run;
	size_t n;
};

/*
 * faster-mk's defrel does not suspend a single-goal body, so a relation
 * whose body is directly a call to itself loops without ever suspending
 * there. Such a chain of call expansions with nothing else in between
 * only happens when the relation diverges, so after this many the machine
 * turns the pending call into a suspension: a run stays bounded by its
 * step limit, and no terminating program's order changes.
 */
#define KRI_CALL_CHAIN 1000

/*
 * Any other search that never suspends (a goal of kr_goal_new() whose
 * stream recurses into itself through kr_disj() or kr_conj(), which do
 * not suspend) is made to suspend after this many pending nodes
 * evaluated in one step (kri_eval; the runs of owned mplus and binds
 * nodes that stream.c's descend takes are not counted, as the nodes
 * under them are finite), so that step limits and
 * kr_run_interrupt() still reach it. A step of faster-miniKanren's
 * programs takes tens of them. The runs that are part of a step (the
 * branches of kanren's order, kr_run_set_part_of_step) count into that
 * step's number, however deep they nest.
 */
#define KRI_STEP_WORK (1u << 18)

/*
 * A stop asked with kr_run_interrupt() (Ctrl-C, a memory limit) is set
 * here; runs take it at their next suspension, and the machine makes a
 * step suspend when it sees it, polled every KRI_STOP_POLL + 1 pending
 * nodes: a step may hold slow goals (an occurs check over a term that
 * grows with the step, 2^18 times), and the stop must not wait for it.
 */
extern KRI_HIDDEN volatile sig_atomic_t kri_run_stop;
#define KRI_STOP_POLL 1023u

/* A new stream node of that kind (fields zeroed). */
kr_stream *kri_stream_node(int kind);

/*
 * kri_stream_node inline: a node is allocated with the size its kind
 * needs, the header and its member of the union (a suspension takes 16
 * bytes, an ifte 40).
 */
#define KRI_NODE_SIZE(member) \
	(offsetof(kr_stream, u) + sizeof(((kr_stream *)NULL)->u.member))

static inline kr_stream *kri_node(int kind)
{
	static const size_t size[] = {
		[KRI_MATURE] = KRI_NODE_SIZE(m),
		[KRI_SUSP] = KRI_NODE_SIZE(susp),
		[KRI_S_GOAL] = KRI_NODE_SIZE(goal),
		[KRI_S_CALL] = KRI_NODE_SIZE(goal),
		[KRI_S_FN] = KRI_NODE_SIZE(fn),
		[KRI_S_FRESH] = KRI_NODE_SIZE(fresh),
		[KRI_S_CLAUSES] = KRI_NODE_SIZE(clauses),
		[KRI_P_GOAL] = KRI_NODE_SIZE(goal),
		[KRI_P_CALL] = KRI_NODE_SIZE(goal),
		[KRI_P_FN] = KRI_NODE_SIZE(fn),
		[KRI_P_FRESH] = KRI_NODE_SIZE(fresh),
		[KRI_P_DISJ] = KRI_NODE_SIZE(disj),
		[KRI_P_CLAUSES] = KRI_NODE_SIZE(clauses),
		[KRI_P_MPLUS] = KRI_NODE_SIZE(mplus),
		[KRI_P_BIND] = KRI_NODE_SIZE(bind),
		[KRI_P_BINDS] = KRI_NODE_SIZE(binds),
		[KRI_P_IFTE] = KRI_NODE_SIZE(ifte),
		[KRI_P_ONCE] = KRI_NODE_SIZE(once),
	};
	kr_stream *s = kri_alloc_struct(size[kind]);
	s->kind = kind;
	return s;
}

/*
 * The continuation stack of a run, kept between steps (see stream.c):
 * all zero when empty. Its array is lent from a cache while it holds
 * continuations and given back when it is empty again, so a run costs
 * no allocation of its own for it.
 */
struct kri_kont;
typedef struct kri_machine {
	struct kri_kont *v;
	uint32_t len, cap;
	uint32_t swaps; /* mplus continuations on the stack */
} kri_machine;

/*
 * Evaluate the stream s of run r on top of the stack r->m: NULL or a
 * KRI_MATURE node, with *susp false and the stack empty; or a suspension,
 * returned as its thunk with *susp true: the next step evaluates that
 * thunk on the stack r->m then holds (the continuations below the
 * suspension's last branch point, which only wait for it). A suspension
 * the run may step past (kri_run_step) is stepped past at once, counted:
 * the machine returns one only at the step limit or a stop. With r->part
 * the evaluation is part of the step in progress
 * (kr_run_set_part_of_step), whose work bound (KRI_STEP_WORK) it shares.
 */
struct kr_runner;
kr_stream *kri_eval(kr_stream *s, struct kr_runner *r, bool *susp);

/* A KRI_SUSP node: the suspension whose thunk is e. */
kr_stream *kri_susp(kr_stream *e);

/* The thunk of the suspension value s (a self-suspension is turned). */
kr_stream *kri_force(kr_stream *s);

/* s as a stream a caller outside the machine may keep (kr_goal_apply). */
kr_stream *kri_stream_public(kr_stream *s);

/* bind(s, g[0], ..., g[n-1]) for the shared goals g (NULL when s is). */
kr_stream *kri_bind_goals(kr_stream *s, size_t n, const kr_goal *const *g);

/* True for the goals made by kr_conj() with n >= 2. */
bool kri_goal_is_conj(const kr_goal *g);

/* ----------------------------------------------------------------- runs */

/*
 * A run holds the thunk still to explore (faster-mk's `take`) and the
 * machine's continuations under it: each request evaluates it; a
 * suspension is one step (its thunk is evaluated next, on the kept
 * continuations), a mature node is an answer whose rest is kept for the
 * next request. The layout is here so that a caller that needs a run
 * only during one call of its own (KanrenRelationSub, for each node it
 * tries) may keep it on its C stack.
 */
struct kr_runner {
	kr_term *q;
	const kr_goal *g; /* NULL once applied */
	kr_stream *s;
	kri_machine m;
	uint64_t steps;
	uint64_t limit;	  /* 0: no limit */
	struct unique *u; /* NULL until the run is made unique */
	bool part;	  /* its steps are part of the driving run's step */
};

/*
 * The run whose step is in progress, for the runs that are part of it
 * (kr_run_set_part_of_step): their steps count as its steps too, so that
 * its step limit bounds them, however deep they nest.
 */
extern KRI_HIDDEN kr_runner *kri_driving;

/*
 * At a suspension of run r: whether r takes the next step (no stop asked
 * with kr_run_interrupt, its step limit not reached), counting it then,
 * in r and in the run it is part of.
 */
static inline bool kri_run_step(kr_runner *r)
{
	if ((r->limit && r->steps >= r->limit) || kri_run_stop)
		return false;
	r->steps++;
	if (r->part && kri_driving)
		kri_driving->steps++;
	return true;
}

/* kr_run_start() in the storage r. */
void kri_run_init(kr_runner *r, kr_term *q, const kr_goal *g);

/* --------------------------------------------------------- constraints */

/*
 * After a unification that bound the variables `added` (in order), move
 * and re-check their constraint records (faster-mk's update-constraints).
 * Returns the new state or NULL when a constraint is violated.
 */
const kr_state *kri_constraints_update(const kr_state *st,
				       const kri_vec *added);

#endif
