## io: reading and printing terms, graph printers, the program reader.
libkanrewrite_la_SOURCES += src/io/read.c src/io/print.c src/io/pprint.c \
	src/io/program.c src/io/dprint.c src/io/gformat.c src/io/gdot.c
pkginclude_HEADERS += include/kanrewrite/read.h include/kanrewrite/print.h \
	include/kanrewrite/pprint.h include/kanrewrite/program.h \
	include/kanrewrite/gformat.h
