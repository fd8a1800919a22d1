## rewrite: node and graph rewriters, KanrenRelationSub, equilibrium.
libkanrewrite_la_SOURCES += src/rewrite/rewrite.h src/rewrite/node.c \
	src/rewrite/equilibrium.c src/rewrite/kanren.c src/rewrite/utils.c \
	src/rewrite/walking.c src/rewrite/sequential.c src/rewrite/merge.c \
	src/rewrite/pattern.c src/rewrite/profile.c \
	src/rewrite/greedy.c src/rewrite/trace.c
pkginclude_HEADERS += include/kanrewrite/rewrite.h
