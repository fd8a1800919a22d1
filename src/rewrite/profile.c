/* profile.c -- rewrite profiles and their printing in PyTensor's format. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "rewrite/rewrite.h"

kr_profile *kri_profile_new(const kr_graph_rewriter *rw)
{
	kr_profile *p = kri_alloc(sizeof *p);
	p->kind = rw->cls->name;
	p->name = rw->name;
	return p;
}

/* ------------------------------------------------------------ accessors */

const char *kr_profile_class(const kr_profile *p)
{
	kr_check(p != NULL);
	return p->kind;
}

size_t kr_profile_passes(const kr_profile *p)
{
	return p ? p->passes.len : 0;
}

void kr_profile_nodes(const kr_profile *p, size_t *start, size_t *end)
{
	kr_check(start != NULL && end != NULL);
	*start = p ? p->nodes_start : 0;
	*end = p ? p->nodes_end : 0;
}

size_t kr_profile_changes(const kr_profile *p)
{
	if (!p)
		return 0;
	if (!strcmp(p->kind, "MergeOptimizer"))
		return p->nb_merged;
	size_t n = p->changes;
	for (size_t i = 0; i < p->children.len; i++)
		n += kr_profile_changes(p->children.items[i]);
	return n;
}

size_t kr_profile_visits(const kr_profile *p)
{
	if (!p)
		return 0;
	size_t n = p->visits;
	for (size_t i = 0; i < p->passes.len; i++)
		n += ((const kri_pass *)p->passes.items[i])->visited;
	for (size_t i = 0; i < p->children.len; i++)
		n += kr_profile_visits(p->children.items[i]);
	for (size_t i = 0; i < p->passes.len; i++) {
		const kri_pass *pass = p->passes.items[i];
		const kri_vec *lists[] = {&pass->global_profs,
					  &pass->final_profs,
					  &pass->cleanup_profs};
		for (size_t l = 0; l < 3; l++)
			for (size_t k = 0; k < lists[l]->len; k++)
				n += kr_profile_visits(lists[l]->items[k]);
	}
	return n;
}

double kr_profile_time(const kr_profile *p)
{
	return p ? p->time : 0;
}

const kr_profile *const *kr_profile_children(const kr_profile *p, size_t *n)
{
	kr_check(p != NULL && n != NULL);
	*n = p->children.len;
	return (const kr_profile *const *)p->children.items;
}

int kr_merge_profile_stats(const kr_profile *p, size_t *nb_fail,
			   double *replace_time, size_t *nb_merged,
			   size_t *nb_atomic)
{
	kr_check(p != NULL);
	if (strcmp(p->kind, "MergeOptimizer"))
		return kr_error_set(KR_EINVALID, "a %s profile is not a "
				    "MergeOptimizer profile", p->kind);
	if (nb_fail)
		*nb_fail = p->nb_fail;
	if (replace_time)
		*replace_time = p->replace_time;
	if (nb_merged)
		*nb_merged = p->nb_merged;
	if (nb_atomic)
		*nb_atomic = p->nb_atomic;
	return 0;
}

/* ------------------------------------------------------------ printing */

/* Output with a per-line indentation ("    " * level, as PyTensor). */
typedef struct out {
	FILE *f;
	int level;
} out;

