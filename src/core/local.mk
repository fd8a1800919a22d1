## core: allocation (Boehm GC), errors, small containers.
libkanrewrite_la_SOURCES += src/core/alloc.c src/core/alloc.h src/core/error.c
pkginclude_HEADERS += include/kanrewrite/common.h include/kanrewrite/error.h
