// slow.cl - harness test of the timing path (compare = timing): the same
// result as fast.cl after a few thousand needless operations per work-item,
// so its median kernel time is many times fast.cl's on any device.
__kernel void scale(__global const float *in, __global float *out, int reps)
{
    size_t i = get_global_id(0);
    float v = in[i];
    float acc = 0.0f;
    for (int k = 0; k < reps; k++)
        acc += sin(v + (float)k);
    // acc is never exactly this, but the compiler cannot know it.
    out[i] = 2.0f * v + (acc == 12345.678f ? 1.0f : 0.0f);
}
