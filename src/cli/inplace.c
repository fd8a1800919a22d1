/* inplace.c -- in-place ops and the DestroyHandler at the prompt. */
/* See the LICENSE file for copying conditions. */
#include <string.h>

#include "lang.h"

/*
 * The options of (op NAME ...) that make an in-place op, as the MyOp of
 * PyTensor's test_destroyhandler.py: 'destroy-map and 'view-map are
 * association lists ((OUT IN ...) ...), PyTensor's dicts {OUT: [IN,
 * ...]}; 'tolerate-same and 'tolerate-aliased lists of pairs ((I J)
 * ...). The library keeps them in the op's descriptor, so each such op
 * gets a descriptor of its own (a copy of the prompt's) and is equal
 * only to itself, as those MyOps are.
 */

/* A non-negative integer below `below` (0: no bound). */
static int index_of(int *out, const char *who, const kr_term *t, int below)
{
	if (kr_term_kind(t) != KR_INT || kr_int_value(t) < 0 ||
	    (below > 0 && kr_int_value(t) >= below) ||
	    kr_int_value(t) > 1 << 20)
		return lang_type_error(who, below > 0 ? "an output index"
						      : "an input index", t);
	*out = (int)kr_int_value(t);
	return 0;
}

/* ((OUT IN ...) ...) as a KR_PAIRS_END-terminated list. */
static int io_pairs(const kr_io_pair **out, const char *who, kr_term *t,
		    int nout)
{
	if (kr_list_length(t) < 0)
		return lang_type_error(who, "a list ((OUT IN ...) ...)", t);
	size_t cap = 1, n = 0;
	for (kr_term *l = t; kr_is_pair(l); l = kr_cdr(l)) {
		long k = kr_list_length(kr_car(l));
		if (k < 2)
			return lang_type_error(who, "an entry (OUT IN ...)",
					       kr_car(l));
		cap += (size_t)k - 1;
	}
	kr_io_pair *p = kr_alloc(cap * sizeof *p);
	for (kr_term *l = t; kr_is_pair(l); l = kr_cdr(l)) {
		kr_term *e = kr_car(l);
		int o;
		int rc = index_of(&o, who, kr_car(e), nout);
		for (e = kr_cdr(e); rc == 0 && kr_is_pair(e); e = kr_cdr(e)) {
			p[n].output = o;
			rc = index_of(&p[n++].input, who, kr_car(e), 0);
		}
		if (rc < 0)
			return rc;
	}
	p[n] = (kr_io_pair)KR_PAIRS_END;
	*out = p;
	return 0;
}

/* ((I J) ...) as a KR_PAIRS_END-terminated list. */
static int alias_pairs(const kr_alias_pair **out, const char *who,
		       kr_term *t)
{
	long len = kr_list_length(t);
	if (len < 0)
		return lang_type_error(who, "a list of pairs ((I J) ...)", t);
	kr_alias_pair *p = kr_alloc(((size_t)len + 1) * sizeof *p);
	size_t n = 0;
	for (kr_term *l = t; kr_is_pair(l); l = kr_cdr(l), n++) {
		kr_term *e = kr_car(l);
		int rc = kr_list_length(e) != 2
				 ? lang_type_error(who, "a pair (I J)", e)
				 : index_of(&p[n].destroyed, who, kr_car(e), 0);
		if (rc == 0)
			rc = index_of(&p[n].other, who, kr_car(kr_cdr(e)), 0);
		if (rc < 0)
			return rc;
	}
	p[n] = (kr_alias_pair)KR_PAIRS_END;
	*out = p;
	return 0;
}

bool lang_inplace_key(const char *key)
{
	return !strcmp(key, "destroy-map") || !strcmp(key, "view-map") ||
	       !strcmp(key, "tolerate-same") ||
	       !strcmp(key, "tolerate-aliased");
}

int lang_inplace_desc(const kr_op_desc **out, const kr_op_desc *base,
		      int nout, kr_term *const *maps)
{
	kr_op_desc *d = kr_alloc(sizeof *d);
	*d = *base;
	int rc = 0;
	if (maps[0])
		rc = io_pairs(&d->destroy_map, "op: 'destroy-map", maps[0],
			      nout);
	if (rc == 0 && maps[1])
		rc = io_pairs(&d->view_map, "op: 'view-map", maps[1], nout);
	if (rc == 0 && maps[2])
		rc = alias_pairs(&d->tolerate_same, "op: 'tolerate-same",
				 maps[2]);
	if (rc == 0 && maps[3])
		rc = alias_pairs(&d->tolerate_aliased,
				 "op: 'tolerate-aliased", maps[3]);
	*out = d;
	return rc;
}

