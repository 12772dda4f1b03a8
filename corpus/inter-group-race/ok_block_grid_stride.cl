// A grid-stride loop whose block size is a constant of the kernel: quiet.
//
// Work-group g starts at BLOCK * g and the whole grid steps by
// BLOCK * get_num_groups(0), so the groups' elements interleave without
// overlap as long as a group has at most BLOCK work-items, which is how the
// host launches it. clsynclint used to take its default of 256 work-items
// and report groups 0 and 1 both writing x[128]; the kernel's own constant
// now bounds the work-group size it considers (and says so in notes when a
// finding rests on it).
#define BLOCK 128
// expected-no-diagnostics
__kernel void scale(__global float *x, int n, float a)
{
    for (int i = BLOCK * get_group_id(0) + get_local_id(0); i < n;
         i += get_num_groups(0) * BLOCK)
        x[i] = a * x[i];
}
