/* op_pattern.c -- OpPattern: ops matched by class and props. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "graph.h"
#include "kanrewrite/print.h"
#include "kanrewrite/reify.h"

/*
 * An OpPattern is a foreign atom over this record: the classes (op
 * descriptors) an op must be of, and (key, value) parameters sorted by
 * key, as PyTensor's OpPattern(op_type, **parameters). A value is a
 * logic variable (bound to the op's attribute), another OpPattern (the
 * attribute is an op it must match) or a term the attribute must equal.
 */
typedef struct op_pattern {
	size_t ndescs;
	const kr_op_desc **descs;
	size_t n;
	const char **keys;
	kr_term **values;
} op_pattern;

static const kr_foreign_type pattern_ftype;

static const op_pattern *pattern_of(const kr_term *t)
{
	return kr_is_foreign_of(t, &pattern_ftype) ? kr_foreign_ptr(t) : NULL;
}

/* Whether d is one of p's classes; every class is, for OpPattern(Op). */
static bool has_desc(const op_pattern *p, const kr_op_desc *d)
{
	if (p->ndescs == 0)
		return true;
	for (size_t i = 0; i < p->ndescs; i++)
		if (p->descs[i] == d)
			return true;
	return false;
}

static bool pattern_equal(const void *a, const void *b)
{
	const op_pattern *p = a, *q = b;
	if (p->ndescs != q->ndescs || p->n != q->n)
		return false;
	for (size_t i = 0; i < p->ndescs; i++)
		if (!has_desc(q, p->descs[i]))
			return false;
	for (size_t i = 0; i < p->n; i++)
		if (strcmp(p->keys[i], q->keys[i]) ||
		    !kr_equal(p->values[i], q->values[i]))
			return false;
	return true;
}

static uint64_t pattern_hash(const void *a)
{
	const op_pattern *p = a;
	uint64_t h = p->n;
	for (size_t i = 0; i < p->ndescs; i++)
		h += kri_hash_ptr(p->descs[i]); /* order-independent */
	for (size_t i = 0; i < p->n; i++)
		h = kri_hash_mix(h, kr_hash(p->values[i]));
	return h;
}

/* OpPattern(CustomOp, a=1), OpPattern((A, B), x=~x), as PyTensor's str. */
static char *pattern_string(const void *a)
{
	const op_pattern *p = a;
	kri_buf b = {0};
	kri_buf_puts(&b, "OpPattern(");
	if (p->ndescs == 0)
		kri_buf_puts(&b, "Op");
	if (p->ndescs > 1)
		kri_buf_putc(&b, '(');
	for (size_t i = 0; i < p->ndescs; i++)
		kri_buf_printf(&b, "%s%s", i ? ", " : "", p->descs[i]->name);
	if (p->ndescs > 1)
		kri_buf_putc(&b, ')');
	for (size_t i = 0; i < p->n; i++)
		kri_buf_printf(&b, ", %s=%s", p->keys[i],
			       kr_term_to_string(p->values[i]));
	kri_buf_putc(&b, ')');
	return kri_buf_str(&b);
}

/*
 * Against an op of one of its classes: one pair (value, attribute) per
 * parameter, so unification binds the variables, recurses into nested
 * OpPatterns and compares the rest. An op without the attribute does
 * not match.
 */
static bool pattern_unify(const void *a, kr_term *other, kr_term ***pairs,
			  size_t *n)
{
	const op_pattern *p = a;
	const op_pattern *q = pattern_of(other);
	if (q)
		return pattern_equal(p, q);
	kr_op *op = kr_term_op(other);
	if (!op || !has_desc(p, kr_op_desc_of(op)))
		return false;
	kr_term **ps = kri_alloc((2 * p->n + 1) * sizeof *ps);
	for (size_t i = 0; i < p->n; i++) {
		kr_term *attr = kr_op_prop(op, p->keys[i]);
		if (!attr)
			return false;
		ps[2 * i] = p->values[i];
		ps[2 * i + 1] = attr;
	}
	*pairs = ps;
	*n = p->n;
	return true;
}

static const kr_foreign_type pattern_ftype = {
	.name = "OpPattern",
	.equal = pattern_equal,
	.hash = pattern_hash,
	.to_string = pattern_string,
	.unify = pattern_unify,
};

kr_term *kr_op_pattern(size_t ndescs, const kr_op_desc *const *descs,
		       size_t n, const char *const *keys,
		       kr_term *const *values)
{
	kr_check(ndescs == 0 || descs != NULL);
	kr_check(n == 0 || (keys != NULL && values != NULL));
	op_pattern *p = kri_alloc(sizeof *p);
	p->ndescs = ndescs;
	p->descs = kri_alloc((ndescs + 1) * sizeof *p->descs);
	for (size_t i = 0; i < ndescs; i++) {
		kr_check(descs[i] != NULL);
		p->descs[i] = descs[i];
	}
	p->n = n;
	p->keys = kri_alloc((n + 1) * sizeof *p->keys);
	p->values = kri_alloc((n + 1) * sizeof *p->values);
	for (size_t i = 0; i < n; i++) { /* insertion sort by key */
		kr_check(keys[i] != NULL && values[i] != NULL);
		size_t j = i;
		for (; j > 0 && strcmp(p->keys[j - 1], keys[i]) > 0; j--) {
			p->keys[j] = p->keys[j - 1];
			p->values[j] = p->values[j - 1];
		}
		kr_check(j == 0 || strcmp(p->keys[j - 1], keys[i]) != 0);
		p->keys[j] = kr_strdup(keys[i]);
		p->values[j] = values[i];
	}
	return kr_foreign(&pattern_ftype, p);
}

