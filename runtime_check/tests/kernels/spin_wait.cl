// spin_wait.cl - harness test: a wait on another work-group hangs.
//
// Work-group g waits until work-group g + 1 has raised its flag, and only
// then raises its own: a chain that the last group starts.  OpenCL promises
// no forward progress between work-groups: when fewer groups run at once
// than there are groups (PoCL runs one per core, Oclgrind one per worker
// thread), the groups that run first wait for groups that never start, and
// the kernel hangs.  The fixed twin raises the flags without waiting.
__kernel void chain(volatile __global int *flags, __global int *out)
{
    size_t g = get_group_id(0);
    size_t n = get_num_groups(0);

    if (get_local_id(0) == 0) {
        if (g + 1 < n) {
            while (flags[g + 1] == 0)
                ;
        }
        atomic_xchg(&flags[g], 1);
        out[g] = (int)g;
    }
}
