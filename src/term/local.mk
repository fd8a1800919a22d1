## term: terms, substitutions, unification, reification, the term writer.
libkanrewrite_la_SOURCES += src/term/term.c src/term/term.h src/term/unify.h \
	src/term/subst.c src/term/unify.c src/term/reify.c \
	src/term/print.c
pkginclude_HEADERS += include/kanrewrite/term.h include/kanrewrite/subst.h \
	include/kanrewrite/unify.h include/kanrewrite/reify.h \
	include/kanrewrite/print.h
