// Zero configuration: a race whatever the value of the macro constant.
//
// The kernel reverses a tile of TILE elements in __local memory, TILE from
// the host's build options, which clsynclint was not given. Work-item l
// writes t[l] and, with no barrier, reads t[TILE - 1 - l], which work-item
// TILE - 1 - l writes: for every TILE of two or more, two work-items meet
// on one element (the array's length keeps the group within TILE
// work-items). An error, with the value the witness took for TILE.
// Fixed in zero_config_reverse_fixed.cl.
// expected-note@1 {{not defined by the build: TILE, analyzed as an unknown integer constant}}
__kernel void reverse_tile(__global float *a)
{
    __local float t[TILE];
    int l = get_local_id(0);
    t[l] = a[get_global_id(0)]; // expected-note {{the other access: t[l]}}
    // expected-error@+1 {{local-memory race on t[TILE - 1 - l] (where TILE = }}
    a[get_global_id(0)] = t[TILE - 1 - l];
    // expected-note@-1 {{at most 'TILE' along dimension 0, which keeps every access to 't' in bounds}}
}
