/* test_db.c -- rewrite databases, queries and the default optdb. */
/* See the LICENSE file for copying conditions. */
#include <stdlib.h>

#include "suites.h"

/* A graph rewriter that does nothing, to fill databases. */
static int noop_apply(kr_graph_rewriter *self, kr_fgraph *fg, kr_profile **p)
{
	(void)self, (void)fg, (void)p;
	return 0;
}

static const kr_graph_rewriter_class noop_class = {.name = "Noop",
						   .apply = noop_apply};

static kr_graph_rewriter *noop(void)
{
	return kr_graph_rewriter_new(&noop_class, NULL, NULL);
}

static kr_db_register_opts at(double position)
{
	kr_db_register_opts o = KR_DB_REGISTER_OPTS_INIT;
	o.position = position;
	o.position_last = false;
	return o;
}

/* The names a query selects, joined by spaces. */
static const char *names_of(kr_rewrite_db *db, kr_rewrite_db_query *q)
{
	const char **names;
	size_t n;
	ck_assert_int_eq(kr_db_query_names(&names, &n, db, q), 0);
	char *s = kr_alloc_atomic(1024);
	s[0] = 0;
	for (size_t i = 0; i < n; i++) {
		strcat(s, i ? " " : "");
		strcat(s, names[i]);
	}
	return s;
}

static kr_rewrite_db_query *parse(const char *text)
{
	const char *parts[16];
	size_t n = 0;
	char *copy = kr_strdup(text);
	for (char *t = strtok(copy, " "); t && n < 16; t = strtok(NULL, " "))
		parts[n++] = t;
	kr_rewrite_db_query *q;
	ck_assert_int_eq(kr_db_query_parse(&q, n, parts), 0);
	return q;
}

static kr_rewrite_db *sample(void)
{
	kr_rewrite_db *db = kr_sequence_db_new();
	kr_db_register_opts o = at(2);
	ck_assert_int_eq(kr_db_register(db, "b", noop(), NULL, NULL,
					KR_TAGS("fast", "stable"), &o), 0);
	o = at(1);
	ck_assert_int_eq(kr_db_register(db, "a", noop(), NULL, NULL,
					KR_TAGS("fast"), &o), 0);
	o = at(2);
	ck_assert_int_eq(kr_db_register(db, "aa", noop(), NULL, NULL,
					KR_TAGS("slow", "stable"), &o), 0);
	ck_assert_int_eq(kr_db_register(db, "z", noop(), NULL, NULL,
					KR_TAGS("fast", "inplace"), NULL), 0);
	return db;
}

typedef struct qcase {
	const char *query, *names;
} qcase;

static const qcase queries[] = {
	{"+fast", "a b z"},
	{"+fast -inplace", "a b"},
	{"+fast &stable", "b"},
	{"+fast +slow &stable", "aa b"},
	{"+stable", "aa b"},
	{"+Noop", "a aa b z"},
	{"+aa", "aa"},
	{"+nothing", ""},
	{"+fast +slow -stable -inplace", "a"},
};

START_TEST(query_table)
{
	const qcase *c = &queries[_i];
	ck_assert_str_eq(names_of(sample(), parse(c->query)), c->names);
}
END_TEST

START_TEST(register_errors)
{
	kr_rewrite_db *db = sample();
	ck_assert_int_eq(kr_db_register(db, "fast", noop(), NULL, NULL, NULL,
					NULL), KR_EEXISTS);
	ck_assert_str_eq(kr_error_last()->message,
			 "The tag 'fast' is already present in the database.");
	ck_assert_int_eq(kr_db_register(db, "a", noop(), NULL, NULL, NULL,
					NULL), KR_EEXISTS);
	ck_assert_int_eq(kr_db_register(db, "c", noop(), NULL, NULL,
					KR_TAGS("a"), NULL), KR_EEXISTS);
	ck_assert_str_eq(kr_error_last()->message,
			 "The tag 'a' collides with an existing name.");
	kr_db_register_opts o = KR_DB_REGISTER_OPTS_INIT;
	o.overwrite_existing = true;
	o.position_last = false;
	o.position = 0.5;
	ck_assert_int_eq(kr_db_register(db, "a", noop(), NULL, NULL,
					KR_TAGS("slow"), &o), 0);
	ck_assert_str_eq(names_of(db, parse("+slow")), "a aa");
	ck_assert_str_eq(names_of(db, parse("+fast")), "b z");
	ck_assert_uint_eq(kr_db_size(db), 4);
	ck_assert_int_eq(kr_db_register(db, "w", NULL, NULL, NULL, NULL, NULL),
			 KR_EINVALID);
	kr_rewrite_db *eq = kr_equilibrium_db_new(8, false, true);
	o = (kr_db_register_opts)KR_DB_REGISTER_OPTS_INIT;
	o.final_rewriter = o.cleanup = true;
	ck_assert_int_eq(kr_db_register(eq, "f", noop(), NULL, NULL, NULL, &o),
			 KR_EINVALID);
	/* the keyword arguments of the register() of one class only */
	o.cleanup = false;
	ck_assert_int_eq(kr_db_register(db, "f", noop(), NULL, NULL, NULL, &o),
			 KR_EINVALID);
	ck_assert_str_eq(kr_error_last()->message,
			 "SequenceDB.register() takes no `final_rewriter` or "
			 "`cleanup`: those are an EquilibriumDB's");
	ck_assert_int_eq(kr_db_register(eq, "f", noop(), NULL, NULL, NULL, &o),
			 0);
	o = (kr_db_register_opts)KR_DB_REGISTER_OPTS_INIT;
	o.position_last = false;
	ck_assert_int_eq(kr_db_register(eq, "p", noop(), NULL, NULL, NULL, &o),
			 KR_EINVALID);
	ck_assert(!kr_db_contains(eq, "p"));
	/* a LocalGroupDB takes a graph rewriter, as PyTensor's
	 * test_LocalGroupDB; a query selecting it fails */
	kr_rewrite_db *lg = kr_local_group_db_new();
	ck_assert_int_eq(kr_db_register(lg, "g", noop(), NULL, NULL, NULL,
					NULL), 0);
	ck_assert_uint_eq(kr_db_size(lg), 1);
	kr_db_result lr;
	ck_assert_int_eq(kr_db_query(&lr, lg, parse("+g")), KR_EINVALID);
	ck_assert(strstr(kr_error_last()->message, "'g' is a graph rewriter"));
	double pos;
	ck_assert_int_eq(kr_db_position(&pos, db, "z"), 0);
	ck_assert(pos == 3.0); /* "last" after positions 1, 2, 2 */
	ck_assert_int_eq(kr_db_position(&pos, db, "nope"), KR_ENOTFOUND);
	kr_rewrite_db_query *q;
	ck_assert_int_eq(kr_db_query_parse(&q, 1, (const char *[]){"*x"}),
			 KR_EINVALID);
	ck_assert_int_eq(kr_db_query_parse(&q, 1, (const char *[]){"-"}),
			 KR_EINVALID);
	ck_assert_int_eq(kr_db_query_parse(&q, 1, (const char *[]){"fast"}),
			 KR_EINVALID);
	ck_assert(strstr(kr_error_last()->message, "'fast'"));
}
END_TEST

