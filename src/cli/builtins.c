/* builtins.c -- primitives of the REPL's language and the library's relations by name. */
/* See the LICENSE file for copying conditions. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "lang.h"

/*
 * Primitives take evaluated arguments (their count already checked
 * against the table) and store one value. The Scheme part is the small
 * subset miniKanren programs use to build terms (lists, numbers,
 * predicates, output); the relational part exposes every goal constructor
 * and relation of the library under its miniKanren name.
 */

#define UNUSED_N (void)n


/* ================================================================ lists */

PRIM(p_cons)
{
	UNUSED_N;
	*out = kr_cons(a[0], a[1]);
	return 0;
}

PRIM(p_car)
{
	UNUSED_N; /* pairs, etuples and graph Variables (the cons protocol) */
	if (!kr_is_pair(a[0]))
		return lang_type_error("car", "a pair", a[0]);
	*out = kr_car(a[0]);
	return 0;
}

PRIM(p_cdr)
{
	UNUSED_N;
	if (!kr_is_pair(a[0]))
		return lang_type_error("cdr", "a pair", a[0]);
	*out = kr_cdr(a[0]);
	return 0;
}

PRIM(p_list)
{
	*out = kr_list(n, a);
	return 0;
}

static bool is_list(const kr_term *t)
{
	return kr_list_length(t) >= 0 && kr_term_kind(t) != KR_FOREIGN;
}

/*
 * (append l ...): as Scheme's, the last argument shared. A result that
 * takes an etuple is an etuple, as etuples' `+` gives one whichever side
 * the etuple is on.
 */
PRIM(p_append)
{
	if (!n) {
		*out = kr_nil();
		return 0;
	}
	kr_term *res = a[n - 1];
	bool etuple = kr_term_kind(res) == KR_ETUPLE;
	for (size_t i = n - 1; i-- > 0;) {
		long len = kr_list_length(a[i]);
		if (!is_list(a[i]))
			return lang_type_error("append", "a list", a[i]);
		etuple = etuple || kr_term_kind(a[i]) == KR_ETUPLE;
		kr_term **items = kr_alloc((size_t)len * sizeof *items);
		kr_term *t = a[i];
		for (long j = 0; j < len; j++, t = kr_cdr(t))
			items[j] = kr_car(t);
		for (long j = len; j-- > 0;)
			res = kr_cons(items[j], res);
	}
	long len = kr_list_length(res);
	if (etuple && kr_term_kind(res) != KR_ETUPLE && len >= 0 &&
	    kr_term_kind(a[n - 1]) != KR_FOREIGN) {
		kr_term **items = kr_alloc((size_t)(len ? len : 1) *
					   sizeof *items);
		kr_term *t = res;
		for (long j = 0; j < len; j++, t = kr_cdr(t))
			items[j] = kr_car(t);
		res = kr_etuple((size_t)len, items);
	}
	*out = res;
	return 0;
}

PRIM(p_length)
{
	UNUSED_N;
	if (!is_list(a[0]))
		return lang_type_error("length", "a list", a[0]);
	*out = kr_int(kr_list_length(a[0]));
	return 0;
}

PRIM(p_reverse)
{
	UNUSED_N;
	if (!is_list(a[0]))
		return lang_type_error("reverse", "a list", a[0]);
	kr_term *r = kr_nil();
	for (kr_term *t = a[0]; kr_is_pair(t); t = kr_cdr(t))
		r = kr_cons(kr_car(t), r);
	*out = r;
	return 0;
}

/* (list-tail l k) and (list-ref l k). */
static int list_drop(kr_term **out, const char *who, kr_term *l, kr_term *k)
{
	if (kr_term_kind(k) != KR_INT || kr_int_value(k) < 0)
		return lang_type_error(who, "an index", k);
	for (int64_t i = kr_int_value(k); i > 0; i--) {
		if (kr_term_kind(l) != KR_CONS && kr_term_kind(l) != KR_ETUPLE)
			return kr_error_set(KR_EINVALID, "%s: index %lld out "
					    "of range", who,
					    (long long)kr_int_value(k));
		l = kr_cdr(l);
	}
	*out = l;
	return 0;
}

PRIM(p_list_tail)
{
	UNUSED_N;
	return list_drop(out, "list-tail", a[0], a[1]);
}

PRIM(p_list_ref)
{
	UNUSED_N;
	kr_term *l;
	int rc = list_drop(&l, "list-ref", a[0], a[1]);
	if (rc < 0)
		return rc;
	if (!kr_is_pair(l) || kr_term_kind(l) == KR_FOREIGN)
		return kr_error_set(KR_EINVALID, "list-ref: index out of range");
	*out = kr_car(l);
	return 0;
}

/*
 * (map f l ...) and (for-each f l ...) over lists of equal length (lists
 * of other lengths are an error, as in Chez Scheme).
 */
static int map_common(kr_term **out, size_t n, kr_term *const *a, bool keep)
{
	kr_term *ls[8];
	if (n - 1 > 8)
		return kr_error_set(KR_EINVALID, "%s: too many lists",
				    keep ? "map" : "for-each");
	for (size_t i = 1; i < n; i++) {
		if (!is_list(ls[i - 1] = a[i]))
			return lang_type_error(keep ? "map" : "for-each",
					       "a list", a[i]);
		if (kr_list_length(a[i]) != kr_list_length(a[1]))
			return kr_error_set(KR_EINVALID,
					    "%s: lists %s and %s differ in "
					    "length", keep ? "map" : "for-each",
					    lang_show(a[1]), lang_show(a[i]));
	}
	size_t cap = 16, k = 0;
	kr_term **res = kr_alloc(cap * sizeof *res);
	for (;;) {
		kr_term *args[8];
		for (size_t i = 0; i + 1 < n; i++) {
			if (!kr_is_pair(ls[i]))
				goto done;
			args[i] = kr_car(ls[i]);
			ls[i] = kr_cdr(ls[i]);
		}
		if (k == cap)
			res = lang_grow(res, k, &cap, sizeof *res);
		int rc = lang_apply(&res[k++], a[0], n - 1, args);
		if (rc < 0)
			return rc;
	}
done:
	*out = keep ? kr_list(k, res) : lang_void();
	return 0;
}

PRIM(p_map)
{
	return map_common(out, n, a, true);
}

PRIM(p_for_each)
{
	return map_common(out, n, a, false);
}

bool lang_apply_spread(kr_term **fn, size_t *n, kr_term ***args)
{
	kr_term *const *a = *args;
	if (*n < 2 || !is_list(a[*n - 1]))
		return false;
	kr_term *last = a[*n - 1];
	size_t len = (size_t)kr_list_length(last), k = *n - 2 + len;
	kr_term **v = kr_alloc((k ? k : 1) * sizeof *v);
	memcpy(v, a + 1, (*n - 2) * sizeof *v);
	for (size_t i = 0; i < len; i++, last = kr_cdr(last))
		v[*n - 2 + i] = kr_car(last);
	*fn = a[0];
	*n = k;
	*args = v;
	return true;
}

