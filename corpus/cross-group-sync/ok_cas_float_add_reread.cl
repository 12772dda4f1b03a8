// A float sum by a compare-and-swap retry loop that reads the total twice
// per round: once for the expected value, once more to form the new value
// (a common way this idiom is written in sparse-matrix libraries). When
// the total moved since the first read, the swap fails and the round runs
// again, so what is stored always extends the value the swap found: quiet,
// like ok_cas_float_add.cl. Both plain reads are left alone (the policy of
// cross-group-sync.md for the reads of a retry loop); the second was once
// reported as a global-memory race with the swap.
//
// Not in the manifest: Oclgrind reports a plain read against an atomic
// write as a race whatever the swap does with it, so this kernel cannot be
// a "must stay clean" row there (ok_cas_float_add.cl reads atomically for
// that reason).
// RUN-CONFIG: --local-size=64 --num-groups=4
// expected-no-diagnostics
void add_float(__global float *p, float v)
{
    uint expected, desired;
    do {
        expected = as_uint(*p);
        desired = as_uint(*p + v);
    } while (atomic_cmpxchg((__global uint *)p, expected, desired) != expected);
}

__kernel void float_total(__global const float *x, __global float *sum)
{
    add_float(sum, x[get_global_id(0)]);
}
