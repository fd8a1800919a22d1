/* merge.c -- MergeOptimizer and is_same_graph. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "rewrite/rewrite.h"
#include "kanrewrite/features.h"
#include "kanrewrite/traversal.h"
#include "kanrewrite/value.h"

kri_entry *kri_intern(kri_pmap *table, uint64_t hash, void *item,
		      kri_same_fn same)
{
	void *key = (void *)(uintptr_t)(hash | 1);
	kri_entry *head = kri_pmap_get(table, key);
	for (kri_entry *e = head; e; e = e->next)
		if (same(e->item, item))
			return e;
	kri_entry *e = kri_alloc(sizeof *e);
	e->item = item;
	e->next = head;
	kri_pmap_put(table, key, e);
	return NULL;
}

/* ------------------------------------------------------------ signatures */

bool kri_same_constant(const void *a, const void *b)
{
	return kr_constant_equal(a, b);
}

static uint64_t node_hash(const kr_apply *node)
{
	uint64_t h = kr_op_hash(kr_apply_op(node));
	for (size_t i = 0; i < kr_apply_ninputs(node); i++)
		h = kri_hash_mix(h, kri_hash_ptr(kr_apply_input(node, i)));
	return h;
}

/* Same op, same input objects, same number of outputs. */
static bool same_node(const void *pa, const void *pb)
{
	const kr_apply *a = pa, *b = pb;
	size_t n = kr_apply_ninputs(a);
	if (n != kr_apply_ninputs(b) ||
	    kr_apply_noutputs(a) != kr_apply_noutputs(b) ||
	    !kr_op_equal(kr_apply_op(a), kr_apply_op(b)))
		return false;
	for (size_t i = 0; i < n; i++)
		if (kr_apply_input(a, i) != kr_apply_input(b, i))
			return false;
	return true;
}

/* ------------------------------------------------------------ merging */

typedef struct merge_run {
	kr_fgraph *fg;
	kr_profile *prof;
} merge_run;

/*
 * Replace olds by news; a failure counts in nb_fail (PyTensor's
 * blacklist). As PyTensor, nb_merged counts every replaced variable,
 * constants included, and nb_atomic the constant merges among them.
 */
static bool merge_pairs(merge_run *m, size_t n, kr_variable **olds,
			kr_variable **news, bool atomic)
{
	double t0 = kri_now();
	int rc = kr_fgraph_replace_all_validate(m->fg, n, olds, news,
						"MergeOptimizer");
	m->prof->replace_time += kri_now() - t0;
	if (rc < 0) {
		kr_error_clear();
		m->prof->nb_fail++;
		return false;
	}
	m->prof->nb_merged += n;
	m->prof->nb_atomic += atomic;
	return true;
}

/*
 * Constants first, in the order io_toposort meets them as inputs. Of
 * PyTensor's atomic variables only constants merge: nominal variables
 * are interned, so two with one signature (type, id) are one object.
 */
static void merge_constants(merge_run *m, kr_apply **order, size_t n)
{
	kri_pmap seen = {0}, table = {0};
	kri_vec olds = {0}, news = {0};
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < kr_apply_ninputs(order[i]); k++) {
			kr_variable *c = kr_apply_input(order[i], k);
			if (!kr_variable_is_constant(c) ||
			    kri_pmap_has(&seen, c))
				continue;
			kri_pmap_put(&seen, c, c);
			kri_entry *first =
				kri_intern(&table, kr_constant_hash(c), c,
					   kri_same_constant);
			if (first) {
				kri_vec_push(&olds, c);
				kri_vec_push(&news, first->item);
			}
		}
	for (size_t i = 0; i < olds.len; i++)
		merge_pairs(m, 1, (kr_variable **)&olds.items[i],
			    (kr_variable **)&news.items[i], true);
}

