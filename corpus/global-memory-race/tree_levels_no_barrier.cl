// The up-sweep of a work-efficient scan with all levels in one kernel and
// no barrier between them: at level `offset`, work-item k adds in
// b[k - offset], which work-item k - offset updates at the level before.
// Nothing makes that update come first (PoCL runs each work-item through
// every level before the next one starts). Fixed in
// tree_levels_no_barrier_fixed.cl with a barrier after each level.
__kernel void up_sweep_all(__global int *b, uint n)
{
    uint k = get_local_id(0);
    for (uint offset = 1; offset < n; offset *= 2) {
        uint stride = 2 * offset;
        if ((k + 1) % stride == 0)
            b[k] += b[k - offset]; // expected-error {{global-memory race on b}}
    }
}
