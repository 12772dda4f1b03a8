// --report-unused-suppressions: a suppression that hides nothing is reported
// at its comment.  Run: clsynclint --verify --report-unused-suppressions FILE
// expected-warning@+1 {{unused suppression: disable-file=bank-conflict hid no diagnostic}}
// clsynclint: disable-file=bank-conflict
__kernel void unused(__global int *out)
{
    int lid = get_local_id(0);
    if (lid == 0)
        barrier(CLK_LOCAL_MEM_FENCE); // clsynclint: disable=barrier-divergence -- used
    if (lid == 1)
        // expected-warning@+1 {{unused suppression: disable-next-line=local-memory-race hid no diagnostic}}
        // clsynclint: disable-next-line=local-memory-race,barrier-divergence
        barrier(CLK_LOCAL_MEM_FENCE);
    // expected-warning@+1 {{unused suppression: disable-begin=all hid no diagnostic}}
    // clsynclint: disable-begin=all
    out[get_global_id(0)] = lid;
    // clsynclint: disable-end=all
}