int lang_prim_apply(kr_term **out, size_t n, kr_term *const *a)
{
	kr_term *fn, **args = (kr_term **)a;
	if (!lang_apply_spread(&fn, &n, &args))
		return lang_type_error("apply", "a list", a[n - 1]);
	return lang_apply(out, fn, n, args);
}

/*
 * Scheme's eqv? on two terms: a real is eqv to a real of the same bits
 * (0.0 and -0.0 differ, NaN is NaN), as Chez's; other atoms by value
 * (kr_equal, which unification uses), pairs and strings by identity.
 */
static bool real_eqv(double x, double y)
{
	return isnan(x) ? isnan(y) : x == y && !signbit(x) == !signbit(y);
}

static bool scheme_eqv(const kr_term *x, const kr_term *y)
{
	kr_kind k = kr_term_kind(x);
	if (x == y)
		return true;
	if (k == KR_REAL && kr_term_kind(y) == KR_REAL)
		return real_eqv(kr_real_value(x), kr_real_value(y));
	return k != KR_CONS && k != KR_ETUPLE && k != KR_STR &&
	       kr_equal(x, y);
}

/* equal? of two terms that are not both pairs: reals as eqv?. */
static bool leaf_equal(const kr_term *x, const kr_term *y)
{
	if (kr_term_kind(x) == KR_REAL && kr_term_kind(y) == KR_REAL)
		return real_eqv(kr_real_value(x), kr_real_value(y));
	return kr_equal(x, y);
}

/* Scheme's equal?: eqv? at the leaves, pairs by their parts. */
static bool scheme_equal(const kr_term *x, const kr_term *y)
{
	if (kr_term_kind(x) != KR_CONS || kr_term_kind(y) != KR_CONS)
		return leaf_equal(x, y);
	size_t len = 0, cap = 16;
	const kr_term **todo = kr_alloc(cap * sizeof *todo);
	todo[len++] = x;
	todo[len++] = y;
	while (len > 0) {
		const kr_term *v = todo[--len], *u = todo[--len];
		kr_kind k = kr_term_kind(u);
		if (u == v)
			continue;
		if (k == KR_CONS && kr_term_kind(v) == KR_CONS) {
			if (len + 4 > cap)
				todo = lang_grow(todo, len, &cap, sizeof *todo);
			todo[len++] = kr_cdr((kr_term *)u);
			todo[len++] = kr_cdr((kr_term *)v);
			todo[len++] = kr_car((kr_term *)u);
			todo[len++] = kr_car((kr_term *)v);
			continue;
		}
		if (!leaf_equal(u, v))
			return false;
	}
	return true;
}

/*
 * (assq x alist) and its kin: `who` names the primitive; eqv? or equal?
 * as `eqv` says. As Chez's: a list that ends in a non-list, or an alist
 * with a non-pair element, is an error when the search reaches it.
 */
static int search_list(kr_term **out, kr_term *const *a, bool assoc,
		       bool eqv, const char *who)
{
	kr_term *x = a[0], *l = a[1], *l0 = l;
	/* an etuple is a list here, as for length; a graph is not */
	for (; kr_is_pair(l) && kr_term_kind(l) != KR_FOREIGN; l = kr_cdr(l)) {
		kr_term *e = kr_car(l), *key = e;
		if (assoc) {
			if (!kr_is_pair(e))
				return kr_error_set(KR_EINVALID,
						    "%s: improperly formed "
						    "alist %s",
						    who, lang_show(l0));
			key = kr_car(e);
		}
		if (eqv ? scheme_eqv(key, x) : scheme_equal(key, x)) {
			*out = assoc ? e : l;
			return 0;
		}
	}
	if (!kr_is_null(l))
		return kr_error_set(KR_EINVALID, "%s: %s %s", who,
				    assoc ? "improperly formed alist"
					  : "improper list",
				    lang_show(l0));
	*out = lang_bool(false);
	return 0;
}

PRIM(p_assq) { UNUSED_N; return search_list(out, a, true, true, "assq"); }
PRIM(p_assv) { UNUSED_N; return search_list(out, a, true, true, "assv"); }
PRIM(p_assoc) { UNUSED_N; return search_list(out, a, true, false, "assoc"); }
PRIM(p_memq) { UNUSED_N; return search_list(out, a, false, true, "memq"); }
PRIM(p_memv) { UNUSED_N; return search_list(out, a, false, true, "memv"); }
PRIM(p_member) { UNUSED_N; return search_list(out, a, false, false, "member"); }

/* =========================================================== predicates */

static int pred(kr_term **out, bool b)
{
	*out = lang_bool(b);
	return 0;
}

PRIM(p_pairp) { UNUSED_N; return pred(out, kr_is_pair(a[0])); }
PRIM(p_nullp) { UNUSED_N; return pred(out, kr_is_null(a[0])); }
PRIM(p_listp) { UNUSED_N; return pred(out, is_list(a[0])); }
PRIM(p_symbolp) { UNUSED_N; return pred(out, kr_term_kind(a[0]) == KR_SYM && !kr_is_boolean(a[0])); }
PRIM(p_stringp) { UNUSED_N; return pred(out, kr_term_kind(a[0]) == KR_STR); }
PRIM(p_numberp) { UNUSED_N; return pred(out, kr_term_kind(a[0]) == KR_INT || kr_term_kind(a[0]) == KR_REAL); }
PRIM(p_integerp)
{
	UNUSED_N;
	double d = kr_term_kind(a[0]) == KR_REAL ? kr_real_value(a[0]) : 0.5;
	return pred(out, kr_term_kind(a[0]) == KR_INT ||
			 (isfinite(d) && floor(d) == d));
}
PRIM(p_booleanp) { UNUSED_N; return pred(out, kr_is_boolean(a[0])); }
PRIM(p_vectorp) { UNUSED_N; (void)a; return pred(out, false); } /* none */

PRIM(p_boolean_eq)
{
	for (size_t i = 0; i < n; i++)
		if (!kr_is_boolean(a[i]))
			return lang_type_error("boolean=?", "a boolean", a[i]);
	for (size_t i = 1; i < n; i++)
		if (!kr_equal(a[i], a[0]))
			return pred(out, false);
	return pred(out, true);
}
PRIM(p_procedurep) { UNUSED_N; return pred(out, lang_is_procedure(a[0])); }
PRIM(p_goalp) { UNUSED_N; return pred(out, lang_term_goal(a[0]) != NULL); }
PRIM(p_varp) { UNUSED_N; return pred(out, kr_is_var(a[0])); }
PRIM(p_not) { UNUSED_N; return pred(out, !lang_truthy(a[0])); }
PRIM(p_equalp) { UNUSED_N; return pred(out, scheme_equal(a[0], a[1])); }
PRIM(p_eqp) { UNUSED_N; return pred(out, scheme_eqv(a[0], a[1])); }

