/* stream.c -- answer streams: faster-miniKanren's mplus, bind and forcing. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "goal.h"
#include "term/term.h"

/*
 * kri_eval is the one machine that runs every pending computation of the
 * search (see the layout in goal.h). Where Scheme would nest calls -- the
 * stream argument of mplus and bind is evaluated first, and mplus of an
 * empty stream calls its thunk at once -- the machine pushes a
 * continuation on an explicit stack, so neither the depth of the search
 * nor a long run of failing answers ever reaches the C stack. Goal
 * functions only build nodes and return; the machine evaluates them.
 */

/*
 * Continuations: what to do with the value of the expression in hand.
 *
 * The nodes the machine makes itself (p_mplus, p_bind, binds) are owned:
 * each is referenced from one place only -- the node or continuation
 * that will evaluate it -- and evaluated once, so the machine may reuse
 * one after it has taken it apart. When a step ends in a suspension, the
 * machine rebuilds its stack as nodes down to the lowest mplus (faster-mk
 * allocates a closure per level of the whole path there; see below why
 * the levels under it stay); the _N continuations remember the owned
 * node they came from and rebuild the level by rewriting that node in
 * place, so a deep search no longer allocates its depth at every step
 * (measured: 70% of the stream nodes of *o and zebra were these). Nodes
 * made through the public kr_stream_mplus/kr_stream_bind are never
 * rewritten: a caller may hold them.
 */
enum {
	K_MPLUS,   /* mplus(value, p) with p a thunk */
	K_MPLUS_N, /* side a's goals from i on, then mplus with side b, p the
		      owned node */
	K_BIND,    /* bind(value, p) with p a goal */
	K_BIND_N,  /* bind(value, p->u.bind.g), p the owned node */
	K_BINDS,   /* bind(value, g[i]), g[i+1] ... of the binds node p */
	K_IFTE,    /* ifte continuation, p the KRI_P_IFTE node */
	K_ONCE     /* keep the first answer */
};

typedef struct kri_kont {
	int kind;
	unsigned i;
	const void *p;
} kont;

/* Whether a continuation swaps a suspension (mplus) or only waits. */
#define K_SWAPS(kind) ((kind) <= K_MPLUS_N)

/*
 * The continuation stack of a run (kri_machine, goal.h), kept from one
 * step to the next.
 *
 * A suspension reaching a continuation that only waits for it (bind,
 * ifte, once) gives a suspension of the same continuation over the
 * thunk: forcing that later pushes the same continuation again and
 * evaluates the thunk. So when a step suspends, only the continuations
 * from the top down to the lowest mplus need rebuilding as nodes; the
 * ones below it would be rebuilt and pushed again, unchanged, by the
 * next step. They stay on the stack instead, and the next step
 * evaluates the thunk on top of them: a step costs the depth of the
 * search below its last branch, not its whole depth (reverso-forward's
 * stack holds ~170 binds at each suspension and none of them is an
 * mplus). `swaps` counts the mplus continuations on the stack, so the
 * unwinding knows where to stop without scanning.
 */
#define MACHINE_KONTS 64

/*
 * The array of the last emptied stack, for the next run that needs one
 * (KanrenRelationSub starts a run per node). Nested runs -- a goal that
 * runs a query -- find it taken and make their own.
 */
static kont *kcache;
static uint32_t kcache_cap;

static void machine_acquire(kri_machine *m)
{
	if (kcache) {
		m->v = kcache;
		m->cap = kcache_cap;
		kcache = NULL;
	} else {
		m->cap = MACHINE_KONTS;
		m->v = kri_alloc(m->cap * sizeof *m->v);
	}
}


static __attribute__((noinline)) void kgrow(kri_machine *k)
{
	kr_check(k->cap <= UINT32_MAX / 2);
	uint32_t cap = k->cap * 2;
	kont *v = kri_alloc(cap * sizeof *v);
	memcpy(v, k->v, k->len * sizeof *v);
	k->v = v;
	k->cap = cap;
}

