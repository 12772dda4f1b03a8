// The lowering of for loops with missing parts, while, do and switch.
__kernel void k(__global int *o, int n)
{
    int i = 0;
    for (;;) { if (i > n) break; i++; }
    for (; i < n;) i += 2;
    for (int j = 0; ; j++) { if (j == n) break; }
    for (i = 0; i < n; i++) continue;
    while (i > 0) i--;
    do { i++; } while (i < 3);
    switch (n) { case 1: i = 2; case 2: i = 3; break; default: i = 4; }
    o[0] = i;
}
