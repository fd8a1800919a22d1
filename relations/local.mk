## relations: the relation library, written with the public API only.
libkanrewrite_la_SOURCES += relations/list.c relations/facts.c \
	relations/assoc.c relations/dot.c relations/lists.c \
	relations/walk.c relations/assoccomm.c relations/arith.c \
	relations/korder.c relations/condp.c \
	relations/rel_internal.h
pkginclude_HEADERS += include/kanrewrite/relations.h
