// Every work-item of a small group stores its own id into one __local
// element in the same statement.
//
// The kernel means to record which work-item came last, but with 16
// work-items per group they all fit in one sub-group on every GPU: they
// store at once, and which id stays is unspecified. Lockstep execution
// orders a sub-group's statements one after another; it does not order the
// stores of one statement, so this is a plain race, not code that relies on
// lockstep (compare subgroup-lockstep's warp reductions, where each step
// reads what the previous statement wrote). Fixed in
// last_writer_small_group_fixed.cl, which lets one work-item store.
// RUN-CONFIG: --local-size=16
__kernel void last_writer(__global int *out)
{
    __local int who;
    who = get_local_id(0); // expected-error {{local-memory race on who}}
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = who;
}
