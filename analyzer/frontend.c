/*
 * frontend.c - libclang at the edge (fe_ prefix).
 *
 * The only file that includes clang-c/Index.h.  It parses a kernel file as
 * OpenCL C, turns compiler errors into compile-error diagnostics, and lowers
 * every function definition outside system headers into the IR of ir.h.
 * When the only thing missing is macro constants and types that the host's
 * build options would define, it parses again with them assumed (zero
 * configuration, below) and lowers the constants to E_MACRO unknowns.
 * Every CXString is copied into the arena and disposed in the helper that
 * obtained it.
 */
#include <clang-c/Index.h>

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#ifdef __GLIBC__
#endif

#include "ctx.h"
#include "fsguard.h"
#include "ir.h"

/* ---------------------------------------------------------------- strings */

/* Copy a CXString into the arena and dispose of it. */
static const char *take(struct mem_arena *a, CXString s)
{
	const char *c = clang_getCString(s);
	const char *r = mem_strdup(a, c ? c : "");
	clang_disposeString(s);
	return r;
}

/* Is c an identifier character? */
static bool ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_';
}

/* ------------------------------------------------------------ hash tables */

/* Maps a declaration cursor to what we made of it (ir_var or ir_func). */
struct decl_entry {
	CXCursor key;
	void *val;
	bool used;
};

struct decl_map {
	struct decl_entry *v;
	unsigned cap, len;
};

static void *dmap_get(struct decl_map *m, CXCursor c)
{
	if (!m->cap)
		return NULL;
	unsigned h = clang_hashCursor(c) & (m->cap - 1);
	while (m->v[h].used) {
		if (clang_equalCursors(m->v[h].key, c))
			return m->v[h].val;
		h = (h + 1) & (m->cap - 1);
	}
	return NULL;
}

static bool dmap_put(struct decl_map *m, CXCursor c, void *val)
{
	if ((m->len + 1) * 2 > m->cap) {
		unsigned ncap = m->cap ? m->cap * 2 : 64;
		struct decl_entry *nv = calloc(ncap, sizeof *nv);
		if (!nv)
			return false;
		for (unsigned i = 0; i < m->cap; i++) {
			if (!m->v[i].used)
				continue;
			unsigned h = clang_hashCursor(m->v[i].key) & (ncap - 1);
			while (nv[h].used)
				h = (h + 1) & (ncap - 1);
			nv[h] = m->v[i];
		}
		free(m->v);
		m->v = nv;
		m->cap = ncap;
	}
	unsigned h = clang_hashCursor(c) & (m->cap - 1);
	while (m->v[h].used) {
		if (clang_equalCursors(m->v[h].key, c)) {
			m->v[h].val = val;
			return true;
		}
		h = (h + 1) & (m->cap - 1);
	}
	m->v[h].used = true;
	m->v[h].key = c;
	m->v[h].val = val;
	m->len++;
	return true;
}

/* Types, interned by canonical spelling. */
struct type_entry {
	const char *key;
	struct ir_type *t;
};

struct type_map {
	struct type_entry *v;
	unsigned cap, len;
};

static unsigned str_hash(const char *s)
{
	unsigned h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

/* --------------------------------------------------------------- lowering */

/* Collect the direct children of a cursor (arena array). */
struct kids {
	CXCursor *v;
	unsigned n, cap;
	struct mem_arena *a;
};

struct label {
	const char *name;
	struct ir_block *block;
	struct label *next;
};

struct switch_ctx {
	struct mem_vec cases;     /* struct ir_block * */
	long long *vals;
	unsigned nvals, capvals;
	struct ir_block *deflt;
};

struct file_cache {
	CXFile file;
	const char *name;
};

struct fe {
	struct cls_ctx *ctx;
	struct ir_unit *u;
	struct mem_arena *a;
	struct mem_arena tmp;      /* cursor lists: released as each statement or
				    * expression is lowered (lower_expr, lower_stmt) */
	CXTranslationUnit tu;
	CXFile main_file;
	const char *display;
	struct decl_map decls;     /* VarDecl/ParmDecl/FunctionDecl -> ir_var/ir_func */
	struct kids fcursors;      /* the definition of u->funcs.items[i] */
	struct type_map types;
	struct file_cache files[16];
	unsigned nfiles;
	/* per function */
	struct ir_func *f;
	struct ir_block *cur;
	struct ir_block *brk, *cont;
	struct switch_ctx *sw;
	struct label *labels;
	unsigned depth;            /* expression recursion depth */
	bool too_deep;
	CXCursor fcursor;          /* the definition being lowered */
	struct for_table *fors;    /* its for statements' parts (for_table), or NULL */
	struct mem_arena fora;     /* the table and the printed definition, per function */
	/* zero configuration: the macro constants assumed for this parse
	 * (placeholder fe_placeholder(k) for macro[k]), NULL when none */
	struct ir_var **macro;
	unsigned nmacro;
	const struct zc *zc;       /* what was assumed, for a second look (zc_check_attributes) */
	const char **argv;         /* the parse's arguments and the file, for that look */
	int argc;
	struct CXUnsavedFile *uf;
};

#define FE_MAX_DEPTH 2000

/*
 * Zero configuration (see "zero configuration" below): the k-th macro
 * constant nothing defines is given the value fe_placeholder(k) for clang,
 * so that the file compiles, and every literal of that value that a macro
 * expansion wrote becomes E_MACRO, the unknown itself.  The values are odd
 * numbers no kernel writes, small enough that TILE * TILE * 4 stays an int.
 */
#define FE_PLACEHOLDER_BASE 20011
#define FE_MAX_MACROS 64

static long long fe_placeholder(unsigned k)
{
	return FE_PLACEHOLDER_BASE + 4 * (long long)k;
}


static const char *file_name(struct fe *s, CXFile f)
{
	if (!f)
		return s->display;
	for (unsigned i = 0; i < s->nfiles; i++)
		if (s->files[i].file == f)
			return s->files[i].name;
	const char *name = clang_File_isEqual(f, s->main_file)
				   ? s->display
				   : take(s->a, clang_getFileName(f));
	if (s->nfiles < sizeof s->files / sizeof s->files[0]) {
		s->files[s->nfiles].file = f;
		s->files[s->nfiles].name = name;
		s->nfiles++;
	}
	return name;
}

static struct cls_pos pos_of(struct fe *s, CXSourceLocation loc)
{
	struct cls_pos p;
	CXFile f;
	unsigned line, col, off;
	clang_getExpansionLocation(loc, &f, &line, &col, &off);
	p.file = file_name(s, f);
	p.line = line;
	p.col = col;
	return p;
}

static struct cls_range range_of(struct fe *s, CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);
	struct cls_range out;
	out.begin = pos_of(s, clang_getRangeStart(r));
	out.end = pos_of(s, clang_getRangeEnd(r));
	if (out.end.file != out.begin.file || out.end.line < out.begin.line ||
	    (out.end.line == out.begin.line && out.end.col < out.begin.col))
		out.end = out.begin;
	return out;
}


static enum CXChildVisitResult kids_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	struct kids *k = d;
	if (k->n == k->cap) {
		unsigned ncap = k->cap ? k->cap * 2 : 8;
		CXCursor *nv = MEM_ARRAY(k->a, CXCursor, ncap);
		if (!nv)
			return CXChildVisit_Break;
		if (k->n)
			memcpy(nv, k->v, k->n * sizeof *nv);
		k->v = nv;
		k->cap = ncap;
	}
	k->v[k->n++] = c;
	return CXChildVisit_Continue;
}

static struct kids children(struct fe *s, CXCursor c)
{
	struct kids k = { .a = &s->tmp };
	clang_visitChildren(c, kids_visit, &k);
	return k;
}

/* Only the expression children (drops TypeRef and friends). */
static struct kids expr_children(struct fe *s, CXCursor c)
{
	struct kids k = children(s, c);
	unsigned j = 0;
	for (unsigned i = 0; i < k.n; i++)
		if (clang_isExpression(clang_getCursorKind(k.v[i])))
			k.v[j++] = k.v[i];
	k.n = j;
	return k;
}

static void unsupported(struct fe *s, CXCursor c, const char *what, const char *weakened)
{
	struct ir_unsupported *x = MEM_NEW(s->a, struct ir_unsupported);
	if (!x)
		return;
	x->pos = range_of(s, c).begin;
	x->what = what;
	x->weakened = weakened;
	mem_vec_push(s->a, &s->u->unsupported, x);
}

/* ------------------------------------------------------------------ types */

static enum ir_space space_in(const char *spelling)
{
	/* The first address-space qualifier in a canonical spelling belongs to
	 * the outermost object (for a pointee spelling: the pointee). */
	static const struct { const char *q; enum ir_space s; } qs[] = {
		{ "__local", AS_LOCAL }, { "__global", AS_GLOBAL },
		{ "__constant", AS_CONSTANT }, { "__private", AS_PRIVATE },
		{ "__generic", AS_GENERIC },
	};
	const char *best = NULL;
	enum ir_space sp = AS_PRIVATE;
	for (unsigned i = 0; i < sizeof qs / sizeof qs[0]; i++) {
		const char *p = strstr(spelling, qs[i].q);
		if (p && (!best || p < best)) {
			best = p;
			sp = qs[i].s;
		}
	}
	return sp;
}

static struct ir_type *make_type(struct fe *s, CXType t, int depth);

static struct ir_type *build_type(struct fe *s, CXType ct, const char *spelling, int depth)
{
	struct ir_type *t = MEM_NEW(s->a, struct ir_type);
	if (!t)
		return NULL;
	t->spelling = spelling;
	t->size = clang_Type_getSizeOf(ct);
	t->is_volatile = clang_isVolatileQualifiedType(ct) != 0;
	switch (ct.kind) {
	case CXType_Void:
		t->kind = T_VOID;
		break;
	case CXType_Bool: case CXType_Char_U: case CXType_UChar: case CXType_UShort:
	case CXType_UInt: case CXType_ULong: case CXType_ULongLong:
		t->kind = T_INT;
		t->is_unsigned = true;
		break;
	case CXType_Char_S: case CXType_SChar: case CXType_Short: case CXType_Int:
	case CXType_Long: case CXType_LongLong: case CXType_Enum:
		t->kind = T_INT;
		break;
	case CXType_Half: case CXType_Float: case CXType_Double: case CXType_Float16:
		t->kind = T_FLOAT;
		break;
	case CXType_Vector: case CXType_ExtVector:
		t->kind = T_VECTOR;
		t->count = (unsigned)clang_getNumElements(ct);
		t->elem = make_type(s, clang_getElementType(ct), depth + 1);
		break;
	case CXType_Pointer: {
		CXType pt = clang_getPointeeType(ct);
		t->kind = T_POINTER;
		t->elem = make_type(s, pt, depth + 1);
		if (t->elem) {
			t->space = t->elem->space;
			t->is_volatile = t->elem->is_volatile;
		}
		break;
	}
	case CXType_ConstantArray: case CXType_IncompleteArray: case CXType_VariableArray:
	case CXType_DependentSizedArray: {
		long long n = clang_getArraySize(ct);
		t->kind = T_ARRAY;
		t->count = n > 0 ? (unsigned)n : 0;
		t->elem = make_type(s, clang_getArrayElementType(ct), depth + 1);
		break;
	}
	case CXType_Record:
		t->kind = T_STRUCT;
		break;
	case CXType_Atomic:
		t->kind = T_INT;
		t->is_atomic = true;
		break;
	default:
		t->kind = T_OTHER;
		break;
	}
	if (t->kind != T_POINTER)
		t->space = (unsigned char)space_in(spelling);
	/* `_Atomic` is a keyword, so no user type's name can contain it (a
	 * struct called atomic_counts is not atomic). */
	if (strstr(spelling, "_Atomic"))
		t->is_atomic = t->kind != T_POINTER;
	return t;
}

/* The interned type spelled `look`, or NULL. */
static struct ir_type *type_lookup(struct fe *s, const char *look)
{
	struct type_map *m = &s->types;
	if (!m->cap)
		return NULL;
	for (unsigned h = str_hash(look) & (m->cap - 1); m->v[h].key; h = (h + 1) & (m->cap - 1))
		if (!strcmp(m->v[h].key, look))
			return m->v[h].t;
	return NULL;
}

/* Intern type it under its spelling (arena memory); returns it. */
static struct ir_type *type_intern(struct fe *s, struct ir_type *it)
{
	struct type_map *m = &s->types;
	unsigned h;
	const char *sp = it->spelling;
	if ((m->len + 1) * 2 > m->cap) {
		unsigned ncap = m->cap ? m->cap * 2 : 64;
		struct type_entry *nv = MEM_ARRAY(s->a, struct type_entry, ncap);
		if (!nv)
			return it;
		for (unsigned i = 0; i < m->cap; i++) {
			if (!m->v[i].key)
				continue;
			unsigned k = str_hash(m->v[i].key) & (ncap - 1);
			while (nv[k].key)
				k = (k + 1) & (ncap - 1);
			nv[k] = m->v[i];
		}
		m->v = nv;
		m->cap = ncap;
	}
	h = str_hash(sp) & (m->cap - 1);
	while (m->v[h].key)
		h = (h + 1) & (m->cap - 1);
	m->v[h].key = sp;
	m->v[h].t = it;
	m->len++;
	return it;
}

/* Intern the canonical form of t. */
static struct ir_type *make_type(struct fe *s, CXType t, int depth)
{
	if (depth > 16)
		return NULL;
	CXType ct = clang_getCanonicalType(t);
	/* Nearly every lookup hits: copy the spelling only for a new type. */
	CXString cxs = clang_getTypeSpelling(ct);
	const char *look = clang_getCString(cxs);
	struct ir_type *it = type_lookup(s, look ? look : "");
	if (it) {
		clang_disposeString(cxs);
		return it;
	}
	const char *sp = mem_strdup(s->a, look ? look : "");
	clang_disposeString(cxs);
	if (!sp)
		return NULL;
	it = build_type(s, ct, sp, depth);
	return it ? type_intern(s, it) : NULL;
}

/*
 * The type of a parameter: one declared as an array (`__local float
 * part[]`, `float m[][16]`) is a pointer to its element type, as C adjusts
 * it (libclang gives a parameter's type as written).  Every access through
 * it is then an access through a pointer, as it is for `__local float *`.
 */
static struct ir_type *param_type(struct fe *s, CXType t)
{
	CXType ct = clang_getCanonicalType(t);
	if (ct.kind != CXType_ConstantArray && ct.kind != CXType_IncompleteArray &&
	    ct.kind != CXType_VariableArray && ct.kind != CXType_DependentSizedArray)
		return make_type(s, t, 0);
	struct ir_type *arr = make_type(s, ct, 0), *elem = make_type(s, clang_getArrayElementType(ct), 1);
	const char *br = arr ? strchr(arr->spelling, '[') : NULL, *close = br ? strchr(br, ']') : NULL;
	if (!elem || !close)
		return arr;
	/* The array's qualifiers (`__local`, `volatile`) are its elements': the
	 * element type is the array's spelling without its outermost length. */
	const char *es = mem_printf(s->a, "%.*s%s", (int)(br - arr->spelling), arr->spelling, close + 1);
	struct ir_type *e = es ? type_lookup(s, es) : NULL;
	if (es && !e && (e = MEM_NEW(s->a, struct ir_type))) {
		*e = *elem;
		e->spelling = es;
		e->space = arr->space;
		e->is_volatile = arr->is_volatile || elem->is_volatile;
		e = type_intern(s, e);
	}
	if (!e)
		return NULL;
	/* Spelled as clang spells the pointer: `T *`, `T (*)[16]`. */
	const char *eb = strchr(es, '[');
	const char *sp = eb ? mem_printf(s->a, "%.*s(*)%s", (int)(eb - es), es, eb)
			    : mem_printf(s->a, "%s *", es);
	if (!sp)
		return NULL;
	struct ir_type *it = type_lookup(s, sp);
	if (it)
		return it;
	it = MEM_NEW(s->a, struct ir_type);
	if (!it)
		return NULL;
	it->kind = T_POINTER;
	it->spelling = sp;
	it->size = 8;     /* spir64 (build_args) */
	it->elem = e;
	it->space = e->space;
	it->is_volatile = e->is_volatile;
	return type_intern(s, it);
}

/* ------------------------------------------------------------- variables */

static struct ir_var *add_private(struct fe *s, struct ir_var *v)
{
	struct ir_func *f = s->f;
	if (!f)
		return v;
	if ((f->nvars & (f->nvars - 1)) == 0) {
		unsigned cap = f->nvars ? f->nvars * 2 : 4;
		struct ir_var **nv = MEM_ARRAY(s->a, struct ir_var *, cap);
		if (!nv)
			return v;
		if (f->nvars)
			memcpy(nv, f->vars, f->nvars * sizeof *nv);
		f->vars = nv;
	}
	v->id = f->nvars;
	f->vars[f->nvars++] = v;
	v->func = f;
	return v;
}

static struct ir_expr *lower_expr(struct fe *s, CXCursor c);
static bool eval_int(CXCursor c, long long *v);
static bool has_macro(const struct ir_expr *e, unsigned depth);

/* Collect the size expressions among the children of c (but not `skip`,
 * a variable's initializer) into k. */
static void size_exprs(struct fe *s, CXCursor c, CXCursor skip, struct kids *k)
{
	struct kids x = children(s, c);
	for (unsigned i = 0; i < x.n; i++)
		if (clang_isExpression(clang_getCursorKind(x.v[i])) &&
		    (clang_Cursor_isNull(skip) || !clang_equalCursors(x.v[i], skip)))
			kids_visit(x.v[i], c, k);
}

/*
 * Zero configuration: the lengths of array variable v, as its declaration
 * (or the typedef it names) writes them, when one is made of an assumed
 * macro constant (__local float t[TILE][TILE + 1]).  The lengths become
 * v->extent, outermost first, and v's type and the row types inside it are
 * marked symbolic: their sizes are the placeholder's, which no analysis
 * may take for a value.  A length without a written expression (no child
 * matches it) is marked symbolic when it is as large as a placeholder could
 * make it.
 */
static void array_extents(struct fe *s, CXCursor decl, struct ir_var *v)
{
	unsigned n = 0;
	for (const struct ir_type *t = v->type; t && t->kind == T_ARRAY; t = t->elem)
		n++;
	if (!n || n > 8)
		return;
	struct mem_mark m = mem_mark(&s->tmp);
	struct kids k = { .a = &s->tmp };
	size_exprs(s, decl, clang_Cursor_getVarDeclInitializer(decl), &k);
	CXType dt = clang_getCursorType(decl);
	if (dt.kind == CXType_Elaborated)
		dt = clang_Type_getNamedType(dt);
	if (dt.kind == CXType_Typedef)
		size_exprs(s, clang_getTypeDeclaration(dt), clang_getNullCursor(), &k);
	struct ir_expr **ext = MEM_ARRAY(s->a, struct ir_expr *, n);
	bool used[32] = { false }, sym[8] = { false }, any = false;
	struct ir_func *f = s->f;
	s->f = NULL;   /* not expressions of the function's blocks */
	unsigned i = 0;
	for (const struct ir_type *t = v->type; ext && t && t->kind == T_ARRAY; t = t->elem, i++) {
		for (unsigned j = 0; j < k.n && j < 32 && !ext[i]; j++) {
			long long x;
			if (!used[j] && eval_int(k.v[j], &x) && x == (long long)t->count) {
				used[j] = true;
				ext[i] = lower_expr(s, k.v[j]);
			}
		}
		sym[i] = ext[i] ? has_macro(ext[i], 0) : t->count >= FE_PLACEHOLDER_BASE / 16;
	}
	s->f = f;
	mem_release(&s->tmp, m);
	/* A row is symbolic when a length inside it is. */
	for (unsigned j = n; j-- > 1;)
		sym[j - 1] |= sym[j];
	any = sym[0];
	if (!ext || !any)
		return;
	v->extent = ext;
	v->nextent = n;
	i = 0;
	for (struct ir_type *t = v->type; t && t->kind == T_ARRAY; t = t->elem, i++)
		if (sym[i])
			t->symbolic = true;
}

/* ---------------------------------------------- __constant tables */

#define MAX_CINIT 256   /* elements of a __constant table kept as facts */

struct cinit_walk {
	long long *v;
	unsigned n, cap;
	bool ok;
};

static enum CXChildVisitResult cinit_elem(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	struct cinit_walk *w = data;
	long long x;
	if (w->n >= w->cap || !eval_int(c, &x)) {
		w->ok = false;
		return CXChildVisit_Break;
	}
	w->v[w->n++] = x;
	return CXChildVisit_Continue;
}

/* The initializer is the declaration's last expression child (an array's
 * length, written in the declarator, comes before it). */
static enum CXChildVisitResult cinit_find(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	if (clang_isExpression(clang_getCursorKind(c)))
		*(CXCursor *)data = c;
	return CXChildVisit_Continue;
}

/* Does an initializer list name its elements ({ [2] = 7 })?  Its
 * children are then not the elements in order. */
static bool designated(struct fe *s, CXCursor list)
{
	CXToken *toks = NULL;
	unsigned n = 0;
	bool r = false;
	clang_tokenize(s->tu, clang_getCursorExtent(list), &toks, &n);
	for (unsigned i = 0; i < n && !r; i++)
		if (clang_getTokenKind(toks[i]) == CXToken_Punctuation) {
			CXString sp = clang_getTokenSpelling(s->tu, toks[i]);
			const char *t = clang_getCString(sp);
			r = t && (!strcmp(t, "[") || !strcmp(t, "=") || !strcmp(t, "."));
			clang_disposeString(sp);
		}
	if (toks)
		clang_disposeTokens(s->tu, toks, n);
	return r;
}

