/* kanrewrite/algebra.h -- the standard rewrites of the op library, as relations. */
/* See the LICENSE file for copying conditions. */
#ifndef KANREWRITE_ALGEBRA_H
#define KANREWRITE_ALGEBRA_H

#include "relations.h"

/**
 * @file kanrewrite/algebra.h
 * Equations of the op library written as miniKanren relations `rel(in,
 * out)` over graph expressions (graph Variables unify as the etuples of
 * their owner; answers are evaluated back into graph nodes). optdb runs
 * them forward in its canonicalize and specialize databases through
 * KanrenRelationSub. Each but flatteno is an equation, so it also runs
 * backward (with `out` ground, `in` is generated; terms may then hold
 * fresh variables where the equation leaves a part free). All terminate
 * in both modes.
 * Ops are found by their PyTensor names in the op library.
 */

/**
 * `(constanto t v)`: t is a graph Constant or a number atom equal to v;
 * a fresh t is bound to the number atom v, an integer one when v is
 * integral (it evaluates to a constant typed as PyTensor types a Python
 * number, kr_number_constant(): 2 is an int8 2).
 * Not fully relational: it looks at the value of a Constant.
 */
kr_goal *kr_constanto(kr_term *t, double value);

/**
 * `(dot_distributeo in out)`: `A @ (x + y + ...)` relates to
 * `(A @ x) + (A @ y) + ...`: kr_distributeo() over the op library's
 * `dot` and `add`, with `add` declared associative, as PyTensor's
 * documentation writes it. Run forward (in ground) it gives one answer;
 * run backward (out ground) it gathers a sum of products by the same
 * matrix. Terminates in both modes. Cost: O(1) on a node whose heads rule
 * it out (see kr_distributeo()).
 */
kr_goal *kr_dot_distributeo(kr_term *in, kr_term *out);

/**
 * dot_distributeo as a kr_rel of arity 2: a fresh relation (as
 * kr_distributeo_rel()) whose body is kr_clause_distributeo() over `dot`
 * and `add`, so its answers, their order and steps are distributeo's.
 */
const kr_rel *kr_dot_distributeo_rel(void);

/** `neg(neg(x)) = x` (PyTensor's local_neg_neg). */
kr_goal *kr_neg_nego(kr_term *in, kr_term *out);

/**
 * `x*y/y = x` and `y*x/y = x`: the "simplify" example of PyTensor's graph
 * rewriting docs, whose two rewriters are
 * PatternNodeRewriter((true_div, (mul, x, y), y), x) and
 * PatternNodeRewriter((true_div, (mul, x, y), x), y).
 */
kr_goal *kr_mul_divo(kr_term *in, kr_term *out);

/**
 * `x*1 = x`, `1*x = x`, and for an n-ary mul one factor 1 removed
 * (`mul(a, 1, b) = mul(a, b)`). Backward it generates each place of the 1.
 * The `mul(1, x, y) -> mul(x, y)` case of PyTensor's local_mul_specialize,
 * one 1 per answer where PyTensor removes every 1 at once.
 */
kr_goal *kr_mul_oneo(kr_term *in, kr_term *out);

/**
 * `x+0 = x`, `0+x = x`, and one term 0 removed from an n-ary add: PyTensor's
 * local_add_specialize ("Remove zeros from adds"), one 0 per answer where
 * PyTensor removes every 0 at once.
 */
kr_goal *kr_add_zeroo(kr_term *in, kr_term *out);

/**
 * `x*x = sqr(x)` (PyTensor's local_mul_to_sqr). Unification also matches two
 * distinct but equal subgraphs, where PyTensor needs `inputs[0] is
 * inputs[1]`.
 */
kr_goal *kr_mul_sqro(kr_term *in, kr_term *out);

/** `pow(x, 2) = sqr(x)` (PyTensor's local_pow_specialize). */
kr_goal *kr_pow_sqro(kr_term *in, kr_term *out);

/** `1/y = reciprocal(y)` (PyTensor's local_div_to_reciprocal). */
kr_goal *kr_div_reciprocalo(kr_term *in, kr_term *out);

/**
 * `x/c = x*reciprocal(c)` for a constant c other than 1: a multiplication by a
 * folded constant is cheaper than a division. Backward, c comes from out
 * (`x*reciprocal(2)` gives `x/2`); an out whose c is not a constant gives
 * no answer.
 */
kr_goal *kr_div_consto(kr_term *in, kr_term *out);

/**
 * `op(..., op(a, b), ...) = op(..., a, b, ...)` for an associative op
 * (its first run declares `add` and `mul` associative in
 * kr_associative()): kanren's assoc_flatten applied to the node's own
 * expansion, except that the arguments, graph Variables, are spliced
 * when they are applications of the same op, at every depth (kanren's
 * leaves Variables alone). Forward only (flattening does not "unflatten",
 * as in kanren): backward, an `add` or `mul` gives the one answer `in` =
 * `out`, any other out none.
 */
kr_goal *kr_flatteno(kr_term *in, kr_term *out);

/**
 * The library's relations of arity 2 over graphs, by name:
 * "dot_distributeo", "neg_nego", "mul_divo", "mul_oneo", "add_zeroo",
 * "mul_sqro", "pow_sqro", "div_reciprocalo", "div_consto", "flatteno".
 * Returns: the relation, or NULL for an unknown name.
 */
const kr_rel *kr_relation_lookup(const char *name);

/** The names kr_relation_lookup() knows. Shape: sets *out; returns n. */
size_t kr_relation_names(const char *const **out);

#endif