/* ============================================================ features */

/* (fgraph-destroy-handler! FG): attach a DestroyHandler. */
PRIM(p_destroy_handler)
{
	(void)n;
	const char *who = "fgraph-destroy-handler!";
	kr_fgraph *fg;
	int rc = lang_fgraph_arg(&fg, who, a[0]);
	if (rc < 0)
		return rc;
	if ((rc = kr_fgraph_attach_feature(fg, kr_destroy_handler_new())) < 0)
		return lang_error_in(rc, who);
	*out = lang_void();
	return 0;
}

/* (fgraph-supervisor! FG VARS): attach Supervisor(VARS). */
PRIM(p_supervisor)
{
	(void)n;
	const char *who = "fgraph-supervisor!";
	kr_fgraph *fg;
	kr_variable **vars;
	size_t k;
	int rc = lang_fgraph_arg(&fg, who, a[0]);
	if (rc < 0 || (rc = lang_graph_list(&vars, &k, who, a[1])) < 0)
		return rc;
	if ((rc = kr_fgraph_attach_feature(fg, kr_supervisor_new(k, vars))) < 0)
		return lang_error_in(rc, who);
	*out = lang_void();
	return 0;
}

/* (fgraph-consistent? FG): PyTensor's fg.consistent(). */
PRIM(p_consistent)
{
	(void)n;
	kr_fgraph *fg;
	int rc = lang_fgraph_arg(&fg, "fgraph-consistent?", a[0]);
	if (rc < 0)
		return rc;
	*out = lang_bool(kr_fgraph_consistent(fg));
	kr_error_clear(); /* the answer, not an error */
	return 0;
}

/* (fgraph-validate FG): PyTensor's fg.validate(): void, or its error. */
PRIM(p_validate)
{
	(void)n;
	kr_fgraph *fg;
	int rc = lang_fgraph_arg(&fg, "fgraph-validate", a[0]);
	if (rc == 0 && (rc = kr_fgraph_validate(fg)) < 0)
		return lang_error_in(rc, "fgraph-validate");
	*out = lang_void();
	return rc;
}

/*
 * (fgraph-destroyers FG V): PyTensor's fg.destroyers(v), the node
 * destroying V as its first output, in a list of one or none.
 */
PRIM(p_destroyers)
{
	(void)n;
	const char *who = "fgraph-destroyers";
	kr_fgraph *fg;
	kr_variable *v;
	int rc = lang_fgraph_arg(&fg, who, a[0]);
	if (rc < 0 || (rc = lang_graph_of(&v, who, a[1])) < 0)
		return rc;
	if (!kr_fgraph_destroy_handler(fg))
		return kr_error_set(KR_ENOTFOUND, "%s: the graph has no "
				    "DestroyHandler", who);
	kr_apply *node = kr_fgraph_destroyer(fg, v);
	*out = node ? KR_LIST(kr_variable_term(kr_apply_output(node, 0)))
		    : kr_nil();
	return 0;
}

/* (indestructible! V): PyTensor's v.tag.indestructible = True. */
PRIM(p_indestructible)
{
	(void)n;
	kr_variable *v;
	int rc = lang_graph_of(&v, "indestructible!", a[0]);
	if (rc < 0)
		return rc;
	kr_variable_set_indestructible(v, true);
	*out = lang_void();
	return 0;
}

static const lang_prim_def prims[] = {
	{"fgraph-destroy-handler!", 1, 1, p_destroy_handler},
	{"fgraph-supervisor!", 2, 2, p_supervisor},
	{"fgraph-consistent?", 1, 1, p_consistent},
	{"fgraph-validate", 1, 1, p_validate},
	{"fgraph-destroyers", 2, 2, p_destroyers},
	{"indestructible!", 1, 1, p_indestructible},
};

void lang_inplace_init(void)
{
	lang_define_prims(prims, sizeof prims / sizeof *prims);
}