/* The values of a __constant integer scalar or one-dimensional integer
 * array with an initializer, for the analyses to use as facts: a guard on
 * table[k] then has known values instead of unknown data. */
static void constant_table(struct fe *s, CXCursor decl, struct ir_var *v)
{
	const struct ir_type *t = v->type, *e = t;
	if (!t || t->space != AS_CONSTANT || t->symbolic)
		return;
	unsigned len = 1;
	if (t->kind == T_ARRAY) {
		e = t->elem;
		len = t->count;
	}
	if (!e || e->kind != T_INT || !len || len > MAX_CINIT)
		return;
	long long *vals = mem_zalloc(s->a, len * sizeof *vals);
	if (!vals)
		return;
	struct cinit_walk w = { vals, 0, len, true };
	CXCursor init = clang_getNullCursor();
	clang_visitChildren(decl, cinit_find, &init);
	if (clang_Cursor_isNull(init))
		return;
	if (clang_getCursorKind(init) == CXCursor_InitListExpr) {
		if (t->kind != T_ARRAY || designated(s, init))
			return;
		clang_visitChildren(init, cinit_elem, &w);
	} else if (t->kind == T_ARRAY || !eval_int(init, &vals[w.n++])) {
		return;
	}
	if (!w.ok)
		return;
	v->cinit = vals;
	v->ncinit = len;
}

/* The ir_var for a VarDecl or ParmDecl cursor, made on first sight. */
static struct ir_var *var_for(struct fe *s, CXCursor decl)
{
	struct ir_var *v = dmap_get(&s->decls, decl);
	if (v)
		return v;
	v = MEM_NEW(s->a, struct ir_var);
	if (!v)
		return NULL;
	v->name = take(s->a, clang_getCursorSpelling(decl));
	enum CXCursorKind k = clang_getCursorKind(decl);
	v->type = k == CXCursor_ParmDecl ? param_type(s, clang_getCursorType(decl))
					 : make_type(s, clang_getCursorType(decl), 0);
	v->decl = range_of(s, decl);
	v->pos = v->decl.begin;
	if (s->nmacro && k == CXCursor_VarDecl && v->type && v->type->kind == T_ARRAY)
		array_extents(s, decl, v);
	enum CX_StorageClass sc = clang_Cursor_getStorageClass(decl);
	CXCursor parent = clang_getCursorSemanticParent(decl);
	bool file_scope = clang_getCursorKind(parent) == CXCursor_TranslationUnit;
	if (k == CXCursor_ParmDecl) {
		v->kind = VAR_PARAM;
	} else if (file_scope || sc == CX_SC_Static ||
		   (v->type && v->type->kind != T_POINTER && v->type->space == AS_CONSTANT)) {
		v->kind = VAR_PROGRAM;
		mem_vec_push(s->a, &s->u->shared, v);
		if (k == CXCursor_VarDecl)
			constant_table(s, decl, v);
	} else if (v->type && v->type->kind != T_POINTER && v->type->space == AS_LOCAL) {
		/* (A pointer's space is its pointee's: the pointer itself is private.) */
		v->kind = VAR_SHARED;
		v->func = s->f;
		mem_vec_push(s->a, &s->u->shared, v);
	} else {
		v->kind = VAR_PRIVATE;
	}
	if (v->kind == VAR_PARAM || v->kind == VAR_PRIVATE)
		add_private(s, v);
	dmap_put(&s->decls, decl, v);
	return v;
}

/* ------------------------------------------------------------ expressions */

static struct ir_expr *lower_expr(struct fe *s, CXCursor c);
static struct ir_expr *lower_stmt_expr(struct fe *s, CXCursor c);

static struct ir_expr *new_expr(struct fe *s, CXCursor c, enum ir_op op, unsigned n)
{
	struct ir_expr *e = ir_new_expr(s->u, s->f, op, n);
	if (!e)
		return NULL;
	e->range = range_of(s, c);
	e->type = make_type(s, clang_getCursorType(c), 0);
	return e;
}

static bool eval_int(CXCursor c, long long *v)
{
	CXEvalResult r = clang_Cursor_Evaluate(c);
	bool ok = false;
	if (r) {
		if (clang_EvalResult_getKind(r) == CXEval_Int) {
			*v = clang_EvalResult_getAsLongLong(r);
			ok = true;
		}
		clang_EvalResult_dispose(r);
	}
	return ok;
}

/* Does the text at location l start with an identifier (a macro's name),
 * rather than the digits of a literal written there? */
static bool expanded_from_macro(struct fe *s, CXSourceLocation l)
{
	CXFile f = NULL;
	unsigned off = 0;
	size_t size = 0;
	clang_getExpansionLocation(l, &f, NULL, NULL, &off);
	const char *text = f ? clang_getFileContents(s->tu, f, &size) : NULL;
	return text && off < size && ident_char(text[off]) && !(text[off] >= '0' && text[off] <= '9');
}

/* The assumed macro constant an integer literal stands for, or NULL. */
static struct ir_var *literal_macro(struct fe *s, CXCursor c, long long v)
{
	if (!s->nmacro || v < FE_PLACEHOLDER_BASE || (v - FE_PLACEHOLDER_BASE) % 4 ||
	    (v - FE_PLACEHOLDER_BASE) / 4 >= s->nmacro)
		return NULL;
	if (!expanded_from_macro(s, clang_getCursorLocation(c)))
		return NULL;
	return s->macro[(v - FE_PLACEHOLDER_BASE) / 4];
}

/* Does e (an expression tree) use an assumed macro constant? */
static bool has_macro(const struct ir_expr *e, unsigned depth)
{
	if (!e || depth > 64)
		return false;
	if (e->op == E_MACRO)
		return true;
	for (unsigned i = 0; i < e->nkids; i++)
		if (has_macro(e->kids[i], depth + 1))
			return true;
	return false;
}

static struct ir_expr *lower_const(struct fe *s, CXCursor c)
{
	CXEvalResult r = clang_Cursor_Evaluate(c);
	struct ir_expr *e = NULL;
	if (r) {
		switch (clang_EvalResult_getKind(r)) {
		case CXEval_Int: {
			long long v = clang_EvalResult_getAsLongLong(r);
			struct ir_var *m = clang_getCursorKind(c) == CXCursor_IntegerLiteral
						   ? literal_macro(s, c, v) : NULL;
			e = new_expr(s, c, m ? E_MACRO : E_INT, 0);
			if (e && m)
				e->u.var = m;
			else if (e)
				e->u.ival = v;
			break;
		}
		case CXEval_Float:
			e = new_expr(s, c, E_FLOAT, 0);
			if (e)
				e->u.fval = clang_EvalResult_getAsDouble(r);
			break;
		default:
			break;
		}
		clang_EvalResult_dispose(r);
	}
	if (!e)
		e = new_expr(s, c, E_UNKNOWN, 0);
	return e;
}

/* Lower every expression child of c as the kids of a new node. */
static struct ir_expr *lower_with_kids(struct fe *s, CXCursor c, enum ir_op op)
{
	struct kids k = expr_children(s, c);
	struct ir_expr *e = new_expr(s, c, op, k.n);
	if (!e)
		return NULL;
	for (unsigned i = 0; i < k.n; i++)
		e->kids[i] = lower_expr(s, k.v[i]);
	return e;
}

static bool is_vector_kind(enum CXTypeKind k)
{
	return k == CXType_ExtVector || k == CXType_Vector;
}

/* Does a location lie in the file's own text, not in a macro's body? */
static bool verbatim_loc(CXSourceLocation l, CXFile *file, unsigned *off)
{
	CXFile ef;
	unsigned eoff;
	clang_getSpellingLocation(l, file, NULL, NULL, off);
	clang_getFileLocation(l, &ef, NULL, NULL, &eoff);
	return *file && clang_File_isEqual(*file, ef) && *off == eoff;
}

/*
 * Does `name` select n components of a vector the OpenCL C way: xyzw or rgba
 * letters, s or S with hexadecimal indices, or lo, hi, even, odd?
 */
static bool valid_swizzle(const char *name, unsigned n)
{
	size_t len = strlen(name);
	if (!strcmp(name, "lo") || !strcmp(name, "hi") || !strcmp(name, "even") ||
	    !strcmp(name, "odd"))
		return true;
	if (name[0] == 's' || name[0] == 'S')
		return len >= 2 && strspn(name + 1, "0123456789abcdefABCDEF") == len - 1 &&
		       len - 1 == n;
	return len == n && (strspn(name, "xyzw") == len || strspn(name, "rgba") == len);
}

/*
 * The component name of a vector swizzle c (`v.xy`, `v.s01`, `v.lo`), or
 * NULL when it cannot be known.  libclang does not expose the accessor; it is
 * the last token of the expression's text when that text is the expression's
 * own, not a macro's body (whose extent shows the macro's name and arguments,
 * `X_OF(p[i])`), and it must then be a swizzle of as many components as c's
 * type has.  NULL makes the access cover the whole vector (it may overlap any
 * component), which can cost precision and never hides a race.
 */
static const char *swizzle_name(struct fe *s, CXCursor c)
{
	CXSourceRange ext = clang_getCursorExtent(c);
	CXFile fb, fe;
	unsigned ob, oe;
	if (!verbatim_loc(clang_getRangeStart(ext), &fb, &ob) ||
	    !verbatim_loc(clang_getRangeEnd(ext), &fe, &oe) || !clang_File_isEqual(fb, fe) ||
	    oe <= ob)
		return NULL;
	CXSourceRange r = clang_getRange(clang_getLocationForOffset(s->tu, fb, ob),
					 clang_getLocationForOffset(s->tu, fb, oe));
	CXToken *toks = NULL;
	unsigned n = 0;
	const char *name = NULL;
	clang_tokenize(s->tu, r, &toks, &n);
	if (n >= 2 && clang_getTokenKind(toks[n - 1]) == CXToken_Identifier &&
	    clang_getTokenKind(toks[n - 2]) == CXToken_Punctuation) {
		CXString dot = clang_getTokenSpelling(s->tu, toks[n - 2]);
		if (!strcmp(clang_getCString(dot), "."))
			name = take(s->a, clang_getTokenSpelling(s->tu, toks[n - 1]));
		clang_disposeString(dot);
	}
	if (toks)
		clang_disposeTokens(s->tu, toks, n);
	CXType t = clang_getCanonicalType(clang_getCursorType(c));
	unsigned count = is_vector_kind(t.kind) ? (unsigned)clang_getNumElements(t) : 1;
	return name && valid_swizzle(name, count) ? name : NULL;
}

static bool is_vector(CXType t)
{
	CXType ct = clang_getCanonicalType(t);
	return is_vector_kind(ct.kind);
}

static struct ir_expr *lower_unexposed(struct fe *s, CXCursor c)
{
	struct kids k = expr_children(s, c);
	if (k.n == 1) {
		CXType own = clang_getCursorType(c), sub = clang_getCursorType(k.v[0]);
		if (is_vector(sub) &&
		    (!is_vector(own) ||
		     clang_getNumElements(clang_getCanonicalType(own)) !=
			     clang_getNumElements(clang_getCanonicalType(sub)))) {
			struct ir_expr *e = new_expr(s, c, E_SWIZZLE, 1);
			if (!e)
				return NULL;
			e->kids[0] = lower_expr(s, k.v[0]);
			e->u.name = swizzle_name(s, c);
			return e;
		}
		/* An implicit conversion: transparent, but keep the converted type. */
		struct ir_expr *inner = lower_expr(s, k.v[0]);
		return inner;
	}
	if (k.n == 0)
		return lower_const(s, c);
	return lower_with_kids(s, c, E_UNKNOWN);
}

static struct ir_expr *lower_declref(struct fe *s, CXCursor c)
{
	CXCursor ref = clang_getCursorReferenced(c);
	switch (clang_getCursorKind(ref)) {
	case CXCursor_VarDecl:
	case CXCursor_ParmDecl: {
		struct ir_expr *e = new_expr(s, c, E_VAR, 0);
		if (e)
			e->u.var = var_for(s, ref);
		/* A parameter declared as an array is the pointer it is
		 * adjusted to (param_type); libclang types its uses as written. */
		if (e && e->u.var && e->u.var->kind == VAR_PARAM && e->u.var->type &&
		    e->u.var->type->kind == T_POINTER && e->type && e->type->kind == T_ARRAY)
			e->type = e->u.var->type;
		return e;
	}
	case CXCursor_EnumConstantDecl: {
		struct ir_expr *e = new_expr(s, c, E_INT, 0);
		if (e)
			e->u.ival = clang_getEnumConstantDeclValue(ref);
		return e;
	}
	default:
		return new_expr(s, c, E_UNKNOWN, 0);
	}
}

/* The user function a call goes to, or NULL for a builtin/declaration-only. */
static struct ir_func *callee_of(struct fe *s, CXCursor call)
{
	CXCursor ref = clang_getCursorReferenced(call);
	if (clang_Cursor_isNull(ref))
		return NULL;
	CXCursor def = clang_getCursorDefinition(ref);
	if (clang_Cursor_isNull(def))
		return NULL;
	return dmap_get(&s->decls, def);
}

/* Is the call c to a function the program declares but does not define
 * (not a built-in of the OpenCL headers, nor a __builtin)? */
static bool call_without_body(CXCursor c, const char *name)
{
	CXCursor ref = clang_getCursorReferenced(c);
	if (clang_Cursor_isNull(ref) || clang_getCursorKind(ref) != CXCursor_FunctionDecl ||
	    !strncmp(name, "__builtin", 9))
		return false;
	return !clang_Location_isInSystemHeader(clang_getCursorLocation(ref));
}

/* Does the call pass a pointer to __local or __global memory? */
static bool passes_shared_pointer(CXCursor c)
{
	int n = clang_Cursor_getNumArguments(c);
	for (int i = 0; i < n; i++) {
		CXType t = clang_getCanonicalType(clang_getCursorType(clang_Cursor_getArgument(c, (unsigned)i)));
		if (t.kind != CXType_Pointer)
			continue;
		unsigned as = clang_getAddressSpace(clang_getPointeeType(t));
		CXString sp = clang_getTypeSpelling(clang_getPointeeType(t));
		const char *ts = clang_getCString(sp);
		bool shared = (ts && (strstr(ts, "__local") || strstr(ts, "__global"))) || as == 3 ||
			      as == 1;
		clang_disposeString(sp);
		if (shared)
			return true;
	}
	return false;
}

static struct ir_expr *lower_call(struct fe *s, CXCursor c)
{
	int n = clang_Cursor_getNumArguments(c);
	if (n < 0)
		n = 0;
	struct ir_expr *e = new_expr(s, c, E_CALL, (unsigned)n);
	if (!e)
		return NULL;
	e->u.name = take(s->a, clang_getCursorSpelling(c));
	e->callee = callee_of(s, c);
	if (!e->callee) {
		enum bi_kind k = bi_classify(e->u.name);
		e->sub = (unsigned char)k;
		if (k == BI_UNSUPPORTED)
			unsupported(s, c, mem_printf(s->a, "a call to '%s' (its effects)", e->u.name),
				    "all rules");
		else if (k == BI_NONE && call_without_body(c, e->u.name) && passes_shared_pointer(c))
			unsupported(s, c, mem_printf(s->a, "a call to '%s', whose body is not in this "
						     "program: what it does with the __local and "
						     "__global memory it is passed", e->u.name),
				    "the race rules (local-memory-race, global-memory-race, "
				    "inter-group-race)");
	}
	for (int i = 0; i < n; i++)
		e->kids[i] = lower_expr(s, clang_Cursor_getArgument(c, (unsigned)i));
	return e;
}

static const unsigned char binop_map[] = {
	[CXBinaryOperator_Mul] = IR_B_MUL, [CXBinaryOperator_Div] = IR_B_DIV,
	[CXBinaryOperator_Rem] = IR_B_REM, [CXBinaryOperator_Add] = IR_B_ADD,
	[CXBinaryOperator_Sub] = IR_B_SUB, [CXBinaryOperator_Shl] = IR_B_SHL,
	[CXBinaryOperator_Shr] = IR_B_SHR, [CXBinaryOperator_LT] = IR_B_LT,
	[CXBinaryOperator_GT] = IR_B_GT, [CXBinaryOperator_LE] = IR_B_LE,
	[CXBinaryOperator_GE] = IR_B_GE, [CXBinaryOperator_EQ] = IR_B_EQ,
	[CXBinaryOperator_NE] = IR_B_NE, [CXBinaryOperator_And] = IR_B_AND,
	[CXBinaryOperator_Xor] = IR_B_XOR, [CXBinaryOperator_Or] = IR_B_OR,
	[CXBinaryOperator_LAnd] = IR_B_LAND, [CXBinaryOperator_LOr] = IR_B_LOR,
	[CXBinaryOperator_MulAssign] = IR_B_MUL, [CXBinaryOperator_DivAssign] = IR_B_DIV,
	[CXBinaryOperator_RemAssign] = IR_B_REM, [CXBinaryOperator_AddAssign] = IR_B_ADD,
	[CXBinaryOperator_SubAssign] = IR_B_SUB, [CXBinaryOperator_ShlAssign] = IR_B_SHL,
	[CXBinaryOperator_ShrAssign] = IR_B_SHR, [CXBinaryOperator_AndAssign] = IR_B_AND,
	[CXBinaryOperator_XorAssign] = IR_B_XOR, [CXBinaryOperator_OrAssign] = IR_B_OR,
};

static struct ir_expr *lower_binary(struct fe *s, CXCursor c)
{
	enum CXBinaryOperatorKind k = clang_getCursorBinaryOperatorKind(c);
	struct kids kd = expr_children(s, c);
	if (kd.n != 2)
		return lower_with_kids(s, c, E_UNKNOWN);
	enum ir_op op;
	unsigned char sub = 0;
	if (k == CXBinaryOperator_Assign) {
		op = E_ASSIGN;
	} else if (k == CXBinaryOperator_Comma) {
		op = E_COMMA;
	} else if (k >= CXBinaryOperator_MulAssign && k <= CXBinaryOperator_OrAssign) {
		op = E_ASSIGN;
		sub = binop_map[k];
	} else if ((unsigned)k < sizeof binop_map && binop_map[k]) {
		op = E_BINARY;
		sub = binop_map[k];
	} else {
		return lower_with_kids(s, c, E_UNKNOWN);
	}
	struct ir_expr *e = new_expr(s, c, op, 2);
	if (!e)
		return NULL;
	e->sub = sub;
	e->kids[0] = lower_expr(s, kd.v[0]);
	e->kids[1] = lower_expr(s, kd.v[1]);
	return e;
}

static struct ir_expr *lower_unary(struct fe *s, CXCursor c)
{
	enum CXUnaryOperatorKind k = clang_getCursorUnaryOperatorKind(c);
	struct kids kd = expr_children(s, c);
	if (kd.n != 1)
		return lower_with_kids(s, c, E_UNKNOWN);
	enum ir_op op = E_UNARY;
	unsigned char sub = 0;
	switch (k) {
	case CXUnaryOperator_PostInc: op = E_INCDEC; sub = IR_POSTINC; break;
	case CXUnaryOperator_PostDec: op = E_INCDEC; sub = IR_POSTDEC; break;
	case CXUnaryOperator_PreInc: op = E_INCDEC; sub = IR_PREINC; break;
	case CXUnaryOperator_PreDec: op = E_INCDEC; sub = IR_PREDEC; break;
	case CXUnaryOperator_AddrOf: op = E_ADDROF; break;
	case CXUnaryOperator_Deref: op = E_DEREF; break;
	case CXUnaryOperator_Plus: sub = IR_U_PLUS; break;
	case CXUnaryOperator_Minus: sub = IR_U_MINUS; break;
	case CXUnaryOperator_Not: sub = IR_U_NOT; break;
	case CXUnaryOperator_LNot: sub = IR_U_LNOT; break;
	default:
		/* __real, __imag, __extension__: transparent */
		return lower_expr(s, kd.v[0]);
	}
	struct ir_expr *e = new_expr(s, c, op, 1);
	if (!e)
		return NULL;
	e->sub = sub;
	e->kids[0] = lower_expr(s, kd.v[0]);
	if (op == E_ADDROF && e->kids[0]) {
		const struct ir_expr *b = e->kids[0];
		while (b && (b->op == E_INDEX || b->op == E_MEMBER || b->op == E_SWIZZLE))
			b = b->kids[0];
		if (b && b->op == E_VAR && b->u.var)
			b->u.var->addr_taken = true;
	}
	return e;
}

static struct ir_expr *lower_subscript(struct fe *s, CXCursor c)
{
	struct kids kd = expr_children(s, c);
	if (kd.n != 2)
		return lower_with_kids(s, c, E_UNKNOWN);
	CXCursor base = kd.v[0], idx = kd.v[1];
	CXType bt = clang_getCanonicalType(clang_getCursorType(base));
	if (bt.kind != CXType_Pointer && bt.kind != CXType_ConstantArray &&
	    bt.kind != CXType_IncompleteArray && bt.kind != CXType_ExtVector &&
	    bt.kind != CXType_Vector) {
		CXCursor t = base; /* i[a] */
		base = idx;
		idx = t;
	}
	struct ir_expr *e = new_expr(s, c, E_INDEX, 2);
	if (!e)
		return NULL;
	e->kids[0] = lower_expr(s, base);
	e->kids[1] = lower_expr(s, idx);
	return e;
}