static void line(const out *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void line(const out *o, const char *fmt, ...)
{
	for (int i = 0; i < o->level; i++)
		fputs("    ", o->f);
	va_list ap;
	va_start(ap, fmt);
	vfprintf(o->f, fmt, ap);
	va_end(ap);
}

/* A double as Python's repr() prints it (shortest round trip). */
static char *py_float(double x)
{
	char buf[64];
	int p = 1;
	for (; p < 17; p++) {
		snprintf(buf, sizeof buf, "%.*e", p - 1, x);
		if (strtod(buf, NULL) == x)
			break;
	}
	int exp10 = x == 0 ? 0 : (int)floor(log10(fabs(x)));
	if (x != 0 && (exp10 < -4 || exp10 >= 16)) {
		snprintf(buf, sizeof buf, "%.*e", p - 1, x);
		char *e = strchr(buf, 'e');
		char *m = e;
		while (m > buf && m[-1] == '0')
			m--;
		if (m > buf && m[-1] == '.')
			m--;
		memmove(m, e, strlen(e) + 1);
		return kr_strdup(buf);
	}
	int decimals = p - 1 - exp10;
	snprintf(buf, sizeof buf, "%.*f", decimals > 1 ? decimals : 1, x);
	return kr_strdup(buf);
}

static const char *name_or_none(const char *name)
{
	return name ? name : "None";
}

/*
 * PyTensor prints the class and the name of a sequential or equilibrium
 * rewriter with two print(blanc, ...) calls, so at a nesting level the
 * indentation comes again between them.
 */
static const char *blanc(const out *o)
{
	return kr_strfmt("%*s", 4 * o->level, "");
}

static void print_walking(const out *o, const kr_profile *p)
{
	line(o, " %s  %s\n", p->kind, name_or_none(p->name));
	line(o, "   nb_node (start, end, changed) (%zu, %zu, %zu)\n",
	     p->nodes_start, p->nodes_end, p->changes);
	line(o, "   init io_toposort %s\n", py_float(p->toposort_time));
	line(o, "   loop time %s\n", py_float(p->loop_time));
	line(o, "   callback_time %s\n", py_float(p->callback_time));
}

static void print_merge(const out *o, const kr_profile *p)
{
	line(o, " %s\n", p->kind);
	line(o, "   nb fail=%5zu merged=%5zu atomic=%5zu\n", p->nb_fail,
	     p->nb_merged, p->nb_atomic);
	line(o, "   time replace=%.2f validate=nan callback=nan\n",
	     p->replace_time);
}

/*
 * A pass's line. Its count is every application of the pass, by node,
 * graph, final and cleanup rewriters alike (PyTensor sums the pass's
 * process_count).
 */
static void print_pass(const out *o, size_t i, const kri_pass *pass)
{
	uintptr_t applied = 0;
	for (size_t k = 0; k < pass->order.len; k++)
		applied += (uintptr_t)kri_pmap_get(&pass->counts,
						   pass->order.items[k]);
	line(o, "   %2zu - %.3fs %lu (%.3fs in graph rewriters, %.3fs "
		"io_toposort) - %zu nodes - ",
	     i, pass->time, (unsigned long)applied, pass->graph_time,
	     pass->toposort_time, pass->nodes);
	/* Top five by count, ties in first-use order. */
	bool *used = kri_alloc_atomic(pass->order.len + 1);
	memset(used, 0, pass->order.len + 1);
	for (size_t shown = 0; shown < 5 && shown < pass->order.len; shown++) {
		size_t best = 0;
		uintptr_t bestn = 0;
		for (size_t k = 0; k < pass->order.len; k++) {
			uintptr_t n = (uintptr_t)kri_pmap_get(
				&pass->counts, pass->order.items[k]);
			if (!used[k] && n > bestn)
				best = k, bestn = n;
		}
		used[best] = true;
		fprintf(o->f, "%s('%s', %lu)", shown ? " " : "",
			(const char *)pass->order.items[best],
			(unsigned long)bestn);
	}
	fputs(pass->order.len > 5 ? " ...\n" : "\n", o->f);
}

/* PyTensor sorts (time, applied, created, rewriter) tuples, descending. */
static int by_use_desc(const void *a, const void *b)
{
	const kri_rw_stat *x = *(kri_rw_stat *const *)a;
	const kri_rw_stat *y = *(kri_rw_stat *const *)b;
	if (x->time != y->time)
		return x->time < y->time ? 1 : -1;
	if (x->applied != y->applied)
		return x->applied < y->applied ? 1 : -1;
	return (x->created < y->created) - (x->created > y->created);
}

/* Unused graph rewriters: by time, then name, largest first. */
static int by_time_name_desc(const void *a, const void *b)
{
	const kri_rw_stat *x = *(kri_rw_stat *const *)a;
	const kri_rw_stat *y = *(kri_rw_stat *const *)b;
	if (x->time != y->time)
		return x->time < y->time ? 1 : -1;
	return -strcmp(x->name, y->name);
}

/*
 * The rewriters that were applied, as PyTensor prints them, and nothing
 * at all when none was. "Not used" counts the graph, final and cleanup
 * rewriters never applied, listed below it when they took time, as
 * PyTensor; of the node rewriters, only those never applied that also
 * took no time (the documents' example prints 0 beside a node rewriter
 * that was tried and never applied).
 */
static void print_stats(const out *o, const kr_profile *p)
{
	size_t n = 0, unused = 0, nlisted = 0;
	double unused_time = 0;
	kri_rw_stat **used = kri_alloc((p->stats.len + 1) * sizeof *used);
	kri_rw_stat **listed = kri_alloc((p->stats.len + 1) * sizeof *listed);
	for (size_t k = 0; k < p->stats.len; k++) {
		kri_rw_stat *st = p->stats.items[k];
		if (st->applied) {
			used[n++] = st;
		} else if (st->graph) {
			unused++;
			unused_time += st->time;
			if (st->time > 0)
				listed[nlisted++] = st;
		} else {
			unused += st->time == 0;
		}
	}
	if (n == 0)
		return;
	for (size_t k = 1; k < n; k++) /* stable: ties keep first-use order */
		for (size_t j = k; j > 0 && by_use_desc(&used[j - 1],
							 &used[j]) > 0; j--) {
			kri_rw_stat *t = used[j];
			used[j] = used[j - 1];
			used[j - 1] = t;
		}
	line(o, "   times - times applied - nb node created - name:\n");
	for (size_t k = 0; k < n; k++)
		line(o, "   %.3fs - %zu - %zu - %s\n", used[k]->time,
		     used[k]->applied, used[k]->created, used[k]->name);
	line(o, "   %.3fs - in %zu rewrites that were not used (i.e. those "
		"with a run-time of zero)\n", unused_time, unused);
	qsort(listed, nlisted, sizeof *listed, by_time_name_desc);
	for (size_t k = 0; k < nlisted; k++)
		line(o, "     %.3fs - %s\n", listed[k]->time, listed[k]->name);
	fputc('\n', o->f); /* PyTensor's print(file=stream) */
}

typedef void (*printer)(const out *o, const kr_profile *p);

static printer printer_of(const kr_profile *p);
static void print_any(const out *o, const kr_profile *p);

/* The classes whose print_profile PyTensor overrides. */
static bool prints_own(const kr_profile *p)
{
	return p && (!strcmp(p->kind, "EquilibriumGraphRewriter") ||
		     !strcmp(p->kind, "WalkingGraphRewriter") ||
		     !strcmp(p->kind, "MergeOptimizer") ||
		     !strcmp(p->kind, "SequentialGraphRewriter"));
}

static bool any_prints_own(const kri_vec *profs)
{
	for (size_t i = 0; i < profs->len; i++)
		if (prints_own(profs->items[i]))
			return true;
	return false;
}

/*
 * The profiles of the graph, final and cleanup rewriters, pass by pass,
 * two levels deeper, when one of them has a profile of its own.
 */
static void print_graph_profiles(const out *o, const kr_profile *p)
{
	bool any = false;
	for (size_t i = 0; i < p->passes.len && !any; i++) {
		const kri_pass *pass = p->passes.items[i];
		any = any_prints_own(&pass->global_profs) ||
		      any_prints_own(&pass->final_profs) ||
		      any_prints_own(&pass->cleanup_profs);
	}
	if (!any)
		return;
	line(o, " Global, final, and clean up rewriters\n");
	out sub = {o->f, o->level + 2};
	for (size_t i = 0; i < p->passes.len; i++) {
		const kri_pass *pass = p->passes.items[i];
		const kri_vec *lists[] = {&pass->global_profs,
					  &pass->final_profs,
					  &pass->cleanup_profs};
		line(o, " Iter %zu\n", i);
		for (size_t l = 0; l < 3; l++)
			for (size_t k = 0; k < lists[l]->len; k++)
				if (prints_own(lists[l]->items[k]))
					print_any(&sub, lists[l]->items[k]);
	}
}

static void print_equilibrium(const out *o, const kr_profile *p)
{
	line(o, " %s %s %s\n", p->kind, blanc(o), name_or_none(p->name));
	line(o, "   time %.3fs for %zu passes\n", p->time, p->passes.len);
	line(o, "   nb nodes (start, end,  max) %zu %zu %zu\n",
	     p->nodes_start, p->nodes_end, p->nodes_max);
	line(o, "   time io_toposort %.3fs\n", p->toposort_time);
	line(o, "   time in node rewriters %.3fs\n", p->node_rewriter_time);
	line(o, "   time in graph rewriters %.3fs\n", p->graph_time);
	line(o, "   time in final rewriters %.3fs\n", p->final_time);
	line(o, "   time in cleanup rewriters %.3fs\n", p->cleanup_time);
	for (size_t i = 0; i < p->passes.len; i++)
		print_pass(o, i, p->passes.items[i]);
	print_stats(o, p);
	print_graph_profiles(o, p);
}

static int by_time_desc(const void *a, const void *b)
{
	const kri_seq_entry *x = *(kri_seq_entry *const *)a;
	const kri_seq_entry *y = *(kri_seq_entry *const *)b;
	if (x->time != y->time)
		return x->time < y->time ? 1 : -1;
	/* PyTensor reverses a stable ascending sort: ties, last first */
	return x->index < y->index ? 1 : -(x->index > y->index);
}

static void print_sequential(const out *o, const kr_profile *p)
{
	line(o, " %s %s %s  time %.3fs for %zu/%zu nodes before/after "
		"rewriting\n", p->kind, blanc(o), name_or_none(p->name), p->time,
	     p->nodes_start, p->nodes_end);
	line(o, "   %.3fs for callback\n", p->callback_time); /* or nan */
	line(o, "       nans for fgraph.validate()\n");
	if (o->level == 0)
		line(o, "   time      - (name, class, index, nodes before, "
			"nodes after) - validate time\n");
	size_t n = p->entries.len;
	kri_seq_entry **es = kri_alloc((n + 1) * sizeof *es);
	if (n)
		memcpy(es, p->entries.items, n * sizeof *es);
	qsort(es, n, sizeof *es, by_time_desc);
	out sub = {o->f, o->level + 1};
	for (size_t i = 0; i < n; i++) {
		const kri_seq_entry *e = es[i];
		const char *nm = e->name ? kr_strfmt("'%s'", e->name) : "None";
		line(o, "   %.6fs - (%s, '%s', %zu, %zu, %zu)\n", e->time, nm,
		     e->cls, e->index, e->before, e->after);
		printer pr = e->prof ? printer_of(e->prof) : NULL;
		if (pr) /* PyTensor prints no sub-profile that is None */
			pr(&sub, e->prof);
	}
	fputc('\n', o->f); /* PyTensor's print(file=stream), at every level */
}

static void print_other(const out *o, const kr_profile *p)
{
	line(o, " %s  %s  time %.3fs for %zu/%zu nodes before/after "
		"rewriting\n", p->kind, name_or_none(p->name), p->time,
	     p->nodes_start, p->nodes_end);
}

/*
 * The print_profile of p's class, or NULL for the classes whose apply
 * returns None in PyTensor (FromFunctionGraphRewriter,
 * OpKeyGraphRewriter, user classes): print_other at the top, nothing
 * inside a sequence.
 */
static printer printer_of(const kr_profile *p)
{
	if (!strcmp(p->kind, "EquilibriumGraphRewriter"))
		return print_equilibrium;
	if (!strcmp(p->kind, "WalkingGraphRewriter"))
		return print_walking;
	if (!strcmp(p->kind, "MergeOptimizer"))
		return print_merge;
	if (!strcmp(p->kind, "SequentialGraphRewriter"))
		return print_sequential;
	return NULL;
}

static void print_any(const out *o, const kr_profile *p)
{
	printer pr = printer_of(p);
	(pr ? pr : print_other)(o, p);
}

int kr_profile_print_level(FILE *f, const kr_profile *p, int level)
{
	kr_check(f != NULL && p != NULL && level >= 0);
	out o = {f, level};
	print_any(&o, p);
	return ferror(f) ? kr_error_set(KR_ERROR, "cannot write a profile") : 0;
}

int kr_profile_print(FILE *f, const kr_profile *p)
{
	return kr_profile_print_level(f, p, 0);
}
