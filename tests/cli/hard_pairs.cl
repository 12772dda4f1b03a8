// An FFT's radix-16 stores: the output index inserts four zero bits into
// the work-item's id at a position an argument chooses (i & (p - 1)), which
// the solver cannot settle within its limit.  After three such pairs of an
// access, its other pairs are not asked (each would end the same way,
// slowly), and one note per access says how many were left undecided.
__kernel void radix16(__global const float2 *x, __global float2 *y, int p)
{
    int i = get_global_id(0);
    int k = i & (p - 1);
    int j = ((i - k) << 4) + k;
    y += j;
    y[0] = x[i];
    y[p] = x[i];
    y[2 * p] = x[i];
    y[3 * p] = x[i];
    y[4 * p] = x[i];
    y[5 * p] = x[i];
}