/* ============================================================= numbers */

static double num(const kr_term *t)
{
	return kr_term_kind(t) == KR_INT ? (double)kr_int_value(t)
					 : kr_real_value(t);
}

static int check_nums(const char *who, size_t n, kr_term *const *a,
		      bool *all_int)
{
	*all_int = true;
	for (size_t i = 0; i < n; i++) {
		if (!lang_is_number(a[i]))
			return lang_type_error(who, "a number", a[i]);
		*all_int = *all_int && kr_term_kind(a[i]) == KR_INT;
	}
	return 0;
}

/* + - * over integers (wrapping is avoided by falling back to reals). */
/* Two fixnums, the usual case of + - * and of comparisons. */
static bool two_ints(size_t n, kr_term *const *a, int64_t *x, int64_t *y)
{
	if (n != 2 || kr_term_kind(a[0]) != KR_INT ||
	    kr_term_kind(a[1]) != KR_INT)
		return false;
	*x = kr_int_value(a[0]);
	*y = kr_int_value(a[1]);
	return true;
}

/* x op y on two fixnums without overflow; false otherwise. */
static bool arith2(kr_term **out, size_t n, kr_term *const *a, char op)
{
	int64_t x, y, r;
	if (!two_ints(n, a, &x, &y) ||
	    (op == '+' ? __builtin_add_overflow(x, y, &r) :
	     op == '-' ? __builtin_sub_overflow(x, y, &r) :
			 __builtin_mul_overflow(x, y, &r)))
		return false;
	*out = kr_int(r);
	return true;
}

/* An exact integer equal to v. */
static bool is_int(const kr_term *t, int64_t v)
{
	return kr_term_kind(t) == KR_INT && kr_int_value(t) == v;
}

/* -x; an integer that overflows becomes a real. */
static kr_term *negate(const kr_term *x)
{
	if (kr_term_kind(x) == KR_INT && kr_int_value(x) != INT64_MIN)
		return kr_int(-kr_int_value(x));
	return kr_real(-num(x));
}

/*
 * x op y for + - *, one step of their left fold, with Chez Scheme's
 * exactness: an exact 0 is exact (+ 0 -0.0 is -0.0, (* 0 +inf.0) is 0);
 * integers that overflow become reals.
 */
static kr_term *arith_step(kr_term *x, kr_term *y, char op)
{
	int64_t r;
	if (kr_term_kind(x) == KR_INT && kr_term_kind(y) == KR_INT) {
		int64_t u = kr_int_value(x), v = kr_int_value(y);
		if (!(op == '+' ? __builtin_add_overflow(u, v, &r) :
		      op == '-' ? __builtin_sub_overflow(u, v, &r) :
				  __builtin_mul_overflow(u, v, &r)))
			return kr_int(r);
	} else if (op == '*') {
		if (is_int(x, 0) || is_int(y, 0))
			return kr_int(0);
	} else if (is_int(y, 0)) {
		return x;
	} else if (is_int(x, 0)) {
		return op == '+' ? y : negate(y);
	}
	double u = num(x), v = num(y);
	return kr_real(op == '+' ? u + v : op == '-' ? u - v : u * v);
}

static int arith(kr_term **out, size_t n, kr_term *const *a, char op)
{
	const char who[2] = {op, 0};
	if (arith2(out, n, a, op))
		return 0;
	bool ints;
	int rc = check_nums(who, n, a, &ints);
	if (rc < 0)
		return rc;
	if (n == 0) {
		*out = kr_int(op == '*');
		return 0;
	}
	if (ints && op != '*' && n > 1) {
		/*
		 * Integers: each step wraps modulo 2^64 and counts its
		 * overflows, so that a sum whose parts overflow but whose
		 * total fits is exact, as Chez's bignums give it.
		 */
		int64_t r = kr_int_value(a[0]);
		long wraps = 0;
		for (size_t i = 1; i < n; i++) {
			int64_t y = kr_int_value(a[i]);
			if (op == '+' ? __builtin_add_overflow(r, y, &r)
				      : __builtin_sub_overflow(r, y, &r))
				wraps += (op == '+') == (y > 0) ? 1 : -1;
		}
		if (wraps == 0) {
			*out = kr_int(r);
			return 0;
		}
	}
	kr_term *acc = n == 1 && op == '-' ? negate(a[0]) : a[0];
	for (size_t i = 1; i < n; i++)
		acc = arith_step(acc, a[i], op);
	*out = acc;
	return 0;
}

PRIM(p_add) { return arith(out, n, a, '+'); }
PRIM(p_sub) { return arith(out, n, a, '-'); }
PRIM(p_mul) { return arith(out, n, a, '*'); }

/*
 * (/ x y ...), folded left. An exact division by an exact 0 is an error,
 * as in Chez Scheme; a real divided by 0 is an infinity or NaN. Exact
 * operands give an integer when the quotient is one, else a real (where
 * Chez would make a rational), which stays exact for the error rule.
 */
PRIM(p_div)
{
	bool ints;
	int rc = check_nums("/", n, a, &ints);
	if (rc < 0)
		return rc;
	kr_term *acc = n == 1 ? kr_int(1) : a[0];
	bool exact = kr_term_kind(acc) == KR_INT; /* every operand so far */
	for (size_t i = n == 1 ? 0 : 1; i < n; i++) {
		bool yint = kr_term_kind(a[i]) == KR_INT;
		int64_t y = yint ? kr_int_value(a[i]) : 0;
		if (exact && yint && y == 0)
			return kr_error_set(KR_EINVALID, "/: undefined for 0");
		if (kr_term_kind(acc) == KR_INT && yint &&
		    (y != -1 || kr_int_value(acc) != INT64_MIN) &&
		    kr_int_value(acc) % y == 0)
			acc = kr_int(kr_int_value(acc) / y);
		else
			acc = kr_real(num(acc) / num(a[i]));
		exact = exact && yint;
	}
	*out = acc;
	return 0;
}

/*
 * An integer operand of quotient, remainder, modulo, odd? and even?: an
 * exact integer, or a real with an integral value, as Chez takes them.
 */
static int int_operand(const char *who, const kr_term *t)
{
	if (kr_term_kind(t) == KR_INT)
		return 0;
	if (kr_term_kind(t) == KR_REAL && isfinite(kr_real_value(t)) &&
	    floor(kr_real_value(t)) == kr_real_value(t))
		return 0;
	return lang_type_error(who, "an integer", t);
}

