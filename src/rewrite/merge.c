/* merge.c -- MergeOptimizer and is_same_graph. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "rewrite/rewrite.h"
#include "kanrewrite/features.h"
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
 * A copy of the graph of v with the givens substituted (PyTensor deep-
 * copies before merging): new nodes over the same leaves. Iterative, so
 * any depth is fine. `map` takes original variables to their copies.
 */
static int copy_graph(kr_variable **out, kr_variable *v, kri_pmap *map)
{
	kri_vec stack = {0};
	kri_vec_push(&stack, v);
	while (stack.len) {
		kr_variable *x = stack.items[stack.len - 1];
		kr_apply *node = kr_variable_owner(x);
		if (kri_pmap_has(map, x) || !node) {
			if (!kri_pmap_has(map, x))
				kri_pmap_put(map, x, x);
			kri_vec_pop(&stack);
			continue;
		}
		size_t nin = kr_apply_ninputs(node), pending = 0;
		kr_variable **ins = kri_alloc((nin + 1) * sizeof *ins);
		for (size_t i = 0; i < nin; i++) {
			ins[i] = kri_pmap_get(map, kr_apply_input(node, i));
			if (!ins[i] && ++pending)
				kri_vec_push(&stack, kr_apply_input(node, i));
		}
		if (pending)
			continue;
		kr_variable *copy;
		int rc = kr_op_call(&copy, kr_apply_op(node), nin, ins);
		if (rc < 0)
			return rc;
		kri_pmap_put(map, x, copy);
		kri_vec_pop(&stack);
	}
	*out = kri_pmap_get(map, v);
	return 0;
}

int kr_is_same_graph(bool *out, kr_variable *a, kr_variable *b,
		     size_t ngivens, kr_variable *const *givens_old,
		     kr_variable *const *givens_new)
{
	kr_check(out && a && b && (ngivens == 0 || (givens_old && givens_new)));
	kri_pmap map = {0};
	for (size_t i = 0; i < ngivens; i++)
		kri_pmap_put(&map, givens_old[i], givens_new[i]);
	kr_variable *outs[2];
	int rc = copy_graph(&outs[0], a, &map);
	if (rc == 0)
		rc = copy_graph(&outs[1], b, &map);
	kr_fgraph *fg;
	if (rc == 0)
		rc = kr_fgraph_new(&fg, 0, NULL, 2, outs, false);
	if (rc == 0)
		rc = kr_graph_rewriter_rewrite(kr_merge_optimizer_new(), fg,
					       NULL);
	if (rc < 0)
		return rc;
	*out = kr_fgraph_output(fg, 0) == kr_fgraph_output(fg, 1);
	return 0;
}
