// Fixed twin of zero_config_required.cl: a barrier between the write and the read.
// expected-note@1 {{the file requires TILE (#error at line 6), real_t (#error at line 9) and idx_t (#error at line 9): assumed so, as every build must define them}}
// expected-note@1 {{not defined by the build: TILE, analyzed as an unknown integer constant; real_t, analyzed as float; idx_t, analyzed as int (used as an integer: an index, an operand of %)}}

#ifndef TILE
#error "TILE must be defined by the build (-D TILE=...)"
#endif
#if !defined(real_t) || !defined(idx_t)
#error "real_t and idx_t must be defined by the build"
#endif
#ifdef real_t
#define ZERO ((real_t)0)
#endif

__kernel void reverse_tile(__global real_t *a, const idx_t off)
{
    __local real_t t[TILE];
    idx_t l = get_local_id(0);
    t[l] = a[off + get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    a[off + get_global_id(0)] = t[TILE - 1 - l] + ZERO;
}