static struct ir_expr *lower_member(struct fe *s, CXCursor c)
{
	struct kids kd = expr_children(s, c);
	struct ir_expr *e = new_expr(s, c, E_MEMBER, kd.n ? 1 : 0);
	if (!e)
		return NULL;
	e->u.name = take(s->a, clang_getCursorSpelling(c));
	if (kd.n) {
		CXType bt = clang_getCanonicalType(clang_getCursorType(kd.v[0]));
		e->sub = bt.kind == CXType_Pointer;
		e->kids[0] = lower_expr(s, kd.v[0]);
	}
	return e;
}

static struct ir_expr *lower_expr_node(struct fe *s, CXCursor c)
{
	struct ir_expr *e;
	if (++s->depth > FE_MAX_DEPTH) {
		s->too_deep = true;
		s->depth--;
		return new_expr(s, c, E_UNKNOWN, 0);
	}
	switch (clang_getCursorKind(c)) {
	case CXCursor_IntegerLiteral:
	case CXCursor_FloatingLiteral:
	case CXCursor_CharacterLiteral:
	case CXCursor_CXXBoolLiteralExpr: /* true, false: keywords in OpenCL C */
	case CXCursor_UnaryExpr: /* sizeof, alignof, vec_step */
		e = lower_const(s, c);
		/* The size of an array whose length is an assumed macro is a
		 * placeholder's, not a value. */
		if (e && e->op == E_INT && s->nmacro) {
			struct kids k = expr_children(s, c);
			for (unsigned i = 0; i < k.n; i++) {
				struct ir_type *t = make_type(s, clang_getCursorType(k.v[i]), 0);
				if (t && t->symbolic)
					e->op = E_UNKNOWN;
			}
		}
		break;
	case CXCursor_StringLiteral:
		e = new_expr(s, c, E_STRING, 0);
		break;
	case CXCursor_ParenExpr: {
		struct kids kd = expr_children(s, c);
		e = kd.n == 1 ? lower_expr(s, kd.v[0]) : lower_with_kids(s, c, E_UNKNOWN);
		break;
	}
	case CXCursor_UnexposedExpr:
		e = lower_unexposed(s, c);
		break;
	case CXCursor_DeclRefExpr:
		e = lower_declref(s, c);
		break;
	case CXCursor_CallExpr:
		e = lower_call(s, c);
		break;
	case CXCursor_BinaryOperator:
	case CXCursor_CompoundAssignOperator:
		e = lower_binary(s, c);
		break;
	case CXCursor_UnaryOperator:
		e = lower_unary(s, c);
		break;
	case CXCursor_ArraySubscriptExpr:
		e = lower_subscript(s, c);
		break;
	case CXCursor_MemberRefExpr:
		e = lower_member(s, c);
		break;
	case CXCursor_ConditionalOperator: {
		e = lower_with_kids(s, c, E_COND);
		if (e && e->nkids != 3)
			e->op = E_UNKNOWN;
		break;
	}
	case CXCursor_CStyleCastExpr: {
		/* The operand is the last child: a type written with
		 * __typeof__(expr) (PPCG's ppcg_min) shows its expression
		 * first, which is not evaluated. */
		struct kids kd = expr_children(s, c);
		e = new_expr(s, c, kd.n ? E_CAST : E_UNKNOWN, kd.n ? 1 : 0);
		if (e && kd.n)
			e->kids[0] = lower_expr(s, kd.v[kd.n - 1]);
		/* A pointer cast from one named address space to another. */
		if (e && e->op == E_CAST && e->kids[0] && e->type && e->kids[0]->type &&
		    e->type->kind == T_POINTER && e->kids[0]->type->kind == T_POINTER &&
		    e->type->space != e->kids[0]->type->space)
			unsupported(s, c, "a pointer cast between address spaces",
				    "the race and bank-conflict rules");
		break;
	}
	case CXCursor_InitListExpr:
		e = lower_with_kids(s, c, E_INIT_LIST);
		break;
	case CXCursor_StmtExpr:
		e = lower_stmt_expr(s, c);
		break;
	default:
		e = lower_with_kids(s, c, E_UNKNOWN);
		break;
	}
	s->depth--;
	return e;
}

/* Lower expression c; the cursor lists it needed go back to the scratch arena. */
static void lower_stmt(struct fe *s, CXCursor c);

/*
 * ({ T a = x; T b = y; a < b ? a : b; }), a GNU statement expression (the
 * min and max macros of polyhedral compilers): declarations, then the
 * expression that is its value.  The declarations are lowered where the
 * expression is evaluated, into the current block (in a loop's condition:
 * in every pass).  Any other statement in one is not modelled: its value
 * is unknown, and a note says so.
 */
static struct ir_expr *lower_stmt_expr(struct fe *s, CXCursor c)
{
	struct kids k = children(s, c), b = { 0 };
	bool ok = k.n == 1 && clang_getCursorKind(k.v[0]) == CXCursor_CompoundStmt;
	if (ok)
		b = children(s, k.v[0]);
	ok = ok && b.n && clang_isExpression(clang_getCursorKind(b.v[b.n - 1]));
	for (unsigned i = 0; ok && i + 1 < b.n; i++)
		ok = clang_getCursorKind(b.v[i]) == CXCursor_DeclStmt;
	if (!ok) {
		unsupported(s, c, "a statement expression other than declarations and a value",
			    "all rules");
		return new_expr(s, c, E_UNKNOWN, 0);
	}
	for (unsigned i = 0; i + 1 < b.n; i++)
		lower_stmt(s, b.v[i]);
	return lower_expr(s, b.v[b.n - 1]);
}

static struct ir_expr *lower_expr(struct fe *s, CXCursor c)
{
	struct mem_mark m = mem_mark(&s->tmp);
	struct ir_expr *e = lower_expr_node(s, c);
	mem_release(&s->tmp, m);
	return e;
}

/* ------------------------------------------------------------- statements */

static struct ir_block *new_block(struct fe *s)
{
	return ir_new_block(s->u, s->f);
}

/* End the current block with a jump to `to`. */
static void jump(struct fe *s, struct ir_block *to)
{
	struct ir_block *b = s->cur;
	ir_set_succs(s->u, b, 1);
	if (b->succs)
		b->succs[0] = to;
	b->term = TERM_JUMP;
}

/* End the current block with a two-way branch. */
static void branch(struct fe *s, struct ir_expr *cond, struct ir_block *t,
		   struct ir_block *f, enum ir_origin origin, struct cls_range r)
{
	struct ir_block *b = s->cur;
	ir_set_succs(s->u, b, 2);
	if (b->succs) {
		b->succs[0] = t;
		b->succs[1] = f;
	}
	b->term = TERM_BRANCH;
	b->cond = cond;
	b->origin = (unsigned char)origin;
	b->range = r;
}

/* Continue lowering into a fresh block that nothing jumps to (after return,
 * break, continue, goto); it is dropped unless a label makes it reachable. */
static void dead_block(struct fe *s)
{
	s->cur = new_block(s);
}

/* Strip parentheses and implicit conversions around a condition. */
static CXCursor strip_cond(struct fe *s, CXCursor c)
{
	for (;;) {
		enum CXCursorKind k = clang_getCursorKind(c);
		if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr)
			return c;
		struct kids kd = expr_children(s, c);
		if (kd.n != 1 || is_vector(clang_getCursorType(kd.v[0])))
			return c;
		c = kd.v[0];
	}
}

static bool is_int_kind(enum CXTypeKind k)
{
	return (k >= CXType_Bool && k <= CXType_Int128) || k == CXType_Enum;
}

static bool is_float_kind(enum CXTypeKind k)
{
	return k == CXType_Half || k == CXType_Float || k == CXType_Double || k == CXType_Float16;
}

/* Is c (parentheses stripped) a comparison, && || or !, whose value is 0 or 1? */
static bool is_truth_value(struct fe *s, CXCursor c)
{
	c = strip_cond(s, c);
	enum CXCursorKind k = clang_getCursorKind(c);
	if (k == CXCursor_BinaryOperator) {
		enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
		return (op >= CXBinaryOperator_LT && op <= CXBinaryOperator_NE) ||
		       op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr;
	}
	return k == CXCursor_UnaryOperator &&
	       clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_LNot;
}

/*
 * Does the explicit cast c of `operand` keep its truth value (zero stays zero,
 * non-zero stays non-zero)?  A cast to bool does, so does one that widens an
 * integer or turns it into a floating value, and any cast of a 0-or-1 value;
 * `(char)256` and `(int)0.5f` do not, so their value is the condition.
 */
static bool cast_keeps_truth(struct fe *s, CXCursor c, CXCursor operand)
{
	CXType to = clang_getCanonicalType(clang_getCursorType(c));
	CXType from = clang_getCanonicalType(clang_getCursorType(operand));
	if (to.kind == CXType_Bool)
		return true;
	if (!is_int_kind(to.kind) && !is_float_kind(to.kind))
		return false;
	if (is_truth_value(s, operand))
		return true;
	if (is_int_kind(from.kind))
		return is_float_kind(to.kind) ||
		       clang_Type_getSizeOf(to) >= clang_Type_getSizeOf(from);
	return is_float_kind(from.kind) && is_float_kind(to.kind) &&
	       clang_Type_getSizeOf(to) >= clang_Type_getSizeOf(from);
}

/*
 * Lower a condition into branches to t (true) and f (false), splitting
 * && || ! and ?: so that each decision becomes its own branch.  Everything
 * here reads the AST, so a macro may write any operand: the comma operator
 * evaluates its left operand and decides by its right one, an explicit cast
 * that keeps the truth value and __builtin_expect (likely/unlikely macros)
 * decide by their operand.
 */
static void lower_cond(struct fe *s, CXCursor c, struct ir_block *t, struct ir_block *f,
		       enum ir_origin origin)
{
	c = strip_cond(s, c);
	enum CXCursorKind k = clang_getCursorKind(c);
	if (s->depth >= FE_MAX_DEPTH)
		goto value;
	s->depth++;
	if (k == CXCursor_BinaryOperator) {
		enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
		struct kids kd = expr_children(s, c);
		if ((op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr) && kd.n == 2) {
			struct ir_block *mid = new_block(s);
			if (op == CXBinaryOperator_LAnd)
				lower_cond(s, kd.v[0], mid, f, origin);
			else
				lower_cond(s, kd.v[0], t, mid, origin);
			s->cur = mid;
			lower_cond(s, kd.v[1], t, f, origin);
			s->depth--;
			return;
		}
		if (op == CXBinaryOperator_Comma && kd.n == 2) {
			ir_add_inst(s->u, s->cur, lower_expr(s, kd.v[0]));
			lower_cond(s, kd.v[1], t, f, origin);
			s->depth--;
			return;
		}
	} else if (k == CXCursor_UnaryOperator &&
		   clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_LNot) {
		struct kids kd = expr_children(s, c);
		if (kd.n == 1) {
			lower_cond(s, kd.v[0], f, t, origin);
			s->depth--;
			return;
		}
	} else if (k == CXCursor_ConditionalOperator) {
		struct kids kd = expr_children(s, c);
		if (kd.n == 3) {
			struct ir_block *bt = new_block(s), *bf = new_block(s);
			lower_cond(s, kd.v[0], bt, bf, origin);
			s->cur = bt;
			lower_cond(s, kd.v[1], t, f, origin);
			s->cur = bf;
			lower_cond(s, kd.v[2], t, f, origin);
			s->depth--;
			return;
		}
	} else if (k == CXCursor_CStyleCastExpr) {
		struct kids kd = expr_children(s, c);
		if (kd.n >= 1 && cast_keeps_truth(s, c, kd.v[kd.n - 1])) {
			lower_cond(s, kd.v[kd.n - 1], t, f, origin);
			s->depth--;
			return;
		}
	} else if (k == CXCursor_CallExpr && clang_Cursor_getNumArguments(c) >= 2) {
		CXString name = clang_getCursorSpelling(c);
		const char *n = clang_getCString(name);
		bool expect = n && (!strcmp(n, "__builtin_expect") ||
				    !strcmp(n, "__builtin_expect_with_probability"));
		clang_disposeString(name);
		if (expect) {
			lower_cond(s, clang_Cursor_getArgument(c, 0), t, f, origin);
			s->depth--;
			return;
		}
	}
	s->depth--;
value:;
	struct ir_expr *e = lower_expr(s, c);
	branch(s, e, t, f, origin, e ? e->range : range_of(s, c));
}

static struct label *label_for(struct fe *s, const char *name)
{
	for (struct label *l = s->labels; l; l = l->next)
		if (!strcmp(l->name, name))
			return l;
	struct label *l = MEM_NEW(s->a, struct label);
	if (!l)
		return NULL;
	l->name = name;
	l->block = new_block(s);
	l->next = s->labels;
	s->labels = l;
	return l;
}

static void lower_decl_stmt(struct fe *s, CXCursor c)
{
	struct kids kd = children(s, c);
	for (unsigned i = 0; i < kd.n; i++) {
		if (clang_getCursorKind(kd.v[i]) != CXCursor_VarDecl)
			continue;
		struct ir_var *v = var_for(s, kd.v[i]);
		CXCursor init = clang_Cursor_getVarDeclInitializer(kd.v[i]);
		if (!v || clang_Cursor_isNull(init) || v->kind == VAR_PROGRAM)
			continue;
		struct ir_expr *e = new_expr(s, kd.v[i], E_ASSIGN, 2);
		struct ir_expr *lhs = new_expr(s, kd.v[i], E_VAR, 0);
		if (!e || !lhs)
			continue;
		lhs->u.var = v;
		lhs->type = v->type;
		e->type = v->type;
		e->kids[0] = lhs;
		e->kids[1] = lower_expr(s, init);
		ir_add_inst(s->u, s->cur, e);
	}
}

static void lower_if(struct fe *s, CXCursor c)
{
	struct kids kd = children(s, c);
	if (kd.n < 2) {
		unsupported(s, c, "an if statement with a condition variable", "all rules");
		return;
	}
	struct ir_block *then_b = new_block(s), *after = new_block(s);
	struct ir_block *else_b = kd.n >= 3 ? new_block(s) : after;
	lower_cond(s, kd.v[0], then_b, else_b, ORIG_IF);
	s->cur = then_b;
	lower_stmt(s, kd.v[1]);
	jump(s, after);
	if (kd.n >= 3) {
		s->cur = else_b;
		lower_stmt(s, kd.v[2]);
		jump(s, after);
	}
	s->cur = after;
}

static void lower_loop_body(struct fe *s, CXCursor body, struct ir_block *brk,
			    struct ir_block *cont)
{
	struct ir_block *ob = s->brk, *oc = s->cont;
	s->brk = brk;
	s->cont = cont;
	lower_stmt(s, body);
	s->brk = ob;
	s->cont = oc;
}

static void lower_while(struct fe *s, CXCursor c)
{
	struct kids kd = children(s, c);
	if (kd.n != 2) {
		unsupported(s, c, "a while loop with a condition variable", "all rules");
		return;
	}
	struct ir_block *head = new_block(s), *body = new_block(s), *after = new_block(s);
	jump(s, head);
	s->cur = head;
	lower_cond(s, kd.v[0], body, after, ORIG_LOOP);
	s->cur = body;
	lower_loop_body(s, kd.v[1], after, head);
	jump(s, head);
	s->cur = after;
}

static void lower_do(struct fe *s, CXCursor c)
{
	struct kids kd = children(s, c);
	if (kd.n != 2) {
		unsupported(s, c, "a malformed do statement", "all rules");
		return;
	}
	struct ir_block *body = new_block(s), *test = new_block(s), *after = new_block(s);
	jump(s, body);
	s->cur = body;
	lower_loop_body(s, kd.v[0], after, test);
	jump(s, test);
	s->cur = test;
	lower_cond(s, kd.v[1], body, after, ORIG_LOOP);
	s->cur = after;
}

/*
 * Which parts of `for (init; cond; inc)` a for statement has.  libclang gives
 * a for statement's parts as children and leaves the missing ones out, so
 * with one or two expressions the children alone do not say which is which.
 * The source text cannot say either: a directive may split the header
 * (`#if P` ... `b < N && x;` `#else` ... `#endif`) and a macro may write it
 * all.  The answer is in the AST, and libclang's declaration printer writes
 * the AST: a function's printed definition has every for statement, in
 * preorder, as `for (INIT; COND; INC)` with the missing parts empty.  The
 * table pairs the function's ForStmt cursors, also in preorder, with the
 * parts of the printed headers; it is built once per function, on the first
 * for statement that needs it.
 */
struct for_table {
	CXSourceLocation *stmts;   /* where the function's for statements begin, in preorder */
	unsigned char *parts;      /* FOR_INIT | FOR_COND | FOR_INC of stmts[i] */
	unsigned n, cap;
	bool ok;                   /* as many printed headers as statements */
};

enum { FOR_INIT = 1, FOR_COND = 2, FOR_INC = 4 };

static enum CXChildVisitResult for_collect(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	struct fe *s = d;
	struct for_table *t = s->fors;
	enum CXCursorKind k = clang_getCursorKind(c);
	if (k == CXCursor_BlockExpr)
		return CXChildVisit_Continue;   /* the printer leaves block bodies out */
	if (k == CXCursor_ForStmt) {
		if (t->n == t->cap) {
			unsigned ncap = t->cap ? t->cap * 2 : 16;
			CXSourceLocation *nv = MEM_ARRAY(&s->fora, CXSourceLocation, ncap);
			if (!nv)
				return CXChildVisit_Break;
			if (t->n)
				memcpy(nv, t->stmts, t->n * sizeof *nv);
			t->stmts = nv;
			t->cap = ncap;
		}
		t->stmts[t->n++] = clang_getCursorLocation(c);
	}
	return CXChildVisit_Recurse;
}

/* Skip a string or character literal of printed code starting at *p (a
 * quote); returns the character after it. */
static const char *skip_literal(const char *p)
{
	char q = *p++;
	for (; *p && *p != q; p++)
		if (*p == '\\' && p[1])
			p++;
	return *p ? p + 1 : p;
}

/*
 * Read the header of a printed for statement, `p` just after "for (": the
 * parts that are not empty (FOR_*), or -1 when it is not `X; Y; Z)`.
 */
static int printed_for_parts(const char *p)
{
	int depth = 0, part = 0, parts = 0;
	while (*p) {
		char c = *p;
		if (c == '"' || c == '\'') {
			parts |= 1 << part;
			p = skip_literal(p);
			continue;
		}
		if (c == '(' || c == '[' || c == '{')
			depth++;
		else if ((c == ')' || c == ']' || c == '}') && depth > 0)
			depth--;
		else if (c == ')')
			return part == 2 ? parts : -1;
		else if (c == ';' && depth == 0) {
			if (++part > 2)
				return -1;
			p++;
			continue;
		}
		if (c != ' ' && c != '\n' && c != '\t')
			parts |= 1 << part;
		p++;
	}
	return -1;
}

/* Build s->fors for the function being lowered (see struct for_table). */
static void for_table_build(struct fe *s)
{
	struct for_table *t = MEM_NEW(&s->fora, struct for_table);
	s->fors = t;
	if (!t)
		return;
	clang_visitChildren(s->fcursor, for_collect, s);
	t->parts = MEM_ARRAY(&s->fora, unsigned char, t->n + 1);
	CXPrintingPolicy pol = clang_getCursorPrintingPolicy(s->fcursor);
	const char *text = take(&s->fora, clang_getCursorPrettyPrinted(s->fcursor, pol));
	clang_PrintingPolicy_dispose(pol);
	if (!t->parts || !text)
		return;
	unsigned i = 0;
	for (const char *p = text; *p;) {
		if (*p == '"' || *p == '\'') {
			p = skip_literal(p);
			continue;
		}
		if (!strncmp(p, "for (", 5) && (p == text || !ident_char(p[-1]))) {
			int parts = printed_for_parts(p + 5);
			if (parts < 0 || i == t->n)
				return;
			t->parts[i++] = (unsigned char)parts;
			p += 5;
			continue;
		}
		p++;
	}
	t->ok = i == t->n;
}

/*
 * Sort the header children of for statement c (all of kd but the last, the
 * body) into part[i] = 0 init, 1 cond, 2 inc.  Returns false when the printed
 * header does not account for them (reported as unsupported by the caller).
 */
static bool for_parts(struct fe *s, CXCursor c, const struct kids *kd, int part[])
{
	unsigned k = kd->n - 1;
	if (k == 3 || k == 0 ||
	    (k == 1 && clang_getCursorKind(kd->v[0]) == CXCursor_DeclStmt)) {
		for (unsigned i = 0; i < k; i++)
			part[i] = (int)i;
		return true;
	}
	if (!s->fors)
		for_table_build(s);
	const struct for_table *t = s->fors;
	if (!t || !t->ok)
		return false;
	/* A cursor's identity depends on the path that reached it; its location
	 * does not, and no two for statements begin at the same one (within a
	 * macro expansion each token has its own). */
	CXSourceLocation at = clang_getCursorLocation(c);
	for (unsigned i = 0; i < t->n; i++) {
		if (!clang_equalLocations(t->stmts[i], at))
			continue;
		unsigned j = 0;
		for (int bit = 0; bit < 3; bit++)
			if (t->parts[i] & (1 << bit)) {
				if (j == k)
					return false;
				part[j++] = bit;
			}
		return j == k && (clang_getCursorKind(kd->v[0]) != CXCursor_DeclStmt || part[0] == 0);
	}
	return false;
}