/* quotient, remainder, modulo on integers (a real operand: a real). */
static int intdiv(kr_term **out, kr_term *const *a, char which)
{
	const char *who = which == 'q' ? "quotient" : which == 'r' ?
			  "remainder" : "modulo";
	for (int i = 0; i < 2; i++)
		if (int_operand(who, a[i]) < 0)
			return -1;
	if (num(a[1]) == 0)
		return kr_error_set(KR_EINVALID, "%s: undefined for %s", who,
				    lang_show(a[1]));
	if (kr_term_kind(a[0]) == KR_REAL || kr_term_kind(a[1]) == KR_REAL) {
		double x = num(a[0]), y = num(a[1]), m = fmod(x, y);
		if (which == 'q') { /* x / y truncated, zero signed so */
			double q = trunc(x / y);
			if (q == 0)
				q = copysign(0.0, x) * copysign(1.0, y);
			*out = kr_real(q);
			return 0;
		}
		if (which == 'm' && m != 0 && (m < 0) != (y < 0))
			m += y;
		*out = kr_real(m == 0 ? 0.0 : m); /* Chez: never -0.0 */
		return 0;
	}
	int64_t x = kr_int_value(a[0]), y = kr_int_value(a[1]);
	if (y == -1 && x == INT64_MIN) {
		*out = which == 'q' ? kr_real(-(double)x) : kr_int(0);
		return 0;
	}
	int64_t r = which == 'q' ? x / y : x % y;
	if (which == 'm' && r != 0 && ((r < 0) != (y < 0)))
		r += y;
	*out = kr_int(r);
	return 0;
}

PRIM(p_quotient) { UNUSED_N; return intdiv(out, a, 'q'); }
PRIM(p_remainder) { UNUSED_N; return intdiv(out, a, 'r'); }
PRIM(p_modulo) { UNUSED_N; return intdiv(out, a, 'm'); }

/* = < > <= >= over a chain of numbers. */
/* A comparison of two fixnums; false when they are not. */
static bool compare2(kr_term **out, size_t n, kr_term *const *a,
		     const char *op)
{
	int64_t x, y;
	if (!two_ints(n, a, &x, &y))
		return false;
	pred(out, op[0] == '=' ? x == y : op[0] == '<' ?
	     (op[1] ? x <= y : x < y) : (op[1] ? x >= y : x > y));
	return true;
}

/*
 * The order of integer i and real d, exactly, as Chez compares an exact
 * and an inexact number: -1, 0 or 1, or 2 when d is a NaN. Rounding is
 * monotonic, so where i as a double differs from d that order is i's;
 * where it equals d, d is integral and within 2^63 of 0 (or 2^63
 * itself, above every int64), and the integers compare.
 */
static int cmp_int_real(int64_t i, double d)
{
	if (isnan(d))
		return 2;
	double di = (double)i;
	if (di != d)
		return di < d ? -1 : 1;
	if (d >= 0x1p63)
		return -1;
	int64_t j = (int64_t)d;
	return i < j ? -1 : i > j;
}

/* The order of numbers x and y (as cmp_int_real), exactly. */
static int cmp_num(const kr_term *x, const kr_term *y)
{
	bool ix = kr_term_kind(x) == KR_INT, iy = kr_term_kind(y) == KR_INT;
	if (ix && iy)
		return kr_int_value(x) < kr_int_value(y) ? -1 :
		       kr_int_value(x) > kr_int_value(y);
	if (ix)
		return cmp_int_real(kr_int_value(x), kr_real_value(y));
	if (iy) {
		int c = cmp_int_real(kr_int_value(y), kr_real_value(x));
		return c == 2 ? 2 : -c;
	}
	double a = kr_real_value(x), b = kr_real_value(y);
	return isnan(a) || isnan(b) ? 2 : a < b ? -1 : a > b;
}

static int compare(kr_term **out, size_t n, kr_term *const *a,
		   const char *op)
{
	if (compare2(out, n, a, op))
		return 0;
	bool ints;
	int rc = check_nums(op, n, a, &ints);
	if (rc < 0)
		return rc;
	bool ok = true;
	for (size_t i = 0; i + 1 < n && ok; i++) {
		int c = cmp_num(a[i], a[i + 1]);
		ok = c != 2 && (op[0] == '=' ? c == 0 :
				op[0] == '<' ? (op[1] ? c <= 0 : c < 0) :
					       (op[1] ? c >= 0 : c > 0));
	}
	return pred(out, ok);
}

PRIM(p_eq) { return compare(out, n, a, "="); }
PRIM(p_lt) { return compare(out, n, a, "<"); }
PRIM(p_gt) { return compare(out, n, a, ">"); }
PRIM(p_le) { return compare(out, n, a, "<="); }
PRIM(p_ge) { return compare(out, n, a, ">="); }

/*
 * (expt x y): an exact 0 exponent gives an exact 1; exact operands an
 * integer while it fits (a negative exponent of 1 or -1 too, of 0 is an
 * error), else a real (where Chez would make a bignum or a rational). A
 * result that would be complex is an error.
 */
PRIM(p_expt)
{
	bool ints;
	int rc = check_nums("expt", n, a, &ints);
	if (rc < 0)
		return rc;
	if (is_int(a[1], 0)) {
		*out = kr_int(1);
		return 0;
	}
	if (ints) {
		int64_t r = 1, b = kr_int_value(a[0]), e = kr_int_value(a[1]);
		if (e < 0 && b == 0)
			return kr_error_set(KR_EINVALID, "expt: undefined for "
					    "0 and %lld", (long long)e);
		bool ovf = e < 0 && b != 1 && b != -1;
		if (b >= -1 && b <= 1) /* 0, 1 and -1 never overflow: no loop */
			e = b == -1 ? (e % 2 != 0) : b == 0 ? e > 0 : 1;
		for (; e > 0 && !ovf; e--)
			ovf = __builtin_mul_overflow(r, b, &r);
		if (!ovf) {
			*out = kr_int(r);
			return 0;
		}
	}
	double x = num(a[0]), y = num(a[1]), r = pow(x, y);
	if ((isnan(r) && !isnan(x) && !isnan(y)) ||
	    (x < 0 && isfinite(y) && floor(y) != y))
		return kr_error_set(KR_EINVALID, "expt: (expt %s %s) is not a "
				    "real number", lang_show(a[0]),
				    lang_show(a[1]));
	*out = kr_real(r);
	return 0;
}

static int int_pred(kr_term **out, kr_term *x, const char *who, int which)
{
	if (int_operand(who, x) < 0)
		return -1;
	bool odd = kr_term_kind(x) == KR_INT ? kr_int_value(x) % 2 != 0
					     : fmod(kr_real_value(x), 2) != 0;
	return pred(out, which == 0 ? odd : !odd);
}

PRIM(p_oddp) { UNUSED_N; return int_pred(out, a[0], "odd?", 0); }
PRIM(p_evenp) { UNUSED_N; return int_pred(out, a[0], "even?", 1); }

