/*
 * ir.c - building, checking and printing the IR.
 */
#include "ir.h"

#include <stdarg.h>
#include <string.h>

struct ir_expr *ir_new_expr(struct ir_unit *u, struct ir_func *f, enum ir_op op,
			    unsigned nkids)
{
	struct ir_expr *e = MEM_NEW(u->arena, struct ir_expr);
	if (!e)
		return NULL;
	e->op = (unsigned char)op;
	e->nkids = (unsigned short)nkids;
	if (nkids) {
		e->kids = MEM_ARRAY(u->arena, struct ir_expr *, nkids);
		if (!e->kids)
			return NULL;
	}
	if (f)
		e->id = f->nexprs++;
	return e;
}

/* Blocks are collected in a vector during lowering; see ir_finish_func. */
struct ir_block *ir_new_block(struct ir_unit *u, struct ir_func *f)
{
	struct ir_block *b = MEM_NEW(u->arena, struct ir_block);
	if (!b)
		return NULL;
	b->id = f->nblocks++;
	mem_vec_push(u->arena, &f->made, b);
	return b;
}

void ir_add_inst(struct ir_unit *u, struct ir_block *b, struct ir_expr *e)
{
	/* Grow by doubling; capacity is implied by ninsts being a power of two. */
	unsigned n = b->ninsts;
	if (!e)
		return;
	if (n == 0 || (n & (n - 1)) == 0) {
		unsigned cap = n ? n * 2 : 2;
		struct ir_expr **ni = MEM_ARRAY(u->arena, struct ir_expr *, cap);
		if (!ni)
			return;
		if (n)
			memcpy(ni, b->insts, n * sizeof *ni);
		b->insts = ni;
	}
	b->insts[b->ninsts++] = e;
}

void ir_set_succs(struct ir_unit *u, struct ir_block *b, unsigned n)
{
	b->nsuccs = n;
	b->succs = n ? MEM_ARRAY(u->arena, struct ir_block *, n) : NULL;
}

/*
 * Finish a lowered function: keep the blocks reachable from the entry (plus
 * the exit), number them in reverse post-order with the exit last, and fill
 * the predecessor lists.  `all` holds every block created during lowering.
 */
static void finish_blocks(struct ir_unit *u, struct ir_func *f, struct mem_vec *all)
{
	unsigned n = all->len, i, k;
	struct ir_block **order = MEM_ARRAY(u->arena, struct ir_block *, n + 1);
	struct ir_block **stack = MEM_ARRAY(u->arena, struct ir_block *, n + 1);
	unsigned *next = MEM_ARRAY(u->arena, unsigned, n + 1);
	unsigned char *seen = MEM_ARRAY(u->arena, unsigned char, n + 1);
	unsigned npost = 0, sp = 0;

	if (!order || !stack || !next || !seen)
		return;
	for (i = 0; i < n; i++)
		((struct ir_block *)all->items[i])->id = i;

	/* Iterative DFS for post-order. */
	stack[sp++] = f->entry;
	seen[f->entry->id] = 1;
	while (sp) {
		struct ir_block *b = stack[sp - 1];
		if (next[b->id] < b->nsuccs) {
			struct ir_block *s = b->succs[next[b->id]++];
			if (!seen[s->id]) {
				seen[s->id] = 1;
				stack[sp++] = s;
			}
		} else {
			order[npost++] = b;
			sp--;
		}
	}
	/* Reverse post-order, exit forced last. */
	struct ir_block **blocks = MEM_ARRAY(u->arena, struct ir_block *, npost + 1);
	if (!blocks)
		return;
	k = 0;
	for (i = npost; i-- > 0;)
		if (order[i] != f->exit)
			blocks[k++] = order[i];
	blocks[k++] = f->exit;
	f->blocks = blocks;
	f->nblocks = k;
	for (i = 0; i < k; i++) {
		blocks[i]->id = i;
		blocks[i]->npreds = 0;
	}
	/* Unreachable blocks may point at reachable ones: only count reachable preds. */
	for (i = 0; i < k; i++)
		for (unsigned s = 0; s < blocks[i]->nsuccs; s++)
			blocks[i]->succs[s]->npreds++;
	for (i = 0; i < k; i++) {
		struct ir_block *b = blocks[i];
		b->preds = b->npreds ? MEM_ARRAY(u->arena, struct ir_block *, b->npreds) : NULL;
		b->npreds = 0;
	}
	for (i = 0; i < k; i++)
		for (unsigned s = 0; s < blocks[i]->nsuccs; s++) {
			struct ir_block *t = blocks[i]->succs[s];
			t->preds[t->npreds++] = blocks[i];
		}
}