static void lower_for(struct fe *s, CXCursor c)
{
	struct kids kd = children(s, c);
	if (kd.n < 1 || kd.n > 4)
		return;
	int part[4] = { -1, -1, -1, -1 };
	if (!for_parts(s, c, &kd, part)) {
		unsupported(s, c, "a for statement whose header clsynclint could not read",
			    "all rules");
		return;
	}
	CXCursor init = clang_getNullCursor(), cond = init, inc = init;
	for (unsigned i = 0; i + 1 < kd.n; i++) {
		if (part[i] == 0)
			init = kd.v[i];
		else if (part[i] == 1)
			cond = kd.v[i];
		else if (part[i] == 2)
			inc = kd.v[i];
	}
	if (!clang_Cursor_isNull(init))
		lower_stmt(s, init);
	struct ir_block *head = new_block(s), *body = new_block(s), *after = new_block(s),
			*step = new_block(s);
	jump(s, head);
	s->cur = head;
	if (!clang_Cursor_isNull(cond))
		lower_cond(s, cond, body, after, ORIG_LOOP);
	else
		jump(s, body);
	s->cur = body;
	lower_loop_body(s, kd.v[kd.n - 1], after, step);
	jump(s, step);
	s->cur = step;
	if (!clang_Cursor_isNull(inc))
		ir_add_inst(s->u, s->cur, lower_expr(s, inc));
	jump(s, head);
	s->cur = after;
}

static void lower_switch(struct fe *s, CXCursor c)
{
	struct kids kd = children(s, c);
	if (kd.n != 2) {
		unsupported(s, c, "a switch with a condition variable", "all rules");
		return;
	}
	struct ir_block *sw_block = s->cur, *after = new_block(s);
	struct ir_expr *cond = lower_expr(s, kd.v[0]);
	struct switch_ctx ctx = { { 0 }, 0, 0, 0, 0 }, *outer = s->sw;
	struct ir_block *ob = s->brk;
	s->sw = &ctx;
	s->brk = after;
	dead_block(s);
	lower_stmt(s, kd.v[1]);
	jump(s, after);
	s->sw = outer;
	s->brk = ob;
	/* The switch block: one successor per case, then the default. */
	unsigned n = ctx.cases.len;
	ir_set_succs(s->u, sw_block, n + 1);
	sw_block->case_vals = MEM_ARRAY(s->a, long long, n + 1);
	if (sw_block->succs && sw_block->case_vals) {
		for (unsigned i = 0; i < n; i++) {
			sw_block->succs[i] = ctx.cases.items[i];
			sw_block->case_vals[i] = ctx.vals[i];
		}
		sw_block->succs[n] = ctx.deflt ? ctx.deflt : after;
	}
	sw_block->term = TERM_SWITCH;
	sw_block->cond = cond;
	sw_block->origin = ORIG_SWITCH;
	sw_block->range = cond ? cond->range : range_of(s, kd.v[0]);
	s->cur = after;
}

static void lower_case(struct fe *s, CXCursor c, bool is_default)
{
	struct kids kd = children(s, c);
	struct ir_block *b = new_block(s);
	jump(s, b);
	s->cur = b;
	if (!s->sw) {
		if (kd.n)
			lower_stmt(s, kd.v[kd.n - 1]);
		return;
	}
	if (is_default) {
		s->sw->deflt = b;
	} else {
		long long v = 0;
		if (kd.n == 0 || !eval_int(kd.v[0], &v))
			unsupported(s, c, "a case label that is not an integer constant",
				    "all rules");
		else if (s->nmacro && has_macro(lower_expr(s, kd.v[0]), 0))
			unsupported(s, c, "a case label made of a macro the build does not define "
				    "(the cases are told apart by a placeholder value)", "all rules");
		if (s->sw->nvals == s->sw->capvals) {
			unsigned ncap = s->sw->capvals ? s->sw->capvals * 2 : 8;
			long long *nv = MEM_ARRAY(s->a, long long, ncap);
			if (!nv)
				return;
			if (s->sw->nvals)
				memcpy(nv, s->sw->vals, s->sw->nvals * sizeof *nv);
			s->sw->vals = nv;
			s->sw->capvals = ncap;
		}
		s->sw->vals[s->sw->nvals++] = v;
		mem_vec_push(s->a, &s->sw->cases, b);
	}
	/* The sub-statement is the last child (after the value, for case). */
	if (kd.n >= (is_default ? 1u : 2u))
		lower_stmt(s, kd.v[kd.n - 1]);
}

static void lower_stmt_node(struct fe *s, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	if (++s->depth > FE_MAX_DEPTH) {
		s->too_deep = true;
		s->depth--;
		return;
	}
	switch (k) {
	case CXCursor_CompoundStmt: {
		struct kids kd = children(s, c);
		for (unsigned i = 0; i < kd.n; i++)
			lower_stmt(s, kd.v[i]);
		break;
	}
	case CXCursor_DeclStmt:
		lower_decl_stmt(s, c);
		break;
	case CXCursor_IfStmt:
		lower_if(s, c);
		break;
	case CXCursor_WhileStmt:
		lower_while(s, c);
		break;
	case CXCursor_DoStmt:
		lower_do(s, c);
		break;
	case CXCursor_ForStmt:
		lower_for(s, c);
		break;
	case CXCursor_SwitchStmt:
		lower_switch(s, c);
		break;
	case CXCursor_CaseStmt:
		lower_case(s, c, false);
		break;
	case CXCursor_DefaultStmt:
		lower_case(s, c, true);
		break;
	case CXCursor_BreakStmt:
		if (s->brk)
			jump(s, s->brk);
		dead_block(s);
		break;
	case CXCursor_ContinueStmt:
		if (s->cont)
			jump(s, s->cont);
		dead_block(s);
		break;
	case CXCursor_ReturnStmt: {
		struct kids kd = expr_children(s, c);
		struct ir_block *b = s->cur;
		b->cond = kd.n ? lower_expr(s, kd.v[0]) : NULL;
		ir_set_succs(s->u, b, 1);
		if (b->succs)
			b->succs[0] = s->f->exit;
		b->term = TERM_RETURN;
		b->origin = ORIG_RETURN;
		b->range = range_of(s, c);
		dead_block(s);
		break;
	}
	case CXCursor_GotoStmt: {
		struct kids kd = children(s, c);
		const char *name = kd.n ? take(s->a, clang_getCursorSpelling(kd.v[0])) : "?";
		struct label *l = label_for(s, name);
		if (l)
			jump(s, l->block);
		dead_block(s);
		break;
	}
	case CXCursor_LabelStmt: {
		struct kids kd = children(s, c);
		struct label *l = label_for(s, take(s->a, clang_getCursorSpelling(c)));
		if (l) {
			jump(s, l->block);
			s->cur = l->block;
		}
		if (kd.n)
			lower_stmt(s, kd.v[kd.n - 1]);
		break;
	}
	case CXCursor_NullStmt:
		break;
	case CXCursor_GCCAsmStmt:
	case CXCursor_MSAsmStmt:
		unsupported(s, c, "inline assembly", "all rules");
		break;
	case CXCursor_IndirectGotoStmt:
		unsupported(s, c, "a computed goto", "all rules");
		dead_block(s);
		break;
	case CXCursor_UnexposedStmt: {
		/* An attributed statement (`#pragma unroll`, opencl_unroll_hint,
		 * __attribute__((fallthrough))): the attribute changes how the
		 * code is compiled, not what it does; lower the statement it wraps. */
		struct kids kd = children(s, c);
		if (kd.n == 1 && clang_isStatement(clang_getCursorKind(kd.v[0])))
			lower_stmt(s, kd.v[0]);
		else if (kd.n == 0)
			;   /* an attribute on an empty statement: nothing runs */
		else
			unsupported(s, c, "a statement kind clsynclint does not model",
				    "all rules");
		break;
	}
	default:
		if (clang_isExpression(k))
			ir_add_inst(s->u, s->cur, lower_expr(s, c));
		else
			unsupported(s, c, "a statement kind clsynclint does not model",
				    "all rules");
		break;
	}
	s->depth--;
}

/* Lower statement c; like lower_expr, it gives its scratch back. */
static void lower_stmt(struct fe *s, CXCursor c)
{
	struct mem_mark m = mem_mark(&s->tmp);
	lower_stmt_node(s, c);
	mem_release(&s->tmp, m);
}

/* ------------------------------------------------------------- functions */

/* Does the word w (n bytes) start at p, with no identifier character on
 * either side (`from` is where the text begins)? */
static bool word_at(const char *from, const char *p, const char *w, size_t n)
{
	return !strncmp(p, w, n) && !ident_char(p[n]) && (p == from || !ident_char(p[-1]));
}

/* Parse "X, Y, Z)" of unsigned numbers into v[3]; false unless exactly that. */
static bool three_dims(const char *p, unsigned v[3])
{
	for (unsigned i = 0; i < 3; i++) {
		char *end;
		while (*p == ' ')
			p++;
		if (*p < '0' || *p > '9')
			return false;
		unsigned long x = strtoul(p, &end, 0);
		while (*end == 'u' || *end == 'U')
			end++;
		while (*end == ' ')
			end++;
		if (*end != (i < 2 ? ',' : ')') || x > 0xffffffffUL)
			return false;
		v[i] = (unsigned)x;
		p = end + 1;
	}
	return true;
}

/*
 * Zero configuration: a size of reqd_work_group_size written as an affine
 * expression of one assumed macro constant M, (c * M + o) / d with C's
 * division (M / 2, 2 * M, (M + 1) / 2), for the launch to keep it exact.
 * m is M's index in s->macro, -1 for a number (c 0) or anything else.
 */
struct reqd_expr {
	long long c, o, d;
	int m;
};

static long long reqd_value(const struct reqd_expr *e, long long mval)
{
	return (e->c * mval + e->o) / e->d;
}

/* The tokens of one argument: a recursive descent over + - * / and
 * parentheses, numbers and assumed macros; false for anything else. */
struct reqd_toks {
	struct fe *s;
	const char **t;
	unsigned n, i;
};

static bool reqd_sum(struct reqd_toks *x, struct reqd_expr *e);

static bool reqd_atom(struct reqd_toks *x, struct reqd_expr *e)
{
	if (x->i >= x->n)
		return false;
	const char *t = x->t[x->i++];
	if (!strcmp(t, "(")) {
		if (!reqd_sum(x, e) || x->i >= x->n || strcmp(x->t[x->i++], ")"))
			return false;
		return true;
	}
	if (t[0] >= '0' && t[0] <= '9') {
		char *end;
		long long v = strtoll(t, &end, 0);
		while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
			end++;
		if (*end || v > (1 << 20))
			return false;
		*e = (struct reqd_expr){ 0, v, 1, -1 };
		return true;
	}
	for (unsigned j = 0; j < x->s->nmacro; j++)
		if (!strcmp(x->s->macro[j]->name, t)) {
			*e = (struct reqd_expr){ 1, 0, 1, (int)j };
			return true;
		}
	return false;
}

static bool reqd_product(struct reqd_toks *x, struct reqd_expr *e)
{
	if (!reqd_atom(x, e))
		return false;
	while (x->i < x->n && (!strcmp(x->t[x->i], "*") || !strcmp(x->t[x->i], "/"))) {
		bool div = x->t[x->i++][0] == '/';
		struct reqd_expr r;
		if (!reqd_atom(x, &r))
			return false;
		if (div) {
			if (r.m >= 0 || r.o <= 0)
				return false;
			if (e->m < 0)
				e->o /= r.o;
			else
				e->d *= r.o;   /* (x / a) / b is x / (a * b) for x >= 0 */
		} else {
			if (e->m >= 0 && r.m >= 0)
				return false;
			struct reqd_expr *k = e->m >= 0 ? &r : e, *a = e->m >= 0 ? e : &r;
			if (k->o <= 0 || (a->d != 1 && a->m >= 0))
				return false;
			*e = (struct reqd_expr){ a->c * k->o, a->o * k->o, a->d, a->m };
		}
		if (e->d > (1 << 20) || e->c > (1 << 20))
			return false;
	}
	return true;
}

static bool reqd_sum(struct reqd_toks *x, struct reqd_expr *e)
{
	if (!reqd_product(x, e))
		return false;
	while (x->i < x->n && (!strcmp(x->t[x->i], "+") || !strcmp(x->t[x->i], "-"))) {
		bool minus = x->t[x->i++][0] == '-';
		struct reqd_expr r;
		if (!reqd_product(x, &r))
			return false;
		if (r.m >= 0 && (minus || e->m >= 0 || e->d != 1))
			return false;
		if (r.m >= 0) {           /* k + M */
			long long k = e->o;
			*e = r;
			e->o += k * e->d;
		} else {                  /* (c M + o) / d + k is (c M + o + k d) / d */
			e->o += (minus ? -r.o : r.o) * e->d;
		}
	}
	return true;
}

/*
 * The sizes of kernel c's reqd_work_group_size as written, when its
 * arguments are where its attribute is spelled (in the file or a macro's
 * definition): ex[k] for each dimension.  False when they cannot be read.
 */
static bool reqd_written(struct fe *s, CXCursor c, struct reqd_expr ex[3])
{
	struct kids kd = children(s, c);
	bool found = false;
	for (unsigned i = 0; i < kd.n && !found; i++) {
		if (!clang_isAttribute(clang_getCursorKind(kd.v[i])))
			continue;
		CXSourceRange r = clang_getCursorExtent(kd.v[i]);
		CXFile f = NULL, g = NULL;
		unsigned b = 0, e = 0;
		clang_getSpellingLocation(clang_getRangeStart(r), &f, NULL, NULL, &b);
		clang_getSpellingLocation(clang_getRangeEnd(r), &g, NULL, NULL, &e);
		if (!f || !g || !clang_File_isEqual(f, g) || e < b)
			continue;
		CXToken *tok = NULL;
		unsigned ntok = 0;
		clang_tokenize(s->tu, clang_getRange(clang_getLocationForOffset(s->tu, f, b),
						     clang_getLocationForOffset(s->tu, f, e)),
			       &tok, &ntok);
		const char **t = ntok ? MEM_ARRAY(&s->tmp, const char *, ntok) : NULL;
		for (unsigned j = 0; t && j < ntok; j++)
			t[j] = take(&s->tmp, clang_getTokenSpelling(s->tu, tok[j]));
		clang_disposeTokens(s->tu, tok, ntok);
		/* reqd_work_group_size ( A , B , C ) */
		if (!t || ntok < 8 || !t[0] || strcmp(t[0], "reqd_work_group_size") || !t[1] ||
		    strcmp(t[1], "("))
			continue;
		unsigned from = 2, k = 0;
		int depth = 0;
		bool ok = true;
		for (unsigned j = 2; j < ntok && ok && k < 3; j++) {
			if (!t[j]) {
				ok = false;
				break;
			}
			if (!strcmp(t[j], "("))
				depth++;
			else if (!strcmp(t[j], ")") && depth)
				depth--;
			else if ((!strcmp(t[j], ",") || !strcmp(t[j], ")")) && !depth) {
				struct reqd_toks x = { s, t + from, j - from, 0 };
				ok = reqd_sum(&x, &ex[k]) && x.i == x.n;
				if (ok && ex[k].m >= 0 && ex[k].c <= 0)
					ok = false;
				k++;
				from = j + 1;
			}
		}
		found = ok && k == 3;
	}
	return found;
}

/*
 * Kernel-ness and reqd_work_group_size of a function definition, from the
 * attributes clang attached to the declaration, never from its source text
 * (a macro from a header, a -D option or an expression may spell them).
 * libclang's C API has no cursor kind for either (both are UnexposedAttr),
 * but its declaration printer writes every semantic attribute with its
 * arguments evaluated, e.g. `__kernel __attribute__((reqd_work_group_size(16,
 * 4, 1))) void k(...)`; terse output leaves the body out.  The kernel keyword
 * is the one at parenthesis depth 0: parameters and other attributes' arguments
 * are deeper, and neither `kernel` nor `__kernel` can be an identifier.
 */
static void read_attributes(struct fe *s, CXCursor c, struct ir_func *f)
{
	if (!clang_Cursor_hasAttrs(c))
		return;
	CXPrintingPolicy pol = clang_getCursorPrintingPolicy(c);
	clang_PrintingPolicy_setProperty(pol, CXPrintingPolicy_TerseOutput, 1);
	struct mem_mark m = mem_mark(&s->tmp);
	const char *d = take(&s->tmp, clang_getCursorPrettyPrinted(c, pol));
	clang_PrintingPolicy_dispose(pol);
	int depth = 0;
	for (const char *p = d; p && *p; p++) {
		if (*p == '"' || *p == '\'') {
			char q = *p;
			for (p++; *p && *p != q; p++)
				if (*p == '\\' && p[1])
					p++;
			if (!*p)
				break;
		} else if (*p == '(') {
			depth++;
		} else if (*p == ')') {
			depth--;
		} else if (depth == 0 && (word_at(d, p, "__kernel", 8) || word_at(d, p, "kernel", 6))) {
			f->is_kernel = true;
		} else if (word_at(d, p, "reqd_work_group_size", 20) && p[20] == '(') {
			if (!three_dims(p + 21, f->reqd_wg) || !f->reqd_wg[0])
				memset(f->reqd_wg, 0, sizeof f->reqd_wg);
		}
	}
	mem_release(&s->tmp, m);
	/* Zero configuration: a size that is an assumed macro stays that
	 * unknown (launch.c), and so does one written as an affine expression
	 * of one (reqd_written) whose value is that expression's; one computed
	 * otherwise from a macro (no size of a real work-group is as large as
	 * a placeholder, and zc_check_attributes finds the others) makes the
	 * attribute say nothing that the analyses could use. */
	bool derived = false, given = f->reqd_wg[0] != 0;
	struct reqd_expr ex[3];
	bool written = s->nmacro && given && reqd_written(s, c, ex);
	for (unsigned k = 0; s->nmacro && given && k < 3; k++) {
		long long v = f->reqd_wg[k];
		if (v >= FE_PLACEHOLDER_BASE && (v - FE_PLACEHOLDER_BASE) % 4 == 0 &&
		    (v - FE_PLACEHOLDER_BASE) / 4 < s->nmacro) {
			f->reqd_macro[k] = s->macro[(v - FE_PLACEHOLDER_BASE) / 4];
			f->reqd_wg[k] = 0;
		} else if (written && ex[k].m >= 0 &&
			   reqd_value(&ex[k], fe_placeholder((unsigned)ex[k].m)) == v) {
			/* SIZE / 2: that expression of the unknown (checked at a
			 * second value by zc_check_attributes) */
			f->reqd_macro[k] = s->macro[ex[k].m];
			f->reqd_coef[k] = ex[k].c;
			f->reqd_off[k] = ex[k].o;
			f->reqd_div[k] = ex[k].d;
			f->reqd_wg[k] = 0;
		} else if (v > CLS_MAX_WORK_GROUP) {
			derived = true;
		}
	}
	if (derived) {
		memset(f->reqd_wg, 0, sizeof f->reqd_wg);
		memset(f->reqd_macro, 0, sizeof f->reqd_macro);
	}
}

static void lower_func(struct fe *s, CXCursor c, struct ir_func *f)
{
	struct kids kd = children(s, c);
	CXCursor body = clang_getNullCursor();

	s->f = f;
	s->labels = NULL;
	s->brk = s->cont = NULL;
	s->sw = NULL;
	s->fcursor = c;
	s->fors = NULL;
	f->entry = new_block(s);
	f->exit = new_block(s);
	s->cur = f->entry;
	for (unsigned i = 0; i < kd.n; i++) {
		enum CXCursorKind k = clang_getCursorKind(kd.v[i]);
		if (k == CXCursor_ParmDecl) {
			struct ir_var *v = var_for(s, kd.v[i]);
			if (v) {
				struct ir_var **np = MEM_ARRAY(s->a, struct ir_var *, f->nparams + 1);
				if (np) {
					if (f->nparams)
						memcpy(np, f->params, f->nparams * sizeof *np);
					np[f->nparams++] = v;
					f->params = np;
				}
			}
		} else if (k == CXCursor_CompoundStmt) {
			body = kd.v[i];
		}
	}
	if (!clang_Cursor_isNull(body))
		lower_stmt(s, body);
	/* Falling off the end returns. */
	struct ir_block *b = s->cur;
	ir_set_succs(s->u, b, 1);
	if (b->succs)
		b->succs[0] = f->exit;
	b->term = TERM_RETURN;
	b->origin = ORIG_NONE;
	b->range.begin = b->range.end = range_of(s, body).end;
	f->exit->term = TERM_NONE;
	ir_finish_func(s->u, f);
	s->f = NULL;
	if (s->fors && mem_failed(&s->fora))
		s->a->oom = true;
	s->fors = NULL;
	mem_free_all(&s->fora);
}

/* Is loc, a place inside a macro's expansion, expanded in the main file?
 * (A kernel declared through a macro, KERNEL(name)(args) with KERNEL
 * defined as __kernel void name: libclang's own test sees the macro.) */
