## doc: the manual (Texinfo, installed as info; `make html` builds HTML)
## and the man page of the command.
info_TEXINFOS = doc/kanrewrite.texi
dist_man_MANS = doc/kanrewrite.1
