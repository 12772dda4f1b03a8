// Found by fuzz/kgen.py (seed 1054 and 201 others of the first 1,460): a
// private array passed to a helper.  Resolving the helper's pointer went
// back to the array in the caller, whose only "definition" is none at all,
// and read through the missing definition (SIGSEGV in place_of_pointer).
void fill(float *p, int n) { for (int i = 0; i < n; i++) p[i] = i; }
__kernel void k(__global float *out) {
  float a[4];
  fill(a, 4);
  out[get_global_id(0)] = a[get_local_id(0) & 3];
}
