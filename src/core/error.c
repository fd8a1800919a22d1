/* error.c -- the last error of each thread (libgit2's git_error_last). */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "alloc.h"

/*
 * The message lives in a per-thread fixed buffer, not in collected memory:
 * the collector does not promise to scan thread-local storage.
 */
static _Thread_local kr_error last = {KR_OK, "no error"};
static _Thread_local char msgbuf[2048];

const kr_error *kr_error_last(void) { return &last; }

int kr_error_set(int code, const char *fmt, ...)
{
	/* formatted aside first: an argument may be the last message
	 * itself, which is msgbuf (re-reporting with context) */
	char buf[sizeof msgbuf];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	memcpy(msgbuf, buf, sizeof buf);
	last.code = code;
	last.message = msgbuf;
	return code;
}

void kr_error_clear(void)
{
	last.code = KR_OK;
	last.message = "no error";
}

const char *kr_error_name(int code)
{
	switch (code) {
	case KR_OK: return "KR_OK";
	case KR_ERROR: return "KR_ERROR";
	case KR_EOF: return "KR_EOF";
	case KR_ESYNTAX: return "KR_ESYNTAX";
	case KR_ENOTFOUND: return "KR_ENOTFOUND";
	case KR_EINVALID: return "KR_EINVALID";
	case KR_ELIMIT: return "KR_ELIMIT";
	case KR_EEXISTS: return "KR_EEXISTS";
	case KR_EINCONSISTENT: return "KR_EINCONSISTENT";
	default: return "KR_?";
	}
}

const char *kr_version(void) { return PACKAGE_VERSION; }
