// SAXPY with the global index built from the group id, the group size and
// the local id: correct, quiet.
//
// get_group_id(0) * get_local_size(0) + get_local_id(0) is the global id
// (without a global offset): work-group g owns elements [64g, 64g + 64),
// so the groups write disjoint ranges and each work-item writes one element
// that only it reads. y is read and written in place by its owner only.
// RUN-CONFIG: --local-size=64 --num-groups=4
// expected-no-diagnostics
__kernel void saxpy(float alpha, __global const float *x, __global float *y, int n)
{
    int i = get_group_id(0) * get_local_size(0) + get_local_id(0);
    if (i < n)
        y[i] = alpha * x[i] + y[i];
}
