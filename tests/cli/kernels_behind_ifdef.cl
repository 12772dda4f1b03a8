/* The host builds this file once per kernel, with -D MAKE_LIST or -D FILL
 * (or -D PASSES=2 for the last one): without them no kernel is compiled, and
 * the note must say which options select them, not that this is a file of
 * helpers.  A comment that says kernel does not count. */
float twice(float x) { return 2.0f * x; }
#ifdef MAKE_LIST
__kernel void make_list(__global int *out) { out[get_global_id(0)] = 1; }
#elif defined FILL   // the second pass
__kernel void fill(__global float *out) { out[get_global_id(0)] = twice(2.0f); }
#endif
#if PASSES > 1
#ifdef FILL
__kernel void refill(__global float *out) { out[get_global_id(0)] = 3.0f; }
#endif
#endif