static inline void kpush_i(kri_machine *k, int kind, const void *p,
			   unsigned i)
{
	if (__builtin_expect(k->len == k->cap, 0))
		kgrow(k);
	k->v[k->len].kind = kind;
	k->v[k->len].i = i;
	k->v[k->len].p = p;
	k->len++;
	if (K_SWAPS(kind))
		k->swaps++;
}

static inline void kpush(kri_machine *k, int kind, const void *p)
{
	kpush_i(k, kind, p, 0);
}

/*
 * An entry above the stack's top would keep the node it points at alive
 * (the collector scans the whole array), so a pop clears it.
 */
static inline kont kpop(kri_machine *k)
{
	kont c = k->v[--k->len];
	k->v[k->len].p = NULL;
	if (K_SWAPS(c.kind))
		k->swaps--;
	return c;
}

/* Before the machine returns: an emptied stack gives its array back. */
static void machine_return(kri_machine *k)
{
	if (k->len > 0)
		return;
	if (!kcache || kcache_cap < k->cap) {
		kcache = k->v;
		kcache_cap = k->cap;
	}
	k->v = NULL;
	k->cap = 0;
}

/* ------------------------------------------------------------- constructors */

kr_stream *kri_stream_node(int kind) { return kri_node(kind); }

kr_stream *kr_stream_cons(const kr_state *st, kr_stream *rest)
{
	kr_check(st != NULL);
	if (!rest) /* a single answer: the state itself (kr_stream_unit) */
		return (kr_stream *)(uintptr_t)st;
	kr_stream *s = kri_node(KRI_MATURE);
	s->u.m.st = st;
	s->u.m.rest = rest;
	return s;
}

/* The state itself (goal.h's KRI_UNIT): streams are never written
 * through but for the machine's owned nodes, so the const goes. */
kr_stream *kr_stream_unit(const kr_state *st)
{
	kr_check(st != NULL);
	return (kr_stream *)(uintptr_t)st;
}

kr_stream *kri_susp(kr_stream *e)
{
	kr_stream *s = kri_node(KRI_SUSP);
	s->u.susp.e = e;
	return s;
}

kr_stream *kr_stream_suspend(kr_stream *(*fn)(void *env), void *env)
{
	kr_check(fn != NULL);
	kr_stream *p = kri_node(KRI_P_FN);
	p->u.fn.fn = fn;
	p->u.fn.env = env;
	return kri_susp(p);
}

/* The owned nodes of the machine. */
static kr_stream *p_mplus(kr_stream *a, kr_stream *b)
{
	kr_stream *s = kri_node(KRI_P_MPLUS);
	s->owned = 1;
	s->u.mplus.a = a;
	s->u.mplus.b = b;
	return s;
}

static kr_stream *p_bind(kr_stream *a, const kr_goal *g)
{
	kr_stream *s = kri_node(KRI_P_BIND);
	s->owned = 1;
	s->u.bind.a = a;
	s->u.bind.g = g;
	return s;
}

static kr_stream *p_binds(kr_stream *a, size_t n, const kr_goal *const *g)
{
	kr_check(n <= UINT32_MAX);
	kr_stream *s = kri_node(KRI_P_BINDS);
	s->owned = 1;
	s->u.binds.a = a;
	s->n = (uint32_t)n;
	s->u.binds.g = g;
	return s;
}

kr_stream *kri_bind_goals(kr_stream *s, size_t n, const kr_goal *const *g)
{
	if (!s || n == 0)
		return s;
	return n == 1 ? p_bind(s, g[0]) : p_binds(s, n, g);
}

kr_stream *kr_stream_mplus(kr_stream *a, kr_stream *b)
{
	if (!a)
		return b;
	if (!b)
		return a;
	kr_stream *s = p_mplus(a, b);
	s->owned = 0;
	return s;
}

kr_stream *kr_stream_bind(kr_stream *s, const kr_goal *g)
{
	kr_check(g != NULL);
	if (!s)
		return NULL;
	s = p_bind(s, g);
	s->owned = 0;
	return s;
}

