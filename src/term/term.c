/* term.c -- construction, access, equality and hashing of terms. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include <stddef.h>

#include "term/term.h"

static kr_term nil_term = {.kind = KR_NIL, .flags = KRI_GROUND};
static uint64_t next_var_id = 1;
static uint64_t next_scope = 1;
uint64_t kri_var_scope;

uint64_t kri_scope_new(void) { return next_scope++; }

/*
 * A term node is allocated with the size its kind needs (the header and
 * the payload member of the union), as Lua sizes its objects: a pair
 * takes 24 bytes, not the 40 of the largest payload (an etuple).
 */
#define TERM_SIZE(member) \
	(offsetof(kr_term, u) + sizeof(((kr_term *)NULL)->u.member))

static kr_term *new_term(kr_kind k, uint8_t flags, size_t size)
{
	kr_term *t = kri_alloc_struct(size);
	t->kind = (uint8_t)k;
	t->flags = flags;
	t->birth = next_var_id < KRI_BIRTH_UNKNOWN ? (uint32_t)next_var_id
						   : KRI_BIRTH_UNKNOWN;
	return t;
}

kr_kind kr_term_kind(const kr_term *t)
{
	kr_check(t != NULL);
	return (kr_kind)t->kind;
}

const char *kr_kind_name(kr_kind k)
{
	static const char *names[] = {"var",  "symbol", "int",
				      "real", "string", "nil",
				      "pair", "etuple", "foreign"};
	return (unsigned)k < sizeof names / sizeof *names ? names[k] : "?";
}

/* ---------------------------------------------------------------- atoms */

_Static_assert(TERM_SIZE(var) == 2 * KRI_GRANULE,
	       "a variable takes two granules (term.h, kri_scope_tag)");

kr_term *kri_var_new_static(const char *name)
{
	kr_term *t = new_term(KR_VAR, 0, TERM_SIZE(var));
	t->u.var.id = next_var_id++;
	t->u.var.name = name;
	t->u.var.bound = kri_scope_tag(kri_var_scope);
	return t;
}

kr_term *kr_var_new(const char *name)
{
	return kri_var_new_static(name ? kr_strdup(name) : NULL);
}

uint64_t kr_var_id(const kr_term *v)
{
	kr_check(v && v->kind == KR_VAR);
	return v->u.var.id;
}

const char *kr_var_name(const kr_term *v)
{
	kr_check(v && v->kind == KR_VAR);
	return kri_var_name(v);
}

/*
 * Symbol table: open addressing over interned symbol terms, in collected
 * memory reachable from a static root, so symbols are never collected.
 */
static kr_term **symtab;
static size_t symcap, symlen;

static size_t sym_slot(kr_term **tab, size_t cap, const char *name)
{
	size_t i = (size_t)kri_hash_bytes(name, strlen(name)) & (cap - 1);
	while (tab[i] && strcmp(tab[i]->u.sym.name, name) != 0)
		i = (i + 1) & (cap - 1);
	return i;
}

static void sym_grow(void)
{
	size_t cap = symcap ? symcap * 2 : 1024;
	kr_term **tab = kri_alloc(cap * sizeof *tab);
	for (size_t i = 0; i < symcap; i++)
		if (symtab[i])
			tab[sym_slot(tab, cap, symtab[i]->u.sym.name)] =
				symtab[i];
	symtab = tab;
	symcap = cap;
}

kr_term *kr_sym(const char *name)
{
	kr_check(name != NULL);
	if ((symlen + 1) * 2 > symcap)
		sym_grow();
	size_t i = sym_slot(symtab, symcap, name);
	if (!symtab[i]) {
		kr_term *t = new_term(KR_SYM, KRI_GROUND, TERM_SIZE(sym));
		t->u.sym.name = kr_strdup(name);
		symtab[i] = t;
		symlen++;
	}
	return symtab[i];
}

bool kr_is_boolean(const kr_term *t)
{
	static kr_term *yes, *no;
	kr_check(t != NULL);
	if (t->kind != KR_SYM)
		return false;
	if (!yes) {
		yes = kr_sym("#t");
		no = kr_sym("#f");
	}
	return t == yes || t == no;
}

const char *kr_sym_name(const kr_term *s)
{
	kr_check(s && s->kind == KR_SYM);
	return s->u.sym.name;
}

