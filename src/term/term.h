/* term.h -- internal layout of terms. */
/* See the LICENSE file for copying conditions. */
#ifndef KRI_TERM_H
#define KRI_TERM_H

#include "core/alloc.h"
#include "kanrewrite/term.h"

/*
 * Layout. A term is one collected, immutable node: a kind byte, a flags
 * byte and a union of payloads (Lua's tag + Value, chibi's heap object
 * without pointer tagging).
 *
 *   KR_VAR      id (unique, increasing), optional name, and for the
 *               engine: scope (the search scope it was made in, 0 for
 *               none) and val (its binding made in place, or NULL)
 *   KR_SYM      name (interned: one node per name, compared by pointer)
 *   KR_INT      int64_t
 *   KR_REAL     double
 *   KR_STR      NUL-terminated bytes
 *   KR_NIL      (one shared node)
 *   KR_CONS     car, cdr
 *   KR_ETUPLE   n elements at items[0..n-1] (a window into a shared array),
 *               parent: the etuple this one is the tail of (or NULL),
 *               evaled: the evaluated-object cache (the only mutable slot)
 *   KR_FOREIGN  ptr + type descriptor
 *
 * Flag KRI_GROUND: no logic variable occurs in the term (computed at
 * construction from the parts; foreign atoms are ground). It makes the
 * occurs check and kr_walk_star O(1) on ground data.
 */
enum {
	KRI_GROUND = 1,
	KRI_REFERENCED = 2,
	KRI_KEYED = 4,
	KRI_MARKED = 8,
	KRI_CONSTRAINED = 16
};

/*
 * Birth and references (the occurs check's fast path). `birth` is the
 * variable counter when the node was made (saturated at KRI_BIRTH_UNKNOWN),
 * so a node born at or before variable x's id was made before x existed
 * and cannot contain x. A variable is flagged KRI_REFERENCED once it occurs
 * in a value bound in any substitution (kri_mark_refs, called by every
 * binding). While x is unreferenced, no binding leads to x, so x occurs
 * in walk*(t) exactly when it occurs in t itself: kr_occurs then searches
 * t's own structure and skips the parts born before x, which is O(1) for
 * the partial lists that relations such as appendo build and bind
 * fresh variables to (faster-miniKanren walks them whole at every step).
 * The flag is global and only ever set, so it is safe for every branch.
 */
#define KRI_BIRTH_UNKNOWN UINT32_MAX

/*
 * Flag KRI_MARKED, on pairs and etuples: every variable in the term's
 * structure is KRI_REFERENCED (kri_mark_refs has been through it), so a
 * later binding to the same structure does not walk it again. As the
 * term is immutable and the variables' flag is only ever set, it stays
 * true.
 */

/*
 * Flag KRI_KEYED: the variable is (or was) the key of a binding in some
 * substitution trie or map (kri_subst_extend sets it). A variable without
 * it has no binding in any trie, so a walk that finds no in-place value
 * stops there without searching the trie: every binding walks the
 * variable it binds while it is still unbound, and most variables of a
 * search are bound in place or not at all. Global and only ever set, as
 * KRI_REFERENCED.
 */

struct kr_term {
	uint8_t kind;
	uint8_t flags;
	uint32_t birth;
	union {
		struct {
			uint64_t id;
			union {
				const char *name; /* a plain variable's */
				const struct kri_cvar *cv; /* KRI_CONSTRAINED */
			};
			/* the value bound in place (a term, even), or
			 * while there is none the scope, tagged (odd):
			 * see kri_var_val and kri_scope_tag */
			uintptr_t bound;
		} var;
		struct {
			const char *name;
		} sym;
		int64_t i;
		double r;
		struct {
			const char *s;
		} str;
		struct {
			kr_term *car, *cdr;
		} cons;
		struct {
			kr_term **items;
			size_t n;
			kr_term *parent;
			kr_term *evaled;
		} et;
		struct {
			void *ptr;
			const kr_foreign_type *type;
		} fo;
	} u;
};

