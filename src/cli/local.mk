## cli: the kanrewrite command (public headers only).
bin_PROGRAMS += kanrewrite
kanrewrite_SOURCES = src/cli/main.c src/cli/cli.h src/cli/files.c \
	src/cli/cmd_rewrite.c src/cli/cmd_show.c src/cli/cmd_optdb.c
## repl: the REPL and the miniKanren language (issue 7 adds its files here)
kanrewrite_SOURCES += src/cli/repl.c src/cli/lang.h src/cli/lang.c \
	src/cli/values.c src/cli/builtins.c src/cli/eval.c src/cli/goals.c \
	src/cli/kanren.c src/cli/graphs.c \
	src/cli/traverse.c src/cli/inplace.c \
	src/cli/rewriters.c src/cli/explore.c src/cli/gcomp.c src/cli/macro.c \
	src/cli/prelude.c
kanrewrite_CPPFLAGS = -D_POSIX_C_SOURCE=200809L -I$(top_builddir) -I$(top_srcdir)/include -DKR_PKGDATADIR='"$(pkgdatadir)"'
kanrewrite_LDADD = libkanrewrite.la
dist_pkgdata_DATA += data/dot_distribute.sexp
BUILT_SOURCES = src/cli/default_input.h
CLEANFILES += src/cli/default_input.h
nodist_kanrewrite_SOURCES = src/cli/default_input.h
kanrewrite_CPPFLAGS += -Isrc/cli
src/cli/default_input.h: $(top_srcdir)/data/dot_distribute.sexp
	$(AM_V_GEN)$(MKDIR_P) src/cli && sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' \
	  -e 's/^/"/' -e 's/$$/\\n"/' $(top_srcdir)/data/dot_distribute.sexp > $@
kanrewrite_LDADD += $(READLINE_LIBS)