kr_term *kr_int(int64_t i)
{
	kr_term *t = new_term(KR_INT, KRI_GROUND, TERM_SIZE(i));
	t->u.i = i;
	return t;
}

int64_t kr_int_value(const kr_term *t)
{
	kr_check(t && t->kind == KR_INT);
	return t->u.i;
}

kr_term *kr_real(double d)
{
	kr_term *t = new_term(KR_REAL, KRI_GROUND, TERM_SIZE(r));
	t->u.r = d;
	return t;
}

double kr_real_value(const kr_term *t)
{
	kr_check(t && t->kind == KR_REAL);
	return t->u.r;
}

kr_term *kr_str(const char *s)
{
	kr_check(s != NULL);
	kr_term *t = new_term(KR_STR, KRI_GROUND, TERM_SIZE(str));
	t->u.str.s = kr_strdup(s);
	return t;
}

const char *kr_str_value(const kr_term *t)
{
	kr_check(t && t->kind == KR_STR);
	return t->u.str.s;
}

kr_term *kr_nil(void) { return &nil_term; }

kr_term *kr_foreign(const kr_foreign_type *type, const void *ptr)
{
	kr_check(type != NULL && type->name != NULL);
	kr_term *t = new_term(KR_FOREIGN, KRI_GROUND, TERM_SIZE(fo));
	t->u.fo.ptr = (void *)ptr;
	t->u.fo.type = type;
	return t;
}

void *kr_foreign_ptr(const kr_term *t)
{
	kr_check(t && t->kind == KR_FOREIGN);
	return t->u.fo.ptr;
}

const kr_foreign_type *kr_foreign_type_of(const kr_term *t)
{
	kr_check(t && t->kind == KR_FOREIGN);
	return t->u.fo.type;
}

bool kr_is_foreign_of(const kr_term *t, const kr_foreign_type *type)
{
	return t && t->kind == KR_FOREIGN && t->u.fo.type == type;
}

kr_term *kri_foreign_expand(const kr_term *t)
{
	if (t->kind != KR_FOREIGN || !t->u.fo.type->expand)
		return NULL;
	kr_term *e = t->u.fo.type->expand(t->u.fo.ptr);
	if (e && (e->kind != KR_ETUPLE || e->u.et.n == 0))
		kri_misuse(t->u.fo.type->name ? t->u.fo.type->name
					       : "expand",
			   "expand returns NULL or a non-empty etuple");
	return e;
}

/* ------------------------------------------------------------- etuples */

/* An etuple term over items[0..n-1]; `ground` as the items are. */
static kr_term *etuple_make(kr_term **items, size_t n, kr_term *parent,
			    bool ground)
{
	kr_term *t = new_term(KR_ETUPLE, ground ? KRI_GROUND : 0,
			      TERM_SIZE(et));
	t->u.et.items = items;
	t->u.et.n = n;
	t->u.et.parent = parent;
	return t;
}

static bool all_ground(kr_term *const *items, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!KRI_IS_GROUND(items[i]))
			return false;
	return true;
}

static kr_term *etuple_window(kr_term **items, size_t n, kr_term *parent)
{
	return etuple_make(items, n, parent, all_ground(items, n));
}

kr_term *kri_etuple_own(size_t n, kr_term **items)
{
	for (size_t i = 0; i < n; i++)
		kr_check(items[i] != NULL);
	return etuple_window(items, n, NULL);
}

kr_term *kr_etuple(size_t n, kr_term *const *items)
{
	kr_term **copy = kri_alloc((n ? n : 1) * sizeof *copy);
	if (n)
		memcpy(copy, items, n * sizeof *copy);
	return kri_etuple_own(n, copy);
}

size_t kr_etuple_len(const kr_term *e)
{
	kr_check(e && e->kind == KR_ETUPLE);
	return e->u.et.n;
}

kr_term *kr_etuple_ref(const kr_term *e, size_t i)
{
	kr_check(e && e->kind == KR_ETUPLE && i < e->u.et.n);
	return e->u.et.items[i];
}

kr_term *kr_etuple_evaled(const kr_term *e)
{
	kr_check(e && e->kind == KR_ETUPLE);
	return e->u.et.evaled;
}

void kr_etuple_set_evaled(kr_term *e, kr_term *obj)
{
	kr_check(e && e->kind == KR_ETUPLE);
	e->u.et.evaled = obj;
}

