// fast.cl - harness test of the timing path: slow.cl's reference.
__kernel void scale(__global const float *in, __global float *out, int reps)
{
    size_t i = get_global_id(0);
    out[i] = 2.0f * in[i];
    (void)reps;
}
