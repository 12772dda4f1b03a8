// Suppression comments, one scope at a time: each divergent barrier below is
// hidden by a comment except the one on the line marked #kept, and the
// malformed comments at the end are reported as [suppression] warnings.
// Run: clsynclint --verify tests/ergonomics/suppress/scopes.cl
__kernel void scopes(__global int *out)
{
    int lid = get_local_id(0);
    if (lid == 0)
        barrier(CLK_LOCAL_MEM_FENCE); // clsynclint: disable=barrier-divergence -- same line
    if (lid == 1)
        // clsynclint: disable-next-line=CLS001 -- by id, next line
        barrier(CLK_LOCAL_MEM_FENCE);
    /* clsynclint: disable-next-line=local-memory-race,barrier-divergence */
    if (lid == 2) barrier(CLK_LOCAL_MEM_FENCE);
    // clsynclint: disable-begin=all -- a region
    if (lid == 3)
        barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 4)
        barrier(CLK_LOCAL_MEM_FENCE);
    // clsynclint: disable-end=all
    if (lid == 5)
        // expected-error@+1 {{barrier reached under divergent control flow}}
        barrier(CLK_LOCAL_MEM_FENCE); // #kept
    // disable= on another line does not reach the next one:
    // clsynclint: disable=barrier-divergence
    if (lid == 6)
        // expected-error@+1 {{barrier reached under divergent control flow}}
        barrier(CLK_LOCAL_MEM_FENCE);

    // expected-warning@+1 {{disable-begin=barrier-divergence has no matching disable-end}}
    // clsynclint: disable-begin=barrier-divergence
    if (lid == 7)
        // expected-error@+1 {{barrier reached under divergent control flow}}
        barrier(CLK_LOCAL_MEM_FENCE);
    // expected-warning@+1 {{disable-end=local-memory-race has no matching disable-begin}}
    // clsynclint: disable-end=local-memory-race
    // expected-warning@+1 {{unknown directive 'ignore'}}
    // clsynclint: ignore=barrier-divergence
    // expected-warning@+1 {{unknown rule 'no-such-rule' in a suppression comment}}
    // clsynclint: disable=no-such-rule
    // expected-warning@+1 {{'disable-next-line' needs a rule list}}
    // clsynclint: disable-next-line
    // expected-warning@+1 {{disable-file must be in the comments at the top of the file}}
    // clsynclint: disable-file=all
    out[get_global_id(0)] = lid;
    // A string is not a comment: "// clsynclint: disable=all" below hides nothing.
    if (lid == 8)
        // expected-error@+1 {{barrier reached under divergent control flow}}
        barrier(CLK_LOCAL_MEM_FENCE); printf("// clsynclint: disable=all");
}
