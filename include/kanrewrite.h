/* kanrewrite.h -- umbrella header of the kanrewrite library. */
/* See the LICENSE file for copying conditions. */
#ifndef KANREWRITE_H
#define KANREWRITE_H

/**
 * @file kanrewrite.h
 * kanrewrite: relational graph rewriting in C. miniKanren goals and
 * relations (term, unify, reify, goal, stream, relations) drive
 * PyTensor-style graph rewriters (type, op, graph, fgraph, rewrite) over
 * computation graphs; read and print connect both to text.
 *
 * Ownership rule, once for the whole library: every object is
 * garbage-collected; nothing is freed or consumed by the caller. Terms are
 * immutable; graphs are mutable, and an array borrowed from a graph is
 * valid until the graph's next mutation. Call kr_init() first.
 */

#include "kanrewrite/common.h"
#include "kanrewrite/error.h"
#include "kanrewrite/term.h"
#include "kanrewrite/subst.h"
#include "kanrewrite/unify.h"
#include "kanrewrite/reify.h"
#include "kanrewrite/goal.h"
#include "kanrewrite/stream.h"
#include "kanrewrite/constraints.h"
#include "kanrewrite/relations.h"
#include "kanrewrite/type.h"
#include "kanrewrite/op.h"
#include "kanrewrite/graph.h"
#include "kanrewrite/value.h"
#include "kanrewrite/fgraph.h"
#include "kanrewrite/traversal.h"
#include "kanrewrite/features.h"
#include "kanrewrite/destroy.h"
#include "kanrewrite/rewrite.h"
#include "kanrewrite/db.h"
#include "kanrewrite/algebra.h"
#include "kanrewrite/read.h"
#include "kanrewrite/print.h"
#include "kanrewrite/pprint.h"
#include "kanrewrite/gformat.h"
#include "kanrewrite/program.h"

#endif
