// =============================================================================
// A kernel file in the style of CLBlast's .opencl files: comments around one
// raw string literal with a delimiter of its own, R"CLK( ... )CLK", which the
// host #includes into a string after a common header that defines `real`
// (nothing defines it here: zero configuration takes it for float). The
// directory walk picks up .opencl files with the .cl ones. Positions are the
// file's own: the race below is reported at the line and column of the read.
// Each work-item reverses the tile with no barrier between its store and the
// mirrored read: work-item 0 reads tile[255] while work-item 255 may not have
// stored it.
// Enables loading of this file using the C++ pre-processor's #include.
R"CLK(
// expected-note@1 {{not defined by the build: real, analyzed as float}}
__kernel void reverse(__global real *x, __local real *tile)
{
    const int lid = get_local_id(0);
    tile[lid] = x[get_global_id(0)]; // #store
    x[get_global_id(0)] = tile[get_local_size(0) - 1 - lid]; // expected-error {{local-memory race on tile[}}
    // expected-note@-1 {{assuming a work-group of 256 work-items}}
}
// expected-note@#store {{the other access}}
)CLK"
// End of the C++11 raw string literal
// =============================================================================