static bool expanded_in_main(struct fe *s, CXSourceLocation loc)
{
	CXFile file = NULL;
	unsigned line, col, off;
	clang_getExpansionLocation(loc, &file, &line, &col, &off);
	return file && s->main_file && clang_File_isEqual(file, s->main_file);
}

/* Pass 1: make an ir_func for every definition outside system headers. */
static enum CXChildVisitResult collect_funcs(CXCursor c, CXCursor parent, CXClientData d)
{
	struct fe *s = d;
	CXSourceLocation loc = clang_getCursorLocation(c);
	if (clang_Location_isInSystemHeader(loc))
		return CXChildVisit_Continue;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl || !clang_isCursorDefinition(c))
		return CXChildVisit_Continue;
	struct ir_func *f = MEM_NEW(s->a, struct ir_func);
	if (!f)
		return CXChildVisit_Break;
	f->name = take(s->a, clang_getCursorSpelling(c));
	f->has_body = true;
	f->range = range_of(s, c);
	f->name_pos = pos_of(s, loc);
	f->in_main_file = clang_Location_isFromMainFile(loc) != 0 || expanded_in_main(s, loc);
	f->ret_type = make_type(s, clang_getResultType(clang_getCursorType(c)), 0);
	read_attributes(s, c, f);
	dmap_put(&s->decls, c, f);
	f->index = s->u->funcs.len;
	mem_vec_push(s->a, &s->u->funcs, f);
	kids_visit(c, parent, &s->fcursors);
	return CXChildVisit_Continue;
}

/* ----------------------------------------------------------------- parse */

static const struct cls_rule *diag_rule(enum CXDiagnosticSeverity sev)
{
	return sev >= CXDiagnostic_Error ? &cls_rule_compile_error : &cls_rule_compiler_warning;
}

/*
 * Diagnostic i said "cannot open file 'P': Permission denied" because
 * fsguard.c refused P: what was wrong with P, in the arena; else NULL.
 */
static const char *refused_open(struct fe *s, unsigned i)
{
	static const char prefix[] = "cannot open file '";
	const size_t k = sizeof prefix - 1;
	if (!fsg_any_refused() || i >= clang_getNumDiagnostics(s->tu))
		return NULL;
	CXDiagnostic d = clang_getDiagnostic(s->tu, i);
	const char *msg = take(s->a, clang_getDiagnosticSpelling(d));
	clang_disposeDiagnostic(d);
	const char *q = msg && !strncmp(msg, prefix, k) ? strchr(msg + k, '\'') : NULL;
	const char *path = q ? mem_strndup(s->a, msg + k, (size_t)(q - msg - k)) : NULL;
	const char *why = path ? fsg_why_refused(path) : NULL;
	if (!why)
		return NULL;
	return mem_printf(s->a, "cannot read '%s': %s (only regular files of at most %s are "
				"read)", path, why, CLS_MAX_FILE_SIZE_TEXT);
}

/* Does a compiler message speak of values made of placeholders: a number
 * at least as large as one, or an overflow? */
static bool mentions_placeholder(struct fe *s, const char *msg)
{
	if (!s->nmacro)
		return false;
	if (strstr(msg, "overflow"))
		return true;
	for (const char *p = msg; *p; p++)
		if (*p >= '0' && *p <= '9' && (p == msg || !ident_char(p[-1]))) {
			char *end;
			long long v = strtoll(p, &end, 10);
			if (v >= FE_PLACEHOLDER_BASE || v <= -FE_PLACEHOLDER_BASE)
				return true;
			p = end - 1;
		}
	return false;
}

/* Report compiler diagnostics; returns true when there was an error. */
static bool report_compiler(struct fe *s)
{
	bool error = false;
	unsigned n = clang_getNumDiagnostics(s->tu);
	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(s->tu, i);
		enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
		if (sev >= CXDiagnostic_Error)
			error = true;
		if (sev >= CXDiagnostic_Error ||
		    (sev == CXDiagnostic_Warning && s->ctx->opt->compiler_warnings)) {
			struct cls_range r;
			CXSourceLocation loc = clang_getDiagnosticLocation(d);
			CXFile f = NULL;
			clang_getExpansionLocation(loc, &f, NULL, NULL, NULL);
			r.begin = r.end = pos_of(s, loc);
			if (!f) {
				/* Command line (-include) or built-in text: no line of the file. */
				r.begin.line = r.end.line = 1;
				r.begin.col = r.end.col = 1;
			}
			/* clang says "'NAME' file not found", then "cannot open file
			 * 'PATH'", of a file that fsguard.c refused: say why, once. */
			const char *msg = take(s->a, clang_getDiagnosticSpelling(d)), *why;
			size_t len = msg ? strlen(msg) : 0, m = strlen("' file not found");
			bool not_found = len > m && !strcmp(msg + len - m, "' file not found");
			if ((why = refused_open(s, i)))
				msg = why;
			else if (not_found && (refused_open(s, i + 1) || (i && refused_open(s, i - 1))))
				msg = NULL;
			s->ctx->rule = diag_rule(sev);
			/* A warning about a placeholder's value (an overflow of TILE *
			 * TILE * 8) is about a value nobody wrote. */
			if (msg && sev < CXDiagnostic_Error && mentions_placeholder(s, msg))
				msg = NULL;
			if (msg)
				cls_report(s->ctx, s->ctx->rule, r, "%s", msg);
		}
		clang_disposeDiagnostic(d);
	}
	return error;
}

/* Does compiler argument v[i] (-DNAME..., -UNAME, or -D/-U then NAME)
 * define or undefine macro `name`? */
static bool names_macro(const char *const *v, unsigned n, unsigned i, const char *name)
{
	const char *a = v[i];
	size_t k = strlen(name);
	if (strncmp(a, "-D", 2) && strncmp(a, "-U", 2))
		return false;
	a = a[2] ? a + 2 : i + 1 < n ? v[i + 1] : "";
	return !strncmp(a, name, k) && (!a[k] || a[k] == '=');
}

/*
 * __OPENCL_VERSION__ as a device compiler defines it: the device's version,
 * which clang leaves to the driver.  Without it a file that tests it takes
 * its host-code branches (#ifndef __OPENCL_VERSION__) or compares with 0.
 * The version is the one the parse asks for (-cl-std, the last one given
 * wins, as in clang); 0 when the options define or undefine the macro
 * themselves, or name a version this table does not know.
 */
static int opencl_version(const struct cls_options *o)
{
	static const struct { const char *std; int v; } vs[] = {
		{ "CL1.0", 100 }, { "CL1.1", 110 }, { "CL1.2", 120 }, { "CL2.0", 200 },
		{ "CL3.0", 300 }, { "CLC++", 200 }, { "CLC++1.0", 200 }, { "CLC++2021", 300 },
	};
	const char *std = o->cl_std ? o->cl_std : "CL3.0";
	for (unsigned i = 0; i < o->ncc_args; i++) {
		const char *a = o->cc_args[i];
		if (names_macro(o->cc_args, o->ncc_args, i, "__OPENCL_VERSION__"))
			return 0;
		if (!strncmp(a, "-cl-std=", 8))
			std = a + 8;
		else if (!strncmp(a, "-std=", 5))
			std = a + 5;
	}
	for (unsigned i = 0; i < sizeof vs / sizeof vs[0]; i++)
		if (!strcasecmp(std, vs[i].std))
			return vs[i].v;
	return 0;
}

/* The compiler arguments: OpenCL C mode, builtins, the user's options. */
static const char **build_args(struct fe *s, int *argc)
{
	const struct cls_options *o = s->ctx->opt;
	const char **v = MEM_ARRAY(s->a, const char *, o->ncc_args + 16);
	int n = 0;
	if (!v)
		return NULL;
	v[n++] = "-x";
	v[n++] = "cl";
	v[n++] = mem_printf(s->a, "-cl-std=%s", o->cl_std ? o->cl_std : "CL3.0");
	int version = opencl_version(o);
	if (version)
		v[n++] = mem_printf(s->a, "-D__OPENCL_VERSION__=%d", version);
	/* spir64 makes every optional OpenCL C 3.0 feature and extension visible. */
	v[n++] = "--target=spir64-unknown-unknown";
	v[n++] = "-Xclang";
	v[n++] = "-finclude-default-header";
	if (o->fast_builtins) {
		v[n++] = "-Xclang";
		v[n++] = "-fdeclare-opencl-builtins";
	}
	v[n++] = "-Wno-everything";
	if (o->compiler_warnings)
		v[n - 1] = "-Wall";
	for (unsigned i = 0; i < o->ncc_args; i++)
		v[n++] = o->cc_args[i];
	*argc = n;
	return v;
}

/* ---------------------------------------------------- zero configuration */

/*
 * A kernel repository's build gives the kernels their constants (-D TILE=16
 * to clBuildProgram); linted without them, a kernel does not compile.  Zero
 * configuration analyzes it anyway.  When a parse's errors include
 * identifiers nothing defines that are spelled like macro constants ("use
 * of undeclared identifier 'TILE'") or type names nothing defines ("unknown
 * type name 'real_t'"), the file is parsed again with each such constant
 * defined as a placeholder value (fe_placeholder: the lowering turns it into
 * E_MACRO, the unknown itself, so no analysis sees the value) and each type
 * as float, or as the vector type its name or its uses ask for (zc_type_as,
 * zc_vector_use).  Errors cascade (a declaration of an unknown type hides the uses
 * of what it declares), so types go first, and the round repeats while it
 * finds new names, at most FE_ZC_ROUNDS times.
 *
 * It never changes what the preprocessor selects: a name that a #if, #ifdef,
 * #ifndef or #elif line of the file or its headers mentions is not assumed
 * (those lines took it as undefined, as C says), and a file whose #error
 * fired assumes nothing.  A name the options -U is not assumed either; one
 * they -D is never undeclared.  When the last parse still has errors, the
 * first parse stands and its errors are reported, as without zero
 * configuration.
 */
#define FE_ZC_ROUNDS 6
/* The header that declares the functions zero configuration assumes. */
#define FE_ZC_HEADER "/clsynclint/zero-configuration.h"

/* A name that a conditional directive mentions (directive_names). */
struct zc_test {
	const char *name;
	const char *where;       /* the directive: "line N", or "FILE:N" in a header */
	bool defined;            /* tested for being defined (#ifdef, #ifndef,
				  * defined NAME), not for its value */
	bool check;              /* in the condition of a block of #error lines
				  * only (struct zc_check): it selects no code */
};

/*
 * A conditional whose first block holds #error lines and nothing else: a
 * check the build's options must pass, which selects no code.  `#ifndef
 * X` and `#if !defined(X) || !defined(Y)` say that the build always
 * defines those names; `#if X != 32` that it defines X as 32; any other
 * condition (`#if SUB > WAVE`) checks values that the build gives.
 */
struct zc_check {
	const char *file;        /* NULL: the main file; else the header's name */
	unsigned line, last;     /* its #error lines: the first and the last */
	unsigned off, end;       /* their text in the main file (blanked when the
				  * check is about assumed unknowns) */
	unsigned first, n;       /* its names: tests.items[first .. first + n) */
	bool requires;           /* every name must be defined */
	const char *value;       /* #if X != N: the value N the name must have */
	bool alone;              /* no #elif or #else: the whole conditional */
};

struct zc {
	const char *consts[FE_MAX_MACROS];   /* assumed: fe_placeholder(k) for consts[k] */
	const char *types[FE_MAX_MACROS];    /* assumed: type_as[k] for types[k] */
	const char *type_as[FE_MAX_MACROS];  /* float, or a vector (zc_type_as, zc_vector_use) */
	char type_why[FE_MAX_MACROS];        /* not float for its values' uses: ':' vector
					      * components, '#' an integer's; else 0 */
	unsigned nconsts, ntypes;
	/* names a check requires with a value (#if TILE != 32 / #error):
	 * defined as that value, not an unknown */
	const char *fixed[FE_MAX_MACROS], *fixed_as[FE_MAX_MACROS];
	unsigned nfixed;
	/* function-like macros the build defines (binOp(a, b)): declared as
	 * functions of any arguments returning func_as[k] (float, or int for
	 * an integer's uses), each call an unknown value of its arguments */
	const char *funcs[FE_MAX_MACROS], *func_as[FE_MAX_MACROS];
	unsigned nfuncs;
	struct mem_vec tested;               /* struct zc_test * */
	struct mem_vec checks;               /* struct zc_check * */
	struct mem_vec required;             /* const char *: "NAME (line N)" that a fired
					      * check requires, for the note */
	struct mem_vec refused;              /* const char *: names not assumed, then why */
	const char *error_directive;         /* where a #error fired that no
					      * assumption answers, or NULL */
	/* access qualifiers on parameters that are not images or pipes, dropped
	 * (blanked out of the main file's text): offset, length, "NAME (line N)";
	 * and #error lines of value checks about assumed unknowns (what NULL) */
	unsigned blank_off[FE_MAX_MACROS], blank_len[FE_MAX_MACROS];
	const char *blank_what[FE_MAX_MACROS];
	unsigned nblank;
	struct mem_vec unchecked;            /* const char *: "line N" of the checks blanked */
};

/* Is n spelled like a macro constant: capitals, digits and underscores,
 * with a capital, not reserved (a leading double underscore)? */
static bool macro_like(const char *n)
{
	bool cap = false;
	if (!n || !*n || (n[0] >= '0' && n[0] <= '9') || (n[0] == '_' && n[1] == '_'))
		return false;
	for (const char *p = n; *p; p++) {
		if (*p >= 'A' && *p <= 'Z')
			cap = true;
		else if (!(*p == '_' || (*p >= '0' && *p <= '9')))
			return false;
	}
	return cap;
}

/* The name in a message "PREFIX'NAME'", or NULL. */
static const char *quoted(struct mem_arena *a, const char *msg, const char *prefix)
{
	size_t k = strlen(prefix), n = msg ? strlen(msg) : 0;
	if (n < k + 2 || strncmp(msg, prefix, k) || msg[n - 1] != '\'')
		return NULL;
	for (size_t i = k; i < n - 1; i++)
		if (!ident_char(msg[i]))
			return NULL;
	return mem_strndup(a, msg + k, n - 1 - k);
}

static bool listed(const char *const *v, unsigned n, const char *name)
{
	for (unsigned i = 0; i < n; i++)
		if (!strcmp(v[i], name))
			return true;
	return false;
}

/* One open conditional of directive_names' scan. */
struct zc_open {
	unsigned first, n;       /* the names of its first condition (z->tested) */
	unsigned line, eline, elast;  /* the directive's line; its first block's #error lines */
	unsigned eoff, eend;
	bool only_errors;        /* the first block so far: #error lines, blank lines, comments */
	bool in_first, alone;
	bool requires;           /* #ifndef X, #if !defined(X) || !defined(Y) */
	const char *value;       /* #if X != N */
};

/* The kind of condition c..e of an #if or #elif that a check may have:
 * sets o->requires for `!defined(X) || !defined Y`, o->value for `X != N`
 * (or `N != X`); parentheses are ignored. */
static void check_kind(struct mem_arena *a, const char *c, const char *e, struct zc_open *o)
{
	const char *tok[16];
	size_t len[16];
	unsigned n = 0;
	for (const char *q = c; q < e;) {
		if (*q == ' ' || *q == '\t' || *q == '(' || *q == ')' || *q == '\\' || *q == '\r') {
			q++;
			continue;
		}
		if (*q == '/' && q + 1 < e && (q[1] == '/' || q[1] == '*'))
			break;
		if (n == 16)
			return;
		const char *b = q;
		if (ident_char(*q))
			while (q < e && ident_char(*q))
				q++;
		else if ((q[0] == '|' || q[0] == '&' || q[0] == '!' || q[0] == '=') && q + 1 < e &&
			 (q[1] == q[0] || q[1] == '='))
			q += 2;
		else
			q++;
		tok[n] = b;
		len[n++] = (size_t)(q - b);
	}
#define TOK(i, s) (len[i] == strlen(s) && !strncmp(tok[i], s, len[i]))
#define NAME(i) (ident_char(tok[i][0]) && !(tok[i][0] >= '0' && tok[i][0] <= '9'))
#define NUM(i) (tok[i][0] >= '0' && tok[i][0] <= '9')
	bool req = n >= 3;
	for (unsigned i = 0; req && i < n; i += 4)
		req = i + 2 < n && TOK(i, "!") && TOK(i + 1, "defined") && NAME(i + 2) &&
		      (i + 3 == n || TOK(i + 3, "||"));
	o->requires = req;
	if (n == 3 && TOK(1, "!=") && (NAME(0) ? NUM(2) : NUM(0) && NAME(2)))
		o->value = mem_strndup(a, tok[NAME(0) ? 2 : 0], len[NAME(0) ? 2 : 0]);
#undef TOK
#undef NAME
#undef NUM
}

/* Record the identifiers of the conditional directives of one file, and
 * its checks (struct zc_check). */
static void directive_names(struct fe *s, struct zc *z, CXTranslationUnit tu, CXFile f)
{
	size_t size = 0;
	const char *t = clang_getFileContents(tu, f, &size), *end = t + size;
	const char *fname = clang_File_isEqual(f, s->main_file) ? NULL : file_name(s, f);
	struct zc_open open[64];
	unsigned depth = 0, line = 1;
	bool comment = false;    /* inside a block comment */
	for (const char *p = t; t && p < end; line++) {
		const char *eol = p;
		while (eol < end && *eol != '\n')
			eol++;
		const char *q = p;
		while (q < eol && (*q == ' ' || *q == '\t' || *q == '\r'))
			q++;
		unsigned first = line;
		const char *lstart = p;
		/* Is the line blank or a comment, for a check's block? */
		bool quiet = comment || q == eol || (q + 1 < eol && q[0] == '/' && (q[1] == '/' || q[1] == '*'));
		for (const char *c = q; c + 1 < eol; c++) {
			if (!comment && c[0] == '/' && c[1] == '*')
				comment = true, c++;
			else if (comment && c[0] == '*' && c[1] == '/')
				comment = false, c++;
			else if (!comment && c[0] == '/' && c[1] == '/')
				break;
		}
		struct zc_open *top = depth && depth <= 64 ? &open[depth - 1] : NULL;
		if (!quiet && q < eol && *q == '#') {
			q++;
			while (q < eol && (*q == ' ' || *q == '\t'))
				q++;
			const char *w = q;
			while (q < eol && ident_char(*q))
				q++;
			size_t wl = (size_t)(q - w);
			bool opens = (wl == 2 && !strncmp(w, "if", 2)) || (wl == 5 && !strncmp(w, "ifdef", 5)) ||
				     (wl == 6 && !strncmp(w, "ifndef", 6));
			bool next = (wl == 4 && !strncmp(w, "elif", 4)) || (wl == 4 && !strncmp(w, "else", 4)) ||
				    (wl == 7 && !strncmp(w, "elifdef", 7)) ||
				    (wl == 8 && !strncmp(w, "elifndef", 8));
			bool closes = wl == 5 && !strncmp(w, "endif", 5);
			bool cond = opens || (next && !(wl == 4 && !strncmp(w, "else", 4)));
			bool defined = (wl == 5 && !strncmp(w, "ifdef", 5)) || (wl == 6 && !strncmp(w, "ifndef", 6)) ||
				       (wl == 7 && !strncmp(w, "elifdef", 7)) ||
				       (wl == 8 && !strncmp(w, "elifndef", 8));
			if (top && top->in_first && (opens || (!next && !closes &&
					!(wl == 5 && !strncmp(w, "error", 5))))) {
				top->only_errors = false;
			} else if (top && top->in_first && wl == 5 && !strncmp(w, "error", 5)) {
				if (!top->eline) {
					top->eline = line;
					top->eoff = (unsigned)(lstart - t);
				}
				top->elast = line;
				top->eend = (unsigned)(eol - t);
			}
			if (top && (next || closes)) {
				if (top->in_first && top->only_errors && top->eline) {
					struct zc_check *k = MEM_NEW(s->a, struct zc_check);
					if (k) {
						k->file = fname;
						k->line = top->eline;
						k->last = top->elast;
						k->off = top->eoff;
						k->end = top->eend;
						k->first = top->first;
						k->n = top->n;
						k->requires = top->requires;
						k->value = top->value;
						k->alone = closes;
						for (unsigned i = 0; i < k->n; i++)
							((struct zc_test *)z->tested.items[k->first + i])->check = true;
						mem_vec_push(s->a, &z->checks, k);
					}
				}
				top->in_first = false;
			}
			if (closes && depth)
				depth--;
			unsigned before = z->tested.len;
			const char *cstart = q;
			/* the directive goes on past backslash-newlines */
			while (cond) {
				bool after_defined = false;
				while (q < eol) {
					if (ident_char(*q) && !(*q >= '0' && *q <= '9')) {
						const char *b = q;
						while (q < eol && ident_char(*q))
							q++;
						if (q - b == 7 && !strncmp(b, "defined", 7)) {
							after_defined = true;
							continue;
						}
						struct zc_test *x = MEM_NEW(s->a, struct zc_test);
						if (x) {
							x->name = mem_strndup(s->a, b, (size_t)(q - b));
							x->where = fname ? mem_printf(s->a, "%s:%u", fname, first)
									 : mem_printf(s->a, "line %u", first);
							x->defined = defined || after_defined;
							mem_vec_push(s->a, &z->tested, x);
						}
						after_defined = false;
					} else if (*q >= '0' && *q <= '9') {   /* 10u, 0x1F */
						while (q < eol && ident_char(*q))
							q++;
					} else if (*q == '/' && q + 1 < eol && q[1] == '/') {
						q = eol;
					} else {
						q++;
					}
				}
				const char *b = eol;
				while (b > p && (b[-1] == ' ' || b[-1] == '\t' || b[-1] == '\r'))
					b--;
				if (b == p || b[-1] != '\\' || eol >= end)
					break;
				p = eol + 1;
				line++;
				eol = p;
				while (eol < end && *eol != '\n')
					eol++;
				q = p;
			}
			if (opens) {
				if (depth < 64) {
					struct zc_open o = { before, z->tested.len - before, first, 0, 0, 0, 0,
							     true, true, true, false, NULL };
					if (wl == 6)            /* #ifndef X */
						o.requires = o.n == 1;
					else if (wl == 2)
						check_kind(s->a, cstart, eol, &o);
					open[depth] = o;
				}
				depth++;
			}
		} else if (top && top->in_first && !quiet) {
			top->only_errors = false;
		}
		p = eol + 1;
	}
}

