/* init.c -- kr_init: start the collector and every layer, in layer order. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "core/alloc.h"
#include "graph/graph.h"

void kr_init(void)
{
	static bool done;
	if (done)
		return;
	done = true;
	kri_alloc_init();
	kri_graph_init();
}
