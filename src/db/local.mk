## db: rewrite databases (optdb), queries, the default optdb and the op
## library's rewrites as relations (algebra.c).
libkanrewrite_la_SOURCES += src/db/db.h src/db/db.c src/db/query.c \
	src/db/optdb.c src/db/algebra.c
pkginclude_HEADERS += include/kanrewrite/db.h include/kanrewrite/algebra.h