/* Then nodes, bottom-up: a node equal to an earlier one is replaced. */
static void merge_nodes(merge_run *m, kr_apply **order, size_t n)
{
	kri_pmap table = {0};
	for (size_t i = 0; i < n; i++) {
		kr_apply *node = order[i];
		if (!kr_fgraph_has_node(m->fg, node))
			continue;
		kri_entry *hit =
			kri_intern(&table, node_hash(node), node, same_node);
		if (!hit)
			continue;
		kr_apply *first = hit->item;
		size_t nout = kr_apply_noutputs(node);
		kr_variable *few[2][4];
		kr_variable **olds = nout <= 4 ? few[0]
				     : kri_alloc(nout * sizeof *olds);
		kr_variable **news = nout <= 4 ? few[1]
				     : kri_alloc(nout * sizeof *news);
		for (size_t k = 0; k < nout; k++) {
			olds[k] = kr_apply_output(node, k);
			news[k] = kr_apply_output(first, k);
		}
		/*
		 * As PyTensor, each pair keeps the more specific type: when
		 * the earlier node's output is less specific it is the one
		 * replaced; when neither is, the replacement goes through a
		 * SpecifyShape of the old type (kr_fgraph_replace converts).
		 * A node whose every output is kept replaces the earlier one.
		 */
		bool all_swapped = true;
		for (size_t k = 0; k < nout; k++) {
			const kr_type *to = kr_variable_type(olds[k]);
			const kr_type *tn = kr_variable_type(news[k]);
			if (kr_type_is_super(to, tn) ||
			    !kr_type_is_super(tn, to)) {
				all_swapped = false;
				continue;
			}
			kr_variable *t = olds[k];
			olds[k] = news[k];
			news[k] = t;
		}
		if (merge_pairs(m, nout, olds, news, false) && all_swapped)
			hit->item = node;
	}
}

static int merge_apply(kr_graph_rewriter *self, kr_fgraph *fg,
		       kr_profile **profile)
{
	merge_run m = {fg, kri_profile_new(self)};
	m.prof->nodes_start = kr_fgraph_nnodes(fg);
	double t0 = kri_now();
	kr_apply **order;
	size_t n;
	int rc = kri_require_history(fg);
	if (rc == 0)
		rc = kr_fgraph_toposort(&order, &n, fg);
	if (rc < 0)
		return rc;
	merge_constants(&m, order, n);
	merge_nodes(&m, order, n);
	m.prof->visits = n;
	m.prof->time = kri_now() - t0;
	m.prof->nodes_end = kr_fgraph_nnodes(fg);
	m.prof->changes = 0;
	if (profile)
		*profile = m.prof;
	return 0;
}

static const kr_graph_rewriter_class merge_class = {
	.name = "MergeOptimizer",
	.apply = merge_apply,
};

kr_graph_rewriter *kr_merge_optimizer_new(void)
{
	return kr_graph_rewriter_new(&merge_class, NULL, NULL);
}

/* ---------------------------------------------------------- is_same_graph */

/*
 * The givens as PyTensor's `dict(givens)`: a key given twice keeps the
 * place of its first pair and the value of its last. Returns the number
 * of distinct keys, written to olds/news.
 */
static size_t givens_dict(kr_variable **olds, kr_variable **news, size_t n,
			  kr_variable *const *givens_old,
			  kr_variable *const *givens_new)
{
	size_t m = 0;
	for (size_t i = 0; i < n; i++) {
		size_t k = 0;
		while (k < m && olds[k] != givens_old[i])
			k++;
		olds[k] = givens_old[i];
		news[k] = givens_new[i];
		if (k == m)
			m++;
	}
	return m;
}

/* givens.get(v, v) */
static kr_variable *given(kr_variable *v, size_t n, kr_variable *const *olds,
			  kr_variable *const *news)
{
	for (size_t k = 0; k < n; k++)
		if (olds[k] == v)
			return news[k];
	return v;
}

/*
 * PyTensor's is_same_graph_with_merge: a deep copy of the two graphs and
 * the givens together (kr_clone_get_equiv(), everything copied once), a
 * FunctionGraph over the copies with their graph_inputs as inputs, each
 * given replaced in order, MergeOptimizer, then the two outputs (with
 * the givens applied once more) compared: by owner, or as variables when
 * neither has one.
 */
static int same_with_merge(bool *out, kr_variable *a, kr_variable *b,
			   size_t n, kr_variable *const *olds,
			   kr_variable *const *news)
{
	size_t nall = 2 + 2 * n;
	kr_variable **all = kri_alloc(nall * sizeof *all);
	all[0] = a;
	all[1] = b;
	for (size_t k = 0; k < n; k++) {
		all[2 + k] = olds[k];
		all[2 + n + k] = news[k];
	}
	kr_equiv *eq;
	int rc = kr_clone_get_equiv(&eq, NULL, 0, NULL, nall, all, true, true);
	if (rc < 0)
		return rc;
	for (size_t k = 0; k < nall; k++)
		all[k] = kr_equiv_variable(eq, all[k]);
	size_t nin;
	kr_variable **ins = kr_graph_inputs(&nin, 2, all, 0, NULL);
	kr_fgraph *fg;
	rc = kr_fgraph_new(&fg, nin, ins, 2, all, false);
	for (size_t k = 0; rc == 0 && k < n; k++)
		rc = kr_fgraph_replace(fg, all[2 + k], all[2 + n + k], NULL);
	if (rc == 0)
		rc = kr_graph_rewriter_rewrite(kr_merge_optimizer_new(), fg,
					       NULL);
	if (rc < 0)
		return rc;
	kr_variable *r[2];
	for (size_t j = 0; j < 2; j++)
		r[j] = given(kr_fgraph_output(fg, j), n, all + 2, all + 2 + n);
	kr_apply *o1 = kr_variable_owner(r[0]), *o2 = kr_variable_owner(r[1]);
	*out = !o1 && !o2 ? r[0] == r[1] : o1 == o2;
	return 0;
}