void ir_finish_func(struct ir_unit *u, struct ir_func *f)
{
	if (!f->entry || !f->exit)
		return;
	finish_blocks(u, f, &f->made);
	f->made.items = NULL;
	f->made.len = f->made.cap = 0;
}

const char *ir_verify(const struct ir_func *f)
{
	if (!f->has_body)
		return NULL;
	if (!f->nblocks || f->blocks[0] != f->entry)
		return "entry is not block 0";
	if (f->blocks[f->nblocks - 1] != f->exit)
		return "exit is not the last block";
	if (f->exit->nsuccs || f->exit->term != TERM_NONE)
		return "exit block has successors";
	for (unsigned i = 0; i < f->nblocks; i++) {
		const struct ir_block *b = f->blocks[i];
		if (b->id != i)
			return "block ids are not dense";
		switch (b->term) {
		case TERM_JUMP:
			if (b->nsuccs != 1)
				return "jump without exactly one successor";
			break;
		case TERM_BRANCH:
			if (b->nsuccs != 2 || !b->cond)
				return "branch without two successors and a condition";
			break;
		case TERM_SWITCH:
			if (b->nsuccs < 1 || !b->cond)
				return "switch without successors or condition";
			break;
		case TERM_RETURN:
			if (b->nsuccs != 1 || b->succs[0] != f->exit)
				return "return does not lead to the exit";
			break;
		case TERM_NONE:
			if (b != f->exit)
				return "block without terminator";
			break;
		}
		for (unsigned s = 0; s < b->nsuccs; s++) {
			const struct ir_block *t = b->succs[s];
			bool found = false;
			for (unsigned p = 0; p < t->npreds; p++)
				found |= t->preds[p] == b;
			if (!found)
				return "successor does not list block as predecessor";
		}
	}
	return NULL;
}

static const char *const binop_names[] = {
	[IR_B_NONE] = "?", [IR_B_MUL] = "*", [IR_B_DIV] = "/", [IR_B_REM] = "%",
	[IR_B_ADD] = "+", [IR_B_SUB] = "-", [IR_B_SHL] = "<<", [IR_B_SHR] = ">>",
	[IR_B_LT] = "<", [IR_B_GT] = ">", [IR_B_LE] = "<=", [IR_B_GE] = ">=",
	[IR_B_EQ] = "==", [IR_B_NE] = "!=", [IR_B_AND] = "&", [IR_B_XOR] = "^",
	[IR_B_OR] = "|", [IR_B_LAND] = "&&", [IR_B_LOR] = "||",
};

const char *ir_binop_str(enum ir_binop op)
{
	return (unsigned)op < sizeof binop_names / sizeof binop_names[0] ? binop_names[op] : "?";
}

const struct ir_expr *ir_strip(const struct ir_expr *e)
{
	while (e && e->op == E_CAST && e->nkids == 1)
		e = e->kids[0];
	return e;
}

bool ir_const_int(const struct ir_expr *e, long long *v)
{
	e = ir_strip(e);
	if (!e)
		return false;
	if (e->op == E_INT) {
		*v = e->u.ival;
		return true;
	}
	if (e->op == E_UNARY && e->sub == IR_U_MINUS) {
		long long x;
		if (ir_const_int(e->kids[0], &x)) {
			*v = -x;
			return true;
		}
	}
	return false;
}

bool ir_has_side_effects(const struct ir_expr *e)
{
	if (!e)
		return false;
	if (e->op == E_ASSIGN || e->op == E_INCDEC || e->op == E_CALL)
		return true;
	for (unsigned i = 0; i < e->nkids; i++)
		if (ir_has_side_effects(e->kids[i]))
			return true;
	return false;
}

