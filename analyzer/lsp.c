/*
 * lsp.c - the language server: `clsynclint --lsp` (lsp_ prefix).
 *
 * One process reads framed JSON-RPC from the editor (lspio.c) and keeps the
 * open documents' text.  It never analyzes anything itself: each lint runs
 * in a child process forked for it, which lints the buffer as
 * --stdin-filename would (the file's name, its nearest .clsynclint) and
 * sends its findings back as JSON on a pipe.  So:
 *
 *   - stale work is cancelled by killing: a change to a document kills the
 *     lint of the older text, and the next lint starts once the document has
 *     been quiet for the debounce time (didOpen and didSave lint at once);
 *   - a crash, a hang past the time budget or a leak of the analyzer on one
 *     buffer costs that lint only: the document gets a diagnostic saying so,
 *     the client a log message, and the server goes on;
 *   - results are published only for the document's current text.
 *
 * The quick fixes of the last published findings answer codeAction; while
 * the text has changed since, there are none (their ranges would be stale).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "lsp.h"
#include "lspio.h"

/* JSON-RPC and LSP error codes. */
enum {
	ERR_PARSE = -32700,
	ERR_INVALID_REQUEST = -32600,
	ERR_METHOD_NOT_FOUND = -32601,
	ERR_INVALID_PARAMS = -32602,
	ERR_NOT_INITIALIZED = -32002,
};

#define DEFAULT_DEBOUNCE_MS 250

struct doc {
	char *uri;                 /* as the client spells it: the key */
	char *path;                /* its file name; NULL for another scheme */
	char *text;                /* the buffer: text[0..len) */
	size_t len;
	json_t *version;           /* the client's version (integer or null) */
	unsigned long gen;         /* our count of changes to text */
	double due;                /* when to start the next lint; 0: none wanted */
	/* the running lint, if pid */
	pid_t pid;
	int fd;                    /* its pipe */
	unsigned long lint_gen;    /* the gen it lints */
	json_t *lint_version;
	double deadline;           /* 0: none */
	double budget;             /* its --budget, for the message */
	char *out;                 /* what it sent so far */
	size_t out_len, out_cap;
	/* the last findings published (lsp_findings's shape), for codeAction */
	json_t *findings;
	unsigned long findings_gen;
	struct doc *next;
};

struct server {
	int out;                   /* the client's end */
	lsp_options_fn options;
	void *env;
	struct doc *docs;
	bool initialized, shutdown;
	double debounce;           /* seconds */
};

/* ----------------------------------------------------------------- output */

static void send_msg(struct server *s, json_t *msg)
{
	if (!msg)
		return;
	char *text = json_dumps(msg, JSON_COMPACT);
	json_decref(msg);
	if (!text)
		return;
	/* A client that went away shows up as end of input next. */
	(void)lspio_write(s->out, text, strlen(text));
	free(text);
}

static void reply(struct server *s, json_t *id, json_t *result)
{
	send_msg(s, json_pack("{s:s,s:O,s:o}", "jsonrpc", "2.0", "id", id,
			      "result", result ? result : json_null()));
}

static void reply_error(struct server *s, json_t *id, int code, const char *msg)
{
	send_msg(s, json_pack("{s:s,s:O,s:{s:i,s:o}}", "jsonrpc", "2.0", "id",
			      id ? id : json_null(), "error", "code", code, "message",
			      lsp_str(msg)));
}

static void notify(struct server *s, const char *method, json_t *params)
{
	send_msg(s, json_pack("{s:s,s:s,s:o}", "jsonrpc", "2.0", "method", method,
			      "params", params));
}

