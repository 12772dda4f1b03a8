/*
 * depend.h - dependence tests before the solver (depend.c).
 */
#ifndef CLS_DEPEND_H
#define CLS_DEPEND_H

#include "smt.h"

/* Are a (work-item 0) and b (work-item 1) apart by the GCD or the bounds
 * test on the difference of their indices?  A true is a proof. */
bool dep_free(const struct q *q, const struct acc *a, const struct acc *b);

#endif