bool kr_is_callable(const kr_term *t)
{
	return t && t->kind == KR_FOREIGN && t->u.fo.type->call;
}

int kr_term_call(kr_term **out, kr_term *f, size_t n, kr_term *const *args)
{
	kr_check(out != NULL && f != NULL && (n == 0 || args != NULL));
	if (!kr_is_callable(f))
		return kr_error_set(KR_EINVALID, "cannot call a %s: it is not "
				    "callable", f->kind == KR_FOREIGN ?
				    f->u.fo.type->name : kr_kind_name(f->kind));
	return f->u.fo.type->call(f->u.fo.ptr, n, args, out);
}

enum { MAX_EVAL_DEPTH = 10000 };

static int etuple_eval(kr_term **out, kr_term *t, int depth)
{
	if (t->kind != KR_ETUPLE) {
		*out = t;
		return 0;
	}
	if (t->u.et.evaled) {
		*out = t->u.et.evaled;
		return 0;
	}
	if (depth > MAX_EVAL_DEPTH)
		return kr_error_set(KR_ELIMIT, "cannot evaluate an etuple "
				    "nested more than %d deep", MAX_EVAL_DEPTH);
	size_t n = t->u.et.n;
	if (n == 0)
		return kr_error_set(KR_EINVALID, "cannot evaluate the empty "
				    "etuple: it has no operator");
	kr_term **v = kri_alloc(n * sizeof *v);
	for (size_t i = 0; i < n; i++) {
		int rc = etuple_eval(&v[i], t->u.et.items[i], depth + 1);
		if (rc < 0)
			return rc;
	}
	if (!kr_is_callable(v[0])) {
		const kr_term *h = v[0];
		const kr_foreign_type *ft =
			h->kind == KR_FOREIGN ? h->u.fo.type : NULL;
		const char *what = ft ? ft->name : kr_kind_name(h->kind);
		const char *shown = h->kind == KR_SYM ? h->u.sym.name
				    : ft && ft->to_string
					    ? ft->to_string(h->u.fo.ptr)
					    : NULL;
		return kr_error_set(KR_EINVALID, "cannot evaluate an etuple: "
				    "its operator (%s%s%s) is not callable",
				    what, shown ? " " : "", shown ? shown : "");
	}
	int rc = kr_term_call(out, v[0], n - 1, v + 1);
	if (rc < 0)
		return rc;
	t->u.et.evaled = *out;
	return 0;
}

int kr_etuple_eval(kr_term **out, kr_term *t)
{
	kr_check(out != NULL && t != NULL);
	return etuple_eval(out, t, 0);
}

kr_term *kr_as_etuple(kr_term *t)
{
	kr_check(t != NULL);
	if (t->kind == KR_ETUPLE)
		return t;
	long n = kr_list_length(t);
	if (n < 0)
		return NULL;
	kr_term **items = kri_alloc((n ? (size_t)n : 1) * sizeof *items);
	for (long i = 0; i < n; i++, t = t->u.cons.cdr)
		items[i] = t->u.cons.car;
	return etuple_window(items, (size_t)n, NULL);
}

/* ---------------------------------------------------- pairs and lists */

/*
 * cons onto an etuple: the parent itself when `a` equals its head (as
 * etuples' __add__ gives back the parent when the rebuilt tuple is equal
 * to it), so the parent's evaluated object survives.
 */
static kr_term *cons_etuple(kr_term *a, kr_term *d)
{
	kr_term *p = d->u.et.parent;
	if (p && p->u.et.items + 1 == d->u.et.items &&
	    p->u.et.n == d->u.et.n + 1 && kr_equal(p->u.et.items[0], a))
		return p;
	size_t n = d->u.et.n + 1;
	kr_term **items = kri_alloc(n * sizeof *items);
	items[0] = a;
	memcpy(items + 1, d->u.et.items, d->u.et.n * sizeof *items);
	return etuple_make(items, n, NULL,
			   KRI_IS_GROUND(a) && KRI_IS_GROUND(d));
}

kr_term *kr_cons(kr_term *a, kr_term *d)
{
	kr_check(a != NULL && d != NULL);
	if (d->kind == KR_ETUPLE)
		return cons_etuple(a, d);
	kr_term *t = new_term(KR_CONS,
			      (uint8_t)(a->flags & d->flags & KRI_GROUND),
			      TERM_SIZE(cons));
	t->u.cons.car = a;
	t->u.cons.cdr = d;
	return t;
}

