// A __local loop counter that every work-item sets to 0, then a loop on it
// in which work-item 0 alone steps it, between barriers (an iterative
// solver's outer loop). The first test of the loop reads the 0 that every
// work-item stored; every later test reads the step a barrier ordered
// before it. No race, and no one spins: each pass of the loop passes the
// work-group's barriers. It was reported as a spin-wait on __local memory
// and as two races with the stores of 0, because the counter has another
// store (the step); a store that never runs with the read does not count.
// (The loop also counts passes of its own: PoCL 3.1 crashed on the plain
// while (pass < n) form of this kernel, which Oclgrind runs clean.)
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void passes(__global const float *in, __global float *out, int n)
{
    __local int pass;
    __local float coef;
    int lid = get_local_id(0);
    float acc = 0.0f;
    pass = 0;
    for (int i = 0; i < n && pass < n; i++) {
        if (lid == 0)
            coef = in[pass];
        barrier(CLK_LOCAL_MEM_FENCE);
        acc += coef * (float)lid;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid == 0)
            pass++;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = acc;
}