/* A graph rewriter counting its runs in *data. */
static int count_run(kr_fgraph *fg, void *data)
{
	(void)fg;
	++*(int *)data;
	return 0;
}

/* RewriteDatabaseQuery.register: extra rewriters of a SequenceDB query */
START_TEST(query_extra_rewrites)
{
	kr_rewrite_db *db = sample();
	kr_rewrite_db_query *q = kr_db_query_new(KR_TAGS("fast"), NULL, NULL);
	int runs = 0;
	kr_graph_rewriter *rw = kr_graph_rewriter_from_fn("count", count_run,
							  &runs);
	ck_assert_int_eq(kr_db_query_register(q, rw, 1.5), 0);
	ck_assert_int_eq(kr_db_query_register(q, rw, NAN), KR_EINVALID);
	const char *names = names_of(db, q); /* a <extra> b z */
	ck_assert_msg(!strncmp(names, "a FromFunctionGraphRewriter_", 28) &&
			      strstr(names, " b z"), "%s", names);
	const char *text = kr_db_query_to_string(q);
	ck_assert_msg(strstr(text, ",position_cutoff=inf,extra_rewrites=[("
				   "FromFunctionGraphRewriter_") &&
			      strstr(text, ", 1.5)])"), "%s", text);
	/* kept by including(), cut at the position cutoff */
	kr_rewrite_db_query *q2 = kr_db_query_including(q, KR_TAGS("slow"));
	names = names_of(db, q2);
	ck_assert_msg(!strncmp(names, "a FromFunctionGraphRewriter_", 28) &&
			      strstr(names, " aa b z"), "%s", names);
	kr_db_query_set_position_cutoff(q2, 1.5);
	ck_assert_str_eq(names_of(db, q2), "a");
	/* an inner SequenceDB queried with q itself does not get them */
	kr_rewrite_db *outer = kr_sequence_db_new();
	ck_assert_int_eq(kr_db_register(outer, "inner", NULL, NULL, db,
					KR_TAGS("fast"), NULL), 0);
	kr_db_result r;
	ck_assert_int_eq(kr_db_query(&r, outer, q), 0);
	kr_fgraph *fg;
	kr_variable *x = kr_variable_new(kr_type_scalar(KR_FLOAT64), "x");
	ck_assert_int_eq(kr_fgraph_new(&fg, 1, &x, 1, &x, false), 0);
	ck_assert_int_eq(kr_graph_rewriter_rewrite(r.graph, fg, NULL), 0);
	ck_assert_int_eq(runs, 1);
}
END_TEST

START_TEST(query_objects)
{
	kr_rewrite_db *db = sample();
	kr_rewrite_db_query *q = kr_db_query_new(KR_TAGS("fast"), NULL, NULL);
	kr_rewrite_db_query *q2 = kr_db_query_excluding(
		kr_db_query_requiring(kr_db_query_including(q, KR_TAGS("slow")),
				      KR_TAGS("stable")),
		KR_TAGS("inplace"));
	ck_assert_str_eq(names_of(db, q), "a b z");
	ck_assert_str_eq(names_of(db, q2), "aa b");
	ck_assert_str_eq(kr_db_query_to_string(q2),
			 "RewriteDatabaseQuery(inc=OrderedSet(['fast', 'slow']),"
			 "ex=OrderedSet(['inplace']),require=OrderedSet(["
			 "'stable']),subquery={},position_cutoff=inf,"
			 "extra_rewrites=[])");
	kr_db_query_set_position_cutoff(q, 2);
	ck_assert_str_eq(names_of(db, q), "a");
	kr_db_result r;
	ck_assert_int_eq(kr_db_query(&r, db, q2), 0);
	ck_assert_ptr_nonnull(r.graph);
	ck_assert_str_eq(kr_graph_rewriter_class_name(r.graph),
			 "SequentialGraphRewriter");
}
END_TEST

