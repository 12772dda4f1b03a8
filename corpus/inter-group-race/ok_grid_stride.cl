// A grid-stride loop: each work-item handles elements gid, gid + G,
// gid + 2G, ... where G is the global size. Correct, quiet.
//
// The launch may be smaller than the data; the loop steps by the whole
// NDRange, so the elements of different work-items never coincide (two
// work-items would need gid1 + k1 * G == gid2 + k2 * G with
// 0 <= gid1, gid2 < G, which forces gid1 == gid2). Each element is read and
// written by its one owner.
// RUN-CONFIG: --local-size=64 --num-groups=4
// expected-no-diagnostics
__kernel void soft_threshold(__global float *v, float t, int n)
{
    for (int i = get_global_id(0); i < n; i += get_global_size(0)) {
        float x = v[i];
        v[i] = sign(x) * fmax(fabs(x) - t, 0.0f);
    }
}
