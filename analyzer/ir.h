/*
 * ir.h - clsynclint's own intermediate representation (ir_ prefix).
 *
 * The frontend lowers each function with a body into a control-flow graph of
 * basic blocks.  A block holds expression trees evaluated in order and ends
 * in one terminator.  Conditions of if/while/for/do are lowered into branches,
 * with && || ! split into separate branches, so that every control decision
 * is a block terminator.  Everything lives in the unit's arena.  Analyses and
 * rules read this IR only; nothing here refers to libclang.
 */
#ifndef CLS_IR_H
#define CLS_IR_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "arena.h"
#include "builtins.h"

/* A position in a source file: 1-based line and byte column. */
struct cls_pos {
	const char *file;   /* interned by the frontend: compare pointers */
	unsigned line, col;
};

/* A source range; end is the position one past the last character. */
struct cls_range {
	struct cls_pos begin, end;
};

enum ir_space {
	AS_PRIVATE = 0,
	AS_GLOBAL,
	AS_LOCAL,
	AS_CONSTANT,
	AS_GENERIC,
};

enum ir_tkind {
	T_VOID,
	T_INT,
	T_FLOAT,
	T_VECTOR,
	T_POINTER,
	T_ARRAY,
	T_STRUCT,
	T_OTHER,            /* images, events, samplers, pipes, ... */
};

struct ir_type {
	unsigned char kind;       /* enum ir_tkind */
	unsigned char space;      /* enum ir_space of the object (pointers: of the pointee) */
	bool is_volatile;         /* object (pointers: pointee) is volatile */
	bool is_atomic;           /* an atomic_* type */
	bool is_unsigned;
	unsigned count;           /* array length or vector width */
	long long size;           /* sizeof, bytes; <= 0 when unknown */
	bool symbolic;            /* an array whose length (or an element's) is made of
				   * a macro constant the build does not define
				   * (E_MACRO): count and size hold a placeholder,
				   * never a value for the analyses */
	struct ir_type *elem;     /* pointee, array element or vector element */
	const char *spelling;
};

enum ir_op {
	E_INT,          /* ival */
	E_FLOAT,        /* fval */
	E_STRING,
	E_VAR,          /* var */
	E_CALL,         /* name, callee (user function) or sub = bi_kind; kids = args */
	E_BINARY,       /* sub = enum ir_binop; kids[0] op kids[1] */
	E_UNARY,        /* sub = enum ir_unop; kids[0] */
	E_ASSIGN,       /* kids[0] = kids[1]; sub = binop for compound (op=), else IR_B_NONE */
	E_INCDEC,       /* sub = enum ir_incdec; kids[0] */
	E_INDEX,        /* kids[0][kids[1]] */
	E_MEMBER,       /* kids[0].name or kids[0]->name (sub = 1 for ->) */
	E_SWIZZLE,      /* kids[0].name where kids[0] is a vector */
	E_COND,         /* kids[0] ? kids[1] : kids[2] */
	E_CAST,         /* explicit cast of kids[0] to type */
	E_COMMA,        /* kids[0], kids[1] */
	E_ADDROF,       /* &kids[0] */
	E_DEREF,        /* *kids[0] */
	E_INIT_LIST,    /* { kids... } */
	E_UNKNOWN,      /* something we do not model; kids are its operands */
	E_MACRO,        /* var (VAR_MACRO): an integer macro constant the build does
			 * not define, an unknown of the program (frontend.c) */
};

enum ir_binop {
	IR_B_NONE = 0,
	IR_B_MUL, IR_B_DIV, IR_B_REM, IR_B_ADD, IR_B_SUB, IR_B_SHL, IR_B_SHR,
	IR_B_LT, IR_B_GT, IR_B_LE, IR_B_GE, IR_B_EQ, IR_B_NE,
	IR_B_AND, IR_B_XOR, IR_B_OR, IR_B_LAND, IR_B_LOR,
};

enum ir_unop {
	IR_U_PLUS = 1, IR_U_MINUS, IR_U_NOT /* ~ */, IR_U_LNOT /* ! */,
};