kr_stream *kri_force(kr_stream *s)
{
	if (s->kind == KRI_SUSP)
		return s->u.susp.e;
	s->kind += KRI_S_TO_P;
	return s;
}

/*
 * A self-suspension is forced in place, so it must reach the machine
 * once; a caller outside the machine may keep or reuse what it gets, so
 * it gets a KRI_SUSP over the turned node, which stays pure.
 */
kr_stream *kri_stream_public(kr_stream *s)
{
	if (!s || s->kind < KRI_S_GOAL || s->kind >= KRI_P_GOAL)
		return s;
	s = kri_force(s);
	if (s->kind == KRI_P_CLAUSES)
		s->owned = 0;
	return kri_susp(s);
}

/* ------------------------------------------------------------ the machine */

static bool is_value(const kr_stream *s)
{
	return !s || s->kind < KRI_P_GOAL;
}

/*
 * The continuations below meet values that are not suspended (NULL or
 * KRI_MATURE): a suspension unwinds the stack instead (kont_susp).
 */

/* ifte(v) for the value v of the test. */
static kr_stream *do_ifte(kr_stream *v, const kr_stream *n, kr_stream **next)
{
	if (!v) {
		*next = KRI_APPLY(n->u.ifte.otherwise, n->u.ifte.st);
		return NULL;
	}
	*next = p_bind(v, n->u.ifte.then);
	return NULL;
}

static kr_stream *do_once(kr_stream *v)
{
	return v && kri_answer_rest(v) ? kr_stream_unit(v->u.m.st) : v;
}

/*
 * Goals kept in an owned mplus node. A bind of the stream on either side
 * is taken into the node when the node is made or a step through it
 * suspends (mplus_over, swap_in; unwind first makes one binds node of a
 * run of binds): side a is then bind*(a, ga[0..na)) and side b
 * bind*(b, gb[0..nb)), so the next steps go from the node straight to
 * the stream, one node fewer on the path (descending a path is where
 * the arithmetic programs spend their time: a cache miss per node). The
 * counts live in the header's n, a's in the low 16 bits and b's in the
 * high; a side of one goal holds the goal itself.
 */
#define SIDE_MAX 0xffffu

/*
 * A node's kind and owned flag as one word, so that the tests of the
 * machine's hottest loops (descend, swap_in) are one load and compare.
 */
static inline uint32_t head_word(uint16_t kind, uint16_t owned)
{
	struct { uint16_t kind, owned; } h = {kind, owned};
	uint32_t w;
	memcpy(&w, &h, sizeof w);
	return w;
}

_Static_assert(offsetof(kr_stream, kind) == 0 &&
		       offsetof(kr_stream, owned) == sizeof(uint16_t),
	       "head_of reads kind and owned as one word");

static inline uint32_t head_of(const kr_stream *s)
{
	uint32_t w;
	memcpy(&w, s, sizeof w);
	return w;
}

/* Whether e is an owned bind or binds node (which an mplus takes in). */
static inline bool owned_bind(const kr_stream *e)
{
	uint32_t w = head_of(e);
	return w == head_word(KRI_P_BIND, 1) || w == head_word(KRI_P_BINDS, 1);
}

static inline unsigned na_of(const kr_stream *x) { return x->n & SIDE_MAX; }
static inline unsigned nb_of(const kr_stream *x) { return x->n >> 16; }

/* Goal i of a side of n goals. */
static inline const kr_goal *side_goal(union kri_gref g, unsigned n,
				       unsigned i)
{
	return n == 1 ? g.one : g.many[i];
}

/* The goals of a side of n from its goal i on. */
static inline union kri_gref side_from(union kri_gref g, unsigned n,
				       unsigned i)
{
	union kri_gref r = g;
	if (n == i)
		r.many = NULL;
	else if (i > 0 && n - i == 1)
		r.one = g.many[i];
	else if (i > 0)
		r.many = g.many + i;
	return r;
}

