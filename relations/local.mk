## relations: the relation library, written with the public API only.
libkanrewrite_la_SOURCES += relations/list.c relations/facts.c \
	relations/assoc.c relations/dot.c
pkginclude_HEADERS += include/kanrewrite/relations.h
