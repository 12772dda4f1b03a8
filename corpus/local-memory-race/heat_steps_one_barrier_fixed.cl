// The fixed twin of heat_steps_one_barrier.cl: a second barrier after the
// neighbours' values are read, so no work-item publishes the next step
// before every work-item is done with this one.
// RUN-CONFIG: --local-size=64 --global-size=256
// expected-no-diagnostics
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void heat_steps(__global float *u, int nsteps, float a)
{
    __local float p[66];
    int lx = get_local_id(0);
    float cur = u[get_global_id(0)];
    if (lx == 0)
        p[0] = p[65] = 0.0f;
    for (int t = 0; t < nsteps; t++) {
        p[lx + 1] = cur;
        barrier(CLK_LOCAL_MEM_FENCE);
        float lap = p[lx] + p[lx + 2] - 2.0f * cur;
        cur += a * lap;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    u[get_global_id(0)] = cur;
}
