// A goto into the middle of a loop makes the control flow irreducible; the
// analyses say so instead of staying silent.
__kernel void k(__global float *a, int n)
{
    int i = 0;
    if (n > 3)
        goto inside;
    for (i = 0; i < n; i++) {
        a[i] = 0;
inside:
        a[i + 1] = 1;
    }
}

// expected-note@9 {{unsupported: a goto into a loop}}