START_TEST(sub_databases)
{
	kr_rewrite_db *top = kr_sequence_db_new();
	kr_rewrite_db *eq = kr_equilibrium_db_new(8, false, true);
	kr_rewrite_db *group = kr_local_group_db_new();
	kr_db_register_opts o = at(1);
	ck_assert_int_eq(kr_db_register(top, "canon", NULL, NULL, eq,
					KR_TAGS("fast"), &o), 0);
	ck_assert_str_eq(kr_rewrite_db_name(eq), "canon");
	kr_node_rewriter *s1 = kr_substitution_node_rewriter_new(
		kr_op_add(), kr_op_mul());
	kr_node_rewriter *s2 = kr_substitution_node_rewriter_new(
		kr_op_sub(), kr_op_mul());
	ck_assert_int_eq(kr_db_register(eq, "add_to_mul", NULL, s1, NULL,
					KR_TAGS("fast"), NULL), 0);
	ck_assert_int_eq(kr_db_register(eq, "sub_to_mul", NULL, s2, NULL,
					KR_TAGS("slow"), NULL), 0);
	ck_assert_int_eq(kr_db_register(eq, "grp", NULL, NULL, group,
					KR_TAGS("fast"), NULL), 0);
	ck_assert_int_eq(kr_db_register(group, "inner", NULL, s2, NULL,
					KR_TAGS("fast"), NULL), 0);
	/* entries of a named database are also tagged with its name */
	ck_assert_str_eq(names_of(eq, parse("+canon")), "add_to_mul sub_to_mul grp");
	ck_assert_str_eq(names_of(eq, parse("+fast")), "add_to_mul grp");
	kr_db_result r;
	ck_assert_int_eq(kr_db_query(&r, group, parse("+fast")), 0);
	ck_assert_ptr_nonnull(r.node);
	ck_assert_str_eq(kr_node_rewriter_class_name(r.node),
			 "SequentialNodeRewriter");
	ck_assert_int_eq(kr_db_query(&r, top, parse("+fast")), 0);
	ck_assert_ptr_nonnull(r.graph);
	/* a subquery selects differently inside "canon" */
	kr_rewrite_db_query *q = parse("+fast");
	kr_db_query_set_subquery(q, "canon", parse("+slow"));
	kr_variable *x = kr_variable_new(kr_type_matrix(), "x"), *g, *out;
	ck_assert_int_eq(KR_OP_CALL(&g, kr_op_sub(), x, x), 0);
	ck_assert_int_eq(kr_db_query(&r, top, q), 0);
	kr_fgraph *fg;
	ck_assert_int_eq(kr_fgraph_new(&fg, 0, NULL, 1, &g, true), 0);
	ck_assert_int_eq(kr_graph_rewriter_rewrite(r.graph, fg, NULL), 0);
	out = kr_fgraph_output(fg, 0);
	ck_assert_str_eq(kr_pprint(out), "(x * x)");
	/* TopoDB and ProxyDB build from the database they stand for */
	ck_assert_int_eq(kr_db_query(&r, kr_topo_db_new(group, true, false),
				     parse("+fast")), 0);
	ck_assert_str_eq(kr_graph_rewriter_class_name(r.graph),
			 "WalkingGraphRewriter");
	ck_assert_int_eq(kr_db_query(&r, kr_proxy_db_new(group),
				     parse("+fast")), 0);
	ck_assert_ptr_nonnull(r.node);
	ck_assert_int_eq(kr_db_query(&r, kr_topo_db_new(top, false, false),
				     parse("+fast")), KR_EINVALID);
}
END_TEST

/* A substitution entry of a database, at position (NAN: none). */
static void reg_sub(kr_rewrite_db *db, const char *name, kr_op *from,
		    kr_op *to, double position)
{
	kr_db_register_opts o = KR_DB_REGISTER_OPTS_INIT;
	if (!isnan(position))
		o = at(position);
	ck_assert_int_eq(kr_db_register(db, name, NULL,
					kr_substitution_node_rewriter_new(from,
									  to),
					NULL, KR_TAGS("t"), &o), 0);
}

static int fails(kr_fgraph *fg, kr_apply *node, kr_replacements **out,
		 void *data)
{
	(void)fg, (void)node, (void)out, (void)data;
	return kr_error_set(KR_EINVALID, "bad failed");
}

/* How x + (x - x) ends up after the rewriter a query of db builds. */
static const char *rewritten(kr_rewrite_db *db, kr_rewrite_db_query *q)
{
	kr_variable *x = kr_variable_new(kr_type_scalar(KR_FLOAT64), "x"), *d,
		    *g;
	ck_assert_int_eq(KR_OP_CALL(&d, kr_op_sub(), x, x), 0);
	ck_assert_int_eq(KR_OP_CALL(&g, kr_op_add(), x, d), 0);
	kr_fgraph *fg;
	ck_assert_int_eq(kr_fgraph_new(&fg, 0, NULL, 1, &g, true), 0);
	kr_db_result r;
	ck_assert_int_eq(kr_db_query(&r, db, q), 0);
	ck_assert_int_eq(kr_graph_rewriter_rewrite(r.graph, fg, NULL), 0);
	return kr_fgraph_repr(fg);
}

/*
 * Found by comparing with PyTensor's db.py on random databases: a
 * LocalGroupDB is a SequenceDB there, so a query's position cutoff cuts
 * it too; a cutoff of 0 cuts nothing; a LocalGroupDB query that selects
 * nothing builds an empty SequentialNodeRewriter, which changes nothing;
 * the EquilibriumGraphRewriter of an EquilibriumDB logs a failing
 * rewriter and goes on.
 */
