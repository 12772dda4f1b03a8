// The parts of for statements come from the AST, not from the header's
// text: headers split by preprocessor directives (the skipped text holds
// semicolons of its own) and headers written by macros, for each shape of
// missing parts.
#define LOOP(i, n) for (i = 0; i < n; i++)
#define UNTIL(c) for (; !(c);)
#define STEP(i) for (;; i++)
__kernel void k(__global int *o, int n)
{
    int i = 0;
    for (;
#if 0
         i < 1;
#endif
         i < n;) o[0] = i++;
    for (i = 1;
#ifdef NEVER_DEFINED
         ; i++
#else
         ;
#endif
        ) { if (i > n) break; i += 4; }
    for (int j = 0;
#if 1
        j < n;
#endif
        ) o[j++] = 1;
    LOOP(i, n) o[i] = 2;
    UNTIL(i > n) i += 3;
    STEP(i) if (i > 2 * n) break;
}
