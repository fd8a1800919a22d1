/* goal.h -- internal layout of states, streams, goals and relations. */
/* See the LICENSE file for copying conditions. */
#ifndef KRI_GOAL_H
#define KRI_GOAL_H

#include "core/alloc.h"
#include "kanrewrite/stream.h"

/*
 * A state is a substitution plus a constraint store (always NULL for now;
 * the slot is there so that constraints can be added without changing
 * the goals). States are immutable and shared between branches.
 */
struct kr_state {
	const kr_subst *s;
	const void *store;
};

/*
 * Streams (TRS2's s-inf). NULL is the empty stream. A mature node holds a
 * state and the rest. The suspended kinds are defunctionalised closures:
 *
 *   KRI_SUSP_FN     a user step: forcing it calls fn(env);
 *   KRI_SUSP_MPLUS  forcing it gives mplus(first, force(inner)): the swap of
 *                   append-inf when its left stream `inner` is suspended;
 *   KRI_SUSP_BIND   forcing it gives bind(force(inner), g).
 *
 * Invariant: the `inner` stream of MPLUS and BIND nodes is itself a
 * suspension, so every chain of MPLUS/BIND nodes ends in a SUSP_FN node.
 * kri_stream_force walks that chain with an explicit array, calls the
 * one user function and rebuilds outwards, so forcing uses constant C
 * stack whatever the depth of the chain. Forcing a chain is one step.
 */
enum {
	KRI_MATURE,
	KRI_SUSP_FN,
	KRI_SUSP_MPLUS,
	KRI_SUSP_BIND
};

struct kr_stream {
	int kind;
	union {
		struct {
			const kr_state *st;
			kr_stream *rest;
		} m;
		struct {
			kr_stream *(*fn)(void *env);
			void *env;
		} fn;
		struct {
			kr_stream *first;
			kr_stream *inner;
		} mplus;
		struct {
			kr_stream *inner;
			const kr_goal *g;
		} bind;
	} u;
};

/* A goal: a C function and its environment (kr_goal_new). */
struct kr_goal {
	kr_goal_fn fn;
	void *env;
};

/* A relation (defrel): the body builder of each call. */
struct kr_rel {
	const char *name;
	int arity;
	kr_rel_fn fn;
	void *env;
};

/* Take one step of a suspended stream (s->kind != KRI_MATURE). */
kr_stream *kri_stream_force(kr_stream *s);

#endif