/* exact? and inexact?: whether the number x is of the kind k. */
static int kind_pred(kr_term **out, const kr_term *x, kr_kind k,
		     const char *who)
{
	if (!lang_is_number(x))
		return lang_type_error(who, "a number", x);
	return pred(out, kr_term_kind(x) == k);
}

PRIM(p_exactp) { UNUSED_N; return kind_pred(out, a[0], KR_INT, "exact?"); }
PRIM(p_inexactp) { UNUSED_N; return kind_pred(out, a[0], KR_REAL, "inexact?"); }

PRIM(p_zerop)
{
	UNUSED_N;
	if (!lang_is_number(a[0]))
		return lang_type_error("zero?", "a number", a[0]);
	return pred(out, num(a[0]) == 0);
}

/*
 * max and min, folded left as Chez does: the later operand wins a tie
 * ((max 0.0 -0.0) is -0.0), a NaN wins, and a real operand makes the
 * result real.
 */
static int minmax(kr_term **out, size_t n, kr_term *const *a, bool max)
{
	bool ints;
	int rc = check_nums(max ? "max" : "min", n, a, &ints);
	if (rc < 0)
		return rc;
	kr_term *best = a[0];
	for (size_t i = 1; i < n; i++) {
		double x = num(best), y = num(a[i]);
		if (isnan(x))
			continue;
		if (isnan(y) || !(max ? x > y : x < y))
			best = a[i];
	}
	*out = ints ? best : kr_real(num(best));
	return 0;
}

PRIM(p_max) { return minmax(out, n, a, true); }
PRIM(p_min) { return minmax(out, n, a, false); }

PRIM(p_abs)
{
	UNUSED_N;
	if (kr_term_kind(a[0]) == KR_INT && kr_int_value(a[0]) != INT64_MIN) {
		*out = kr_int(llabs(kr_int_value(a[0])));
		return 0;
	}
	if (!lang_is_number(a[0]))
		return lang_type_error("abs", "a number", a[0]);
	*out = kr_real(fabs(num(a[0])));
	return 0;
}

/* ============================================================== output */

static int print_value(const kr_term *t, bool display)
{
	fputs(display ? lang_display_string(t) : lang_show(t), stdout);
	return 0;
}

PRIM(p_display)
{
	UNUSED_N;
	*out = lang_void();
	return print_value(a[0], true);
}

PRIM(p_write)
{
	UNUSED_N;
	*out = lang_void();
	return print_value(a[0], false);
}

PRIM(p_newline)
{
	(void)a;
	UNUSED_N;
	putchar('\n');
	*out = lang_void();
	return 0;
}

PRIM(p_error)
{
	(void)out;
	char *msg = kr_strdup("");
	for (size_t i = 0; i < n; i++)
		msg = kr_strfmt("%s%s%s", msg, i ? " " : "",
				kr_term_kind(a[i]) == KR_STR ?
				kr_str_value(a[i]) : lang_show(a[i]));
	return kr_error_set(KR_ERROR, "error: %s", msg);
}

PRIM(p_void)
{
	(void)a;
	UNUSED_N;
	*out = lang_void();
	return 0;
}

bool lang_session_failed;

/*
 * (exit [code]): an integer code as it is, #f as 1, anything else as 0;
 * without one, the status the session would end with (1 after a failed
 * form of a session on standard input).
 */
PRIM(p_exit)
{
	if (lang_sandboxed())
		return kr_error_set(KR_EINVALID, "exit: not in a sandbox");
	(void)out;
	int code = n && kr_term_kind(a[0]) == KR_INT ? (int)kr_int_value(a[0])
		   : n ? !lang_truthy(a[0])
		       : lang_session_failed;
	exit(cli_output_status(code));
}

/* ======================================================= benchmarking */

static int cmp_str(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

/*
 * (answers-digest answers): the benchmark README's digest, FNV-1a 32-bit
 * over the printed answers sorted bytewise, each followed by a newline.
 */
PRIM(p_digest)
{
	(void)n;
	if (!is_list(a[0]))
		return lang_type_error("answers-digest", "a list", a[0]);
	size_t len = (size_t)kr_list_length(a[0]);
	char **s = kr_alloc((len ? len : 1) * sizeof *s);
	kr_term *t = a[0];
	for (size_t i = 0; i < len; i++, t = kr_cdr(t))
		s[i] = lang_show(kr_car(t));
	qsort(s, len, sizeof *s, cmp_str);
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < len; i++) {
		for (const char *c = s[i]; *c; c++)
			h = (h ^ (unsigned char)*c) * 16777619u;
		h = (h ^ '\n') * 16777619u;
	}
	*out = kr_int(h);
	return 0;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return (a > b) - (a < b);
}

/* One "elapsed" line of `time`; gc < 0: no collection to report. */
static void time_line(const char *what, double s, double gc)
{
	fprintf(stderr, "    %.9fs elapsed %s time", s, what);
	if (gc >= 0)
		fprintf(stderr, ", including %.9fs collecting", gc);
	fputc('\n', stderr);
}

/*
 * (%time 'expr thunk), behind the `time` macro: the thunk's value, with
 * its processor and real time and the collections it took on standard
 * error, as Chez's time reports them there: the expression with
 * print-level and print-length 2, and the time spent collecting (the
 * collector's wall-clock time, on both lines) when there was any.
 */
PRIM(p_time)
{
	(void)n;
	kr_memory_stats m0, m1;
	kr_memory_stats_get(&m0);
	clock_t c0 = clock();
	double t0 = now();
	int rc = lang_apply(out, a[1], 0, NULL);
	double real = now() - t0;
	double cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
	kr_memory_stats_get(&m1);
	if (rc < 0)
		return rc;
	fflush(stdout);
	size_t gcs = (size_t)(m1.collections - m0.collections);
	double gc = m1.gc_seconds - m0.gc_seconds;
	fprintf(stderr, "(time %s)\n",
		kr_term_to_string_limited(a[0], KR_PRINT_SCHEME, 2, 2));
	if (gcs)
		fprintf(stderr, "    %zu collection%s\n", gcs, gcs > 1 ? "s" : "");
	else
		fputs("    no collections\n", stderr);
	time_line("cpu", cpu, gcs ? gc : -1);
	time_line("real", real, gcs ? gc : -1);
	fprintf(stderr, "    %zu bytes allocated",
		(size_t)(m1.allocated - m0.allocated));
	if (gcs)
		fprintf(stderr, ", including %zu bytes reclaimed",
			(size_t)(m1.reclaimed - m0.reclaimed));
	fputc('\n', stderr);
	return 0;
}

/*
 * (median-seconds runs reps thunk): call thunk reps times per run, once
 * to warm up and then `runs` timed runs; the median wall time of a run.
 */
