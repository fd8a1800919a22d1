## goal: microKanren goals, states, streams and run.
libkanrewrite_la_SOURCES += src/goal/goal.c src/goal/goal.h \
	src/goal/stream.c src/goal/run.c src/goal/constraints.c src/goal/cond.c
pkginclude_HEADERS += include/kanrewrite/goal.h include/kanrewrite/stream.h \
	include/kanrewrite/constraints.h