/*
 * Side bind*(*e, g[0..n)) with a bind that *e is taken in: its goals go
 * first, and *e becomes the stream it binds. Returns the side's count.
 */
static inline unsigned take_bind(kr_stream **e, union kri_gref *g,
				 unsigned n)
{
	kr_stream *x = *e;
	union kri_gref h;
	unsigned m;
	if (!x->owned || (x->kind != KRI_P_BIND && x->kind != KRI_P_BINDS))
		return n;
	m = x->kind == KRI_P_BIND ? 1 : x->n;
	if (m > SIDE_MAX - n)
		return n; /* the count would not fit: stays a node */
	if (x->kind == KRI_P_BIND) {
		h.one = x->u.bind.g;
		*e = x->u.bind.a;
	} else {
		if (m == 1)
			h.one = x->u.binds.g[0];
		else
			h.many = x->u.binds.g;
		*e = x->u.binds.a;
	}
	if (n > 0) {
		const kr_goal **all = kri_alloc((m + n) * sizeof *all);
		for (unsigned i = 0; i < m; i++)
			all[i] = side_goal(h, m, i);
		for (unsigned i = 0; i < n; i++)
			all[m + i] = side_goal(*g, n, i);
		h.many = all;
	}
	*g = h;
	return m + n;
}

/*
 * The owned mplus node swapped over e (faster-mk's mplus of a
 * suspension), e being side a with its goals from i on; a bind that e
 * is is taken in. swap_in is the common case, inline: side a whole and
 * nothing to take in, so the sides trade places, each with its goals
 * and its count (9 of 10 levels of the arithmetic programs); the rest
 * is apart, as its registers cost the common case more when inline.
 */
static __attribute__((noinline)) kr_stream *
swap_in_taking(kr_stream *p, unsigned i, kr_stream *e)
{
	unsigned na = na_of(p);
	union kri_gref g = side_from(p->u.mplus.ga, na, i);
	unsigned n = take_bind(&e, &g, na - i);
	p->u.mplus.a = p->u.mplus.b;
	p->u.mplus.ga = p->u.mplus.gb;
	p->u.mplus.b = e;
	p->u.mplus.gb = g;
	p->n = nb_of(p) | n << 16;
	return p;
}

static inline kr_stream *swap_trade(kr_stream *p, kr_stream *e)
{
	union kri_gref ga = p->u.mplus.ga;
	p->u.mplus.a = p->u.mplus.b;
	p->u.mplus.ga = p->u.mplus.gb;
	p->u.mplus.b = e;
	p->u.mplus.gb = ga;
	p->n = p->n >> 16 | p->n << 16;
	return p;
}

/* `take`: e is an owned bind (owned_bind), which the node takes in. */
static inline kr_stream *swap_in(kr_stream *p, unsigned i, kr_stream *e,
				 bool take)
{
	return i != 0 || take ? swap_in_taking(p, i, e) : swap_trade(p, e);
}

/* A new owned mplus(a, e), e suspended: a bind that e is is taken in. */
static kr_stream *mplus_over(kr_stream *a, kr_stream *e)
{
	kr_stream *p = p_mplus(a, e);
	union kri_gref g = {NULL};
	unsigned n = take_bind(&e, &g, 0);
	p->u.mplus.b = e;
	p->u.mplus.gb = g;
	p->n = n << 16;
	return p;
}

/* The owned binds node at its goal i, over e. */
static inline kr_stream *binds_in(const void *node, unsigned i, kr_stream *e)
{
	kr_stream *p = (kr_stream *)node;
	p->u.binds.a = e;
	p->n -= i;
	p->u.binds.g += i;
	return p;
}

/*
 * Continuation k applied to a suspended value whose thunk is e gives a
 * suspended value again: its thunk (mplus swaps, bind, ifte and once
 * wait). The machine unwinds its stack this way, down to the lowest
 * mplus, when a step ends in a suspension, and hands the thunk of the
 * top to run.c (kri_eval's *susp) instead of making a KRI_SUSP node per
 * continuation, or even one at the top. An owned node is rewritten in
 * place.
 */
