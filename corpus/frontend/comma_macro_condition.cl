// A loop condition with a comma operator whose left operand is a macro.
//
// TRACE expands to `((void)0)` in release builds; the loop's condition is
// the comma's right operand, `d < tid`, which depends on the work-item: the
// barrier in the loop is reached a different number of times by each
// work-item. (The first loop, whose trip count also depends on the
// work-item, has no barrier and is fine.) Fixed in
// comma_macro_condition_fixed.cl, whose loop runs a fixed 16 times.
// RUN-CONFIG: --local-size=64
#define TRACE(x) ((void)0)

__kernel void smooth(__global float *a, __local float *s)
{
    int tid = get_local_id(0);
    for (int i = 0; i < tid; i++)
        a[get_global_id(0)] += 1.0f;
    for (int d = 0; TRACE(tid), d < tid; d++) { // #cond
        s[tid] = a[get_global_id(0)];
        barrier(CLK_LOCAL_MEM_FENCE); // expected-error {{barrier reached under divergent control flow}}
        a[get_global_id(0)] = s[(tid + 1) % 64];
        barrier(CLK_LOCAL_MEM_FENCE); // expected-error {{barrier reached under divergent control flow}}
    }
}
// expected-note@#cond 2 {{loop condition depends on 'tid'}}