START_TEST(queries_as_pytensor)
{
	kr_rewrite_db *group = kr_local_group_db_new();
	reg_sub(group, "add_to_mul", kr_op_add(), kr_op_mul(), 0);
	reg_sub(group, "sub_to_mul", kr_op_sub(), kr_op_mul(), 2);
	kr_rewrite_db *topo = kr_topo_db_new(group, false, false);
	kr_rewrite_db_query *q = parse("+t");
	ck_assert_str_eq(names_of(group, q), "add_to_mul sub_to_mul");
	ck_assert_str_eq(rewritten(topo, q),
			 "FunctionGraph(mul(x, mul(x, x)))");
	kr_db_query_set_position_cutoff(q, 1);
	ck_assert_str_eq(names_of(group, q), "add_to_mul");
	ck_assert_str_eq(rewritten(topo, q),
			 "FunctionGraph(mul(x, sub(x, x)))");
	kr_db_query_set_position_cutoff(q, 0);
	ck_assert_str_eq(names_of(group, q), "add_to_mul sub_to_mul");
	kr_db_query_set_position_cutoff(q, -1);
	ck_assert_str_eq(names_of(group, q), "");
	kr_db_result r;
	ck_assert_int_eq(kr_db_query(&r, group, q), 0);
	ck_assert_str_eq(kr_node_rewriter_to_string(r.node),
			 "SequentialNodeRewriter()");
	size_t n = 99;
	ck_assert_ptr_nonnull(kr_node_rewriter_tracks(r.node, &n));
	ck_assert_uint_eq(n, 0);
	ck_assert_str_eq(rewritten(topo, q), "FunctionGraph(add(x, sub(x, x)))");

	/*
	 * In an EquilibriumDB the selected databases come after the other
	 * entries, as PyTensor's query adds their results back last: the
	 * add -> mul entry is tried before the group's add -> sub,
	 * registered first.
	 */
	kr_rewrite_db *eqdb = kr_equilibrium_db_new(8, true, false);
	kr_rewrite_db *inner = kr_local_group_db_new();
	kr_db_register_opts dflt = KR_DB_REGISTER_OPTS_INIT;
	ck_assert_int_eq(kr_db_register(eqdb, "group", NULL, NULL, inner,
					KR_TAGS("t"), &dflt), 0);
	reg_sub(inner, "add_to_sub", kr_op_add(), kr_op_sub(), 0);
	reg_sub(eqdb, "add_to_mul", kr_op_add(), kr_op_mul(), NAN);
	ck_assert_str_eq(names_of(eqdb, parse("+t")), "add_to_mul group");
	ck_assert_str_eq(rewritten(eqdb, parse("+t")),
			 "FunctionGraph(mul(x, sub(x, x)))");

	/* a failing node rewriter is logged; the database's rewriter goes on */
	kr_rewrite_db *eq = kr_equilibrium_db_new(8, true, false);
	kr_db_register_opts o = KR_DB_REGISTER_OPTS_INIT;
	kr_op *sub = kr_op_sub();
	ck_assert_int_eq(kr_db_register(eq, "bad", NULL,
					kr_node_rewriter_from_fn("bad", fails,
								 NULL, 1, &sub),
					NULL, KR_TAGS("t"), &o), 0);
	reg_sub(eq, "add_to_mul", kr_op_add(), kr_op_mul(), NAN);
	FILE *saved = stderr, *sink = tmpfile();
	stderr = sink;
	const char *got = rewritten(eq, parse("+t"));
	stderr = saved;
	ck_assert_str_eq(got, "FunctionGraph(mul(x, sub(x, x)))");
	char line[256] = "";
	rewind(sink);
	ck_assert_ptr_nonnull(fgets(line, sizeof line, sink));
	ck_assert_msg(strstr(line, "bad failed"), "%s", line);
	fclose(sink);
}
END_TEST

START_TEST(optdb_queries)
{
	kr_rewrite_db *db = kr_optdb();
	ck_assert_str_eq(names_of(db, parse("+fast_run")),
			 "merge1 canonicalize specialize merge2 "
			 "add_destroy_handler merge3");
	ck_assert_str_eq(names_of(db, parse("+fast_compile")),
			 "merge1 canonicalize specialize");
	ck_assert_str_eq(names_of(db, parse("+fast_run -inplace")),
			 "merge1 canonicalize specialize merge2 merge3");
	ck_assert_str_eq(names_of(db, parse("+fast_run &merge")),
			 "merge1 merge2 merge3");
	/* the documents' example: simplify at 0.5 runs between merge1 and
	 * canonicalize, and only where fast_run is asked for */
	kr_db_register_opts o = at(0.5);
	ck_assert_int_eq(kr_db_register(db, "simplify", noop(), NULL, NULL,
					KR_TAGS("fast_run"), &o), 0);
	ck_assert_str_eq(names_of(db, parse("+fast_run")),
			 "merge1 simplify canonicalize specialize merge2 "
			 "add_destroy_handler merge3");
	ck_assert_str_eq(names_of(db, parse("+fast_compile")),
			 "merge1 canonicalize specialize");
	kr_db_result r;
	ck_assert_int_eq(kr_db_query(&r, db, parse("+fast_run")), 0);
	ck_assert_str_eq(kr_graph_rewriter_class_name(r.graph),
			 "SequentialGraphRewriter");
	ck_assert_int_eq(kr_db_query(&r, kr_optdb_canonicalize(),
				     parse("+fast_run")), 0);
	ck_assert_str_eq(kr_graph_rewriter_class_name(r.graph),
			 "EquilibriumGraphRewriter");
	ck_assert_str_eq(names_of(kr_optdb_canonicalize(), parse("+fast_run")),
			 "constant_folding local_neg_neg local_mul_div "
			 "local_mul_one local_add_zero local_mul_to_sqr "
			 "local_flatten");
}
END_TEST

/* Number of c in s. */
static int count_char(const char *s, char c)
{
	int n = 0;
	for (; *s; s++)
		n += *s == c;
	return n;
}

/* The documents' three dot distributions, through optdb tags. */
typedef struct dcase {
	const char *graph, *distributed;
} dcase;

