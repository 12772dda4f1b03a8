// Two assume comments that cannot be used: one is not a condition
// clsynclint can read (an unbalanced parenthesis), the other names `rows`,
// which is not an argument of any kernel in the file. Both are reported,
// so that a fact the author relies on is never dropped in silence.
// expected-error@+1 {{malformed assumption}}
// clsynclint: assume (n >= get_global_size(0)
// expected-error@+1 {{names something that is not an argument of any kernel}}
// clsynclint: assume rows >= 1
__kernel void scale(__global float *x, int n, float a)
{
    int gid = get_global_id(0);
    if (gid < n)
        x[gid] *= a;
}
