// Helpers with generic pointer parameters (OpenCL C 2.0 and later) that
// receive private storage: an array, a pointer into it, an element's
// address, a row of a two-dimensional array, a scalar's address.  Every
// access through them is private: nothing to report, and no "unsupported"
// note for an address space that is known (tests/fuzz/crash-private-array-
// helper.cl is where the first of them crashed the analyzer).
// expected-note@+1 0 {{unsupported}}
void fill(float *p, int n) { for (int i = 0; i < n; i++) p[i] = i; }
void one(int *x) { *x = 3; }
void row(float *p) { p[0] = 1.0f; }

__kernel void k(__global float *out)
{
    float a[4];
    float m[2][2];
    int x;
    float *q = a;
    fill(a, 4);
    fill(&a[1], 2);
    fill(a + 2, 2);
    fill(q, 2);
    one(&x);
    row(m[1]);
    out[get_global_id(0)] = a[get_local_id(0) & 3] + x + m[1][0];
}
