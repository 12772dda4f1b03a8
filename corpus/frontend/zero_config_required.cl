// Zero configuration: names the file says the build always defines.
//
// The file checks its build options the way clSPARSE's kernels do: an
// #ifndef NAME / #error / #endif (or #if !defined(A) || !defined(B)) block
// for each name the host must give. Such a block selects no code; it says
// that every build defines those names, so zero configuration defines them
// (by how the code uses them: TILE a constant, real_t a type, idx_t an
// integer type, for its values are array subscripts) and the #error does
// not fire. The #ifdef real_t below is true in every build, and is true
// here. The kernel reverses a tile with no barrier between the write and
// the read of another work-item's element: a race for every TILE (as in
// zero_config_reverse.cl). Fixed in zero_config_required_fixed.cl.
// expected-note@1 {{the file requires TILE (#error at line 17), real_t (#error at line 20) and idx_t (#error at line 20): assumed so, as every build must define them}}
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
    t[l] = a[off + get_global_id(0)]; // expected-note {{the other access: t[l]}}
    // expected-error@+1 {{local-memory race on t[TILE - 1 - l] (where TILE = }}
    a[off + get_global_id(0)] = t[TILE - 1 - l] + ZERO;
    // expected-note@-1 {{at most 'TILE' along dimension 0, which keeps every access to 't' in bounds}}
}