bool kr_is_pair(const kr_term *t)
{
	kr_check(t != NULL);
	switch (t->kind) {
	case KR_CONS: return true;
	case KR_ETUPLE: return t->u.et.n > 0;
	case KR_FOREIGN: return kri_foreign_expand(t) != NULL;
	default: return false;
	}
}

bool kr_is_null(const kr_term *t)
{
	kr_check(t != NULL);
	return t->kind == KR_NIL || (t->kind == KR_ETUPLE && t->u.et.n == 0);
}

kr_term *kr_car(const kr_term *t)
{
	kr_check(t != NULL);
	if (t->kind == KR_CONS)
		return t->u.cons.car;
	if (t->kind == KR_ETUPLE && t->u.et.n > 0)
		return t->u.et.items[0];
	kr_term *e = kri_foreign_expand(t);
	kr_check(e != NULL && e->u.et.n > 0);
	return e->u.et.items[0];
}

kr_term *kr_cdr(const kr_term *t)
{
	kr_check(t != NULL);
	if (t->kind == KR_CONS)
		return t->u.cons.cdr;
	if (t->kind != KR_ETUPLE)
		t = kri_foreign_expand(t);
	kr_check(t != NULL && t->kind == KR_ETUPLE && t->u.et.n > 0);
	/*
	 * The tail of a ground etuple is ground; of another one, it is not
	 * when the head is (the variable is further on). Only a tail after
	 * a non-ground head needs a look, so walking an etuple is linear.
	 */
	kr_term **rest = t->u.et.items + 1;
	size_t n = t->u.et.n - 1;
	bool ground = KRI_IS_GROUND(t) ||
		      (!KRI_IS_GROUND(t->u.et.items[0]) && all_ground(rest, n));
	return etuple_make(rest, n, (kr_term *)t, ground);
}

kr_term *kr_list(size_t n, kr_term *const *items)
{
	kr_term *l = &nil_term;
	while (n-- > 0)
		l = kr_cons(items[n], l);
	return l;
}

long kr_list_length(const kr_term *t)
{
	kr_check(t != NULL);
	long n = 0;
	while (t->kind == KR_CONS) {
		n++;
		t = t->u.cons.cdr;
	}
	if (t->kind == KR_ETUPLE)
		return n + (long)t->u.et.n;
	return t->kind == KR_NIL ? n : -1;
}

/* ---------------------------------------------------------- properties */

bool kr_is_var(const kr_term *t)
{
	kr_check(t != NULL);
	return t->kind == KR_VAR;
}

bool kr_is_ground(const kr_term *t)
{
	kr_check(t != NULL);
	return KRI_IS_GROUND(t);
}

static bool atom_equal(const kr_term *a, const kr_term *b)
{
	switch (a->kind) {
	case KR_INT: return a->u.i == b->u.i;
	case KR_REAL: return a->u.r == b->u.r;
	case KR_STR: return strcmp(a->u.str.s, b->u.str.s) == 0;
	case KR_FOREIGN:
		if (a->u.fo.type != b->u.fo.type)
			return false;
		if (a->u.fo.ptr == b->u.fo.ptr)
			return true;
		return a->u.fo.type->equal &&
		       a->u.fo.type->equal(a->u.fo.ptr, b->u.fo.ptr);
	default: return false; /* vars, symbols, nil: identity only */
	}
}

static bool is_seq(const kr_term *t)
{
	return t->kind == KR_CONS || t->kind == KR_ETUPLE ||
	       t->kind == KR_NIL;
}

/* Head and rest of a non-empty list-like term (cons or etuple). */
static void seq_split(const kr_term *t, const kr_term **head,
		      const kr_term **rest)
{
	if (t->kind == KR_CONS) {
		*head = t->u.cons.car;
		*rest = t->u.cons.cdr;
	} else {
		*head = t->u.et.items[0];
		*rest = kr_cdr(t);
	}
}

/*
 * Equality keeps the pairs still to compare on a stack of its own, so
 * neither long lists nor deep nests reach the C stack. Lists and etuples
 * with the same elements are equal (etuples' cons protocol).
 */
