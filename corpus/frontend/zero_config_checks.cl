// Zero configuration: #error checks of values the build gives.
//
// WAVE and SUB are required (#ifndef / #error), and a third check tests
// their values (SUB must not exceed WAVE). Zero configuration analyzes them
// as unknowns, for every value; that check, which selects no code, is not
// applied to them (a note says so): the build's values pass it, and the
// unknowns stand for the build's values. WIDTH is required to be 32 (#if
// WIDTH != 32 / #error): every build defines it as 32, and so does zero
// configuration, as a number, not an unknown. With 32 the kernel's
// t[l % WIDTH] is one element for work-items 0 and 32 of the group: a race.
// expected-note@1 {{the file requires WAVE (#error at line 19), SUB (#error at line 22) and WIDTH = 32 (#error at line 28)}}
// expected-note@1 {{not applied: the #error check at line 25, which tests values the build gives to names analyzed as unknowns}}
// expected-note@1 {{not defined by the build: WAVE and SUB, analyzed as unknown integer constants}}
// expected-error@#w {{local-memory race on t[0]: work-item 0 writes it (line 35) while work-item 32 writes it (line 35)}}
// expected-note@#w {{the other access}}
// expected-note@#w {{assuming a work-group of 256 work-items}}

#ifndef WAVE
#error "WAVE must be defined"
#endif
#ifndef SUB
#error "SUB must be defined"
#endif
#if SUB > WAVE
#error "SUB must not exceed WAVE"
#endif
#if WIDTH != 32
#error "WIDTH must be 32"
#endif

__kernel void fold(__global float *a)
{
    __local float t[WIDTH];
    int l = get_local_id(0);
    t[l % WIDTH] = a[get_global_id(0)] * ((float)SUB / (float)WAVE); // #w
    barrier(CLK_LOCAL_MEM_FENCE);
    a[get_global_id(0)] = t[l % WIDTH];
}