static kr_stream *kont_susp(kont k, kr_stream *e)
{
	kr_stream *p = (kr_stream *)k.p;
	switch (k.kind) {
	case K_MPLUS: return mplus_over(p, e);
	case K_MPLUS_N: return swap_in(p, k.i, e, owned_bind(e));
	case K_BIND: return p_bind(e, k.p);
	case K_BIND_N:
		p->u.bind.a = e;
		return p;
	case K_BINDS:
		if (p->owned)
			return binds_in(p, k.i, e);
		return p_binds(e, p->n - k.i, p->u.binds.g + k.i);
	case K_IFTE: {
		kr_stream *q = kri_node(KRI_P_IFTE);
		q->u.ifte = p->u.ifte;
		q->u.ifte.a = e;
		return q;
	}
	default: {
		kr_stream *q = kri_node(KRI_P_ONCE);
		q->u.once.a = e;
		return q;
	}
	}
}

/*
 * A run of n binds on top of ks, saved over e as one binds node: the
 * lowest owned bind node of the run turned into it, else a new one.
 */
static kr_stream *save_binds(kri_machine *ks, size_t n, kr_stream *e)
{
	const kr_goal **g = kri_alloc(n * sizeof *g);
	kr_stream *node = NULL;
	for (size_t i = 0; i < n; i++) {
		kont k = kpop(ks);
		if (k.kind == K_BIND_N) {
			node = (kr_stream *)k.p;
			g[i] = node->u.bind.g;
		} else {
			g[i] = k.p;
		}
	}
	if (!node)
		return p_binds(e, n, g);
	node->kind = KRI_P_BINDS;
	node->n = (uint32_t)n;
	node->u.binds.a = e;
	node->u.binds.g = g;
	return node;
}

/*
 * The thunk that the next step evaluates on top of ks, for a suspension
 * whose thunk is e: the continuations down to the lowest mplus rebuilt
 * as nodes around e, the ones below it left on the stack. A run of two
 * or more binds becomes one binds node, which the mplus under it then
 * takes in (swap_in).
 */
static kr_stream *unwind(kri_machine *ks, kr_stream *e)
{
	while (ks->swaps > 0) {
		size_t n = 0;
		kont *top = &ks->v[ks->len - 1];
		/* the most common levels first, inline; a run of mplus levels
		 * with the stack's fields in locals (see descend) */
		if (top->kind == K_MPLUS_N) {
			uint32_t len = ks->len, swaps = ks->swaps;
			/* past the first level e is the mplus node below,
			 * never a bind to take in */
			bool take = owned_bind(e);
			for (;; take = false) {
				kr_stream *p = (kr_stream *)top->p;
				unsigned i = top->i;
				top->p = NULL;
				len--;
				swaps--;
				e = swap_in(p, i, e, take);
				if (swaps == 0 || (--top)->kind != K_MPLUS_N)
					break;
			}
			ks->len = len;
			ks->swaps = swaps;
			continue;
		}
		if (top->kind == K_BINDS &&
		    ((const kr_stream *)top->p)->owned) {
			kont k = kpop(ks);
			e = binds_in(k.p, k.i, e);
			continue;
		}
		bool owned = false;
		for (; n < ks->len; n++) {
			int kind = ks->v[ks->len - 1 - n].kind;
			if (kind != K_BIND && kind != K_BIND_N)
				break;
			owned |= kind == K_BIND_N;
		}
		e = n >= 3 || (n == 2 && owned) ? save_binds(ks, n, e)
						: kont_susp(kpop(ks), e);
	}
	return e;
}

/*
 * bind(v, g) for a value v: (g st) now, and the rest of v bound to g
 * later, through the owned node `reuse` when there is one.
 */
