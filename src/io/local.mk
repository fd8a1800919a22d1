## io: the S-expression reader, PyTensor's graph printers, the graph text
## format and the program reader.
libkanrewrite_la_SOURCES += src/io/read.c src/io/pprint.c \
	src/io/program.c src/io/dprint.c src/io/gformat.c src/io/gdot.c
pkginclude_HEADERS += include/kanrewrite/read.h include/kanrewrite/pprint.h \
	include/kanrewrite/program.h include/kanrewrite/gformat.h