static const dcase dot_cases[] = {
	{"(dot A (add x y))", "((A @ x) + (A @ y))"},
	{"(dot A (add (add x y) (add z w)))",
	 "(((A @ x) + (A @ y)) + ((A @ z) + (A @ w)))"},
	{"(dot A (add x (add y (dot B (add z w)))))",
	 "((A @ x) + ((A @ y) + ((A @ (B @ z)) + (A @ (B @ w)))))"},
};

START_TEST(optdb_dot_distribution)
{
	const dcase *c = &dot_cases[_i];
	kr_program *p;
	ck_assert_int_eq(kr_program_read(&p, kr_strfmt("(matrix A B x y z w) "
						       "%s", c->graph), "d"),
			 0);
	kr_variable *g = kr_program_graph(p, 0), *fwd, *back;
	const char *before = kr_pprint(g);
	kr_rewrite_graph_opts o = KR_REWRITE_GRAPH_OPTS_INIT;
	o.include = KR_TAGS("dot_distribute");
	o.clone = true;
	ck_assert_int_eq(kr_rewrite_graph_query(&fwd, g, &o), 0);
	ck_assert_str_eq(kr_pprint(fwd), c->distributed);
	o.include = KR_TAGS("dot_gather");
	ck_assert_int_eq(kr_rewrite_graph_query(&back, fwd, &o), 0);
	ck_assert_str_eq(kr_pprint(back), before);
	/* off by default: canonicalize and an empty query leave it alone */
	o.include = KR_NO_TAGS;
	ck_assert_int_eq(kr_rewrite_graph_query(&fwd, g, &o), 0);
	ck_assert_str_eq(kr_pprint(fwd), before);
	o.include = KR_TAGS("canonicalize");
	ck_assert_int_eq(kr_rewrite_graph_query(&fwd, g, &o), 0);
	ck_assert_int_eq(count_char(kr_pprint(fwd), '@'),
			 count_char(before, '@'));
}
END_TEST

/*
 * The equilibrium of a profile tree (depth first), or NULL: a query's
 * rewriter is a SequentialGraphRewriter over its databases' rewriters.
 */
static const kr_profile *find_equilibrium(const kr_profile *p)
{
	if (!strcmp(kr_profile_class(p), "EquilibriumGraphRewriter"))
		return p;
	size_t n;
	const kr_profile *const *kids = kr_profile_children(p, &n);
	for (size_t k = 0; k < n; k++) {
		const kr_profile *e = kids[k] ? find_equilibrium(kids[k])
					      : NULL;
		if (e)
			return e;
	}
	return NULL;
}

/*
 * optdb's dot_distribute and dot_gather visit the nodes a rewrite makes
 * in the same pass: A @ (x1 + (x2 + ... + x60)) is distributed and
 * gathered again in two passes each, with a few visits per node, where
 * waiting for the next pass takes one pass per level and tries every
 * node above the change again in each (quadratic).
 */
START_TEST(optdb_dot_distribution_passes)
{
	enum { N = 60 };
	const kr_type *t = kr_type_matrix();
	kr_variable *acc = kr_variable_new(t, "x60"), *out;
	for (int i = N - 1; i >= 1; i--) {
		kr_variable *in[2] = {kr_variable_new(t, NULL), acc};
		ck_assert_int_eq(kr_op_call(&acc, kr_op_add(), 2, in), 0);
	}
	kr_variable *in[2] = {kr_variable_new(t, "A"), acc};
	ck_assert_int_eq(kr_op_call(&out, kr_op_dot(), 2, in), 0);
	kr_fgraph *fg;
	ck_assert_int_eq(kr_fgraph_new(&fg, 0, NULL, 1, &out, false), 0);
	const char *tags[2] = {"+dot_distribute", "+dot_gather"};
	size_t want_nodes[2] = {2 * N - 1, N};
	for (int k = 0; k < 2; k++) {
		kr_db_result r;
		ck_assert_int_eq(kr_db_query(&r, kr_optdb(), parse(tags[k])),
				 0);
		kr_profile *p = NULL;
		ck_assert_int_eq(kr_graph_rewriter_rewrite(r.graph, fg, &p),
				 0);
		ck_assert_uint_eq(kr_fgraph_nnodes(fg), want_nodes[k]);
		const kr_profile *e = find_equilibrium(p);
		ck_assert_ptr_nonnull(e);
		ck_assert_uint_eq(kr_profile_passes(e), 2);
		ck_assert_uint_le(kr_profile_visits(e), 6 * 2 * N);
	}
}
END_TEST

/* ------------------------------------------------ fast_run on 24 graphs */

typedef struct fcase {
	const char *graph, *result;
} fcase;

static const fcase fast_run_cases[] = {
	{"(neg (neg x))", "x"},
	{"(true_div (mul x y) y)", "x"},
	{"(true_div (mul y x) y)", "x"},
	{"(mul x 1)", "x"},
	{"(mul 1 x)", "x"},
	{"(add x 0)", "x"},
	{"(add 0 x)", "x"},
	{"(mul x x)", "sqr(x)"},
	{"(add x (add y z))", "(x + y + z)"},
	{"(mul (mul x y) (mul z x))", "(x * y * z * x)"},
	{"(pow x 2)", "sqr(x)"},
	{"(true_div 1 x)", "reciprocal(x)"},
	{"(true_div x 4)", "(x * 0.25)"},
	{"(add 2 3)", "5.0"},
	{"(mul (add 1 2) x)", "(3.0 * x)"},
	{"(true_div (mul (add y z) x) (add y z))", "x"},
	{"(neg (neg (neg (neg x))))", "x"},
	{"(add (mul x 1) (mul y 1))", "(x + y)"},
	{"(add z (mul (true_div (mul y x) y) (true_div z x)))",
	 "(z + (x * (z / x)))"},
	{"(mul x 2 y 3)", "(x * 6.0 * y)"},
	{"(add 1 (mul x 1 y) 0)", "(1.0 + (x * y))"},
	{"(exp (log x))", "exp(log(x))"},
	{"(sub (neg (neg x)) (mul y 1))", "(x - y)"},
	{"(true_div (mul (neg (neg x)) y) y)", "x"},
	{"(add (add (add x 0) y) (pow z 2))", "(x + y + sqr(z))"},
	{"(mul (mul 2 3) (add x 0))", "(6.0 * x)"},
};

