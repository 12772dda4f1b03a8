// A macro constant that a conditional directive tests as well as the code
// uses. `#if WIDE > 1` took WIDE as undefined, that is 0, as C says;
// defining WIDE now would change which lines the preprocessor keeps. Zero
// configuration leaves it undefined: the file stays a compile error, with a
// note naming the directive.
// expected-note@1 {{'WIDE' is not assumed: the preprocessor tests it (line 8)}}
#define STEP 1
#if WIDE > 1
#undef STEP
#define STEP 2
#endif
__kernel void strided(__global float *a)
{
    a[get_global_id(0) * STEP] = (float)WIDE; // expected-error {{use of undeclared identifier 'WIDE'}}
}