static kr_stream *bind_value(kri_machine *ks, kr_stream *v, const kr_goal *g,
			     kr_stream *reuse)
{
	if (!v)
		return NULL;
	kr_stream *rest = kri_answer_rest(v);
	if (rest) {
		if (reuse)
			reuse->u.bind.a = rest;
		else
			reuse = p_bind(rest, g);
		kpush(ks, K_MPLUS, reuse);
	}
	return g->fn(kri_answer(v), g->env);
}

/* mplus(v, f) for a value v. */
static kr_stream *mplus_value(kr_stream *v, kr_stream *f, kr_stream **next)
{
	if (!v) {
		*next = f;
		return NULL;
	}
	kr_stream *rest = kri_answer_rest(v);
	if (rest)
		f = p_mplus(f, rest);
	return kr_stream_cons(kri_answer(v), f);
}

/*
 * mplus(v, side b) for a value v of side a of the owned node x, its
 * goals all applied: x becomes mplus(side b, the rest of v) when v has
 * a rest, else the bind of side b alone when side b has goals.
 */
static kr_stream *mplus_side(kr_stream *v, kr_stream *x, kr_stream **next)
{
	unsigned nb = nb_of(x);
	kr_stream *f = x->u.mplus.b;
	kr_stream *rest = v ? kri_answer_rest(v) : NULL;
	if (rest) {
		x->u.mplus.a = f;
		x->u.mplus.b = rest;
		if (x->n != 0) { /* as in swap_in */
			x->u.mplus.ga = x->u.mplus.gb;
			x->u.mplus.gb.many = NULL;
			x->n = nb;
		}
		return kr_stream_cons(v->u.m.st, x);
	}
	if (nb > 0) {
		union kri_gref g = x->u.mplus.gb;
		x->u.mplus.ga.many = x->u.mplus.gb.many = NULL;
		if (nb == 1) {
			x->kind = KRI_P_BIND;
			x->u.bind.a = f;
			x->u.bind.g = g.one;
		} else {
			x->kind = KRI_P_BINDS;
			x->u.binds.a = f;
			x->u.binds.g = g.many;
		}
		x->n = nb;
		f = x;
	}
	if (!v) {
		*next = f;
		return NULL;
	}
	return kr_stream_cons(kri_answer(v), f);
}

/* Apply continuation k to value v: the next value or expression. */
static kr_stream *apply_kont(kri_machine *ks, kont k, kr_stream *v)
{
	kr_stream *next = NULL, *r, *p = (kr_stream *)k.p;
	switch (k.kind) {
	case K_MPLUS: r = mplus_value(v, p, &next); break;
	case K_MPLUS_N: {
		unsigned na = na_of(p);
		if (v && k.i < na) {
			kpush_i(ks, K_MPLUS_N, p, k.i + 1);
			return bind_value(ks, v,
					  side_goal(p->u.mplus.ga, na, k.i),
					  NULL);
		}
		r = mplus_side(v, p, &next);
		break;
	}
	case K_BIND: return bind_value(ks, v, k.p, NULL);
	case K_BIND_N: return bind_value(ks, v, p->u.bind.g, p);
	case K_BINDS:
		if (v && k.i + 1 < p->n)
			kpush_i(ks, K_BINDS, p, k.i + 1);
		return bind_value(ks, v, p->u.binds.g[k.i], NULL);
	case K_IFTE: r = do_ifte(v, p, &next); break;
	default: r = do_once(v); break;
	}
	return next ? next : r;
}

/*
 * Clause i of cl on st, in the scope of st (kri_var_scope). This and
 * force_fresh are the machine's, inline in it: as calls into goal.c
 * their frames cost logo 0.5% of its instructions.
 */
static inline kr_stream *run_clause(const struct kri_clauses *cl, size_t i,
				    const kr_state *st)
{
	uint64_t outer = kri_var_scope;
	kri_var_scope = st->scope;
	kr_stream *s = cl->fn(st, (int)i, cl->env);
	kri_var_scope = outer;
	return s;
}

