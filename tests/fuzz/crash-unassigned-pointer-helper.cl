// The same path as crash-private-array-helper.cl with a private pointer
// that is never assigned: no definition reaches it either.  Unresolved,
// reported as an access through a generic pointer, no crash.
void fill(float *p, int n) { for (int i = 0; i < n; i++) p[i] = i; }
__kernel void k(__global float *out) {
  float *q;
  fill(q, 2);
  out[get_global_id(0)] = 1.0f;
}
