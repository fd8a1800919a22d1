## graph: types, ops, variables and apply nodes, their string forms,
## FunctionGraph and features.
libkanrewrite_la_SOURCES += src/graph/graph.h src/graph/type.c src/graph/op.c \
	src/graph/ops.c src/graph/variable.c src/graph/fgraph.c src/graph/fgraph_build.c \
	src/graph/etuplize.c src/graph/op_pattern.c src/graph/value.c \
	src/graph/value_str.c src/graph/repr.c \
	src/graph/features.c src/graph/destroy.c \
	src/graph/eval.c src/graph/opaque.c src/graph/traversal.c \
	src/graph/clone.c src/graph/shape.c
pkginclude_HEADERS += include/kanrewrite/type.h include/kanrewrite/op.h \
	include/kanrewrite/graph.h include/kanrewrite/fgraph.h \
	include/kanrewrite/features.h include/kanrewrite/value.h \
	include/kanrewrite/traversal.h include/kanrewrite/destroy.h