/* Values of g on the inputs x y z (each in [0.5, 2), from seed). */
static kr_value *eval_at(kr_variable *g, kr_variable *const *in,
			 kr_value *const *vals)
{
	kr_value *out;
	ck_assert_msg(kr_graph_eval(&out, 1, &g, 3, in,
				    (const kr_value *const *)vals) == 0,
		      "%s", kr_error_last()->message);
	return out;
}

/*
 * local_flatten splices nested adds in input order, and only those used
 * once; a chain of 10^5 adds (each the first input of the next) becomes
 * one add of all the leaves without reaching the end of the C stack.
 */
START_TEST(flatten_order_and_depth)
{
	kr_program *p;
	ck_assert_int_eq(kr_program_read(&p, "(scalar a b c d e) "
					 "(add (add a (mul b c)) (add d e))",
					 "flat"), 0);
	kr_variable *out;
	kr_rewrite_graph_opts o = KR_REWRITE_GRAPH_OPTS_INIT;
	o.include = KR_TAGS("canonicalize");
	ck_assert_int_eq(kr_rewrite_graph_query(&out, kr_program_graph(p, 0),
						&o), 0);
	ck_assert_str_eq(kr_pprint(out), "(a + (b * c) + d + e)");

	enum { DEPTH = 100000 };
	kr_variable *x = kr_program_lookup(p, "a");
	kr_variable *y = kr_program_lookup(p, "b");
	kr_variable *g = x;
	for (int i = 0; i < DEPTH; i++) {
		kr_variable *in[2] = {g, y};
		ck_assert_int_eq(kr_op_call(&g, kr_op_add(), 2, in), 0);
	}
	ck_assert_int_eq(kr_rewrite_graph_query(&out, g, &o), 0);
	kr_apply *node = kr_variable_owner(out);
	ck_assert_ptr_nonnull(node);
	ck_assert_uint_eq(kr_apply_ninputs(node), DEPTH + 1);
	ck_assert_ptr_eq(kr_apply_input(node, 0), x);
	for (size_t i = 1; i <= DEPTH; i++)
		ck_assert_ptr_eq(kr_apply_input(node, i), y);
}
END_TEST

START_TEST(fast_run_graphs)
{
	const fcase *c = &fast_run_cases[_i];
	kr_program *p;
	const char *text = kr_strfmt("(scalar x y z) %s", c->graph);
	ck_assert_int_eq(kr_program_read(&p, text, "case"), 0);
	kr_variable *g = kr_program_graph(p, 0), *out;
	kr_variable *in[3] = {kr_program_lookup(p, "x"),
			      kr_program_lookup(p, "y"),
			      kr_program_lookup(p, "z")};
	/* values before: the rewrite (clone=false) changes g in place */
	uint64_t seed = 12345 + (uint64_t)_i;
	kr_value *vals[5][3], *before[5];
	for (int t = 0; t < 5; t++) {
		for (int k = 0; k < 3; k++)
			vals[t][k] = kr_value_random(kr_variable_type(in[k]),
						     0, 0.5, 2.0, &seed);
		before[t] = eval_at(g, in, vals[t]);
	}
	kr_rewrite_graph_opts o = KR_REWRITE_GRAPH_OPTS_INIT;
	o.include = KR_TAGS("fast_run");
	ck_assert_int_eq(kr_rewrite_graph_query(&out, g, &o), 0);
	ck_assert_str_eq(kr_pprint(out), c->result);
	for (int t = 0; t < 5; t++)
		ck_assert(kr_value_allclose(before[t], eval_at(out, in, vals[t]),
					    1e-12, 0.0));
}
END_TEST

/* -------------------------------------- the relations, both directions */

static kr_variable *sx;

/* Every answer of rel(q, out) (run*: the search must end). */
static const char *backward(kr_goal *(*rel)(kr_term *, kr_term *),
			    kr_term *out)
{
	kr_term *q = kr_var_new("q");
	return t_str(kr_run(-1, q, rel(q, out)));
}

/* The graph of a program "(scalar x y) <expr>", for the backward mode. */
static kr_term *graph_term(const char *expr)
{
	kr_program *p;
	ck_assert_int_eq(kr_program_read(&p, kr_strfmt("(scalar x y) %s",
						       expr), "b"), 0);
	return kr_variable_term(kr_program_graph(p, 0));
}

static const char *forward(kr_goal *(*rel)(kr_term *, kr_term *),
			   const char *graph)
{
	kr_program *p;
	ck_assert_int_eq(kr_program_read(&p, kr_strfmt("(scalar x y) %s",
						       graph), "f"), 0);
	sx = kr_program_lookup(p, "x");
	kr_term *q = kr_var_new("q");
	kr_term *r = kr_run(-1, q, rel(kr_variable_term(kr_program_graph(p, 0)),
				      q));
	if (kr_list_length(r) != 1)
		return "no answer";
	kr_variable *v;
	ck_assert_int_eq(kr_term_eval(&v, kr_car(r)), 0);
	return kr_pprint(v);
}

