/* A store in a loop and a read after it race in one pass through the kernel:
 * the message must not call the pair loop-carried (cli/race-after-loop). */
__kernel void fill_then_read(__global float *out, __local float *s)
{
	int lid = get_local_id(0);
	for (int j = 0; j < 4; j++)
		s[lid + j] = 1.0f;
	out[get_global_id(0)] = s[lid];
}

/* Two iterations of one loop: this pair is loop-carried
 * (cli/race-across-iterations). */
__kernel void shift_in_loop(__global float *out, __local float *s)
{
	int lid = get_local_id(0);
	float acc = 0.0f;
	for (int j = 0; j < 4; j++) {
		acc += s[lid + 1];
		barrier(CLK_LOCAL_MEM_FENCE);
		s[lid] = acc;
	}
	out[get_global_id(0)] = acc;
}