static bool equal_step(kri_vec *todo, const kr_term *a, const kr_term *b)
{
	if (a == b)
		return true;
	if (!is_seq(a) || !is_seq(b))
		return a->kind == b->kind && atom_equal(a, b);
	if (a->kind == KR_ETUPLE && b->kind == KR_ETUPLE) {
		if (a->u.et.n != b->u.et.n)
			return false;
		for (size_t i = 0; i < a->u.et.n; i++) {
			kri_vec_push(todo, a->u.et.items[i]);
			kri_vec_push(todo, b->u.et.items[i]);
		}
		return true;
	}
	if (kr_is_null(a) || kr_is_null(b))
		return kr_is_null(a) && kr_is_null(b);
	const kr_term *ha, *ta, *hb, *tb;
	seq_split(a, &ha, &ta);
	seq_split(b, &hb, &tb);
	kri_vec_push(todo, (void *)ta);
	kri_vec_push(todo, (void *)tb);
	kri_vec_push(todo, (void *)ha);
	kri_vec_push(todo, (void *)hb);
	return true;
}

bool kr_equal(const kr_term *a, const kr_term *b)
{
	kr_check(a != NULL && b != NULL);
	if (a == b)
		return true;
	if (!is_seq(a) || !is_seq(b))
		return a->kind == b->kind && atom_equal(a, b);
	kri_vec todo = {0};
	if (!equal_step(&todo, a, b))
		return false;
	while (todo.len > 0) {
		const kr_term *y = kri_vec_pop(&todo), *x = kri_vec_pop(&todo);
		if (!equal_step(&todo, x, y))
			return false;
	}
	return true;
}

static uint64_t atom_hash(const kr_term *t)
{
	switch (t->kind) {
	case KR_VAR: return kri_hash_mix(1, t->u.var.id);
	case KR_SYM: return kri_hash_ptr(t);
	case KR_INT: return kri_hash_mix(3, (uint64_t)t->u.i);
	case KR_REAL: {
		double d = t->u.r == 0 ? 0 : t->u.r; /* -0.0 == 0.0 */
		uint64_t bits;
		memcpy(&bits, &d, sizeof bits);
		return kri_hash_mix(4, bits);
	}
	case KR_STR: return kri_hash_bytes(t->u.str.s, strlen(t->u.str.s));
	case KR_FOREIGN:
		return t->u.fo.type->hash ? t->u.fo.type->hash(t->u.fo.ptr)
					  : kri_hash_ptr(t->u.fo.ptr);
	default: return 0;
	}
}

/*
 * kr_hash of a list-like term mixes the hashes of its elements into a seed
 * and closes with 7 (or the hash of an improper tail), recursively for
 * elements that are lists themselves. The recursion is kept on a stack of
 * frames of its own, so deep nests never reach the C stack.
 */
typedef struct hframe {
	uint64_t h;
	const kr_term *t; /* the rest of the sequence */
	size_t i;	  /* next item when t is an etuple */
} hframe;

#define HASH_SEED 0x51ed270b27f2a1c5ULL

/* The next element of the sequence of f, or NULL (f->h closed) at its end. */
static const kr_term *hash_next(hframe *f)
{
	const kr_term *t = f->t;
	if (t->kind == KR_CONS) {
		f->t = t->u.cons.cdr;
		return t->u.cons.car;
	}
	if (t->kind == KR_ETUPLE && f->i < t->u.et.n)
		return t->u.et.items[f->i++];
	bool closed = t->kind == KR_ETUPLE || t->kind == KR_NIL;
	f->h = kri_hash_mix(f->h, closed ? 7 : atom_hash(t));
	return NULL;
}

uint64_t kr_hash(const kr_term *t)
{
	kr_check(t != NULL);
	if (!is_seq(t))
		return atom_hash(t);
	hframe local[32], *stack = local;
	size_t len = 0, cap = 32;
	hframe cur = {HASH_SEED, t, 0};
	for (;;) {
		const kr_term *e = hash_next(&cur);
		if (e && is_seq(e)) {
			if (len == cap) {
				hframe *n = kri_alloc(2 * cap * sizeof *n);
				memcpy(n, stack, len * sizeof *n);
				stack = n;
				cap *= 2;
			}
			stack[len++] = cur;
			cur = (hframe){HASH_SEED, e, 0};
		} else if (e) {
			cur.h = kri_hash_mix(cur.h, atom_hash(e));
		} else if (len == 0) {
			return cur.h;
		} else {
			uint64_t h = cur.h;
			cur = stack[--len];
			cur.h = kri_hash_mix(cur.h, h);
		}
	}
}