START_TEST(algebra_relations)
{
	/* backward: every answer, and then the end */
	ck_assert_str_eq(forward(kr_neg_nego, "(neg (neg x))"), "x");
	ck_assert_str_eq(backward(kr_neg_nego, kr_variable_term(sx)),
			 "((neg (neg x)))");
	ck_assert_str_eq(forward(kr_mul_divo, "(true_div (mul y x) y)"), "x");
	ck_assert_str_eq(backward(kr_mul_divo, kr_variable_term(sx)),
			 "((true_div (mul x _.0) _.0) "
			 "(true_div (mul _.0 x) _.0))");
	ck_assert_str_eq(forward(kr_mul_oneo, "(mul 1 x)"), "x");
	ck_assert_str_eq(backward(kr_mul_oneo, kr_variable_term(sx)),
			 "((mul 1 x) (mul x 1))");
	ck_assert_str_eq(forward(kr_add_zeroo, "(add x 0)"), "x");
	/* each place of the unit */
	ck_assert_str_eq(backward(kr_add_zeroo, kr_variable_term(sx)),
			 "((add 0 x) (add x 0))");
	ck_assert_str_eq(backward(kr_add_zeroo, t_read("(add a b)")),
			 "((add 0 (add a b)) (add (add a b) 0))");
	ck_assert_str_eq(forward(kr_mul_sqro, "(mul x x)"), "sqr(x)");
	ck_assert_str_eq(forward(kr_mul_sqro, "(mul x y)"), "no answer");
	ck_assert_str_eq(forward(kr_pow_sqro, "(pow x 2)"), "sqr(x)");
	ck_assert_str_eq(forward(kr_pow_sqro, "(pow x 3)"), "no answer");
	ck_assert_str_eq(forward(kr_div_reciprocalo, "(true_div 1 x)"), "reciprocal(x)");
	ck_assert_str_eq(forward(kr_div_consto, "(true_div x 2)"),
			 "(x * reciprocal(2.0))");
	ck_assert_str_eq(forward(kr_div_consto, "(true_div x 1)"),
			 "no answer");
	ck_assert_str_eq(forward(kr_flatteno, "(add x (add y (add x y)))"),
			 "(x + y + x + y)");
	/* the equations with sqr/reciprocal run backward from the simple side */
	kr_variable *s;
	ck_assert_int_eq(KR_OP_CALL(&s, kr_op_lookup("sqr"), sx), 0);
	ck_assert_str_eq(backward(kr_mul_sqro, kr_variable_term(s)),
			 "((mul x x))");
	ck_assert_str_eq(backward(kr_pow_sqro, kr_variable_term(s)),
			 "((pow x 2))");
	ck_assert_str_eq(backward(kr_div_reciprocalo,
				  graph_term("(reciprocal x)")),
			 "((true_div 1 x))");
	/* div_consto takes c from out, and wants it a constant other than 1 */
	ck_assert_str_eq(backward(kr_div_consto,
				  graph_term("(mul x (reciprocal 2))")),
			 "((true_div x 2.0))");
	ck_assert_str_eq(backward(kr_div_consto,
				  graph_term("(mul x (reciprocal 1))")), "()");
	ck_assert_str_eq(backward(kr_div_consto,
				  graph_term("(mul x (reciprocal y))")), "()");
	/* flatteno is forward only: backward, in = out, on add and mul */
	ck_assert_str_eq(backward(kr_flatteno, graph_term("(add x y x)")),
			 "((add x y x))");
	ck_assert_str_eq(backward(kr_flatteno, graph_term("(sub x y)")), "()");
	/* constanto: a Constant or a number of that value; a fresh term
	 * becomes the number, an int when integral */
	kr_term *q = kr_var_new("q");
	ck_assert_str_eq(t_str(kr_run(-1, q, kr_constanto(graph_term("2"), 2))),
			 "(_.0)");
	ck_assert_str_eq(t_str(kr_run(-1, q, kr_constanto(graph_term("2"), 3))),
			 "()");
	ck_assert_str_eq(t_str(kr_run(-1, q, kr_constanto(kr_int(2), 2))),
			 "(_.0)");
	ck_assert_str_eq(t_str(kr_run(-1, q, kr_constanto(kr_real(2.5), 2.5))),
			 "(_.0)");
	ck_assert_str_eq(t_str(kr_run(-1, q, kr_constanto(graph_term("x"), 2))),
			 "()");
	ck_assert_str_eq(t_str(kr_run(-1, q, kr_constanto(kr_sym("a"), 2))),
			 "()");
	kr_term *c = kr_car(kr_run(-1, q, kr_constanto(q, 2)));
	ck_assert_int_eq(kr_term_kind(c), KR_INT);
	ck_assert_str_eq(t_str(kr_run(-1, q, kr_constanto(q, 2.5))), "(2.5)");
	ck_assert_ptr_null(kr_relation_lookup("nope"));
	const char *const *names;
	ck_assert_uint_eq(kr_relation_names(&names), 10);
	for (size_t i = 0; i < 10; i++)
		ck_assert_ptr_nonnull(kr_relation_lookup(names[i]));
}
END_TEST

