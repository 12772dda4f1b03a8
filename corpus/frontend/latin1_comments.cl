// Comments written in Latin-1, as older repositories have them (the file is
// not UTF-8: the accented letters are single bytes).
//
// clang compiles the file: any byte may stand in a comment. It is analyzed
// like any other, and its finding is reported at the right line and column.
// Fixed in latin1_comments_fixed.cl.
// RUN-CONFIG: --local-size=64

/* Auteur : René -- réduction par blocs, étape par étape */
__kernel void somme_blocs(__global const float *x, __global float *sommes,
                          __local float *tampon)
{
    int lid = get_local_id(0);
    tampon[lid] = x[get_global_id(0)];   /* copie à la mémoire locale */
    if (lid < 32) /* #cond */
        barrier(CLK_LOCAL_MEM_FENCE); /* équipe */ // expected-error {{barrier reached under divergent control flow}}
    if (lid == 0)
        sommes[get_group_id(0)] = tampon[0];
}
// expected-note@#cond {{branch condition depends on 'lid'}}