enum ir_incdec {
	IR_PREINC = 1, IR_PREDEC, IR_POSTINC, IR_POSTDEC,
};

enum ir_var_kind {
	VAR_PRIVATE,   /* automatic variable of a function */
	VAR_PARAM,     /* function parameter */
	VAR_SHARED,    /* __local variable declared in a kernel */
	VAR_PROGRAM,   /* program-scope variable (__constant, __global) */
	VAR_MACRO,     /* a macro constant the build does not define: an unknown
			* integer of the whole program, named like the macro */
};

struct ir_var {
	const char *name;
	struct ir_type *type;
	unsigned char kind;       /* enum ir_var_kind */
	bool addr_taken;          /* &var appears somewhere */
	unsigned id;              /* index in the owning function's vars[] (PRIVATE, PARAM) */
	struct cls_pos pos;       /* declaration */
	struct cls_range decl;    /* the whole declarator, for fix-its */
	struct ir_func *func;     /* owner (NULL for VAR_PROGRAM, VAR_MACRO) */
	/* An array whose type is symbolic (ir_type.symbolic): the length of
	 * each dimension as written, outermost first (constants and E_MACRO
	 * arithmetic); NULL when the array's lengths are plain numbers. */
	struct ir_expr **extent;
	unsigned nextent;
	/* A __constant integer object with an initializer the frontend could
	 * evaluate (a scalar, or a one-dimensional array of integers, zeros
	 * filling what the initializer leaves out): its values, ncinit of
	 * them; NULL otherwise. */
	const long long *cinit;
	unsigned ncinit;
};

struct ir_expr {
	unsigned char op;         /* enum ir_op */
	unsigned char sub;        /* binop, unop, incdec, bi_kind (calls), arrow flag */
	unsigned short nkids;
	unsigned id;              /* dense per function, for per-expression facts */
	struct ir_expr **kids;
	struct ir_type *type;
	struct cls_range range;
	union {
		struct ir_var *var;
		long long ival;
		double fval;
		const char *name;     /* E_CALL, E_MEMBER, E_SWIZZLE */
	} u;
	struct ir_func *callee;   /* E_CALL to a function with a body */
};

enum ir_term {
	TERM_NONE,      /* the exit block */
	TERM_JUMP,      /* succs[0] */
	TERM_BRANCH,    /* cond ? succs[0] : succs[1] */
	TERM_SWITCH,    /* cond; succs[i] taken for case_vals[i]; last succ = default */
	TERM_RETURN,    /* cond = returned value or NULL; succs[0] = exit */
};

/* What source construct a branch came from, for messages. */
enum ir_origin {
	ORIG_NONE,
	ORIG_IF,
	ORIG_LOOP,      /* a loop condition (while, for, do-while) */
	ORIG_SWITCH,
	ORIG_LOGIC,     /* && or || */
	ORIG_COND,      /* ?: lowered as a branch */
	ORIG_RETURN,
	ORIG_BREAK,
	ORIG_CONTINUE,
	ORIG_GOTO,
};

struct ir_block {
	unsigned id;              /* index in func->blocks */
	unsigned char term;       /* enum ir_term */
	unsigned char origin;     /* enum ir_origin of the terminator */
	unsigned ninsts;
	unsigned nsuccs, npreds;
	struct ir_expr **insts;
	struct ir_expr *cond;
	struct ir_block **succs;
	struct ir_block **preds;
	long long *case_vals;     /* TERM_SWITCH: nsuccs - 1 values */
	struct cls_range range;   /* the statement that owns the terminator */
	struct ir_block *loop_header; /* innermost natural loop containing this block, or NULL */
	unsigned loop_depth;
};