struct incl {
	struct fe *s;
	struct zc *z;
	CXTranslationUnit tu;
};

static void visit_inclusion(CXFile f, CXSourceLocation *stack, unsigned n, CXClientData d)
{
	struct incl *x = d;
	(void)stack;
	(void)n;
	directive_names(x->s, x->z, x->tu, f);
}

/* Where a conditional directive that selects code tests `name` in a way
 * that assuming it would change, or NULL: for a type, a test of whether
 * it is defined (in #if a macro that names a type is 0 as the undefined
 * name is: `#if T == double` reads the same either way); for a constant,
 * any test.  Checks (#ifndef X / #error) select no code; a name the file
 * requires (`required`) is defined by every build, so only a test of its
 * value counts (a name whose value a check gives is not a constant). */
static const char *tested_at(const struct zc *z, const char *name, bool type, bool required)
{
	for (unsigned i = 0; i < z->tested.len; i++) {
		const struct zc_test *x = z->tested.items[i];
		if (x->check || strcmp(x->name, name))
			continue;
		if (x->defined ? !required : !type)
			return x->where;
	}
	return NULL;
}

/* Does the identifier at location l stand where a type does: is it followed
 * by another identifier (`real_t acc = 0;`, `T x`)? */
static bool followed_by_name(CXTranslationUnit tu, CXSourceLocation l)
{
	CXFile f = NULL;
	unsigned off = 0;
	size_t size = 0;
	clang_getExpansionLocation(l, &f, NULL, NULL, &off);
	const char *t = f ? clang_getFileContents(tu, f, &size) : NULL;
	if (!t || off >= size)
		return false;
	size_t i = off;
	while (i < size && ident_char(t[i]))
		i++;
	while (i < size && (t[i] == ' ' || t[i] == '\t'))
		i++;
	return i < size && ident_char(t[i]) && !(t[i] >= '0' && t[i] <= '9');
}

/*
 * Is identifier `name`, which diagnostic d says nothing declares, called
 * there: written (where d is, or where a macro's definition spells it)
 * and followed by an argument list?  *sync says whether the arguments name
 * fence flags, a memory scope or order (what a barrier or an atomic takes).
 */
static bool called_at(CXTranslationUnit tu, CXDiagnostic d, const char *name, bool *sync,
		      bool *statement)
{
	size_t k = strlen(name);
	for (unsigned spell = 0; spell < 2; spell++) {
		CXFile f = NULL;
		unsigned off = 0;
		size_t size = 0;
		CXSourceLocation l = clang_getDiagnosticLocation(d);
		if (spell)
			clang_getSpellingLocation(l, &f, NULL, NULL, &off);
		else
			clang_getExpansionLocation(l, &f, NULL, NULL, &off);
		const char *t = f ? clang_getFileContents(tu, f, &size) : NULL;
		if (!t || off + k > size || strncmp(t + off, name, k) ||
		    (off + k < size && ident_char(t[off + k])))
			continue;
		size_t i = off + k;
		while (i < size && (t[i] == ' ' || t[i] == '\t'))
			i++;
		if (i >= size || t[i] != '(')
			return false;
		int depth = 0;
		size_t j = i;
		*sync = false;
		for (; j < size; j++) {
			depth += (t[j] == '(') - (t[j] == ')');
			if (!depth)
				break;
			if ((!strncmp(t + j, "CLK_", 4) || !strncmp(t + j, "memory_scope", 12) ||
			     !strncmp(t + j, "memory_order", 12)) && (j == 0 || !ident_char(t[j - 1])))
				*sync = true;
		}
		/* A statement of its own, its value discarded (`SetToZero(acc);`,
		 * after ; { } or the ) of an if or a loop, or else): what it does
		 * is not its value. */
		size_t a = j + 1, b = off;
		while (a < size && (t[a] == ' ' || t[a] == '\t' || t[a] == '\r' || t[a] == '\n'))
			a++;
		while (b > 0 && (t[b - 1] == ' ' || t[b - 1] == '\t' || t[b - 1] == '\r' ||
				 t[b - 1] == '\n'))
			b--;
		*statement = a < size && t[a] == ';' &&
			     (b == 0 || strchr(";{})", t[b - 1]) ||
			      (b >= 4 && !strncmp(t + b - 4, "else", 4) && (b == 4 || !ident_char(t[b - 5]))));
		return true;
	}
	return false;
}

/* Does a name say it synchronizes or touches memory the way a builtin
 * does (BARRIER, LOCAL_FENCE, atomicAdd, syncthreads, wait_for)? */
static bool sync_like(const char *name)
{
	static const char *const words[] = { "barrier", "fence", "sync", "atom", "wait", "lock",
					     "async", "work_group", "sub_group", "mem_", "prefetch" };
	char low[128];
	size_t n = 0;
	for (const char *p = name; *p && n + 1 < sizeof low; p++)
		low[n++] = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
	low[n] = 0;
	for (unsigned i = 0; i < sizeof words / sizeof words[0]; i++)
		if (strstr(low, words[i]))
			return true;
	return bi_classify(name) != BI_NONE;
}

/* Did diagnostic d come from a #error line? */
static bool from_error_directive(CXTranslationUnit tu, CXDiagnostic d)
{
	CXFile f = NULL;
	unsigned off = 0;
	size_t size = 0;
	clang_getExpansionLocation(clang_getDiagnosticLocation(d), &f, NULL, NULL, &off);
	const char *t = f ? clang_getFileContents(tu, f, &size) : NULL;
	if (!t || off >= size || size - off < 5 || strncmp(t + off, "error", 5))
		return false;
	while (off > 0 && (t[off - 1] == ' ' || t[off - 1] == '\t'))
		off--;
	return off > 0 && t[off - 1] == '#';
}

/*
 * Diagnostic d says that an access qualifier stands on a parameter that is
 * not an image or a pipe (`__global __read_only float *in`): vendor
 * compilers of old accepted and ignored it there, clang rejects it.  When
 * the qualifier is written in the main file itself (in a macro of it too),
 * record it in z to be blanked out of the text (spaces: every position
 * stays); returns whether it was (or had been) recorded.
 */
static bool access_qualifier(struct fe *s, struct zc *z, CXTranslationUnit tu, CXDiagnostic d,
			     const char *msg)
{
	static const char *const quals[] = { "__read_only", "__write_only", "__read_write",
					     "read_only", "write_only", "read_write" };
	if (!msg || strcmp(msg, "access qualifier can only be used for pipe and image type"))
		return false;
	CXFile f = NULL;
	unsigned line = 0, off = 0;
	size_t size = 0;
	/* Where the qualifier is written: in a macro's definition when a macro
	 * wrote it (the macro loses it everywhere; an image without one is
	 * read_only, an image that needed write_only fails to compile again) */
	clang_getSpellingLocation(clang_getDiagnosticLocation(d), &f, &line, NULL, &off);
	const char *t = f && clang_File_isEqual(f, clang_getFile(tu, s->display))
				? clang_getFileContents(tu, f, &size) : NULL;
	if (!t || off >= size)
		return false;
	for (unsigned i = 0; i < z->nblank; i++)
		if (z->blank_off[i] == off)
			return true;
	for (unsigned q = 0; q < sizeof quals / sizeof quals[0]; q++) {
		size_t k = strlen(quals[q]);
		if (off + k > size || strncmp(t + off, quals[q], k) ||
		    (off + k < size && ident_char(t[off + k])) || z->nblank >= FE_MAX_MACROS)
			continue;
		z->blank_off[z->nblank] = off;
		z->blank_len[z->nblank] = (unsigned)k;
		z->blank_what[z->nblank++] = mem_printf(s->a, "%s (line %u)", quals[q], line);
		return true;
	}
	return false;
}

/*
 * What a type name nothing defines is taken for: float, or the vector its
 * name is spelled like (real4, mixed4, float_t4, T16: digits 2, 3, 4, 8 or
 * 16 at the end; OpenMM's -D real4=float4).  The vector is of the scalar
 * type the rest names when that is one (INT4, DOUBLE2), else of float.  An
 * integer type's name with 8 or 16 (u8, S16, UINT8: the integer's bits)
 * is taken for float like any other name.
 */
static const char *zc_type_as(struct mem_arena *a, const char *n)
{
	static const char *const scalars[] = { "char", "uchar", "short", "ushort", "int", "uint",
					       "long", "ulong", "half", "float", "double" };
	size_t len = strlen(n), d = len;
	while (d > 0 && n[d - 1] >= '0' && n[d - 1] <= '9')
		d--;
	/* A vector by name, of no written width (OpenCV's vecSumT, VEC_T):
	 * the common width. */
	if (d == len && len > 3) {
		for (size_t i = 0; i + 3 <= len; i++)
			if ((n[i] | 0x20) == 'v' && (n[i + 1] | 0x20) == 'e' && (n[i + 2] | 0x20) == 'c' &&
			    (i == 0 || n[i - 1] == '_' || (n[i] >= 'A' && n[i] <= 'Z')))
				return "float4";
	}
	if (d == 0 || d == len || len - d > 2 || n[d] == '0')
		return "float";
	unsigned w = (unsigned)atoi(n + d);
	if (w != 2 && w != 3 && w != 4 && w != 8 && w != 16)
		return "float";
	char pre[16];
	size_t k = 0;
	for (size_t i = 0; i < d && k + 1 < sizeof pre; i++)
		if (n[i] != '_')
			pre[k++] = (char)(n[i] >= 'A' && n[i] <= 'Z' ? n[i] - 'A' + 'a' : n[i]);
	pre[k] = 0;
	bool bits = (k == 1 && strchr("usi", pre[0])) || (k >= 3 && !strcmp(pre + k - 3, "int"));
	if (w >= 8 && bits)
		return "float";
	const char *elem = "float";
	for (unsigned i = 0; i < sizeof scalars / sizeof scalars[0]; i++)
		if (d < sizeof pre && !strcmp(pre, scalars[i]))
			elem = scalars[i];
	return mem_printf(a, "%s%u", elem, w);
}

/*
 * Diagnostic d says that a member of a float is asked for ("member
 * reference base type 'float' is not a structure or union"): `v.x`,
 * `in[i].xyz`, `p.s7`.  When the float is a variable or parameter whose
 * declaration names a type z took for float (SHOC's -D FPVECTYPE=float4),
 * that type is a vector: float4, or float8 / float16 when a component
 * .s4 to .sF asks for it.  Returns the number of types changed.
 */
static unsigned zc_retype(struct fe *s, struct zc *z, CXTranslationUnit tu, CXFile f, unsigned off,
			  const char *as, char why);

static unsigned zc_vector_use(struct fe *s, struct zc *z, CXTranslationUnit tu, CXDiagnostic d,
			      const char *msg)
{
	static const char pre[] = "member reference base type '";
	static const char post[] = "float' is not a structure or union";
	size_t n = msg ? strlen(msg) : 0;
	if (n < sizeof pre + sizeof post || strncmp(msg, pre, sizeof pre - 1) ||
	    strcmp(msg + n - (sizeof post - 1), post))
		return 0;
	CXFile f = NULL;
	unsigned off = 0;
	size_t size = 0;
	clang_getExpansionLocation(clang_getDiagnosticLocation(d), &f, NULL, NULL, &off);
	const char *t = f ? clang_getFileContents(tu, f, &size) : NULL;
	if (!t || off >= size || t[off] != '.')
		return 0;
	/* The component asked for: .s4 to .sF need 8 or 16 elements. */
	unsigned width = 4;
	if (off + 1 < size && (t[off + 1] == 's' || t[off + 1] == 'S'))
		for (size_t i = off + 2; i < size && ident_char(t[i]); i++) {
			char c = (char)(t[i] | 0x20);
			unsigned x = c >= '0' && c <= '9' ? (unsigned)(c - '0')
				   : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10) : 0;
			if (x >= 8)
				width = 16;
			else if (x >= 4 && width < 8)
				width = 8;
		}
	/* The variable before the dot, or the array or pointer subscripted there. */
	size_t i = off;
	while (i > 0 && (t[i - 1] == ' ' || t[i - 1] == '	'))
		i--;
	if (i > 0 && t[i - 1] == ']') {
		int depth = 0;
		do {
			i--;
			depth += (t[i] == ']') - (t[i] == '[');
		} while (i > 0 && depth > 0);
		while (i > 0 && (t[i - 1] == ' ' || t[i - 1] == '	'))
			i--;
	}
	size_t e = i;
	while (i > 0 && ident_char(t[i - 1]))
		i--;
	if (i == e)
		return 0;
	return zc_retype(s, z, tu, f, (unsigned)i, mem_printf(s->a, "float%u", width), ':');
}

/*
 * The identifier at offset `off` of file f names a variable or parameter
 * whose values are used as something a float is not (zc_vector_use,
 * zc_int_use): each type its declaration names that z took for float is
 * `as` instead, for the reason `why` (the note's: ':' vector components,
 * '#' an integer's uses).  Returns the number of types changed.
 */
/* The search of zc_retype: the declaration of variable `name` nearest
 * before offset `off` of file f. */
struct decl_find {
	struct fe *s;
	CXFile f;
	unsigned off;
	const char *name;
	CXCursor best;
	unsigned best_off;
};

static enum CXChildVisitResult decl_find_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct decl_find *x = d;
	(void)parent;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXFile f = NULL;
	unsigned off = 0;
	clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, &off);
	if (!f || !clang_File_isEqual(f, x->f))
		return CXChildVisit_Continue;
	if ((k == CXCursor_VarDecl || k == CXCursor_ParmDecl) && off < x->off && off >= x->best_off) {
		struct mem_mark m = mem_mark(&x->s->tmp);
		const char *n = take(&x->s->tmp, clang_getCursorSpelling(c));
		if (n && !strcmp(n, x->name)) {
			x->best = c;
			x->best_off = off;
		}
		mem_release(&x->s->tmp, m);
	}
	return CXChildVisit_Recurse;
}

/* The identifier at offset off of file f, or NULL. */
static const char *ident_at(struct fe *s, CXTranslationUnit tu, CXFile f, unsigned off)
{
	size_t size = 0, e = off;
	const char *t = clang_getFileContents(tu, f, &size);
	while (t && e < size && ident_char(t[e]))
		e++;
	return t && e > off ? mem_strndup(s->a, t + off, e - off) : NULL;
}

static unsigned zc_retype(struct fe *s, struct zc *z, CXTranslationUnit tu, CXFile f, unsigned off,
			  const char *as, char why)
{
	CXCursor use = clang_getCursor(tu, clang_getLocationForOffset(tu, f, off));
	CXCursor decl = clang_getCursorReferenced(use);
	enum CXCursorKind k = clang_getCursorKind(decl);
	if (clang_Cursor_isNull(decl) || (k != CXCursor_VarDecl && k != CXCursor_ParmDecl)) {
		/* an expression clang dropped (an invalid subscript): the
		 * declaration of that name nearest before it */
		struct decl_find x = { s, f, off, NULL, clang_getNullCursor(), 0 };
		x.name = ident_at(s, tu, f, off);
		if (x.name)
			clang_visitChildren(clang_getTranslationUnitCursor(tu), decl_find_visit, &x);
		decl = x.best;
		k = clang_getCursorKind(decl);
	}
	if (clang_Cursor_isNull(decl) || (k != CXCursor_VarDecl && k != CXCursor_ParmDecl))
		return 0;
	/* an integer's uses: of the float itself, or of an element (why '['),
	 * not of a pointer to floats */
	CXType ty = clang_getCanonicalType(clang_getCursorType(decl));
	if (why == '[') {
		why = '#';
		ty = ty.kind == CXType_Pointer ? clang_getPointeeType(ty) : clang_getArrayElementType(ty);
		ty = clang_getCanonicalType(ty);
	}
	if (why == '#' && ty.kind != CXType_Float)
		return 0;
	/* The type names its declaration writes before its name. */
	CXFile df = NULL, nf = NULL;
	unsigned begin_off = 0, name_off = 0, ntok = 0;
	clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(decl)), &df, NULL, NULL,
				   &begin_off);
	clang_getExpansionLocation(clang_getCursorLocation(decl), &nf, NULL, NULL, &name_off);
	if (!df || !nf || !clang_File_isEqual(df, nf) || begin_off >= name_off)
		return 0;
	CXToken *tok = NULL;
	clang_tokenize(tu, clang_getRange(clang_getLocationForOffset(tu, df, begin_off),
					  clang_getLocationForOffset(tu, df, name_off)), &tok, &ntok);
	unsigned changed = 0;
	for (unsigned j = 0; j < ntok; j++) {
		unsigned to = 0;
		clang_getExpansionLocation(clang_getTokenLocation(tu, tok[j]), NULL, NULL, NULL, &to);
		if (to >= name_off)
			break;
		if (clang_getTokenKind(tok[j]) != CXToken_Identifier)
			continue;
		struct mem_mark m = mem_mark(&s->tmp);
		const char *w = take(&s->tmp, clang_getTokenSpelling(tu, tok[j]));
		for (unsigned x = 0; w && x < z->ntypes; x++)
			if (!strcmp(z->types[x], w) && !strcmp(z->type_as[x], "float")) {
				z->type_as[x] = as;
				z->type_why[x] = why;
				changed++;
			}
		mem_release(&s->tmp, m);
	}
	clang_disposeTokens(tu, tok, ntok);
	return changed;
}

/*
 * Diagnostic d says that a float is used where only an integer goes: an
 * array subscript ("array subscript is not an integer"), an operand of %,
 * <<, & ... ("invalid operands to binary expression ('float' and 'int')").
 * Each float variable or parameter in the expressions d points at (or
 * array or pointer to floats, subscripted there) whose
 * declaration names a type z took for float (clSPARSE's -D
 * SIZE_TYPE=ulong, a type for sizes and indices) has that type int
 * instead.  Returns the number of types changed.
 */
static unsigned zc_int_use(struct fe *s, struct zc *z, CXTranslationUnit tu, CXDiagnostic d,
			   const char *msg)
{
	if (!msg || (strcmp(msg, "array subscript is not an integer") &&
		     strncmp(msg, "statement requires expression of integer type ('float'", 55) &&
		     (strncmp(msg, "invalid operands to binary expression (", 39) || !strstr(msg, "float"))))
		return 0;
	unsigned changed = 0, n = clang_getDiagnosticNumRanges(d);
	for (unsigned i = 0; i <= n; i++) {
		/* the ranges of d, or where it is when it has none */
		CXSourceRange r = i < n ? clang_getDiagnosticRange(d, i)
			: clang_getRange(clang_getDiagnosticLocation(d), clang_getDiagnosticLocation(d));
		if (i == n && n)
			break;
		/* where the file writes it: a range inside a macro's expansion
		 * (idx(l) of a function assumed as a macro) is the invocation */
		CXFile rf = NULL, rg = NULL;
		unsigned b = 0, e = 0;
		size_t size = 0;
		clang_getExpansionLocation(clang_getRangeStart(r), &rf, NULL, NULL, &b);
		clang_getExpansionLocation(clang_getRangeEnd(r), &rg, NULL, NULL, &e);
		const char *t = rf ? clang_getFileContents(tu, rf, &size) : NULL;
		if (!t || !rg || !clang_File_isEqual(rf, rg) || e < b || e >= size)
			continue;
		while (e < size && ident_char(t[e]))
			e++;
		r = clang_getRange(clang_getLocationForOffset(tu, rf, b),
				   clang_getLocationForOffset(tu, rf, (unsigned)e));
		CXToken *tok = NULL;
		unsigned ntok = 0;
		clang_tokenize(tu, r, &tok, &ntok);
		for (unsigned j = 0; j < ntok && j < 64; j++) {
			CXFile f = NULL;
			unsigned off = 0;
			if (clang_getTokenKind(tok[j]) != CXToken_Identifier)
				continue;
			clang_getExpansionLocation(clang_getTokenLocation(tu, tok[j]), &f, NULL, NULL, &off);
			/* p[i]: an element of p */
			bool elem = false;
			if (j + 1 < ntok && clang_getTokenKind(tok[j + 1]) == CXToken_Punctuation) {
				struct mem_mark m = mem_mark(&s->tmp);
				const char *p = take(&s->tmp, clang_getTokenSpelling(tu, tok[j + 1]));
				elem = p && !strcmp(p, "[");
				mem_release(&s->tmp, m);
			}
			/* f(x): a function assumed to return float returns int */
			bool fn = false;
			size_t after = off;
			while (f && clang_File_isEqual(f, rf) && after < size && ident_char(t[after]))
				after++;
			while (after < size && (t[after] == ' ' || t[after] == '\t'))
				after++;
			if (after < size && t[after] == '(') {
				struct mem_mark m = mem_mark(&s->tmp);
				const char *p = "(";
				const char *w = take(&s->tmp, clang_getTokenSpelling(tu, tok[j]));
				for (unsigned x = 0; p && w && x < z->nfuncs; x++)
					if (!strcmp(z->funcs[x], w) && !strcmp(z->func_as[x], "float")) {
						z->func_as[x] = "int";
						changed++;
						fn = true;
					}
				mem_release(&s->tmp, m);
			}
			if (f && !fn)
				changed += zc_retype(s, z, tu, f, off, "int", elem ? '[' : '#');
		}
		clang_disposeTokens(tu, tok, ntok);
	}
	return changed;
}

