// Fixed twin of latin1_comments.cl, Latin-1 comments included: every
// work-item reaches the barrier (équipe entière).
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics

/* Auteur : René -- réduction par blocs, étape par étape */
__kernel void somme_blocs(__global const float *x, __global float *sommes,
                          __local float *tampon)
{
    int lid = get_local_id(0);
    tampon[lid] = x[get_global_id(0)];   /* copie à la mémoire locale */
    barrier(CLK_LOCAL_MEM_FENCE); /* équipe */
    if (lid == 0)
        sommes[get_group_id(0)] = tampon[0];
}
