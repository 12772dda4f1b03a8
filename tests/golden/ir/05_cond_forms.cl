// Every expression form a condition can take, some written by macros: the
// comma operator decides by its right operand (after evaluating the left),
// ?: becomes branches, a cast that keeps the truth value and
// __builtin_expect (likely/unlikely) decide by their operand, a narrowing
// cast by its value.
#define TRACE(x) ((void)0)
#define LIKELY(x) __builtin_expect(!!(x), 1)
#define FIRST (get_local_id(0) == 0)
__kernel void k(__global int *o, int a, int b, int c)
{
    if (TRACE(a), a < b)
        o[0] = 1;
    while (o[1] = a, b > 0 && c)
        b--;
    if (c ? a < 1 : b < 2)
        o[2] = 3;
    if ((int)(a && b))
        o[3] = 4;
    if ((bool)c)
        o[4] = 5;
    if ((char)a)
        o[5] = 6;
    if (LIKELY(a > c))
        o[6] = 7;
    do o[7] = 8; while (FIRST, (FIRST));
}
