// Explicit time stepping of a 1-D heat equation in __local memory, one
// barrier per step: each work-item publishes its temperature, waits, and
// relaxes towards its neighbours' (cur += a * (left + right - 2 cur)).
// The step has no second barrier, so a work-item that runs ahead
// publishes step t + 1 into p[lx + 1] while its right neighbour may still
// read p[lx + 1] as its left value for step t. Fixed in
// heat_steps_one_barrier_fixed.cl with a barrier after the reads.
// RUN-CONFIG: --local-size=64 --global-size=256
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void heat_steps(__global float *u, int nsteps, float a)
{
    __local float p[66];
    int lx = get_local_id(0);
    float cur = u[get_global_id(0)];
    if (lx == 0)
        p[0] = p[65] = 0.0f;
    for (int t = 0; t < nsteps; t++) {
        p[lx + 1] = cur; // expected-error {{local-memory race on p}}
        barrier(CLK_LOCAL_MEM_FENCE);
        float lap = p[lx] + p[lx + 2] - 2.0f * cur;
        cur += a * lap;
    }
    u[get_global_id(0)] = cur;
}
