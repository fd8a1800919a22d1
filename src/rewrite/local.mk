## rewrite: node and graph rewriters, KanrenRelationSub, equilibrium.
libkanrewrite_la_SOURCES += src/rewrite/rewrite.h src/rewrite/node.c \
	src/rewrite/equilibrium.c src/rewrite/kanren.c src/rewrite/utils.c
pkginclude_HEADERS += include/kanrewrite/rewrite.h