struct ir_func {
	const char *name;
	bool is_kernel;
	bool has_body;
	bool in_main_file;
	unsigned index;           /* in unit->funcs */
	unsigned reqd_wg[3];      /* reqd_work_group_size, 0 if absent */
	struct ir_var *reqd_macro[3]; /* a dimension of reqd_work_group_size that is a
				       * macro the build does not define (VAR_MACRO;
				       * reqd_wg[d] is 0 there), or an affine
				       * expression of one: (coef * M + off) / div */
	long long reqd_coef[3], reqd_off[3], reqd_div[3]; /* 0, 0, 0: M itself */
	unsigned nparams, nvars, nblocks, nexprs;
	struct ir_var **params;
	struct ir_var **vars;     /* PRIVATE and PARAM variables, index = var->id */
	struct ir_block **blocks; /* blocks[0] is the entry; exit is last */
	struct ir_block *entry, *exit;
	struct ir_type *ret_type;
	struct cls_range range;   /* the whole definition */
	struct cls_pos name_pos;
	struct mem_vec made;      /* every block created while lowering */
	void *facts;              /* owned by the analyses (struct fact_func) */
};

/* Something the frontend met and could not model, reported as `unsupported`. */
struct ir_unsupported {
	struct cls_pos pos;
	const char *what;         /* "inline assembly", "pipe read", ... */
	const char *weakened;     /* rules that may miss findings because of it */
};

struct ir_unit {
	struct mem_arena *arena;
	const char *path;
	struct mem_vec funcs;     /* struct ir_func *, definitions first in source order */
	struct mem_vec shared;    /* struct ir_var *: __local and program-scope objects */
	struct mem_vec unsupported; /* struct ir_unsupported * */
	struct mem_vec macros;    /* struct ir_var * (VAR_MACRO): the macro constants
				   * the build does not define, analyzed as unknowns */
	/* A file whose kernels the preprocessor left out (all of them): the
	 * conditional directives they are behind ("#ifdef X (line 5)", const
	 * char *), and the options that would select each ("-D X", const char *;
	 * none for an #else) */
	struct mem_vec kernels_behind, kernels_select;
};

/* Building helpers used by the frontend. */
struct ir_expr *ir_new_expr(struct ir_unit *u, struct ir_func *f, enum ir_op op,
			    unsigned nkids);
struct ir_block *ir_new_block(struct ir_unit *u, struct ir_func *f);
void ir_add_inst(struct ir_unit *u, struct ir_block *b, struct ir_expr *e);
void ir_set_succs(struct ir_unit *u, struct ir_block *b, unsigned n);
/* Fill preds[] from succs[], renumber blocks, drop unreachable ones. */
void ir_finish_func(struct ir_unit *u, struct ir_func *f);

/* Check structural invariants; returns a description of the first violation or NULL. */
const char *ir_verify(const struct ir_func *f);

/* Debug dumps, used by --dump=ir and golden tests. */
void ir_dump_expr(FILE *out, const struct ir_expr *e);
void ir_dump_func(FILE *out, const struct ir_func *f);

/* Helpers shared by analyses. */
const char *ir_binop_str(enum ir_binop op);
/* Strip E_CAST and return the underlying expression. */
const struct ir_expr *ir_strip(const struct ir_expr *e);
/* Is e an integer constant (after casts)? Stores its value in *v. */
bool ir_const_int(const struct ir_expr *e, long long *v);
/* Does the subtree contain an assignment, inc/dec or call (side effects)? */
bool ir_has_side_effects(const struct ir_expr *e);
/* Visit every expression node of f (pre-order), terminator conditions included. */
void ir_foreach_expr(const struct ir_func *f,
		     void (*fn)(const struct ir_expr *e, const struct ir_block *b, void *d),
		     void *d);
bool ir_is_pointer(const struct ir_expr *e);
/*
 * The root of an lvalue path of private aggregate accesses (a[i].x -> a),
 * stopping where the path goes through a pointer (p[i], s->f, *p): there the
 * lvalue is memory, and the root returned is the pointer expression.
 */
const struct ir_expr *ir_lvalue_root(const struct ir_expr *e);
/* The private variable or parameter an lvalue updates, or NULL for memory. */
const struct ir_var *ir_private_target(const struct ir_expr *lhs);
/* Render an expression as short C-like source text (for messages). */
const char *ir_expr_text(struct mem_arena *a, const struct ir_expr *e);

#endif