/* The givens as a dict (givens_dict) in new arrays; their number. */
static size_t givens_of(kr_variable ***olds, kr_variable ***news,
			size_t ngivens, kr_variable *const *givens_old,
			kr_variable *const *givens_new)
{
	*olds = kri_alloc((ngivens + 1) * sizeof **olds);
	*news = kri_alloc((ngivens + 1) * sizeof **news);
	return givens_dict(*olds, *news, ngivens, givens_old, givens_new);
}

int kr_is_same_graph_with_merge(bool *out, kr_variable *a, kr_variable *b,
				size_t ngivens, kr_variable *const *givens_old,
				kr_variable *const *givens_new)
{
	kr_check(out && a && b && (ngivens == 0 || (givens_old && givens_new)));
	kr_variable **olds, **news;
	size_t n = givens_of(&olds, &news, ngivens, givens_old, givens_new);
	return same_with_merge(out, a, b, n, olds, news);
}

/* The variables of v's graph: vars_between(graph_inputs([v]), [v]). */
static void graph_vars(kri_pmap *set, kr_variable *v)
{
	size_t nin, n;
	kr_variable **ins = kr_graph_inputs(&nin, 1, &v, 0, NULL);
	kr_variable **vars = kr_vars_between(&n, nin, ins, 1, &v);
	for (size_t k = 0; k < n; k++)
		kri_pmap_put(set, vars[k], vars[k]);
}

/*
 * PyTensor's is_same_graph checks the merge answer against
 * equal_computations where that applies: without givens, or when each
 * given maps a variable of one graph (only) to one of the other (only),
 * which become the pairs in_xs/in_ys.
 */
static int cross_check(bool merged, kr_variable *a, kr_variable *b,
		       size_t n, kr_variable *const *olds,
		       kr_variable *const *news)
{
	kr_variable **xs = kri_alloc((n + 1) * sizeof *xs);
	kr_variable **ys = kri_alloc((n + 1) * sizeof *ys);
	kri_pmap in[2] = {{0}, {0}};
	if (n > 0) {
		graph_vars(&in[0], a);
		graph_vars(&in[1], b);
	}
	for (size_t k = 0; k < n; k++) {
		bool t1 = kri_pmap_has(&in[0], olds[k]);
		bool t2 = kri_pmap_has(&in[1], olds[k]);
		bool r1 = kri_pmap_has(&in[0], news[k]);
		bool r2 = kri_pmap_has(&in[1], news[k]);
		if (t1 && !t2 && r2 && !r1) {
			xs[k] = olds[k];
			ys[k] = news[k];
		} else if (t2 && !t1 && r1 && !r2) {
			xs[k] = news[k];
			ys[k] = olds[k];
		} else {
			return 0; /* equal_computations does not apply */
		}
	}
	bool eq = false;
	int rc = kr_equal_computations(&eq, 1, &a, 1, &b, n, xs, n, ys);
	if (rc < 0)
		return rc;
	if (eq != merged)
		return kr_error_set(KR_ERROR,
				    "is_same_graph: the merge says %s, "
				    "equal_computations says %s",
				    merged ? "True" : "False",
				    eq ? "True" : "False");
	return 0;
}

int kr_is_same_graph(bool *out, kr_variable *a, kr_variable *b,
		     size_t ngivens, kr_variable *const *givens_old,
		     kr_variable *const *givens_new)
{
	kr_check(out && a && b && (ngivens == 0 || (givens_old && givens_new)));
	kr_variable **olds, **news;
	size_t n = givens_of(&olds, &news, ngivens, givens_old, givens_new);
	bool merged;
	int rc = same_with_merge(&merged, a, b, n, olds, news);
	if (rc == 0)
		rc = cross_check(merged, a, b, n, olds, news);
	if (rc < 0)
		return rc;
	*out = merged;
	return 0;
}