/* The body of a KRI_P_FRESH node x: its variables, its goal on st. */
static inline kr_stream *force_fresh(const kr_stream *x)
{
	static kr_term *no_vars[1]; /* a fresh of none, such as a relation's */
	const kr_state *st = x->u.fresh.st;
	size_t n = x->n;
	kr_term **vars = n ? kri_alloc(n * sizeof *vars) : no_vars;
	uint64_t outer = kri_var_scope;
	kri_var_scope = st->scope;
	kr_fresh(n, vars);
	if (x->owned) {
		kr_stream *r = x->u.fresh.body.run(st, vars, x->u.fresh.env);
		kri_var_scope = outer;
		return r;
	}
	kr_goal *g = x->u.fresh.body.goal(vars, x->u.fresh.env);
	kri_var_scope = outer;
	kr_check(g != NULL);
	return KRI_APPLY(g, st);
}

/*
 * Clause i of a conde: the clauses after it wait as the thunk of an
 * mplus, the node itself when it is owned (stepped once, so it can move
 * on to the next clause in place), else a new owned node.
 */
static kr_stream *step_clauses(kri_machine *ks, kr_stream *x)
{
	size_t i = x->n;
	const struct kri_clauses *cl = x->u.clauses.cl;
	const kr_state *st = &x->u.clauses.st;
	if (i + 1 < cl->n) {
		kr_stream *r = x;
		if (!x->owned) {
			r = kri_node(KRI_P_CLAUSES);
			r->owned = 1;
			r->u.clauses = x->u.clauses;
		}
		r->n = (uint32_t)(i + 1);
		kpush(ks, K_MPLUS, r);
	}
	return run_clause(cl, i, st);
}

_Static_assert(offsetof(kr_stream, u.mplus.a) ==
		       offsetof(kr_stream, u.binds.a),
	       "descend reads a binds node's stream as an mplus's side a");

/*
 * Step x, an owned mplus or a binds node, and the run of such nodes
 * under it: most of a step's levels are these, and this loop takes them
 * without going back to the machine's. Inline in the machine: as a
 * call it saved and restored registers about once a step (1.7% of
 * logo's instructions).
 */
static inline __attribute__((always_inline)) kr_stream *
descend(kri_machine *ks, kr_stream *x)
{
	/* the stack's fields in locals: a store into the array may alias
	 * them as far as the compiler knows, so kpush reloads them */
	kont *v = ks->v;
	uint32_t len = ks->len, cap = ks->cap, swaps = ks->swaps;
	do {
		if (__builtin_expect(len == cap, 0)) {
			ks->len = len;
			kgrow(ks);
			v = ks->v;
			cap = ks->cap;
		}
		if (x->kind == KRI_P_BINDS) {
			v[len++] = (kont){K_BINDS, 0, x};
		} else {
			v[len++] = (kont){K_MPLUS_N, 0, x};
			swaps++;
		}
		x = x->u.mplus.a; /* binds.a is the same field */
	} while (x && (head_of(x) == head_word(KRI_P_MPLUS, 1) ||
		       x->kind == KRI_P_BINDS));
	ks->len = len;
	ks->swaps = swaps;
	return x;
}

/* Step one pending node: push its continuation, return the sub-expression. */
static kr_stream *step_pending(kri_machine *ks, kr_stream *x)
{
	switch (x->kind) {
	case KRI_P_GOAL:
	case KRI_P_CALL:
		return x->u.goal.g->fn(x->u.goal.st, x->u.goal.g->env);
	case KRI_P_FN: return x->u.fn.fn(x->u.fn.env);
	case KRI_P_FRESH: return force_fresh(x);
	case KRI_P_DISJ: {
		const struct kri_goals *gs = x->u.disj.gs;
		size_t i = x->n;
		if (i + 1 < gs->n) {
			kr_stream *r = kri_node(KRI_P_DISJ);
			r->u.disj = x->u.disj;
			r->n = (uint32_t)(i + 1);
			kpush(ks, K_MPLUS, r);
		}
		return gs->goals[i]->fn(x->u.disj.st, gs->goals[i]->env);
	}
	case KRI_P_CLAUSES: return step_clauses(ks, x);
	case KRI_P_MPLUS:
		if (!x->owned) {
			kpush(ks, K_MPLUS, x->u.mplus.b);
			return x->u.mplus.a;
		}
		return descend(ks, x);
	case KRI_P_BIND:
		if (x->owned)
			kpush(ks, K_BIND_N, x);
		else
			kpush(ks, K_BIND, x->u.bind.g);
		return x->u.bind.a;
	case KRI_P_BINDS: return descend(ks, x);
	case KRI_P_IFTE:
		kpush(ks, K_IFTE, x);
		return x->u.ifte.a;
	default:
		kpush(ks, K_ONCE, NULL);
		return x->u.once.a;
	}
}

