// Helpers only, written as a C++ raw string (CLBlast's common.opencl does
// this): compiled and checked through the kernels that include it.
R"(
float twice(float x) { return 2.0f * x; }
)"
