// Sizes and strides passed in a struct by value, as array fields (the
// way array libraries describe a buffer: dims[], strides[]). Rows of
// 'out' are o.strides[1] apart; each work-item writes columns lx < 32 of
// four rows. Two rows overlap only if o.strides[1] is smaller than the
// columns written into them: a coincidence of arguments, quiet unless
// --report-conditional, like the same stride in a scalar field.
typedef struct { int dims[2]; int strides[2]; } KParam;
__kernel __attribute__((reqd_work_group_size(32, 8, 1)))
void copy_out(__global float *out, __global const float *in, KParam o)
{
    const int lx = get_local_id(0), ly = get_local_id(1);
    for (int r = 0; r < 32; r += 8)
        if (lx < o.dims[0] && ly + r < o.dims[1])
            out[(ly + r) * o.strides[1] + lx] = in[(ly + r) * 32 + lx];
}