/*
 * The pending nodes evaluated in the step in progress (KRI_STEP_WORK).
 * A run that is part of another's step (kr_run_set_part_of_step: the
 * branch runs of kanren's order) counts into the same number; any other
 * run nested in a step (a goal that runs a query) has its own, and the
 * enclosing step's count is restored after it.
 */
static unsigned step_work;

static kr_stream *eval(kr_stream *x, kr_runner *r, bool *susp);

kr_stream *kri_eval(kr_stream *x, kr_runner *r, bool *susp)
{
	if (r->part)
		return eval(x, r, susp);
	unsigned outer = step_work;
	step_work = 0;
	x = eval(x, r, susp);
	step_work = outer;
	return x;
}

/*
 * A step cut short by its work bound (or to poll for a stop) pauses: the
 * continuations down to the lowest mplus are rebuilt as nodes around the
 * pending expression e as unwind does, but no mplus swaps, so that the
 * next step goes on exactly where this one stopped. A long step of a
 * search that terminates -- a recursion through kr_disj() 40,000 levels
 * deep, which does not suspend -- then gives the same answers in the
 * same order as it would in one step; swapping there turned its
 * depth-first descent into an interleaving of every level's branches.
 */
static kr_stream *pause(kri_machine *ks, kr_stream *e)
{
	while (ks->swaps > 0) {
		kont k = kpop(ks);
		kr_stream *p = (kr_stream *)k.p;
		if (k.kind == K_MPLUS) {
			e = p_mplus(e, p);
		} else if (k.kind == K_MPLUS_N) {
			unsigned na = na_of(p);
			p->u.mplus.a = e;
			p->u.mplus.ga = side_from(p->u.mplus.ga, na, k.i);
			p->n = (p->n & ~SIDE_MAX) | (na - k.i);
			e = p;
		} else {
			e = kont_susp(k, e); /* the others only wait */
		}
	}
	return e;
}

static kr_stream *eval(kr_stream *x, kr_runner *r, bool *susp)
{
	kri_machine *ks = &r->m;
	unsigned chain = 0;
	bool paused = false;
	*susp = false;
	if (!ks->v)
		machine_acquire(ks);
	for (;;) {
		while (!is_value(x)) {
			if (x->kind != KRI_P_CALL)
				chain = 0;
			else if (++chain > KRI_CALL_CHAIN)
				break;
			if (__builtin_expect(++step_work > KRI_STEP_WORK, 0) ||
			    __builtin_expect((step_work & KRI_STOP_POLL) == 0 &&
					     kri_run_stop, 0)) {
				paused = true;
				break;
			}
			x = step_pending(ks, x);
		}
		if (paused || (x && x->kind > KRI_MATURE)) {
			/* paused, or a suspension, or a call chain made one
			 * (x pending) */
			x = paused ? pause(ks, x)
				   : unwind(ks, is_value(x) ? kri_force(x) : x);
			if (kri_run_step(r)) { /* the next step, from x */
				if (!r->part)
					step_work = 0;
				chain = 0;
				paused = false;
				continue;
			}
			*susp = true;
			machine_return(ks);
			return x;
		}
		if (ks->len == 0) {
			machine_return(ks);
			return x;
		}
		x = apply_kont(ks, kpop(ks), x);
		chain = 0;
	}
}