static void put(char *buf, size_t cap, size_t *len, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* C precedence of a binary operator (higher binds tighter). */
static int prec(unsigned op)
{
	switch (op) {
	case IR_B_MUL: case IR_B_DIV: case IR_B_REM: return 10;
	case IR_B_ADD: case IR_B_SUB: return 9;
	case IR_B_SHL: case IR_B_SHR: return 8;
	case IR_B_LT: case IR_B_GT: case IR_B_LE: case IR_B_GE: return 7;
	case IR_B_EQ: case IR_B_NE: return 6;
	case IR_B_AND: return 5;
	case IR_B_XOR: return 4;
	case IR_B_OR: return 3;
	case IR_B_LAND: return 2;
	case IR_B_LOR: return 1;
	default: return 0;
	}
}

/* Append to a bounded buffer; the text is cut at cap - 1 characters. */
static void put(char *buf, size_t cap, size_t *len, const char *fmt, ...)
{
	va_list ap;
	if (*len + 1 >= cap)
		return;
	va_start(ap, fmt);
	int n = vsnprintf(buf + *len, cap - *len, fmt, ap);
	va_end(ap);
	if (n > 0)
		*len += (size_t)n;
	if (*len >= cap)
		*len = cap - 1;
}

#define PUT(...) put(buf, cap, len, __VA_ARGS__)

/* Append the text of e to buf (bounded); used for messages and dumps. */
static void expr_text(char *buf, size_t cap, size_t *len, const struct ir_expr *e, int depth)
{
	if (!e) {
		PUT("?");
		return;
	}
	if (depth > 12) {
		PUT("...");
		return;
	}
	switch (e->op) {
	case E_INT: PUT("%lld", e->u.ival); break;
	case E_FLOAT: PUT("%g", e->u.fval); break;
	case E_STRING: PUT("\"...\""); break;
	case E_VAR: PUT("%s", e->u.var ? e->u.var->name : "?"); break;
	case E_MACRO: PUT("%s", e->u.var ? e->u.var->name : "?"); break;
	case E_CALL:
		PUT("%s(", e->u.name ? e->u.name : "?");
		for (unsigned i = 0; i < e->nkids; i++) {
			if (i)
				PUT(", ");
			expr_text(buf, cap, len, e->kids[i], depth + 1);
		}
		PUT(")");
		break;
	case E_BINARY:
		for (int k = 0; k < 2; k++) {
			const struct ir_expr *x = e->kids[k];
			/* Keep the source's grouping: parenthesize compound operands
			 * unless they bind tighter than this operator. */
			bool paren = x && (x->op == E_COND || x->op == E_ASSIGN || x->op == E_COMMA ||
					   (x->op == E_BINARY && prec(x->sub) <= prec(e->sub) &&
					    !(k == 0 && prec(x->sub) == prec(e->sub))));
			if (k)
				PUT(" %s ", ir_binop_str(e->sub));
			if (paren)
				PUT("(");
			expr_text(buf, cap, len, x, depth + 1);
			if (paren)
				PUT(")");
		}
		break;
	case E_UNARY:
	case E_CAST: {
		if (e->op == E_CAST)
			PUT("(%s)", e->type && e->type->spelling ? e->type->spelling : "?");
		else
			PUT("%s", e->sub == IR_U_MINUS ? "-" : e->sub == IR_U_NOT ? "~" :
			    e->sub == IR_U_LNOT ? "!" : "+");
		/* (int)(x * 16.0f) is not (int)x * 16 */
		const struct ir_expr *x = e->kids[0];
		bool paren = x && (x->op == E_BINARY || x->op == E_COND || x->op == E_ASSIGN ||
				   x->op == E_COMMA);
		if (paren)
			PUT("(");
		expr_text(buf, cap, len, x, depth + 1);
		if (paren)
			PUT(")");
		break;
	}
	case E_ASSIGN:
		expr_text(buf, cap, len, e->kids[0], depth + 1);
		PUT(" %s= ", e->sub ? ir_binop_str(e->sub) : "");
		expr_text(buf, cap, len, e->kids[1], depth + 1);
		break;
	case E_INCDEC:
		if (e->sub == IR_PREINC || e->sub == IR_PREDEC)
			PUT("%s", e->sub == IR_PREINC ? "++" : "--");
		expr_text(buf, cap, len, e->kids[0], depth + 1);
		if (e->sub == IR_POSTINC || e->sub == IR_POSTDEC)
			PUT("%s", e->sub == IR_POSTINC ? "++" : "--");
		break;
	case E_INDEX:
		expr_text(buf, cap, len, e->kids[0], depth + 1);
		PUT("[");
		expr_text(buf, cap, len, e->kids[1], depth + 1);
		PUT("]");
		break;
	case E_MEMBER:
	case E_SWIZZLE:
		expr_text(buf, cap, len, e->kids[0], depth + 1);
		PUT("%s%s", e->sub ? "->" : ".", e->u.name ? e->u.name : "?");
		break;
	case E_COND:
		expr_text(buf, cap, len, e->kids[0], depth + 1);
		PUT(" ? ");
		expr_text(buf, cap, len, e->kids[1], depth + 1);
		PUT(" : ");
		expr_text(buf, cap, len, e->kids[2], depth + 1);
		break;
	case E_COMMA:
		expr_text(buf, cap, len, e->kids[0], depth + 1);
		PUT(", ");
		expr_text(buf, cap, len, e->kids[1], depth + 1);
		break;
	case E_ADDROF:
		PUT("&");
		expr_text(buf, cap, len, e->kids[0], depth + 1);
		break;
	case E_DEREF:
		PUT("*");
		expr_text(buf, cap, len, e->kids[0], depth + 1);
		break;
	case E_INIT_LIST:
		PUT("{...}");
		break;
	default:
		PUT("<expr>");
		break;
	}
}
#undef PUT

const char *ir_expr_text(struct mem_arena *a, const struct ir_expr *e)
{
	char buf[256];
	size_t len = 0;
	buf[0] = 0;
	expr_text(buf, sizeof buf, &len, e, 0);
	buf[len] = 0;
	return mem_strdup(a, buf);
}

void ir_dump_expr(FILE *out, const struct ir_expr *e)
{
	char buf[512];
	size_t len = 0;
	buf[0] = 0;
	expr_text(buf, sizeof buf, &len, e, 0);
	buf[len] = 0;
	fputs(buf, out);
}

static const char *const term_names[] = {
	[TERM_NONE] = "exit", [TERM_JUMP] = "goto", [TERM_BRANCH] = "branch",
	[TERM_SWITCH] = "switch", [TERM_RETURN] = "return",
};

void ir_dump_func(FILE *out, const struct ir_func *f)
{
	fprintf(out, "%s %s(", f->is_kernel ? "kernel" : "function", f->name);
	for (unsigned i = 0; i < f->nparams; i++)
		fprintf(out, "%s%s", i ? ", " : "", f->params[i]->name);
	fprintf(out, ")");
	if (f->reqd_wg[0])
		fprintf(out, " reqd_work_group_size(%u,%u,%u)", f->reqd_wg[0], f->reqd_wg[1],
			f->reqd_wg[2]);
	fprintf(out, "\n");
	for (unsigned i = 0; i < f->nblocks; i++) {
		const struct ir_block *b = f->blocks[i];
		fprintf(out, "  bb%u:", b->id);
		if (b->npreds) {
			fprintf(out, " ; preds");
			for (unsigned p = 0; p < b->npreds; p++)
				fprintf(out, " bb%u", b->preds[p]->id);
		}
		if (b->loop_header)
			fprintf(out, " ; loop bb%u depth %u", b->loop_header->id, b->loop_depth);
		fprintf(out, "\n");
		for (unsigned k = 0; k < b->ninsts; k++) {
			fprintf(out, "    %u: ", b->insts[k]->range.begin.line);
			ir_dump_expr(out, b->insts[k]);
			fprintf(out, "\n");
		}
		fprintf(out, "    %s", term_names[b->term]);
		if (b->cond) {
			fprintf(out, " ");
			ir_dump_expr(out, b->cond);
		}
		for (unsigned s = 0; s < b->nsuccs; s++) {
			if (b->term == TERM_SWITCH && s + 1 < b->nsuccs)
				fprintf(out, " [%lld]", b->case_vals[s]);
			else if (b->term == TERM_SWITCH)
				fprintf(out, " [default]");
			fprintf(out, " bb%u", b->succs[s]->id);
		}
		fprintf(out, "\n");
	}
}

static void walk(const struct ir_expr *e, const struct ir_block *b,
		 void (*fn)(const struct ir_expr *, const struct ir_block *, void *), void *d)
{
	if (!e)
		return;
	fn(e, b, d);
	for (unsigned i = 0; i < e->nkids; i++)
		walk(e->kids[i], b, fn, d);
}

void ir_foreach_expr(const struct ir_func *f,
		     void (*fn)(const struct ir_expr *e, const struct ir_block *b, void *d),
		     void *d)
{
	for (unsigned i = 0; i < f->nblocks; i++) {
		const struct ir_block *b = f->blocks[i];
		for (unsigned k = 0; k < b->ninsts; k++)
			walk(b->insts[k], b, fn, d);
		walk(b->cond, b, fn, d);
	}
}

bool ir_is_pointer(const struct ir_expr *e)
{
	return e && e->type && e->type->kind == T_POINTER;
}

const struct ir_expr *ir_lvalue_root(const struct ir_expr *e)
{
	while (e && (e->op == E_INDEX || (e->op == E_MEMBER && !e->sub) || e->op == E_SWIZZLE)) {
		if (e->op == E_INDEX && ir_is_pointer(e->kids[0]))
			return e->kids[0];
		e = e->kids[0];
	}
	if (e && e->op == E_MEMBER && e->sub)
		return e->kids[0];
	if (e && e->op == E_DEREF)
		return e->kids[0];
	return e;
}

const struct ir_var *ir_private_target(const struct ir_expr *lhs)
{
	const struct ir_expr *root = ir_lvalue_root(lhs);
	if (!root || root->op != E_VAR || !root->u.var ||
	    (root->u.var->kind != VAR_PRIVATE && root->u.var->kind != VAR_PARAM))
		return NULL;
	/* Reached through a pointer: root is the pointer, the target is memory. */
	if (root != lhs && ir_is_pointer(root))
		return NULL;
	return root->u.var;
}