/* The profile of a fast_run query prints in PyTensor's nested format. */
START_TEST(fast_run_profile)
{
	kr_program *p;
	ck_assert_int_eq(kr_program_read(&p, "(scalar x y z) (add (mul (neg "
					     "(neg x)) 1) (true_div (mul y z) "
					     "z))", "p"), 0);
	kr_variable *g = kr_program_graph(p, 0);
	kr_fgraph *fg;
	ck_assert_int_eq(kr_fgraph_new(&fg, 0, NULL, 1, &g, false), 0);
	kr_db_result r;
	ck_assert_int_eq(kr_db_query(&r, kr_optdb(), parse("+fast_run")), 0);
	kr_profile *prof;
	ck_assert_int_eq(kr_graph_rewriter_rewrite(r.graph, fg, &prof), 0);
	ck_assert_str_eq(kr_fgraph_repr(fg), "FunctionGraph(add(x, y))");
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	ck_assert_int_eq(kr_profile_print(f, prof), 0);
	fclose(f);
	const char *want[] = {
		" SequentialGraphRewriter  None  time ",
		"s for 6/1 nodes before/after rewriting\n",
		"\n   time      - (name, class, index, nodes before, nodes after)"
		" - validate time\n",
		"s - ('canonicalize', 'EquilibriumGraphRewriter', 1, 6, 1)\n"
		/* PyTensor: print(blanc, cls, end=" "); print(blanc, name) */
		"     EquilibriumGraphRewriter      canonicalize\n"
		"       time ",
		"s - ('merge1', 'MergeOptimizer', 0, 6, 6)\n     MergeOptimizer\n"
		"       nb fail=    0 merged=    0 atomic=    0\n",
		"s - ('add_destroy_handler', 'AddDestroyHandler', 4, 1, 1)\n",
	};
	for (size_t i = 0; i < sizeof want / sizeof *want; i++)
		ck_assert_msg(strstr(text, want[i]), "missing %s in\n%s",
			      want[i], text);
	free(text);
}
END_TEST

/*
 * Real input: every graph of the shared folder (found through SHARED_DIR,
 * set by make check; skipped when absent) rewrites with fast_run without
 * error and to no more nodes; where every op of the graph can be
 * evaluated, the result evaluates like the input on random inputs.
 */
static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 1 << 20, n = 0;
	char *buf = kr_alloc_atomic(cap);
	size_t k;
	while ((k = fread(buf + n, 1, cap - n - 1, f)) > 0) {
		n += k;
		if (n + 1 == cap) {
			char *b = kr_alloc_atomic(cap * 2);
			memcpy(b, buf, n);
			buf = b;
			cap *= 2;
		}
	}
	fclose(f);
	buf[n] = 0;
	return buf;
}

static const char *shared_graphs[] = {
	"gauss_nll", "linreg_l2", "logreg", "mlp", "poly_expand",
	"poly_expand_scalar", "rnn_unrolled_10", "rnn_unrolled_100",
};

/* Values of fg's outputs on the inputs' random values (NULL if not evaluable). */
static kr_value **eval_random(const kr_fgraph *fg, uint64_t seed)
{
	size_t nin = kr_fgraph_ninputs(fg), nout = kr_fgraph_noutputs(fg);
	kr_value **in = kr_alloc((nin + 1) * sizeof *in);
	kr_value **out = kr_alloc((nout + 1) * sizeof *out);
	for (size_t i = 0; i < nin; i++)
		in[i] = kr_value_random(kr_variable_type(kr_fgraph_input(fg, i)),
					3, 0.5, 2.0, &seed);
	if (kr_fgraph_eval(out, fg, (const kr_value *const *)in) < 0) {
		kr_error_clear();
		return NULL;
	}
	return out;
}

START_TEST(fast_run_shared_graphs)
{
	const char *dir = getenv("SHARED_DIR");
	char *text = dir ? slurp(kr_strfmt("%s/graphs/%s.sexp", dir,
					   shared_graphs[_i]))
			 : NULL;
	if (!text)
		return; /* no shared folder: nothing to compare with */
	kr_fgraph *fg;
	char *comment;
	ck_assert_int_eq(kr_gformat_read(&fg, &comment, text, "g"), 0);
	size_t before = kr_fgraph_nnodes(fg);
	kr_value **v0 = eval_random(fg, 7);
	kr_rewrite_graph_opts o = KR_REWRITE_GRAPH_OPTS_INIT;
	o.include = KR_TAGS("fast_run");
	ck_assert_msg(kr_rewrite_fgraph_query(fg, &o) == 0, "%s",
		      kr_error_last()->message);
	ck_assert_uint_le(kr_fgraph_nnodes(fg), before);
	ck_assert_int_eq(kr_fgraph_check_integrity(fg), 0);
	if (!v0)
		return; /* an op without an evaluation (an opaque op) */
	kr_value **v1 = eval_random(fg, 7);
	ck_assert_ptr_nonnull(v1);
	for (size_t i = 0; i < kr_fgraph_noutputs(fg); i++)
		ck_assert(kr_value_allclose(v0[i], v1[i], 1e-12, 0.0));
}
END_TEST

Suite *db_suite(void)
{
	Suite *s = suite_create("db");
	TCase *tc = tcase_create("database");
	tcase_add_loop_test(tc, query_table, 0, sizeof queries / sizeof *queries);
	tcase_add_test(tc, register_errors);
	tcase_add_test(tc, query_objects);
	tcase_add_test(tc, query_extra_rewrites);
	tcase_add_test(tc, sub_databases);
	tcase_add_test(tc, queries_as_pytensor);
	suite_add_tcase(s, tc);
	tc = tcase_create("optdb");
	tcase_add_test(tc, optdb_queries);
	tcase_add_test(tc, optdb_dot_distribution_passes);
	tcase_add_loop_test(tc, optdb_dot_distribution, 0,
			    sizeof dot_cases / sizeof *dot_cases);
	tcase_add_loop_test(tc, fast_run_graphs, 0,
			    sizeof fast_run_cases / sizeof *fast_run_cases);
	tcase_add_test(tc, algebra_relations);
	tcase_add_test(tc, flatten_order_and_depth);
	tcase_add_test(tc, fast_run_profile);
	tcase_add_loop_test(tc, fast_run_shared_graphs, 0,
			    sizeof shared_graphs / sizeof *shared_graphs);
	suite_add_tcase(s, tc);
	return s;
}
