/* __OPENCL_VERSION__ is the version -cl-std asks for, as a device compiler
 * defines it, unless the options define or undefine it (tests/CMakeLists.txt
 * gives EXPECT_VERSION). */
#ifndef __OPENCL_VERSION__
#error __OPENCL_VERSION__ is not defined
#elif __OPENCL_VERSION__ != EXPECT_VERSION
#error __OPENCL_VERSION__ is not EXPECT_VERSION
#endif
__kernel void version(__global int *out)
{
    out[get_global_id(0)] = __OPENCL_VERSION__;
}
