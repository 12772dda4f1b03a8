// A function-like macro of the build called as a statement of its own
// (-D 'SetToZero(x)=x = 0' in CLBlast's way): its value is discarded, so
// what it is for is what it does, here a write to its argument, which a
// function of its arguments would hide. It is not assumed: the file stays
// a compile error, and the note names it.
// expected-note@1 {{'SetToZero' is not assumed: a macro the build defines may synchronize or write memory (a call of it is a statement: its value is not what it is for)}}
__kernel void clear(__global float *a)
{
    float acc;
    SetToZero(acc); // expected-error {{use of undeclared identifier 'SetToZero'}}
    a[get_global_id(0)] = acc;
}