/*
 * Flag KRI_CONSTRAINED, on variables only (kr_constrained_var_new): the
 * variable's name slot holds its name and its constraints instead, so
 * that a variable stays two granules. No other kind of term has the
 * flag, so ((x->flags | t->flags) & KRI_CONSTRAINED) tests both sides of
 * a binding at once.
 */
struct kri_vcons;
struct kri_cvar {
	const char *name;
	const struct kri_vcons *cons; /* every one must hold */
};

/* The name of variable v, or NULL. */
static inline const char *kri_var_name(const kr_term *v)
{
	return v->flags & KRI_CONSTRAINED ? v->u.var.cv->name : v->u.var.name;
}

#define KRI_IS_GROUND(t) (((t)->flags & KRI_GROUND) != 0)

/*
 * How many walks (walk*, reification) met a cyclic term and stopped
 * (reify.c): a caller compares it before and after to know.
 */
extern KRI_HIDDEN unsigned long kri_cycles_met;

/*
 * In-place binding (faster-miniKanren's set-var-val!). A search scope is a
 * number the goal engine hands out at each branch point (disjunction,
 * conde, ifte) and to every run; kri_var_scope is the scope the engine is
 * building a relation body in (0 outside), and kr_var_new() gives it to
 * the variables it makes. When == binds a variable whose scope is the
 * scope of the state it runs in, no branch has happened since the variable
 * was made, so the state is the only one that can ever see it: the value
 * is stored in the variable (kri_var_val) instead of the substitution.
 * Every walk looks there first. A variable made outside a body build has scope
 * 0 and is never bound in place; nor are bindings made by the public
 * kr_unify(), kr_subst_extend() and kr_state_unify().
 */
extern KRI_HIDDEN uint64_t kri_var_scope;

/*
 * A variable's in-place value and its scope share one word, so that a
 * variable takes 32 bytes (two granules, not three): the value once
 * bound, the scope, shifted and tagged with the low bit, before. A
 * variable bound in place never loses its value, and a provisional
 * binding (unify.c) puts the tagged scope back when it is undone.
 */
static inline uintptr_t kri_scope_tag(uint64_t scope)
{
	return (uintptr_t)(scope << 1) | 1u;
}

/* The value variable v is bound to in place, or NULL. */
static inline kr_term *kri_var_val(const kr_term *v)
{
	return v->u.var.bound & 1u ? NULL : (kr_term *)v->u.var.bound;
}

/* Whether unbound variable v belongs to search scope `scope` (not 0). */
static inline bool kri_var_in_scope(const kr_term *v, uint64_t scope)
{
	return scope && v->u.var.bound == kri_scope_tag(scope);
}

/*
 * kr_var_new() for a name that lives as long as the variable (a string
 * literal): the name is not copied.
 */
kr_term *kri_var_new_static(const char *name);

/*
 * kr_etuple() of items[0..n-1] that takes the array as its own instead
 * of copying it: items must be collected memory nothing else changes.
 */
kr_term *kri_etuple_own(size_t n, kr_term **items);

/* A new scope number (never 0). */
uint64_t kri_scope_new(void);

/* Flag every variable occurring in t (not through bindings) referenced. */
void kri_mark_refs_walk(kr_term *t);

/*
 * kri_mark_refs_walk, with the cases every binding meets inline: a term
 * ground or marked before, and a variable.
 */
static inline void kri_mark_refs(kr_term *t)
{
	if (t->flags & (KRI_GROUND | KRI_MARKED))
		return;
	if (t->kind == KR_VAR)
		t->flags |= KRI_REFERENCED;
	else
		kri_mark_refs_walk(t);
}

/* The etuple a foreign atom expands to, or NULL when it is atomic. */
kr_term *kri_foreign_expand(const kr_term *t);

#endif
