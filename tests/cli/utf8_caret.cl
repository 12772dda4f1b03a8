// Text before a finding on its line, in several scripts: the caret of the
// text format must stand under the barrier on screen, columns stay bytes.
__kernel void k(__global float *a, __local float *t)
{
    int l = get_local_id(0);
    t[l] = a[l];
    /* größe */ if (l < 4) barrier(CLK_LOCAL_MEM_FENCE);
    /* 幅 幅 */ if (l < 4) barrier(CLK_LOCAL_MEM_FENCE);
    /* é̃ 🚀 */ if (l < 4) barrier(CLK_LOCAL_MEM_FENCE);
	/* tab, ü */	if (l < 4) barrier(CLK_LOCAL_MEM_FENCE);
    a[l] = t[l];
}