static void log_msg(struct server *s, int type, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* window/logMessage (type 1 error, 2 warning, 3 info), and the same line on
 * standard error, where clients keep the server's log. */
static void log_msg(struct server *s, int type, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	fprintf(stderr, "clsynclint: lsp: %s\n", buf);
	notify(s, "window/logMessage", json_pack("{s:i,s:o}", "type", type, "message",
						 lsp_str(buf)));
}

/* Publish entries (lsp_findings's shape; reference stolen) as d's
 * diagnostics for the text of generation gen, version `version`. */
static void publish(struct server *s, struct doc *d, json_t *entries, unsigned long gen,
		    json_t *version)
{
	json_t *diags = json_array();
	size_t i;
	json_t *e;
	json_array_foreach(entries, i, e)
		json_array_append(diags, json_object_get(e, "diagnostic"));
	json_t *params = json_pack("{s:s,s:o}", "uri", d->uri, "diagnostics", diags);
	if (params && version && json_is_integer(version))
		json_object_set(params, "version", version);
	notify(s, "textDocument/publishDiagnostics", params);
	json_decref(d->findings);
	d->findings = entries;
	d->findings_gen = gen;
}

/* ----------------------------------------------------------- lint children */

/* Stop d's lint (it is stale, or the server ends) and reap it. */
static void lint_kill(struct doc *d)
{
	if (!d->pid)
		return;
	kill(d->pid, SIGKILL);
	close(d->fd);
	while (waitpid(d->pid, NULL, 0) < 0 && errno == EINTR)
		;
	d->pid = 0;
	json_decref(d->lint_version);
	d->lint_version = NULL;
	free(d->out);
	d->out = NULL;
	d->out_len = d->out_cap = 0;
}

/* LeakSanitizer checks a process at exit(); elsewhere a child ends with
 * _exit, skipping libLLVM's static destructors (see tools/clsynclint.c). */
#if defined(__SANITIZE_ADDRESS__)
#define LSP_LEAK_CHECKED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(leak_sanitizer)
#define LSP_LEAK_CHECKED 1
#endif
#endif

static void child_exit(int rc) __attribute__((noreturn));
static void child_exit(int rc)
{
#ifdef LSP_LEAK_CHECKED
	exit(rc);
#else
	_exit(rc);
#endif
}

/*
 * The child: lint d's text under options o and write lsp_findings's JSON to
 * fd.  Standard output is the protocol's: it goes to /dev/null here, so that
 * nothing the analyzer might print can corrupt the stream.
 */
static void lint_child(struct server *s, struct doc *d, const struct cls_options *o,
		       const char *note, const char *display, int fd)
{
#ifdef __linux__
	prctl(PR_SET_PDEATHSIG, SIGKILL);   /* no lint outlives the server */
#endif
	mem_heap_hugepages();
	int null = open("/dev/null", O_RDWR);
	if (null >= 0) {
		dup2(null, STDIN_FILENO);
		dup2(null, STDOUT_FILENO);
		close(null);
	}
	if (s->out != STDOUT_FILENO)
		close(s->out);
	for (struct doc *x = s->docs; x; x = x->next)
		if (x->pid)
			close(x->fd);
	signal(SIGPIPE, SIG_DFL);
	/* The tests' ways to crash a lint (as for --jobs workers) or hang it. */
	const char *crash = getenv("CLSYNCLINT_DEBUG_CRASH");
	const char *hang = getenv("CLSYNCLINT_DEBUG_HANG");
	if (crash && *crash && strstr(display, crash)) {
		signal(SIGSEGV, SIG_DFL);
		raise(SIGSEGV);
	}
	while (hang && *hang && strstr(display, hang))
		pause();
	struct cls_result r;
	enum cls_host_lang host = cls_host_lang(display);
	if (host)
		cls_lint_host(o, host, display, d->text, d->len, &r);
	else
		cls_lint(o, display, d->text, d->len, &r);
	if (note)
		mem_vec_push(&r.arena, &r.notes, mem_strdup(&r.arena, note));
	json_t *f = lsp_findings(&r, o, d->uri);
	char *text = f ? json_dumps(f, JSON_COMPACT) : NULL;
	json_decref(f);
	cls_result_free(&r);
	bool ok = text != NULL;
	for (size_t n = text ? strlen(text) : 0, k = 0; ok && k < n;) {
		ssize_t w = write(fd, text + k, n - k);
		if (w < 0 && errno == EINTR)
			continue;
		ok = w > 0;
		k += ok ? (size_t)w : 0;
	}
	free(text);
	close(fd);
	child_exit(ok ? 0 : 1);
}

/* Start linting d's current text.  A configuration that cannot be used is
 * published as the document's diagnostic instead. */
static void lint_start(struct server *s, struct doc *d)
{
	lint_kill(d);
	d->due = 0;
	const char *display = d->path ? d->path : "untitled.cl";
	struct mem_arena a;
	struct cls_options o;
	const char *note = NULL;
	char err[600];
	mem_init(&a);
	if (!s->options(s->env, display, &a, &o, &note, err, sizeof err)) {
		json_t *e = json_array();
		json_array_append_new(e, lsp_finding_at_start("configuration", err));
		publish(s, d, e, d->gen, d->version);
		mem_free_all(&a);
		return;
	}
	int p[2];
	if (pipe(p) != 0) {
		log_msg(s, 1, "cannot lint %s: pipe: %s", d->uri, strerror(errno));
		mem_free_all(&a);
		return;
	}
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		close(p[0]);
		lint_child(s, d, &o, note, display, p[1]);
	}
	close(p[1]);
	mem_free_all(&a);
	if (pid < 0) {
		close(p[0]);
		log_msg(s, 1, "cannot lint %s: fork: %s", d->uri, strerror(errno));
		return;
	}
	fcntl(p[0], F_SETFD, FD_CLOEXEC);
	d->pid = pid;
	d->fd = p[0];
	d->lint_gen = d->gen;
	d->lint_version = json_incref(d->version);
	/* As --jobs does: a lint still at it when its --budget runs out is
	 * stopped, whether the analyses or libclang are stuck. */
	d->deadline = o.budget_seconds > 0 ? cls_now() + o.budget_seconds : 0;
	d->budget = o.budget_seconds;
}

