// The last two steps of a bitonic merge over groups of four: each
// work-item compares its element with its partner lid ^ step for step 2,
// then 1, and the lower of the two swaps them. The second step reads
// elements the first step's swaps write, in other work-items, with no
// barrier between the steps. The partner is an exclusive or of the id with
// a counter halved each pass; with the counter's values as numbers
// (2, 1) the partner is exact, where an exclusive or of two unknowns left
// the question to the solver, which gave up (an unsupported note, no
// finding). Fixed in xor_steps_no_barrier_fixed.cl.
// RUN-CONFIG: --local-size=64
__kernel void merge4(__global int *data, __local int *t)
{
    int lid = get_local_id(0);
    t[lid] = data[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int step = 2; step > 0; step >>= 1) {
        int p = lid ^ step;
        if (p > lid) {
            int x = t[lid], y = t[p];
            if (x > y) {
                t[lid] = y; // expected-error {{local-memory race on t}}
                t[p] = x; // expected-error {{local-memory race on t}}
            }
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    data[get_global_id(0)] = t[lid];
}