PRIM(p_median_seconds)
{
	(void)n;
	if (kr_term_kind(a[0]) != KR_INT || kr_int_value(a[0]) < 1 ||
	    kr_int_value(a[0]) > 1000 || kr_term_kind(a[1]) != KR_INT ||
	    kr_int_value(a[1]) < 1)
		return kr_error_set(KR_EINVALID, "median-seconds: runs in "
				    "1..1000 and reps >= 1 wanted");
	int runs = (int)kr_int_value(a[0]);
	double *times = kr_alloc_atomic((size_t)runs * sizeof *times);
	for (int r = -1; r < runs; r++) {
		double t0 = now();
		for (int64_t i = 0; i < kr_int_value(a[1]); i++) {
			kr_term *v = NULL;
			int rc = lang_apply(&v, a[2], 0, NULL);
			if (rc < 0)
				return rc;
			/* the stack must not keep this result alive (the GC is
			   conservative) while the next one is computed, as a
			   C benchmark drops each result */
			v = NULL;
			__asm__ __volatile__("" : : "r"(&v) : "memory");
		}
		if (r >= 0)
			times[r] = now() - t0;
	}
	qsort(times, (size_t)runs, sizeof *times, cmp_double);
	*out = kr_real(times[runs / 2]);
	return 0;
}

/* (getenv "NAME"): the variable's value as a string, or #f. */
PRIM(p_getenv)
{
	(void)n;
	if (kr_term_kind(a[0]) != KR_STR)
		return lang_type_error("getenv", "a string", a[0]);
	const char *v = getenv(kr_str_value(a[0]));
	*out = v ? kr_str(v) : lang_bool(false);
	return 0;
}

/* (string->number s): the number, or #f. */
/* The radix argument of number->string and string->number: 2 to 36. */
static int radix_arg(const char *who, size_t n, kr_term *const *a,
		     int *radix)
{
	*radix = 10;
	if (n < 2)
		return 0;
	if (kr_term_kind(a[1]) != KR_INT || kr_int_value(a[1]) < 2 ||
	    kr_int_value(a[1]) > 36)
		return kr_error_set(KR_EINVALID, "%s: %s is not a valid radix",
				    who, lang_show(a[1]));
	*radix = (int)kr_int_value(a[1]);
	return 0;
}

/* The value of digit c in radix r, or -1. */
static int digit_value(char c, int r)
{
	int d = c >= '0' && c <= '9'   ? c - '0'
		: c >= 'a' && c <= 'z' ? c - 'a' + 10
		: c >= 'A' && c <= 'Z' ? c - 'A' + 10
				       : 99;
	return d < r ? d : -1;
}

/*
 * The digits s (all valid in radix r) as the nearest double: the exact
 * value in 32-bit limbs, then its top 64 bits with a sticky bit for the
 * rest, which the conversion to double rounds once, to nearest even.
 */
static double big_digits(const char *s, int r)
{
	size_t cap = strlen(s) * 6 / 32 + 2, len = 0; /* 36 < 2^6 */
	uint32_t *limb = kr_alloc(cap * sizeof *limb);
	for (; *s; s++) {
		uint64_t carry = (uint64_t)digit_value(*s, r);
		for (size_t i = 0; i < len; i++) {
			uint64_t t = (uint64_t)limb[i] * (uint64_t)r + carry;
			limb[i] = (uint32_t)t;
			carry = t >> 32;
		}
		if (carry)
			limb[len++] = (uint32_t)carry;
	}
	if (len <= 2)
		return (double)(((uint64_t)(len > 1 ? limb[1] : 0) << 32) |
				(len ? limb[0] : 0));
	int top = 32 - __builtin_clz(limb[len - 1]);
	int bits = 32 * (int)(len - 1) + top;
	uint64_t m = 0;
	bool sticky = false;
	for (int b = bits - 1, i = 0; b >= 0; b--, i++) {
		bool bit = (limb[b / 32] >> (b % 32)) & 1;
		if (i < 64)
			m = m << 1 | bit;
		else
			sticky = sticky || bit;
	}
	return ldexp((double)(m | sticky), bits - 64);
}

/*
 * An integer written in radix r ([+-]digits), or NULL; one past 64 bits
 * is the nearest double, as elsewhere where Chez makes a bignum.
 */
static kr_term *parse_radix(const char *s, int r)
{
	bool neg = *s == '-';
	if (*s == '-' || *s == '+')
		s++;
	if (!*s)
		return NULL;
	int64_t v = 0; /* the value so far, negative when neg */
	bool big = false;
	for (const char *c = s; *c; c++) {
		int k = digit_value(*c, r);
		if (k < 0)
			return NULL;
		big = big || __builtin_mul_overflow(v, (int64_t)r, &v) ||
		      (neg ? __builtin_sub_overflow(v, (int64_t)k, &v)
			   : __builtin_add_overflow(v, (int64_t)k, &v));
	}
	if (big)
		return kr_real(neg ? -big_digits(s, r) : big_digits(s, r));
	return kr_int(v);
}

/*
 * (string->number s [radix]): the number s writes, or #f. In a radix
 * other than 10, s is an integer in that radix unless it has a #x-style
 * prefix of its own, as in Chez Scheme.
 */
PRIM(p_string_number)
{
	kr_term *t;
	int radix;
	if (kr_term_kind(a[0]) != KR_STR)
		return lang_type_error("string->number", "a string", a[0]);
	if (radix_arg("string->number", n, a, &radix) < 0)
		return -1;
	const char *s = kr_str_value(a[0]);
	*out = lang_bool(false);
	/* a number's characters only: no blanks, comments or brackets */
	for (const char *c = s; *c; c++)
		if (!isalnum((unsigned char)*c) && !strchr("+-.#/", *c))
			return 0;
	if (s[0] == '#' && s[1] && strchr("xXbBoOdD", s[1])) {
		char k = (char)tolower((unsigned char)s[1]);
		radix = k == 'x' ? 16 : k == 'b' ? 2 : k == 'o' ? 8 : 10;
		s += 2;
	}
	const char *digits = s + (*s == '-' || *s == '+');
	if (radix != 10 ||
	    (*digits && strspn(digits, "0123456789") == strlen(digits))) {
		t = parse_radix(s, radix); /* past 64 bits, a double */
		if (t)
			*out = t;
		return 0;
	}
	if (kr_read_term(&t, s, "string") == 0 && lang_is_number(t))
		*out = t;
	return 0;
}

/* (string-append s ...) */
PRIM(p_string_append)
{
	char *r = kr_strdup("");
	for (size_t i = 0; i < n; i++) {
		if (kr_term_kind(a[i]) != KR_STR)
			return lang_type_error("string-append", "a string", a[i]);
		r = kr_strfmt("%s%s", r, kr_str_value(a[i]));
	}
	*out = kr_str(r);
	return 0;
}

