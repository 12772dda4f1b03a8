/*
 * fmt_util.c - what the formatters share (fmt_ prefix): severity names, JSON
 * strings, source lines, UTF-8 and UTF-16 columns, file names and URIs.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fmt.h"

const char *fmt_sev_name(enum cls_severity s)
{
	return s == CLS_ERROR ? "error" : s == CLS_WARNING ? "warning" : "note";
}

void fmt_json_str(FILE *out, const char *s)
{
	fputc('"', out);
	for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
		switch (*p) {
		case '"': fputs("\\\"", out); break;
		case '\\': fputs("\\\\", out); break;
		case '\n': fputs("\\n", out); break;
		case '\r': fputs("\\r", out); break;
		case '\t': fputs("\\t", out); break;
		default:
			if (*p < 0x20) {
				fprintf(out, "\\u%04x", *p);
			} else if (*p >= 0x80) {
				/* JSON is UTF-8: a byte that is not (a Latin-1
				 * file name, say) becomes U+FFFD. */
				unsigned k = fmt_utf8_len((const char *)p, 5);
				if (k) {
					fwrite(p, 1, k, out);
					p += k - 1;
				} else {
					fputs("\\ufffd", out);
				}
			} else {
				fputc(*p, out);
			}
		}
	}
	fputc('"', out);
}

const char *fmt_source_line(const struct cls_result *r, unsigned line, size_t *len)
{
	const char *p = r->source, *end = r->source + r->source_len;
	if (!p || !line)
		return NULL;
	for (unsigned l = 1; l < line; l++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			return NULL;
		p = nl + 1;
	}
	const char *nl = memchr(p, '\n', (size_t)(end - p));
	*len = (size_t)((nl ? nl : end) - p);
	if (*len && p[*len - 1] == '\r')
		(*len)--;
	return p;
}

/* (A NUL-terminated string may pass n = 5: the bytes are read in order and
 * the terminator ends the sequence.) */
unsigned fmt_utf8_len(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned c = p[0], k;
	unsigned char lo = 0x80, hi = 0xbf;
	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		k = 1;
	else if (c >= 0xe0 && c <= 0xef)
		k = 2, lo = c == 0xe0 ? 0xa0 : 0x80, hi = c == 0xed ? 0x9f : 0xbf;
	else if (c >= 0xf0 && c <= 0xf4)
		k = 3, lo = c == 0xf0 ? 0x90 : 0x80, hi = c == 0xf4 ? 0x8f : 0xbf;
	else
		return 0;
	if (n <= k || p[1] < lo || p[1] > hi)
		return 0;
	for (unsigned j = 2; j <= k; j++)
		if ((p[j] & 0xc0) != 0x80)
			return 0;
	return k + 1;
}

/* A character outside the BMP is two code units, and a byte that is not
 * UTF-8 (a Latin-1 comment) one, as a reader that decodes it to U+FFFD
 * counts it. */
unsigned fmt_utf16_col(const char *line, size_t len, unsigned col)
{
	unsigned units = 0;
	size_t bytes = col ? col - 1 : 0, i = 0;
	while (i < bytes) {
		unsigned k = i < len ? fmt_utf8_len(line + i, len - i) : 1;
		units += k == 4 ? 2 : 1;
		i += k ? k : 1;
	}
	return units + 1;
}

char *fmt_srcroot(void)
{
	char buf[4096];
	if (!getcwd(buf, sizeof buf - 1))
		return NULL;
	size_t n = strlen(buf);
	if (!n || buf[n - 1] != '/')
		buf[n++] = '/', buf[n] = 0;
	return strdup(buf);
}

const char *fmt_rel_path(const struct cls_output *o, const char *path)
{
	if (!path)
		return "";
	size_t n = o->srcroot ? strlen(o->srcroot) : 0;
	if (n && !strncmp(path, o->srcroot, n) && path[n])
		return path + n;
	while (path[0] == '.' && path[1] == '/')
		path += 2;
	return path;
}

void fmt_uri_str(FILE *out, const char *s)
{
	static const char hex[] = "0123456789ABCDEF";
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || strchr("-._~/", *p))
			fputc(*p, out);
		else
			fprintf(out, "%%%c%c", hex[*p >> 4], hex[*p & 15]);
	}
}
