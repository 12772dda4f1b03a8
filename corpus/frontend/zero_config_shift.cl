// Zero configuration: a race that needs a particular value of a macro
// constant nothing defines.
//
// Each work-item stores its value SHIFT places up in `s` and, with no
// barrier, reads its own place back. When SHIFT is at least the work-group
// size the places written and read are apart; when it is smaller, work-item
// SHIFT reads what work-item 0 writes, and nothing orders the two. SHIFT
// comes from the host's build options, which clsynclint was not given: it
// analyzes SHIFT as an unknown. The race needs the host's SHIFT and launch
// to disagree, a coincidence of its configuration: with
// --report-conditional it is reported with that condition, as a warning.
// Fixed in zero_config_shift_fixed.cl.
// RUN-CONFIG: --report-conditional
// expected-note@1 {{not defined by the build: SHIFT, analyzed as an unknown integer constant}}
__kernel void shift_up(__global const float *in, __global float *out)
{
    __local float s[1024];
    int lid = get_local_id(0);
    s[lid + SHIFT] = in[get_global_id(0)]; // expected-note {{the other access: s[lid + SHIFT]}}
    // expected-warning@+1 {{no barrier between, when 'SHIFT' < get_local_size(0)}}
    out[get_global_id(0)] = s[lid] * 0.5f;
    // expected-note@-1 {{assuming a work-group of}}
}