bool kr_is_op_pattern(const kr_term *t)
{
	kr_check(t != NULL);
	return pattern_of(t) != NULL;
}

size_t kr_op_pattern_nclasses(const kr_term *pattern)
{
	const op_pattern *p = pattern_of(pattern);
	kr_check(p != NULL);
	return p->ndescs;
}

bool kr_op_pattern_matches(const kr_term *pattern, const kr_op *op)
{
	kr_check(op != NULL);
	const op_pattern *p = pattern_of(pattern);
	kr_check(p != NULL);
	if (!has_desc(p, kr_op_desc_of(op)))
		return false;
	for (size_t i = 0; i < p->n; i++) {
		kr_term *v = p->values[i];
		if (kr_is_var(v))
			continue;
		kr_term *attr = kr_op_prop(op, p->keys[i]);
		if (!attr)
			return false;
		if (pattern_of(v)) {
			kr_op *sub = kr_term_op(attr);
			if (!sub || !kr_op_pattern_matches(v, sub))
				return false;
		} else if (!kr_equal(v, attr)) {
			return false;
		}
	}
	return true;
}

int kr_op_pattern_instantiate(kr_op **out, const kr_term *pattern,
			      const kr_subst *s)
{
	kr_check(out != NULL && s != NULL);
	const op_pattern *p = pattern_of(pattern);
	kr_check(p != NULL);
	if (p->ndescs != 1)
		return kr_error_set(KR_EINVALID, "cannot make an op of %s: "
				    "it has %s class",
				    pattern_string(p),
				    p->ndescs ? "more than one" : "no");
	const kr_op_desc *d = p->descs[0];
	size_t nprops = kr_op_desc_nprops(d);
	kr_term **vals = kri_alloc((nprops + 1) * sizeof *vals);
	for (size_t i = 0; i < p->n; i++) {
		size_t k = 0;
		while (k < nprops && strcmp(d->prop_names[k], p->keys[i]))
			k++;
		if (k == nprops)
			return kr_error_set(KR_EINVALID, "cannot make an op of "
					    "%s: %s has no prop %s",
					    pattern_string(p), d->name,
					    p->keys[i]);
		kr_term *v = kr_walk_star(p->values[i], s);
		if (pattern_of(v)) {
			kr_op *sub;
			int rc = kr_op_pattern_instantiate(&sub, v, s);
			if (rc < 0)
				return rc;
			v = kr_op_term(sub);
		}
		if (!kr_is_ground(v))
			return kr_error_set(KR_EINVALID, "cannot make an op of "
					    "%s: %s is unbound",
					    pattern_string(p), p->keys[i]);
		vals[k] = v;
	}
	return kr_op_make(out, d, vals);
}

/* ------------------------------------------------- OpPatterns as tracks */

/*
 * The op standing for an OpPattern in a list of tracked ops: its props
 * are the pattern term, so two of equal patterns are equal ops. It takes
 * no inputs that make a node.
 */
static int track_infer(const kr_type **out, const kr_op *op, size_t nin,
		       const kr_type *const *in)
{
	(void)out, (void)nin, (void)in;
	return kr_error_set(KR_EINVALID, "%s only stands for a pattern in "
			    "tracks; it cannot be applied",
			    kr_op_to_string(op));
}

static bool track_equal(const void *a, const void *b)
{
	return kr_equal(a, b);
}

static uint64_t track_hash(const void *a) { return kr_hash(a); }

static char *track_string(const kr_op *op)
{
	return kr_term_to_string(kr_op_props(op));
}

static const kr_op_desc track_desc = {
	.name = "OpPattern",
	.min_inputs = 0,
	.max_inputs = -1,
	.infer = track_infer,
	.props_equal = track_equal,
	.props_hash = track_hash,
	.to_string = track_string,
};

kr_op *kr_op_pattern_track(kr_term *pattern)
{
	kr_check(pattern_of(pattern) != NULL);
	return kr_op_new(&track_desc, pattern);
}

kr_term *kr_op_track_pattern(const kr_op *op)
{
	kr_check(op != NULL);
	return kr_op_desc_of(op) == &track_desc ? (kr_term *)kr_op_props(op)
						: NULL;
}

bool kr_op_tracked(const kr_op *track, const kr_op *op)
{
	kr_check(track != NULL && op != NULL);
	kr_term *p = kr_op_track_pattern(track);
	return p ? kr_op_pattern_matches(p, op) : kr_op_equal(track, op);
}