/* Is NAME undefined by the options (-U NAME)? */
static bool undefined_by_options(const struct cls_options *o, const char *name)
{
	for (unsigned i = 0; i < o->ncc_args; i++)
		if (!strncmp(o->cc_args[i], "-U", 2) && !strcmp(o->cc_args[i] + 2, name))
			return true;
	return false;
}

/* Has z assumed `name` already, as a constant, a type or a value? */
static bool zc_assumed(const struct zc *z, const char *name)
{
	return listed(z->types, z->ntypes, name) || listed(z->consts, z->nconsts, name) ||
	       listed(z->fixed, z->nfixed, name) || listed(z->funcs, z->nfuncs, name);
}

/* The check (struct zc_check) whose #error diagnostic d is, or NULL. */
static const struct zc_check *fired_check(struct fe *s, const struct zc *z, CXTranslationUnit tu,
					  CXDiagnostic d, unsigned *line)
{
	CXFile f = NULL;
	clang_getExpansionLocation(clang_getDiagnosticLocation(d), &f, line, NULL, NULL);
	if (!f)
		return NULL;
	bool main = clang_File_isEqual(f, clang_getFile(tu, s->display));
	struct mem_mark m = mem_mark(&s->tmp);
	const char *name = main ? NULL : take(&s->tmp, clang_getFileName(f));
	const struct zc_check *found = NULL;
	for (unsigned i = 0; i < z->checks.len && !found; i++) {
		const struct zc_check *k = z->checks.items[i];
		if ((!k->file) == main && (main || (name && !strcmp(name, k->file))) &&
		    k->line <= *line && *line <= k->last)
			found = k;
	}
	mem_release(&s->tmp, m);
	return found;
}

static void push_once(struct mem_arena *a, struct mem_vec *v, const char *x)
{
	for (unsigned i = 0; i < v->len; i++)
		if (!strcmp(v->items[i], x))
			return;
	mem_vec_push(a, v, (void *)x);
}

/* Record that `name` is not assumed, and why (z->refused: name, why). */
static void zc_refuse(struct fe *s, struct zc *z, const char *name, const char *why)
{
	for (unsigned i = 0; i + 1 < z->refused.len; i += 2)
		if (!strcmp(z->refused.items[i], name))
			return;
	mem_vec_push(s->a, &z->refused, (void *)name);
	mem_vec_push(s->a, &z->refused, (void *)why);
}

/*
 * The #error lines that fired in parse tu: a check that requires names
 * (#ifndef X) adds them to req[] (assumed by how the code uses them, a
 * constant when it does not say), one that requires a value (#if X != 32)
 * defines the name as it (z->fixed); a check of the values of names that
 * are all assumed or about to be is blanked out of the text (the build's
 * values pass it; the unknowns stand for them).  Any other #error is
 * z->error_directive.  cand[] are the names this round takes.
 */
static void zc_errors(struct fe *s, struct zc *z, CXTranslationUnit tu, const char **req,
		      unsigned *nr, const char *const *cand, unsigned ncand, unsigned *added)
{
	unsigned n = clang_getNumDiagnostics(tu);
	z->error_directive = NULL;
	for (unsigned pass = 0; pass < 2; pass++)
		for (unsigned i = 0; i < n; i++) {
			CXDiagnostic d = clang_getDiagnostic(tu, i);
			unsigned line = 0;
			const struct zc_check *k = NULL;
			bool err = clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error &&
				   from_error_directive(tu, d);
			if (err)
				k = fired_check(s, z, tu, d, &line);
			clang_disposeDiagnostic(d);
			if (!err)
				continue;
			const char *at = k && k->file ? mem_printf(s->a, "%s:%u", k->file, line)
						       : mem_printf(s->a, "line %u", line);
			bool value_check = k && !k->requires && !(k->value && k->n == 1);
			if (pass == 0 && k && k->requires) {
				for (unsigned j = 0; j < k->n; j++) {
					const struct zc_test *x = z->tested.items[k->first + j];
					if (zc_assumed(z, x->name) || listed(req, *nr, x->name) ||
					    *nr >= FE_MAX_MACROS)
						continue;
					req[(*nr)++] = x->name;
					push_once(s->a, &z->required,
						  mem_printf(s->a, "%s (#error at %s)", x->name, at));
				}
			} else if (pass == 0 && k && k->value && k->n == 1) {
				const char *name = ((const struct zc_test *)z->tested.items[k->first])->name;
				if (undefined_by_options(s->ctx->opt, name)) {
					zc_refuse(s, z, name, mem_printf(s->a, "'%s' is not assumed: the options "
									 "undefine it (-U %s)", name, name));
					z->error_directive = at;
				} else if (!zc_assumed(z, name) && z->nfixed < FE_MAX_MACROS) {
					z->fixed[z->nfixed] = name;
					z->fixed_as[z->nfixed++] = k->value;
					push_once(s->a, &z->required,
						  mem_printf(s->a, "%s = %s (#error at %s)", name, k->value,
							     at));
					(*added)++;
				}
			} else if (pass == 1 && value_check) {
				bool all = k->alone && !k->file && k->n;
				for (unsigned j = 0; all && j < k->n; j++) {
					const char *name = ((const struct zc_test *)z->tested.items[k->first + j])->name;
					all = zc_assumed(z, name) || listed(req, *nr, name) ||
					      listed(cand, ncand, name);
				}
				bool done = false;
				for (unsigned j = 0; j < z->nblank && !done; j++)
					done = z->blank_off[j] == k->off;
				if (all && !done && z->nblank < FE_MAX_MACROS) {
					z->blank_off[z->nblank] = k->off;
					z->blank_len[z->nblank] = k->end - k->off;
					z->blank_what[z->nblank++] = NULL;
					push_once(s->a, &z->unchecked, mem_printf(s->a, "line %u", k->line));
					(*added)++;
				} else if (!all && !z->error_directive) {
					z->error_directive = at;
				}
			} else if (pass == 0 && !k && !z->error_directive) {
				z->error_directive = at;
			}
		}
}

/*
 * The checks of values (#if SUB > WAVE / #error) in the main file whose
 * names include an assumed constant and are all assumed: blanked out of
 * the text, fired or not (whether they fire depends on the placeholders,
 * not on the build), so that the unknowns stand for every value.  Returns
 * the number blanked now.
 */
static unsigned zc_unchecked(struct fe *s, struct zc *z)
{
	unsigned added = 0;
	for (unsigned i = 0; i < z->checks.len; i++) {
		const struct zc_check *k = z->checks.items[i];
		if (k->requires || (k->value && k->n == 1) || !k->alone || k->file || !k->n)
			continue;
		bool all = true, unknown = false, done = false;
		for (unsigned j = 0; all && j < k->n; j++) {
			const char *name = ((const struct zc_test *)z->tested.items[k->first + j])->name;
			all = zc_assumed(z, name);
			unknown |= listed(z->consts, z->nconsts, name);
		}
		for (unsigned j = 0; j < z->nblank && !done; j++)
			done = z->blank_off[j] == k->off;
		if (!all || !unknown || done || z->nblank >= FE_MAX_MACROS)
			continue;
		z->blank_off[z->nblank] = k->off;
		z->blank_len[z->nblank] = k->end - k->off;
		z->blank_what[z->nblank++] = NULL;
		push_once(s->a, &z->unchecked, mem_printf(s->a, "line %u", k->line));
		added++;
	}
	return added;
}

/*
 * One round: the names a parse's errors say nothing defines, added to z
 * (types first: a round adds either types or constants), and the checks
 * (#ifndef X / #error) that fired (zc_errors).  Returns the number added;
 * 0 when there is nothing (more) to assume.
 */
static unsigned zc_round(struct fe *s, struct zc *z, CXTranslationUnit tu)
{
	const char *ntypes[FE_MAX_MACROS], *nconsts[FE_MAX_MACROS], *lower[FE_MAX_MACROS];
	const char *req[FE_MAX_MACROS], *nfuncs[FE_MAX_MACROS];
	unsigned nt = 0, nc = 0, nl = 0, nr = 0, nf = 0, nblank = z->nblank, nvec = 0;
	unsigned n = clang_getNumDiagnostics(tu);
	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		if (clang_getDiagnosticSeverity(d) < CXDiagnostic_Error) {
			clang_disposeDiagnostic(d);
			continue;
		}
		const char *msg = take(s->a, clang_getDiagnosticSpelling(d));
		unsigned vec = zc_vector_use(s, z, tu, d, msg) + zc_int_use(s, z, tu, d, msg);
		if (vec || access_qualifier(s, z, tu, d, msg)) {
			nvec += vec;
			clang_disposeDiagnostic(d);
			continue;
		}
		const char *name = quoted(s->a, msg, "unknown type name '");
		bool type = name != NULL, sync = false, statement = false;
		const char *call = quoted(s->a, msg, "use of undeclared identifier '");
		if (call && !zc_assumed(z, call) && called_at(tu, d, call, &sync, &statement)) {
			/* a function-like macro of the build: binOp(a, b) */
			if (sync || statement || sync_like(call))
				zc_refuse(s, z, call,
					  mem_printf(s->a, "'%s' is not assumed: a macro the build "
						     "defines may synchronize or write memory (%s), "
						     "which a function of its arguments would hide; give "
						     "-D '%s(...)=...'", call,
						     sync ? "it takes fence flags, a scope or an order"
						     : statement ? "a call of it is a statement: its value "
								   "is not what it is for"
						     : "its name says so", call));
			else if (nf < FE_MAX_MACROS && !listed(nfuncs, nf, call))
				nfuncs[nf++] = call;
			clang_disposeDiagnostic(d);
			continue;
		}
		if (!name) {
			name = quoted(s->a, msg, "use of undeclared identifier '");
			type = name && followed_by_name(tu, clang_getDiagnosticLocation(d));
			/* lowercase constants only when a check requires them */
			if (name && !type && !macro_like(name)) {
				if (nl < FE_MAX_MACROS && !listed(lower, nl, name))
					lower[nl++] = name;
				name = NULL;
			}
		}
		clang_disposeDiagnostic(d);
		if (!name || zc_assumed(z, name) || listed(ntypes, nt, name))
			continue;
		if (type && nt < FE_MAX_MACROS) {
			ntypes[nt++] = name;
			/* a name first taken for a constant is a type after all */
			for (unsigned j = 0; j < nc; j++)
				if (!strcmp(nconsts[j], name))
					nconsts[j] = nconsts[--nc];
		} else if (!type && nc < FE_MAX_MACROS && !listed(nconsts, nc, name)) {
			nconsts[nc++] = name;
		}
	}
	/* The candidates, for the checks of values that fired. */
	const char *cand[2 * FE_MAX_MACROS];
	unsigned ncand = 0, added = 0;
	for (unsigned i = 0; i < nt; i++)
		cand[ncand++] = ntypes[i];
	for (unsigned i = 0; i < nc; i++)
		cand[ncand++] = nconsts[i];
	zc_errors(s, z, tu, req, &nr, cand, ncand, &added);
	/* a check may have given a name its value (z->fixed) */
	for (unsigned i = 0; i < nt;)
		if (zc_assumed(z, ntypes[i]))
			ntypes[i] = ntypes[--nt];
		else
			i++;
	for (unsigned i = 0; i < nc;)
		if (zc_assumed(z, nconsts[i]))
			nconsts[i] = nconsts[--nc];
		else
			i++;
	for (unsigned i = 0; i < nl && nc < FE_MAX_MACROS; i++)
		if (listed(req, nr, lower[i]) && !zc_assumed(z, lower[i]) && !listed(ntypes, nt, lower[i]))
			nconsts[nc++] = lower[i];
	/* What assuming would change (tested_at) or the options undefine is
	 * left alone. */
	unsigned kt = 0, kc = 0;
	for (unsigned i = 0; i < nt + nc; i++) {
		bool type = i < nt;
		const char *name = type ? ntypes[i] : nconsts[i - nt];
		bool required = listed(req, nr, name);
		for (unsigned j = 0; j < z->required.len && !required; j++) {
			const char *r = z->required.items[j];
			size_t k = strlen(name);
			required = !strncmp(r, name, k) && r[k] == ' ';
		}
		const char *at = tested_at(z, name, type, required);
		if (at || undefined_by_options(s->ctx->opt, name)) {
			zc_refuse(s, z, name,
				  at ? mem_printf(s->a, "'%s' is not assumed: the preprocessor tests it "
						  "(%s), and took it as undefined; give -D %s=VALUE%s",
						  name, at, name,
						  required ? mem_printf(s->a, " (the file requires it, and "
									"the test is of its value)")
							   : "")
				     : mem_printf(s->a, "'%s' is not assumed: the options undefine it "
						  "(-U %s)", name, name));
			continue;
		}
		if (type)
			ntypes[kt++] = name;
		else
			nconsts[kc++] = name;
	}
	nt = kt;
	nc = kc;
	/* A name a check requires that no error named: a constant. */
	for (unsigned i = 0; i < nr && nc < FE_MAX_MACROS; i++)
		if (!listed(ntypes, nt, req[i]) && !listed(nconsts, nc, req[i]) &&
		    !zc_assumed(z, req[i]) && !tested_at(z, req[i], false, true) &&
		    !undefined_by_options(s->ctx->opt, req[i]))
			nconsts[nc++] = req[i];
	/* Functions, in any round: a name tested by the preprocessor or
	 * undefined by the options is left alone. */
	for (unsigned i = 0; i < nf && z->nfuncs < FE_MAX_MACROS; i++) {
		const char *at = tested_at(z, nfuncs[i], false, false);
		if (at || undefined_by_options(s->ctx->opt, nfuncs[i])) {
			zc_refuse(s, z, nfuncs[i],
				  at ? mem_printf(s->a, "'%s' is not assumed: the preprocessor tests it "
						  "(%s), and took it as undefined; give -D '%s(...)=...'",
						  nfuncs[i], at, nfuncs[i])
				     : mem_printf(s->a, "'%s' is not assumed: the options undefine it "
						  "(-U %s)", nfuncs[i], nfuncs[i]));
			continue;
		}
		z->func_as[z->nfuncs] = "float";
		z->funcs[z->nfuncs++] = nfuncs[i];
		added++;
	}
	/* Dropped qualifiers and vectors found cascade into nothing: in any round. */
	added += z->nblank - nblank + nvec;
	if (nt) {
		for (unsigned i = 0; i < nt && z->ntypes < FE_MAX_MACROS; i++) {
			z->type_as[z->ntypes] = zc_type_as(s->a, ntypes[i]);
			z->types[z->ntypes++] = ntypes[i];
		}
		return nt + added;
	}
	for (unsigned i = 0; i < nc && z->nconsts < FE_MAX_MACROS; i++, added++)
		z->consts[z->nconsts++] = nconsts[i];
	return added + zc_unchecked(s, z);
}

static unsigned count_errors(CXTranslationUnit tu)
{
	unsigned n = clang_getNumDiagnostics(tu), e = 0;
	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		e += clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error;
		clang_disposeDiagnostic(d);
	}
	return e;
}

static CXIndex shared_index;

/*
 * Making libclang's index initializes every target LLVM was built with,
 * 1 ms in a process that has just loaded libclang and over 2 ms in a worker
 * just forked from it (the pages it writes are copied first).  Made before
 * the fork, the workers inherit it.  One index per process is enough: the
 * program runs jobs as processes, never as threads.
 */
void fe_preload(void)
{
	if (!shared_index)
		shared_index = clang_createIndex(0, 0);
}

/* An int, the type of an assumed macro constant's unknown. */
static struct ir_type macro_int = { .kind = T_INT, .size = 4, .spelling = "int" };

/*
 * Parse again with the names z assumes defined (see "zero configuration"
 * above): the options, then -DNAME=placeholder and -DNAME=float.  NULL when
 * libclang fails.
 */
static CXTranslationUnit zc_parse(struct fe *s, const struct zc *z, const char **argv, int argc,
				  struct CXUnsavedFile *uf, long long shift, unsigned flags)
{
	static const struct zc none;
	if (!z)
		z = &none;
	const char **v = MEM_ARRAY(s->a, const char *,
				   (size_t)argc + z->nconsts + z->ntypes + z->nfixed + 3);
	if (!v)
		return NULL;
	memcpy(v, argv, (size_t)argc * sizeof *v);
	int n = argc;
	for (unsigned i = 0; i < z->nconsts; i++)
		v[n++] = mem_printf(s->a, "-D%s=%lld", z->consts[i], fe_placeholder(i) + shift);
	for (unsigned i = 0; i < z->ntypes; i++)
		v[n++] = mem_printf(s->a, "-D%s=%s", z->types[i], z->type_as[i]);
	for (unsigned i = 0; i < z->nfixed; i++)
		v[n++] = mem_printf(s->a, "-D%s=%s", z->fixed[i], z->fixed_as[i]);
	struct CXUnsavedFile blanked = *uf;
	if (z->nblank) {
		char *t = mem_alloc(s->a, uf->Length + 1);
		if (!t)
			return NULL;
		memcpy(t, uf->Contents, uf->Length);
		for (unsigned i = 0; i < z->nblank; i++)   /* every line stays */
			for (unsigned j = z->blank_off[i];
			     j < z->blank_off[i] + z->blank_len[i] && j < uf->Length; j++)
				if (t[j] != '\n' && t[j] != '\r')
					t[j] = ' ';
		t[uf->Length] = 0;
		blanked.Contents = t;
	}
	/* Functions the build defines as macros: declared in a header of our
	 * own, read first (-include), each name a macro that calls the
	 * function of that name with a leading 0, for OpenCL C's variadic
	 * functions need a named parameter. */
	struct CXUnsavedFile files[2] = { blanked, { FE_ZC_HEADER, "", 0 } };
	if (z->nfuncs) {
		const char *h = "#pragma OPENCL EXTENSION __cl_clang_variadic_functions : enable\n";
		for (unsigned i = 0; i < z->nfuncs; i++)
			h = mem_printf(s->a, "%s%s %s(int, ...);\n#define %s(...) %s(0 __VA_OPT__(,) "
				       "__VA_ARGS__)\n", h, z->func_as[i], z->funcs[i], z->funcs[i],
				       z->funcs[i]);
		h = mem_printf(s->a, "%s#pragma OPENCL EXTENSION __cl_clang_variadic_functions : "
			       "disable\n", h);
		if (!h)
			return NULL;
		files[1].Contents = h;
		files[1].Length = (unsigned long)strlen(h);
		v[n++] = "-include";
		v[n++] = FE_ZC_HEADER;
	}
	CXTranslationUnit tu = NULL;
	if (clang_parseTranslationUnit2(shared_index, s->display, v, n, files, z->nfuncs ? 2 : 1,
					CXTranslationUnit_KeepGoing | flags, &tu) != CXError_Success)
		return NULL;
	return tu;
}

/*
 * The last parse of zero configuration, tu, still has errors: the notes for
 * the names left alone (z->refused), each saying whether it is one that
 * keeps the file from compiling (an error of tu names it) with the others
 * assumed, and one for each #error that fired and no assumption answers.
 */
static void zc_blockers(struct fe *s, struct zc *z, CXTranslationUnit tu)
{
	struct cls_result *r = s->ctx->result;
	unsigned n = clang_getNumDiagnostics(tu);
	struct mem_vec assumed = { 0 };
	for (unsigned i = 0; i < z->nconsts; i++)
		mem_vec_push(s->a, &assumed, (void *)z->consts[i]);
	for (unsigned i = 0; i < z->ntypes; i++)
		mem_vec_push(s->a, &assumed, (void *)z->types[i]);
	for (unsigned i = 0; i < z->nfixed; i++)
		mem_vec_push(s->a, &assumed, (void *)z->fixed[i]);
	for (unsigned i = 0; i < z->nfuncs; i++)
		mem_vec_push(s->a, &assumed, (void *)z->funcs[i]);
	for (unsigned k = 0; k + 1 < z->refused.len; k += 2) {
		const char *name = z->refused.items[k], *why = z->refused.items[k + 1];
		const char *q = mem_printf(s->a, "'%s'", name);
		bool kept = false;
		for (unsigned i = 0; i < n && !kept && q; i++) {
			CXDiagnostic d = clang_getDiagnostic(tu, i);
			if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
				struct mem_mark m = mem_mark(&s->tmp);
				const char *msg = take(&s->tmp, clang_getDiagnosticSpelling(d));
				kept = msg && strstr(msg, q);
				mem_release(&s->tmp, m);
			}
			clang_disposeDiagnostic(d);
		}
		const char *note =
			     !kept ? why
			     : assumed.len ? mem_printf(&r->arena, "%s; with %s assumed, '%s' is what keeps "
							"the file from compiling", why,
							cls_name_list(s->a, &assumed), name)
			     : mem_printf(&r->arena, "%s; '%s' keeps the file from compiling", why, name);
		mem_vec_push(&r->arena, &r->notes, (void *)note);
	}
	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error && from_error_directive(tu, d)) {
			CXFile f = NULL;
			unsigned line = 0;
			clang_getExpansionLocation(clang_getDiagnosticLocation(d), &f, &line, NULL, NULL);
			const char *at = f && !clang_File_isEqual(f, clang_getFile(tu, s->display))
				? mem_printf(s->a, "%s:%u", take(s->a, clang_getFileName(f)), line)
				: mem_printf(s->a, "line %u", line);
			push_once(&r->arena, &r->notes,
				  mem_printf(&r->arena, "the #error at %s fires, and no assumption "
					     "answers it: it keeps the file from compiling; give the "
					     "build's -D options", at));
		}
		clang_disposeDiagnostic(d);
	}
}

