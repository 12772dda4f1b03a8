// ok_float4_component.cl - an array of float4 "structures" read one component
// at a time.  Each work-item stores a particle (x, y, z, mass) as a float4;
// after the barrier it reads only the x of another particle, s[255 - lid].x.
//
// The access is counted at the size of the array element, a float4 (16
// bytes), not at the size of the component: the compiler is free to load the
// whole element and keep the x, and NVIDIA's OpenCL compiler does so (one
// ld.shared.v4.f32 for this read, checked on an H100).  Loaded whole, the
// read is sequential like the store (see ok_float4_seq.cl): 8 work-items per
// 128-byte phase on 32 banks, 4 per 64-byte phase on 16, one word per bank.
// A compiler that narrowed the load to the 4-byte x would see a stride of
// four words instead (4-way on every profile); keeping the components in
// separate arrays (x[], y[], ...) is conflict-free either way.
//
// Expected: no conflict on any profile.
// expected-no-diagnostics
// generic-no-diagnostics
// nvidia-no-diagnostics
// amd-no-diagnostics
// intel-no-diagnostics

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void particle_x(__global const float4 *particles, __global float *xs)
{
    __local float4 s[256];
    size_t lid = get_local_id(0);
    s[lid] = particles[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    xs[get_global_id(0)] = s[255 - lid].x;
}
