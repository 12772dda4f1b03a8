// Zero configuration: type macros that stand for vectors.
//
// Molecular-dynamics codes build their kernels with -D real4=float4 (or
// double4), benchmark suites with -D VEC=float4; nothing defines them here.
// A type name nothing defines is float, unless it is spelled like a vector
// type (real4: digits 2, 3, 4, 8 or 16 at the end), which makes it that
// float vector, or its values are used with vector components (v.x, .xyz,
// .s0), which makes it a float4. Taken for float, either would not compile
// and nothing would be checked. The bug: each work-item stores its position
// in the tile and reads its neighbour's with no barrier between.
// Fixed in zero_config_vector_type_fixed.cl.
// expected-note@1 {{not defined by the build: real4, analyzed as float4 (a vector type's name); VEC, analyzed as float4 (used with vector components)}}
__kernel void forces(__global const real4 *pos, __global VEC *force, __local real4 *tile)
{
    int lid = get_local_id(0);
    int n = get_local_size(0);
    real4 p = pos[get_global_id(0)];
    tile[lid] = p; // #store
    real4 q = tile[(lid + 1) % n]; // expected-error {{local-memory race on tile[}}
    // expected-note@-1 {{assuming a work-group of 256 work-items}}
    VEC f = q - p;
    f.w = 0.0f;
    force[get_global_id(0)] = f;
}
// expected-note@#store {{the other access}}