/*
 * Zero configuration for the parse s->tu, which has errors: find what
 * nothing defines, parse again with it assumed, and keep that parse when it
 * compiles (s->tu, s->macro; the result's lists and note say what was
 * assumed).  Otherwise s->tu stays the first parse, with a note for each
 * name that was left undefined on purpose.
 */
static void zero_configuration(struct fe *s, const char **argv, int argc,
			       struct CXUnsavedFile *uf)
{
	struct zc z;
	memset(&z, 0, sizeof z);
	struct incl x = { s, &z, s->tu };
	clang_getInclusions(s->tu, visit_inclusion, &x);
	CXTranslationUnit first = s->tu, cur = first;
	bool ok = false;
	for (unsigned round = 0; round < FE_ZC_ROUNDS && !ok; round++) {
		if (!zc_round(s, &z, cur))
			break;
		CXTranslationUnit next = zc_parse(s, &z, argv, argc, uf, 0, 0);
		if (!next)
			break;
		if (cur != first)
			clang_disposeTranslationUnit(cur);
		cur = next;
		ok = !count_errors(cur);
	}
	struct cls_result *r = s->ctx->result;
	if (!ok) {
		zc_blockers(s, &z, cur);
		if (cur != first)
			clang_disposeTranslationUnit(cur);
		return;
	}
	clang_disposeTranslationUnit(first);
	s->tu = cur;
	struct zc *keep = MEM_NEW(s->a, struct zc);
	if (keep)
		*keep = z;
	s->zc = keep;
	s->argv = argv;
	s->argc = argc;
	s->uf = uf;
	s->main_file = clang_getFile(s->tu, s->display);
	s->nfiles = 0;   /* the file cache held the first parse's files */
	s->macro = MEM_ARRAY(s->a, struct ir_var *, z.nconsts + 1);
	if (!s->macro)
		return;
	for (unsigned i = 0; i < z.nconsts; i++) {
		struct ir_var *v = MEM_NEW(s->a, struct ir_var);
		if (!v)
			return;
		v->name = z.consts[i];
		v->kind = VAR_MACRO;
		v->type = &macro_int;
		s->macro[s->nmacro++] = v;
		mem_vec_push(s->a, &s->u->macros, v);
		mem_vec_push(&r->arena, &r->macro_consts, (void *)z.consts[i]);
	}
	for (unsigned i = 0; i < z.ntypes; i++)
		mem_vec_push(&r->arena, &r->macro_types,
			     !strcmp(z.type_as[i], "float") ? (void *)z.types[i]
			     : mem_printf(&r->arena, "%s%c%s", z.types[i], z.type_why[i] ? z.type_why[i] : '=',
					  z.type_as[i]));
	r->macro_note = cls_macro_note(&r->arena, &r->macro_consts, &r->macro_types);
	if (r->macro_note)
		mem_vec_push(&r->arena, &r->notes, (void *)r->macro_note);
	if (z.nfuncs) {
		struct mem_vec fl = { 0 }, il = { 0 };
		for (unsigned i = 0; i < z.nfuncs; i++)
			mem_vec_push(s->a, strcmp(z.func_as[i], "int") ? &fl : &il, (void *)z.funcs[i]);
		const char *f = fl.len ? mem_printf(s->a, "%s, analyzed as %s (each call an "
						    "unknown float of its arguments)",
						    cls_name_list(s->a, &fl), fl.len > 1 ? "functions" : "a function")
				       : NULL;
		const char *i = il.len ? mem_printf(s->a, "%s, analyzed as %s (each call an "
						    "unknown int of its arguments, used as an integer)",
						    cls_name_list(s->a, &il), il.len > 1 ? "functions" : "a function")
				       : NULL;
		mem_vec_push(&r->arena, &r->notes,
			     mem_printf(&r->arena, "not defined by the build: %s%s%s; what a macro of "
					"the build does besides computing a value (write memory, "
					"synchronize) is not seen (give -D 'NAME(...)=...' for the "
					"definitions)", f ? f : "", f && i ? "; " : "", i ? i : ""));
	}
	if (z.required.len)
		mem_vec_push(&r->arena, &r->notes,
			     mem_printf(&r->arena, "the file requires %s: assumed so, as every build "
					"must define %s", cls_name_list(s->a, &z.required),
					z.required.len > 1 ? "them" : "it"));
	if (z.unchecked.len)
		mem_vec_push(&r->arena, &r->notes,
			     mem_printf(&r->arena, "not applied: the #error check%s at %s, which "
					"test%s values the build gives to names analyzed as unknowns",
					z.unchecked.len > 1 ? "s" : "", cls_name_list(s->a, &z.unchecked),
					z.unchecked.len > 1 ? "" : "s"));
	unsigned nq = 0;
	for (unsigned i = 0; i < z.nblank; i++)
		nq += z.blank_what[i] != NULL;
	if (nq) {
		struct mem_vec what = { 0 };
		for (unsigned i = 0; i < z.nblank; i++) {   /* in the order of the text */
			unsigned lo = i;
			for (unsigned j = i + 1; j < z.nblank; j++)
				if (z.blank_off[j] < z.blank_off[lo])
					lo = j;
			unsigned o = z.blank_off[i];
			const char *w = z.blank_what[i];
			z.blank_off[i] = z.blank_off[lo], z.blank_what[i] = z.blank_what[lo];
			z.blank_off[lo] = o, z.blank_what[lo] = w;
			if (z.blank_what[i])
				mem_vec_push(s->a, &what, (void *)z.blank_what[i]);
		}
		mem_vec_push(&r->arena, &r->notes,
			     mem_printf(&r->arena, "dropped access qualifier%s %s: only images and "
					"pipes take %s; older OpenCL compilers ignored %s on other "
					"parameters (clang rejects %s; --no-assume-macros keeps the error)",
					nq > 1 ? "s" : "", cls_name_list(s->a, &what),
					nq > 1 ? "them" : "one", nq > 1 ? "them" : "it",
					nq > 1 ? "them" : "it"));
	}
}


/* The parsed unit is the largest thing a run holds, and glibc keeps freed
 * heap pages mapped: hand them back before the analyses allocate, so the
 * peak is the parse's or the analyses', not their sum. */
static void give_back_heap(void)
{
	mem_heap_trim();
}

/*
 * A reqd_work_group_size is read as numbers (read_attributes), and with
 * placeholders in the program a number may be one computed from them
 * (reqd_work_group_size(TILE / 32, 1, 1)).  Parsed once more with every
 * placeholder moved by FE_SECOND_LOOK (enough to move a quotient by any
 * divisor that leaves a work-group size, small enough that TILE * TILE * 4
 * stays an int), a size that is a number stays the same, a size that is a
 * macro moves with it, one read as an expression of a macro (SIZE / 2)
 * moves as that expression does, and any other size is computed from one:
 * then the attribute says nothing the analyses could use.
 */
#define FE_SECOND_LOOK 2002
struct reqd_look {
	struct fe *s;
	unsigned changed;
};

static enum CXChildVisitResult reqd_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct reqd_look *x = d;
	struct fe *s = x->s;
	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl || !clang_isCursorDefinition(c) ||
	    clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	struct mem_mark m = mem_mark(&s->tmp);
	const char *name = take(&s->tmp, clang_getCursorSpelling(c));
	struct ir_func moved;
	memset(&moved, 0, sizeof moved);
	unsigned n = s->nmacro;
	s->nmacro = 0;     /* the numbers as printed */
	read_attributes(s, c, &moved);
	s->nmacro = n;
	for (unsigned i = 0; i < s->u->funcs.len; i++) {
		struct ir_func *f = s->u->funcs.items[i];
		if (strcmp(f->name, name) || (!f->reqd_wg[0] && !f->reqd_macro[0] &&
					      !f->reqd_macro[1] && !f->reqd_macro[2]))
			continue;
		bool same = true;
		for (unsigned k = 0; k < 3; k++) {
			long long want = f->reqd_wg[k];
			for (unsigned j = 0; f->reqd_macro[k] && j < s->nmacro; j++)
				if (s->macro[j] == f->reqd_macro[k]) {
					struct reqd_expr e = { f->reqd_coef[k], f->reqd_off[k],
							       f->reqd_div[k], (int)j };
					want = fe_placeholder(j) + FE_SECOND_LOOK;
					if (e.d)
						want = reqd_value(&e, want);
				}
			same &= moved.reqd_wg[k] == want;
		}
		if (!same) {
			memset(f->reqd_wg, 0, sizeof f->reqd_wg);
			memset(f->reqd_macro, 0, sizeof f->reqd_macro);
			memset(f->reqd_div, 0, sizeof f->reqd_div);
			x->changed++;
		}
	}
	mem_release(&s->tmp, m);
	return CXChildVisit_Continue;
}

static void zc_check_attributes(struct fe *s)
{
	bool any = false;
	for (unsigned i = 0; i < s->u->funcs.len && !any; i++) {
		const struct ir_func *f = s->u->funcs.items[i];
		any = f->reqd_wg[0] || f->reqd_macro[0] || f->reqd_macro[1] || f->reqd_macro[2];
	}
	if (!any || !s->zc)
		return;
	CXTranslationUnit tu = zc_parse(s, s->zc, s->argv, s->argc, s->uf, FE_SECOND_LOOK, 0);
	struct reqd_look x = { s, 0 };
	if (tu && !count_errors(tu))
		clang_visitChildren(clang_getTranslationUnitCursor(tu), reqd_visit, &x);
	else    /* no second look: no size the analyses could trust */
		for (unsigned i = 0; i < s->u->funcs.len; i++) {
			struct ir_func *f = s->u->funcs.items[i];
			memset(f->reqd_wg, 0, sizeof f->reqd_wg);
			memset(f->reqd_macro, 0, sizeof f->reqd_macro);
		}
	if (tu)
		clang_disposeTranslationUnit(tu);
}

/* --------------------------------------------------- kernels left out */

/* Does line p..eol start a kernel definition: the word __kernel, or the word
 * kernel at its start (`kernel void f(...)`)? */
static bool kernel_line(const char *p, const char *eol)
{
	while (p < eol && (*p == ' ' || *p == '\t'))
		p++;
	if (eol - p >= 6 && !strncmp(p, "kernel", 6) && (eol - p == 6 || !ident_char(p[6])))
		return true;
	for (const char *q = p; q + 8 <= eol; q++)
		if (!strncmp(q, "__kernel", 8) && (q == p || !ident_char(q[-1])) &&
		    (q + 8 == eol || !ident_char(q[8])))
			return true;
	return false;
}

/* One open conditional directive of the scan in kernels_left_out. */
struct cond {
	const char *text;          /* "#ifdef X", the condition cut at 60 bytes;
				    * "#else of #ifdef X" */
	const char *select;        /* the options that select its branch, or NULL */
	unsigned line;
	bool skipped;              /* inside a range the preprocessor skipped */
};

/* The options that select the branch of directive `kw` (kl bytes) with
 * condition text c..e: -D NAME for #ifdef and `defined NAME`, -D NAME=VALUE
 * for a name compared, -U NAME for #ifndef; NULL for #else. */
static const char *select_options(struct mem_arena *a, const char *kw, size_t kl,
				  const char *c, const char *e)
{
	if (kl == 4 && !strncmp(kw, "else", 4))
		return NULL;
	bool ifdef = (kl == 5 && !strncmp(kw, "ifdef", 5)) || (kl == 7 && !strncmp(kw, "elifdef", 7));
	bool ifndef = (kl == 6 && !strncmp(kw, "ifndef", 6)) ||
		      (kl == 8 && !strncmp(kw, "elifndef", 8));
	const char *out = NULL;
	bool after_defined = false;
	for (const char *q = c; q < e;) {
		if (*q >= '0' && *q <= '9') {      /* a number: 10u, 0x1F */
			while (q < e && ident_char(*q))
				q++;
			continue;
		}
		if (!ident_char(*q)) {
			q++;
			continue;
		}
		const char *b = q;
		while (q < e && ident_char(*q))
			q++;
		int n = (int)(q - b);
		if (n == 7 && !strncmp(b, "defined", 7)) {
			after_defined = true;
			continue;
		}
		const char *opt = ifndef ? mem_printf(a, "-U %.*s", n, b)
				: ifdef || after_defined ? mem_printf(a, "-D %.*s", n, b)
				: mem_printf(a, "-D %.*s=VALUE", n, b);
		after_defined = false;
		if (opt && (!out || !strstr(out, opt)))
			out = out ? mem_printf(a, "%s %s", out, opt) : opt;
	}
	return out;
}

/* Is `line` in one of the ranges the preprocessor skipped? */
static bool in_skipped(const CXSourceRangeList *r, unsigned line)
{
	for (unsigned i = 0; i < r->count; i++) {
		unsigned a = 0, b = 0;
		clang_getSpellingLocation(clang_getRangeStart(r->ranges[i]), NULL, &a, NULL, NULL);
		clang_getSpellingLocation(clang_getRangeEnd(r->ranges[i]), NULL, &b, NULL, NULL);
		if (a <= line && line <= b)
			return true;
	}
	return false;
}

/* Add string x to v unless it holds it already. */
static void push_new(struct mem_arena *a, struct mem_vec *v, const char *x)
{
	for (unsigned i = 0; i < v->len; i++)
		if (!strcmp(v->items[i], x))
			return;
	mem_vec_push(a, v, (void *)x);
}

/*
 * The file compiled without a kernel of its own.  If its text has kernels
 * the preprocessor skipped (every kernel behind an #ifdef the build did not
 * define, as in a file the host builds once per -D), parse it again with
 * the preprocessing record, which holds the skipped ranges, and record in
 * s->u which conditional directives leave them out and which options would
 * select them (the note of find_kernels in driver.c).  A file that does not
 * spell `kernel` costs nothing more.
 */
static void kernels_left_out(struct fe *s, const char **argv, int argc, struct CXUnsavedFile *uf)
{
	bool mentions = false;
	for (const char *p = uf->Contents, *end = p + uf->Length; p < end && !mentions;) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		if (!eol)
			eol = end;
		mentions = kernel_line(p, eol);
		p = eol + 1;
	}
	if (!mentions)
		return;
	CXTranslationUnit tu = zc_parse(s, s->zc, argv, argc, uf, 0,
					CXTranslationUnit_DetailedPreprocessingRecord);
	if (!tu)
		return;
	CXFile f = clang_getFile(tu, s->display);
	CXSourceRangeList *ranges = f ? clang_getSkippedRanges(tu, f) : NULL;
	size_t size = 0;
	const char *t = f ? clang_getFileContents(tu, f, &size) : NULL, *end = t ? t + size : NULL;
	struct cond stack[32];
	unsigned depth = 0, line = 1;
	for (const char *p = t; t && ranges && ranges->count && p < end; line++) {
		const char *eol = p;
		while (eol < end && *eol != '\n')
			eol++;
		bool skipped = in_skipped(ranges, line);
		const char *q = p;
		while (q < eol && (*q == ' ' || *q == '\t'))
			q++;
		if (q < eol && *q == '#') {
			q++;
			while (q < eol && (*q == ' ' || *q == '\t'))
				q++;
			const char *kw = q;
			while (q < eol && ident_char(*q))
				q++;
			size_t kl = (size_t)(q - kw);
			bool open = (kl == 2 && !strncmp(kw, "if", 2)) || (kl == 5 && !strncmp(kw, "ifdef", 5)) ||
				    (kl == 6 && !strncmp(kw, "ifndef", 6));
			bool next = (kl == 4 && (!strncmp(kw, "elif", 4) || !strncmp(kw, "else", 4))) ||
				    (kl == 7 && !strncmp(kw, "elifdef", 7)) ||
				    (kl == 8 && !strncmp(kw, "elifndef", 8));
			if (kl == 5 && !strncmp(kw, "endif", 5) && depth)
				depth--;
			if ((open && depth < 32) || (next && depth)) {
				const char *c = q, *e = q;
				while (c < eol && (*c == ' ' || *c == '\t'))
					c++;
				/* the condition, up to a comment or the line's end */
				for (e = c; e < eol && !(e + 1 < eol && e[0] == '/' && (e[1] == '/' || e[1] == '*'));)
					e++;
				while (e > c && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r' || e[-1] == '\\'))
					e--;
				int cl = e - c > 60 ? 60 : (int)(e - c);
				struct cond x = { mem_printf(s->a, "#%.*s%s%.*s%s", (int)kl, kw, cl ? " " : "",
							     cl, c, e - c > 60 ? "..." : ""),
						  select_options(s->a, kw, kl, c, e), line, skipped };
				if (open) {
					stack[depth++] = x;
				} else {
					if (kl == 4 && !strncmp(kw, "else", 4))
						x.text = mem_printf(s->a, "#else of %s",
								    stack[depth - 1].text);
					stack[depth - 1] = x;
				}
			}
		} else if (skipped && depth && kernel_line(q, eol)) {
			/* What leaves it out: the directives of the skipped range. */
			const char *sel = NULL;
			for (unsigned i = 0; i < depth; i++) {
				if (!stack[i].skipped)
					continue;
				push_new(s->a, &s->u->kernels_behind,
					 mem_printf(s->a, "%s (line %u)", stack[i].text, stack[i].line));
				/* an #else and a constant condition: nothing to give */
				if (stack[i].select)
					sel = sel ? mem_printf(s->a, "%s %s", sel, stack[i].select) : stack[i].select;
			}
			if (sel)
				push_new(s->a, &s->u->kernels_select, sel);
		}
		p = eol + 1;
	}
	if (ranges)
		clang_disposeSourceRangeList(ranges);
	clang_disposeTranslationUnit(tu);
}

bool fe_parse(struct cls_ctx *ctx, const char *display, const char *text, size_t len)
{
	struct fe s;
	memset(&s, 0, sizeof s);
	s.ctx = ctx;
	s.a = ctx->arena;
	s.display = display;
	s.u = MEM_NEW(s.a, struct ir_unit);
	if (!s.u)
		return false;
	s.u->arena = s.a;
	s.u->path = display;
	s.fcursors.a = s.a;
	ctx->unit = s.u;

	int argc = 0;
	const char **argv = build_args(&s, &argc);
	if (!argv)
		return false;
	fe_preload();
	struct CXUnsavedFile uf = { display, text, (unsigned long)len };
	double t0 = cls_now();
	fsg_reset();
	enum CXErrorCode err = clang_parseTranslationUnit2(
		shared_index, display, argv, argc, &uf, 1,
		CXTranslationUnit_KeepGoing, &s.tu);
	if (err != CXError_Success || !s.tu) {
		ctx->result->status = CLS_FILE_NOT_ANALYZED;
		ctx->result->reason = "libclang could not parse the file";
		return false;
	}
	s.main_file = clang_getFile(s.tu, display);
	if (ctx->opt->assume_macros && count_errors(s.tu))
		zero_configuration(&s, argv, argc, &uf);
	ctx->result->t_parse = cls_now() - t0;
	t0 = cls_now();
	bool failed = report_compiler(&s);
	if (failed) {
		ctx->result->status = CLS_FILE_NOT_ANALYZED;
		ctx->result->reason = "compile errors";
		clang_disposeTranslationUnit(s.tu);
		free(s.decls.v);
		mem_free_all(&s.tmp);
		return false;
	}
	CXCursor root = clang_getTranslationUnitCursor(s.tu);
	clang_visitChildren(root, collect_funcs, &s);
	bool kernel = false;
	for (unsigned i = 0; i < s.u->funcs.len && !kernel; i++) {
		const struct ir_func *f = s.u->funcs.items[i];
		kernel = f->is_kernel && f->in_main_file;
	}
	if (!kernel)
		kernels_left_out(&s, argv, argc, &uf);
	if (s.nmacro)
		zc_check_attributes(&s);
	/* Pass 2: lower the bodies.  Definitions were found in source order. */
	for (unsigned i = 0; i < s.u->funcs.len; i++) {
		if (i < s.fcursors.n)
			lower_func(&s, s.fcursors.v[i], s.u->funcs.items[i]);
	}
	if (s.too_deep) {
		ctx->result->status = CLS_FILE_NOT_ANALYZED;
		ctx->result->reason = "unsupported: statements or expressions nested too deeply";
	}
	clang_disposeTranslationUnit(s.tu);
	free(s.decls.v);
	give_back_heap();
	if (mem_failed(&s.tmp))
		s.a->oom = true;   /* a cursor list was cut short */
	mem_free_all(&s.tmp);
	ctx->result->t_lower = cls_now() - t0;
	return !s.too_deep && !mem_failed(s.a);
}