/* number->string, symbol->string, string->symbol. */
/* v written in radix 2 to 36, digits past 9 as capitals (collected). */
static char *int_in_radix(int64_t v, int radix)
{
	static const char digits[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
	uint64_t u = v < 0 ? -(uint64_t)v : (uint64_t)v;
	char buf[72], *p = buf + sizeof buf - 1;
	*p = 0;
	do {
		*--p = digits[u % (unsigned)radix];
		u /= (unsigned)radix;
	} while (u);
	if (v < 0)
		*--p = '-';
	return kr_strdup(p);
}

/*
 * (number->string z [radix]): a radix other than 10 is for integers
 * (digits past 9 as capitals, as Chez Scheme writes them).
 */
PRIM(p_number_string)
{
	int radix;
	if (!lang_is_number(a[0]))
		return lang_type_error("number->string", "a number", a[0]);
	if (radix_arg("number->string", n, a, &radix) < 0)
		return -1;
	if (radix == 10) {
		*out = kr_str(lang_show(a[0]));
		return 0;
	}
	if (kr_term_kind(a[0]) != KR_INT)
		return kr_error_set(KR_EINVALID, "number->string: radix %d is "
				    "only for integers, not %s", radix,
				    lang_show(a[0]));
	*out = kr_str(int_in_radix(kr_int_value(a[0]), radix));
	return 0;
}

PRIM(p_symbol_string)
{
	(void)n;
	if (kr_term_kind(a[0]) != KR_SYM || kr_is_boolean(a[0]))
		return lang_type_error("symbol->string", "a symbol", a[0]);
	*out = kr_str(kr_sym_name(a[0]));
	return 0;
}

PRIM(p_string_symbol)
{
	(void)n;
	if (kr_term_kind(a[0]) != KR_STR)
		return lang_type_error("string->symbol", "a string", a[0]);
	*out = kr_sym(kr_str_value(a[0]));
	if (kr_is_boolean(*out)) /* as the reader refuses |#t| */
		return kr_error_set(KR_EINVALID, "string->symbol: the "
				    "symbol %s would be the boolean %s",
				    kr_str_value(a[0]), kr_str_value(a[0]));
	return 0;
}

/* A growing string for format (collected memory). */
typedef struct sbuf {
	char *s;
	size_t len, cap;
} sbuf;

static void sbuf_add(sbuf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		size_t cap = 2 * (b->len + n + 1);
		char *t = kr_alloc_atomic(cap);
		if (b->len)
			memcpy(t, b->s, b->len);
		b->s = t;
		b->cap = cap;
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

static void sbuf_puts(sbuf *b, const char *s) { sbuf_add(b, s, strlen(s)); }

/*
 * Chez Scheme's format directives: ~a (display), ~s (write), ~d (a
 * number), ~x ~o ~b (an integer in radix 16, 8, 2; a real is an error
 * here), ~% and ~n (newline), ~~ (a tilde); a non-number to ~d ~x ~o ~b
 * is displayed. *out is a collected string.
 */
static int format_text(char **out, const char *who, const kr_term *fmt,
		       size_t n, kr_term *const *a)
{
	if (kr_term_kind(fmt) != KR_STR)
		return lang_type_error(who, "a format string", fmt);
	sbuf b = {0};
	size_t used = 0;
	sbuf_add(&b, "", 0);
	for (const char *f = kr_str_value(fmt); *f; f++) {
		if (*f != '~') {
			sbuf_add(&b, f, 1);
			continue;
		}
		char d = *++f;
		if (d == '%' || d == 'n') {
			sbuf_puts(&b, "\n");
			continue;
		}
		if (d == '~') {
			sbuf_puts(&b, "~");
			continue;
		}
		bool radix = d && strchr("xXoObB", d);
		if (d != 'a' && d != 's' && d != 'd' && d != 'A' && d != 'S' &&
		    d != 'D' && !radix)
			return kr_error_set(KR_EINVALID, "%s: unknown directive "
					    "~%s in %s", who, d ? (char[]){d, 0} : "",
					    lang_show(fmt));
		if (used == n)
			return kr_error_set(KR_EINVALID, "%s: too few arguments "
					    "for %s", who, lang_show(fmt));
		const kr_term *x = a[used++]; /* ~d of a non-number: as ~a */
		if (radix && kr_term_kind(x) == KR_REAL)
			return lang_type_error(who, "an integer for ~x, ~o or "
					       "~b", x);
		if (radix && kr_term_kind(x) == KR_INT) {
			int r = d == 'x' || d == 'X' ? 16 : d == 'o' || d == 'O'
							     ? 8 : 2;
			sbuf_puts(&b, int_in_radix(kr_int_value(x), r));
			continue;
		}
		sbuf_puts(&b, d == 's' || d == 'S' ? lang_show(x)
						   : lang_display_string(x));
	}
	if (used < n)
		return kr_error_set(KR_EINVALID, "%s: too many arguments for %s",
				    who, lang_show(fmt));
	*out = b.s;
	return 0;
}

/* (printf fmt arg ...): format to standard output, as Chez's printf. */
PRIM(p_printf)
{
	char *s;
	int rc = format_text(&s, "printf", a[0], n - 1, a + 1);
	if (rc < 0)
		return rc;
	fputs(s, stdout);
	*out = lang_void();
	return 0;
}

/*
 * (format fmt arg ...) and (format #f fmt arg ...): the string;
 * (format #t fmt arg ...): to standard output, as Chez's format.
 */
PRIM(p_format)
{
	bool dest = kr_is_boolean(a[0]);
	if (dest && n < 2)
		return kr_error_set(KR_EINVALID, "format: no format string");
	char *s;
	int rc = format_text(&s, "format", a[dest], n - 1 - dest, a + 1 + dest);
	if (rc < 0)
		return rc;
	if (dest && lang_truthy(a[0])) {
		fputs(s, stdout);
		*out = lang_void();
	} else {
		*out = kr_str(s);
	}
	return 0;
}

/* (string-length s): characters, strings being UTF-8 */
PRIM(p_string_length)
{
	(void)n;
	if (kr_term_kind(a[0]) != KR_STR)
		return lang_type_error("string-length", "a string", a[0]);
	int64_t len = 0;
	for (const char *p = kr_str_value(a[0]); *p; p++)
		len += ((unsigned char)*p & 0xC0) != 0x80; /* not a continuation */
	*out = kr_int(len);
	return 0;
}

/* string=? string<? string>? string<=? string>=? over two or more strings */
static int string_compare(kr_term **out, const char *who, size_t n,
			  kr_term *const *a, int want_lo, int want_hi)
{
	for (size_t i = 0; i < n; i++)
		if (kr_term_kind(a[i]) != KR_STR)
			return lang_type_error(who, "a string", a[i]);
	bool ok = true;
	for (size_t i = 0; ok && i + 1 < n; i++) {
		int c = strcmp(kr_str_value(a[i]), kr_str_value(a[i + 1]));
		c = c < 0 ? -1 : c > 0;
		ok = c >= want_lo && c <= want_hi;
	}
	*out = lang_bool(ok);
	return 0;
}

PRIM(p_string_eq) { return string_compare(out, "string=?", n, a, 0, 0); }
PRIM(p_string_lt) { return string_compare(out, "string<?", n, a, -1, -1); }
PRIM(p_string_gt) { return string_compare(out, "string>?", n, a, 1, 1); }
PRIM(p_string_le) { return string_compare(out, "string<=?", n, a, -1, 0); }
PRIM(p_string_ge) { return string_compare(out, "string>=?", n, a, 0, 1); }

/* exact->inexact / inexact (a real) and inexact->exact / exact (an integer) */
PRIM(p_inexact)
{
	(void)n;
	if (!lang_is_number(a[0]))
		return lang_type_error("exact->inexact", "a number", a[0]);
	*out = kr_real(num(a[0]));
	return 0;
}

PRIM(p_exact)
{
	(void)n;
	if (kr_term_kind(a[0]) == KR_INT) {
		*out = a[0];
		return 0;
	}
	double d = lang_is_number(a[0]) ? num(a[0]) : 0.5;
	if (!(d >= -9.2233720368547758e18 && d < 9.2233720368547758e18) ||
	    d != (double)(int64_t)d)
		return lang_type_error("inexact->exact", "an integral number "
				       "within 64 bits", a[0]);
	*out = kr_int((int64_t)d);
	return 0;
}

/*
 * (load "file"): evaluate every form of a file; its errors name it. A file
 * that cannot be read is one error, with the reason (Chez's "failed for
 * file: no such file or directory").
 */
PRIM(p_load)
{
	(void)n;
	if (kr_term_kind(a[0]) != KR_STR)
		return lang_type_error("load", "a file name string", a[0]);
	if (lang_sandboxed())
		return kr_error_set(KR_EINVALID, "load: no files in a sandbox");
	const char *path = kr_str_value(a[0]), *why;
	bool opened;
	char *text = cli_slurp(path, &opened, &why);
	if (!text && opened)
		return kr_error_set(KR_EINVALID, "load: %s", why);
	if (!text)
		return kr_error_set(KR_ENOTFOUND, "load: cannot open %s: %s",
				    path, why);
	*out = lang_void();
	return lang_eval_text(text, kr_str_value(a[0]), false);
}

/* =============================================================== table */

static const lang_prim_def prims[] = {
	{"cons", 2, 2, p_cons}, {"car", 1, 1, p_car}, {"cdr", 1, 1, p_cdr},
	{"list", 0, -1, p_list}, {"append", 0, -1, p_append},
	{"length", 1, 1, p_length}, {"reverse", 1, 1, p_reverse},
	{"list-tail", 2, 2, p_list_tail}, {"list-ref", 2, 2, p_list_ref},
	{"map", 2, 9, p_map}, {"for-each", 2, 9, p_for_each},
	{"apply", 2, -1, lang_prim_apply}, {"assq", 2, 2, p_assq},
	{"assv", 2, 2, p_assv}, {"assoc", 2, 2, p_assoc},
	{"memq", 2, 2, p_memq}, {"memv", 2, 2, p_memv},
	{"member", 2, 2, p_member},
	{"pair?", 1, 1, p_pairp}, {"null?", 1, 1, p_nullp},
	{"list?", 1, 1, p_listp}, {"symbol?", 1, 1, p_symbolp},
	{"string?", 1, 1, p_stringp}, {"number?", 1, 1, p_numberp},
	{"integer?", 1, 1, p_integerp}, {"boolean?", 1, 1, p_booleanp},
	{"vector?", 1, 1, p_vectorp}, {"boolean=?", 2, -1, p_boolean_eq},
	{"procedure?", 1, 1, p_procedurep}, {"goal?", 1, 1, p_goalp},
	{"var?", 1, 1, p_varp}, {"not", 1, 1, p_not},
	{"equal?", 2, 2, p_equalp}, {"eq?", 2, 2, p_eqp},
	{"eqv?", 2, 2, p_eqp},
	{"+", 0, -1, p_add}, {"-", 1, -1, p_sub}, {"*", 0, -1, p_mul},
	{"/", 1, -1, p_div}, {"quotient", 2, 2, p_quotient},
	{"remainder", 2, 2, p_remainder}, {"modulo", 2, 2, p_modulo},
	{"=", 1, -1, p_eq}, {"<", 1, -1, p_lt}, {">", 1, -1, p_gt},
	{"<=", 1, -1, p_le}, {">=", 1, -1, p_ge}, {"expt", 2, 2, p_expt},
	{"odd?", 1, 1, p_oddp}, {"even?", 1, 1, p_evenp},
	{"zero?", 1, 1, p_zerop}, {"exact?", 1, 1, p_exactp},
	{"inexact?", 1, 1, p_inexactp}, {"max", 1, -1, p_max},
	{"min", 1, -1, p_min}, {"abs", 1, 1, p_abs},
	{"display", 1, 1, p_display}, {"write", 1, 1, p_write},
	{"newline", 0, 0, p_newline}, {"error", 0, -1, p_error},
	{"printf", 1, -1, p_printf}, {"format", 1, -1, p_format},
	{"%time", 2, 2, p_time}, {"string-length", 1, 1, p_string_length},
	{"string=?", 1, -1, p_string_eq}, {"string<?", 1, -1, p_string_lt},
	{"string>?", 1, -1, p_string_gt}, {"string<=?", 1, -1, p_string_le},
	{"string>=?", 1, -1, p_string_ge},
	{"exact->inexact", 1, 1, p_inexact}, {"inexact", 1, 1, p_inexact},
	{"inexact->exact", 1, 1, p_exact}, {"exact", 1, 1, p_exact},
	{"void", 0, 0, p_void}, {"exit", 0, 1, p_exit},
	{"string-append", 0, -1, p_string_append},
	{"number->string", 1, 2, p_number_string},
	{"symbol->string", 1, 1, p_symbol_string},
	{"string->symbol", 1, 1, p_string_symbol},
	{"answers-digest", 1, 1, p_digest}, {"load", 1, 1, p_load},
	{"median-seconds", 3, 3, p_median_seconds},
	{"getenv", 1, 1, p_getenv}, {"string->number", 1, 2, p_string_number},
};

void lang_builtins_init(void)
{
	lang_define_prims(prims, sizeof prims / sizeof *prims);
	lang_define("else", lang_bool(true));
	lang_goals_init();
	lang_graphs_init();
	lang_traverse_init();
	lang_inplace_init();
	lang_rewriters_init();
	lang_explore_init();
}