/* A lint that failed: the document says so, and the log says why. */
static void lint_failed(struct server *s, struct doc *d, const char *why)
{
	char msg[512];
	snprintf(msg, sizeof msg, "not analyzed: %s", why);
	log_msg(s, 1, "%s: %s", d->uri, msg);
	json_t *e = json_array();
	json_array_append_new(e, lsp_finding_at_start("not-analyzed", msg));
	publish(s, d, e, d->lint_gen, d->lint_version);
}

/* Read what d's lint sent; at its end, reap it and publish. */
static void lint_read(struct server *s, struct doc *d)
{
	if (d->out_cap - d->out_len < 65536) {
		size_t ncap = d->out_cap ? d->out_cap * 2 : 65536 * 2;
		char *n = realloc(d->out, ncap);
		if (!n) {
			lint_kill(d);
			return;
		}
		d->out = n;
		d->out_cap = ncap;
	}
	ssize_t k = read(d->fd, d->out + d->out_len, d->out_cap - d->out_len - 1);
	if (k < 0 && (errno == EINTR || errno == EAGAIN))
		return;
	if (k > 0) {
		d->out_len += (size_t)k;
		return;
	}
	int status = 0;
	close(d->fd);
	while (waitpid(d->pid, &status, 0) < 0 && errno == EINTR)
		;
	d->pid = 0;
	json_error_t jerr;
	json_t *f = NULL;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		f = json_loadb(d->out, d->out_len, 0, &jerr);
	if (d->lint_gen == d->gen) {   /* else stale: the text changed meanwhile */
		char why[160];
		if (f && json_is_array(f)) {
			publish(s, d, f, d->lint_gen, d->lint_version);
			f = NULL;
		} else {
			if (WIFSIGNALED(status))
				snprintf(why, sizeof why, "internal error (signal %d) \u2014 please "
					 "report", WTERMSIG(status));
			else
				snprintf(why, sizeof why, "internal error (lint exit status %d) "
					 "\u2014 please report",
					 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
			lint_failed(s, d, why);
		}
	}
	json_decref(f);
	json_decref(d->lint_version);
	d->lint_version = NULL;
	free(d->out);
	d->out = NULL;
	d->out_len = d->out_cap = 0;
}

/* ---------------------------------------------------------------- documents */

static struct doc *doc_find(struct server *s, const char *uri)
{
	for (struct doc *d = s->docs; d; d = d->next)
		if (!strcmp(d->uri, uri))
			return d;
	return NULL;
}

static void doc_free(struct doc *d)
{
	lint_kill(d);
	free(d->uri);
	free(d->path);
	free(d->text);
	json_decref(d->version);
	json_decref(d->findings);
	free(d);
}

/* Replace d's text (len bytes, copied) and schedule a lint `delay` seconds
 * from now, killing the lint of the old text. */
static void doc_set_text(struct doc *d, const char *text, size_t len, double delay)
{
	char *t = malloc(len + 1);
	if (!t)
		return;
	memcpy(t, text, len);
	t[len] = 0;
	free(d->text);
	d->text = t;
	d->len = len;
	d->gen++;
	lint_kill(d);
	d->due = cls_now() + delay;
}

/* The byte offset in text of an LSP position (0-based line, UTF-16
 * character), clamped to the text. */
static size_t offset_of(const char *text, size_t len, json_t *pos)
{
	json_int_t line = json_integer_value(json_object_get(pos, "line"));
	json_int_t ch = json_integer_value(json_object_get(pos, "character"));
	size_t i = 0;
	for (; line > 0 && i < len; i++)
		if (text[i] == '\n')
			line--;
	for (json_int_t u = 0; u < ch && i < len && text[i] != '\n';) {
		unsigned char c = (unsigned char)text[i];
		size_t k = c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
		u += k == 4 ? 2 : 1;
		i += k;
	}
	return i < len ? i : len;
}

/* ----------------------------------------------------------------- methods */

static json_t *capabilities(void)
{
	return json_pack("{s:{s:{s:b,s:i,s:{s:b}},s:{s:[s]}},s:{s:s,s:s}}", "capabilities",
			 "textDocumentSync", "openClose", 1, "change", 1 /* Full */, "save",
			 "includeText", 0, "codeActionProvider", "codeActionKinds", "quickfix",
			 "serverInfo", "name", "clsynclint", "version", CLS_VERSION);
}

static void on_initialize(struct server *s, json_t *params)
{
	json_t *opts = json_object_get(params, "initializationOptions");
	json_t *ms = json_object_get(opts, "debounce");
	if (json_is_integer(ms) && json_integer_value(ms) >= 0 &&
	    json_integer_value(ms) <= 60000)
		s->debounce = (double)json_integer_value(ms) / 1000.0;
	s->initialized = true;
}

static void on_did_open(struct server *s, json_t *params)
{
	json_t *td = json_object_get(params, "textDocument");
	const char *uri = json_string_value(json_object_get(td, "uri"));
	json_t *text = json_object_get(td, "text");
	if (!uri || !json_is_string(text))
		return;
	struct doc *d = doc_find(s, uri);
	if (!d) {
		d = calloc(1, sizeof *d);
		if (!d)
			return;
		d->uri = strdup(uri);
		d->path = lsp_uri_to_path(uri);
		d->next = s->docs;
		s->docs = d;
	}
	json_decref(d->version);
	d->version = json_incref(json_object_get(td, "version"));
	doc_set_text(d, json_string_value(text), json_string_length(text), 0);
}

static void on_did_change(struct server *s, json_t *params)
{
	json_t *td = json_object_get(params, "textDocument");
	struct doc *d = doc_find(s, json_string_value(json_object_get(td, "uri")) ?: "");
	json_t *changes = json_object_get(params, "contentChanges");
	if (!d || !json_is_array(changes))
		return;
	/* Full sync is what we ask for; ranged changes are applied all the same. */
	char *text = malloc(d->len + 1);
	size_t len = d->len;
	if (!text)
		return;
	memcpy(text, d->text, len + 1);
	size_t i;
	json_t *c;
	json_array_foreach(changes, i, c) {
		json_t *t = json_object_get(c, "text"), *rg = json_object_get(c, "range");
		if (!json_is_string(t))
			continue;
		size_t a = 0, b = len, n = json_string_length(t);
		if (rg) {
			a = offset_of(text, len, json_object_get(rg, "start"));
			b = offset_of(text, len, json_object_get(rg, "end"));
			if (b < a)
				b = a;
		}
		char *x = malloc(len - (b - a) + n + 1);
		if (!x)
			break;
		memcpy(x, text, a);
		memcpy(x + a, json_string_value(t), n);
		memcpy(x + a + n, text + b, len - b);
		len = len - (b - a) + n;
		x[len] = 0;
		free(text);
		text = x;
	}
	json_decref(d->version);
	d->version = json_incref(json_object_get(td, "version"));
	doc_set_text(d, text, len, s->debounce);
	free(text);
}

static void on_did_save(struct server *s, json_t *params)
{
	json_t *td = json_object_get(params, "textDocument");
	struct doc *d = doc_find(s, json_string_value(json_object_get(td, "uri")) ?: "");
	if (!d)
		return;
	json_t *t = json_object_get(params, "text");
	if (json_is_string(t) && (json_string_length(t) != d->len ||
				  memcmp(json_string_value(t), d->text, d->len)))
		doc_set_text(d, json_string_value(t), json_string_length(t), 0);
	/* The files around it (.clsynclint, headers) may have changed too. */
	else if (!d->pid || d->lint_gen != d->gen)
		d->due = cls_now();
}

static void on_did_close(struct server *s, json_t *params)
{
	json_t *td = json_object_get(params, "textDocument");
	const char *uri = json_string_value(json_object_get(td, "uri"));
	for (struct doc **p = &s->docs; uri && *p; p = &(*p)->next) {
		struct doc *d = *p;
		if (strcmp(d->uri, uri))
			continue;
		*p = d->next;
		notify(s, "textDocument/publishDiagnostics",
		       json_pack("{s:s,s:[]}", "uri", d->uri, "diagnostics"));
		doc_free(d);
		return;
	}
}

/* Does LSP range a (an object) meet range b?  Touching counts, so that a
 * cursor at either end of a finding gets its fixes. */
static bool ranges_meet(json_t *a, json_t *b)
{
	json_int_t as[2], ae[2], bs[2], be[2];
	json_t *r[2] = { a, b };
	json_int_t *st[2] = { as, bs }, *en[2] = { ae, be };
	for (int k = 0; k < 2; k++) {
		json_t *x = json_object_get(r[k], "start"), *y = json_object_get(r[k], "end");
		st[k][0] = json_integer_value(json_object_get(x, "line"));
		st[k][1] = json_integer_value(json_object_get(x, "character"));
		en[k][0] = json_integer_value(json_object_get(y, "line"));
		en[k][1] = json_integer_value(json_object_get(y, "character"));
	}
	/* a.start <= b.end && b.start <= a.end, lexicographically */
	bool le1 = as[0] < be[0] || (as[0] == be[0] && as[1] <= be[1]);
	bool le2 = bs[0] < ae[0] || (bs[0] == ae[0] && bs[1] <= ae[1]);
	return le1 && le2;
}

/* codeAction: every fix-it of the findings that meet the range, as a quick
 * fix; none is marked preferred (whether a fix is safe is not known here). */
static json_t *on_code_action(struct server *s, json_t *params)
{
	json_t *actions = json_array();
	json_t *td = json_object_get(params, "textDocument");
	struct doc *d = doc_find(s, json_string_value(json_object_get(td, "uri")) ?: "");
	json_t *rg = json_object_get(params, "range");
	json_t *only = json_object_get(json_object_get(params, "context"), "only");
	if (!d || !d->findings || d->findings_gen != d->gen || !json_is_object(rg))
		return actions;
	if (json_is_array(only)) {
		bool want = false;
		size_t i;
		json_t *k;
		json_array_foreach(only, i, k)
			want |= json_is_string(k) && (!strcmp(json_string_value(k), "quickfix") ||
						      !strcmp(json_string_value(k), ""));
		if (!want)
			return actions;
	}
	size_t i, j;
	json_t *e, *f;
	json_array_foreach(d->findings, i, e) {
		json_t *diag = json_object_get(e, "diagnostic");
		if (!ranges_meet(json_object_get(diag, "range"), rg))
			continue;
		json_array_foreach(json_object_get(e, "fixes"), j, f) {
			json_t *changes = json_object();
			json_object_set(changes, json_string_value(json_object_get(f, "uri")),
					json_object_get(f, "edits"));
			json_array_append_new(actions, json_pack(
				"{s:O,s:s,s:[O],s:{s:o}}", "title", json_object_get(f, "title"),
				"kind", "quickfix", "diagnostics", diag, "edit", "changes", changes));
		}
	}
	return actions;
}

/* ---------------------------------------------------------------- dispatch */

/* Handle one message (its text); returns -1 to go on, else the exit code. */
static int handle(struct server *s, const char *body, size_t len)
{
	json_error_t jerr;
	json_t *msg = json_loadb(body, len, JSON_ALLOW_NUL, &jerr);
	if (!msg) {
		char why[300];
		snprintf(why, sizeof why, "parse error: %s (at byte %d)", jerr.text, jerr.position);
		reply_error(s, NULL, ERR_PARSE, why);
		return -1;
	}
	json_t *id = json_object_get(msg, "id");
	json_t *m = json_object_get(msg, "method");
	json_t *params = json_object_get(msg, "params");
	const char *method = json_string_value(m);
	bool request = id != NULL;
	if (!json_is_object(msg) || !method ||
	    (id && !json_is_integer(id) && !json_is_string(id) && !json_is_null(id))) {
		/* A response to a request of ours (we send none), or garbage. */
		if (!json_is_object(msg) || (!json_object_get(msg, "result") &&
					     !json_object_get(msg, "error")))
			reply_error(s, json_is_integer(id) || json_is_string(id) ? id : NULL,
				    ERR_INVALID_REQUEST, "invalid request: not a JSON-RPC message");
		json_decref(msg);
		return -1;
	}
	int rc = -1;
	if (!strcmp(method, "exit")) {
		rc = s->shutdown ? 0 : 1;
	} else if (!s->initialized && strcmp(method, "initialize")) {
		if (request)
			reply_error(s, id, ERR_NOT_INITIALIZED, "server not initialized");
	} else if (s->shutdown) {
		if (request)
			reply_error(s, id, ERR_INVALID_REQUEST, "server is shutting down");
	} else if (!strcmp(method, "initialize")) {
		if (request && s->initialized) {
			reply_error(s, id, ERR_INVALID_REQUEST, "initialize sent twice");
		} else if (request) {
			on_initialize(s, params);
			reply(s, id, capabilities());
		}
	} else if (!strcmp(method, "shutdown")) {
		s->shutdown = true;
		for (struct doc *d = s->docs; d; d = d->next) {
			lint_kill(d);
			d->due = 0;
		}
		if (request)
			reply(s, id, NULL);
	} else if (!strcmp(method, "textDocument/didOpen")) {
		on_did_open(s, params);
	} else if (!strcmp(method, "textDocument/didChange")) {
		on_did_change(s, params);
	} else if (!strcmp(method, "textDocument/didSave")) {
		on_did_save(s, params);
	} else if (!strcmp(method, "textDocument/didClose")) {
		on_did_close(s, params);
	} else if (!strcmp(method, "textDocument/codeAction") && request) {
		if (!json_is_object(params))
			reply_error(s, id, ERR_INVALID_PARAMS, "codeAction without params");
		else
			reply(s, id, on_code_action(s, params));
	} else if (request) {
		char why[300];
		snprintf(why, sizeof why, "method not found: %.200s", method);
		reply_error(s, id, ERR_METHOD_NOT_FOUND, why);
	}
	/* Other notifications ($/cancelRequest, initialized, ...): nothing to do. */
	json_decref(msg);
	return rc;
}

/* ------------------------------------------------------------------ loop */

int lsp_serve(int in_fd, int out_fd, lsp_options_fn options, void *env)
{
	struct server s = { .out = out_fd, .options = options, .env = env,
			    .debounce = DEFAULT_DEBOUNCE_MS / 1000.0 };
	struct lspio_reader in;
	lspio_init(&in, in_fd);
	/* A client that closes its end shows up as a failed write, not SIGPIPE. */
	signal(SIGPIPE, SIG_IGN);
	cls_preload();   /* every lint is a child forked from here */
	int rc = -1;
	struct pollfd *pfd = NULL;
	size_t npfd_cap = 0;
	while (rc < 0) {
		/* Whole messages first: a burst of changes is taken in at once,
		 * and only its last text is linted. */
		char *body;
		size_t len;
		enum lspio_status st;
		while (rc < 0 && (st = lspio_next(&in, &body, &len)) != LSPIO_AGAIN) {
			if (st == LSPIO_EOF) {
				rc = s.shutdown ? 0 : 1;
				break;
			}
			if (st == LSPIO_BAD) {
				/* No reply: without a body there is no id to answer. */
				log_msg(&s, 1, "bad message: %s", body ? body : "out of memory");
			} else {
				rc = handle(&s, body, len);
			}
			free(body);
		}
		if (rc >= 0)
			break;
		double t = cls_now(), wake = 0;
		for (struct doc *d = s.docs; d; d = d->next) {
			if (d->due && d->due <= t && !s.shutdown)
				lint_start(&s, d);
			if (d->pid && d->deadline && d->deadline <= t) {
				char why[100];
				snprintf(why, sizeof why, "over the time budget of %g s", d->budget);
				json_t *version = json_incref(d->lint_version);
				lint_kill(d);
				d->lint_version = version;   /* that of the text it was linting */
				lint_failed(&s, d, why);
				json_decref(d->lint_version);
				d->lint_version = NULL;
			}
			if (d->due && (!wake || d->due < wake))
				wake = d->due;
			if (d->pid && d->deadline && (!wake || d->deadline < wake))
				wake = d->deadline;
		}
		size_t n = 1;
		for (struct doc *d = s.docs; d; d = d->next)
			n += d->pid != 0;
		if (n > npfd_cap) {
			struct pollfd *x = realloc(pfd, n * 2 * sizeof *x);
			if (!x)
				break;
			pfd = x;
			npfd_cap = n * 2;
		}
		pfd[0] = (struct pollfd){ .fd = in_fd, .events = POLLIN };
		n = 1;
		for (struct doc *d = s.docs; d; d = d->next)
			if (d->pid)
				pfd[n++] = (struct pollfd){ .fd = d->fd, .events = POLLIN };
		int timeout = -1;
		if (wake)
			timeout = wake <= t ? 0 : (int)((wake - t) * 1000.0) + 1;
		if (poll(pfd, n, timeout) < 0 && errno != EINTR)
			break;
		if (pfd[0].revents)
			lspio_fill(&in);
		n = 1;
		/* pfd follows the docs' order; a doc whose lint ends is still there */
		for (struct doc *d = s.docs; d; d = d->next) {
			if (!d->pid)
				continue;
			if (pfd[n++].revents)
				lint_read(&s, d);
		}
	}
	while (s.docs) {
		struct doc *d = s.docs;
		s.docs = d->next;
		doc_free(d);
	}
	free(pfd);
	lspio_free(&in);
	return rc < 0 ? 1 : rc;
}
