#!/usr/bin/env python3
"""kgen.py - a structure-aware generator of valid OpenCL C kernels.

Each kernel comes from one seed and is the same on every machine.  It is
valid OpenCL C 1.2 (so that Oclgrind builds it) and every index stays inside
its array by construction: integer expressions carry the interval of values
they can take under the kernel's launch, and an index that could leave its
array is clamped with a mask, a modulo or min().  Control flow depends only on
work-item ids, group ids, loop counters and constants, never on data, so one
launch under Oclgrind sees everything the kernel can do under that launch.

What a kernel may hold: helper functions with pointer parameters (private,
__local, __global), private arrays passed to them, vectors (float4 elements,
int2 components, vload4/vstore4), nested loops with uniform, group-dependent
and work-item-dependent trip counts, branches on local ids, group ids and
global ids, barriers inside and outside all of these, early returns, atomics
on __local and __global counters, async_work_group_copy with
wait_group_events, and a few idioms (a tree reduction, a Hillis-Steele scan,
a stencil with a halo, a histogram) that mutations break on purpose (a
barrier dropped, a guard off by one).  Work-group collectives are left out:
neither PoCL 3.1 nor Oclgrind 21.10 runs them (docs/runtime_check.md).

    python3 fuzz/kgen.py --seed 7 > k.cl            one kernel on stdout
    python3 fuzz/kgen.py --seed 1 --count 50 --out DIR
        DIR/g<seed>.cl for each seed, and DIR/manifest.ini: runtime_check's
        launch of each (sizes, buffers sized to the indices, built with
        -cl-opt-disable so that Oclgrind sees every access of the source).

The first lines of a kernel name its seed and the clsynclint flags of its
launch (`// kgen-flags: ...`); fuzz/campaign.py reads them.
"""
import argparse
import os
import random
import re
import sys

FENCES = ["CLK_LOCAL_MEM_FENCE", "CLK_GLOBAL_MEM_FENCE",
          "CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE"]


class I:
    """An integer expression: its text, the interval [lo, hi] of its values
    under the launch, and how far it is uniform: 'u' the same for every
    work-item, 'g' the same within a work-group, 'w' per work-item."""

    def __init__(self, text, lo, hi, uni):
        self.text, self.lo, self.hi, self.uni = text, lo, hi, uni


def join_uni(*us):
    return "w" if "w" in us else "g" if "g" in us else "u"


class Arr:
    """An array or pointer in scope: `size` elements of `elem` in `space`
    ('local', 'global', 'private'); `ro` when the kernel only reads it."""

    def __init__(self, name, space, size, elem="float", ro=False, atomic=False):
        self.name, self.space, self.size, self.elem = name, space, size, elem
        self.ro, self.atomic = ro, atomic


class Env:
    """What a block of statements can use."""

    def __init__(self, ints, arrays, acc, in_helper=False):
        self.ints = list(ints)      # I atoms
        self.arrays = list(arrays)  # Arr
        self.acc = acc              # the float accumulator's name
        self.in_helper = in_helper
        self.loop_depth = 0
        self.divergent = False      # inside work-item-dependent control flow

    def child(self):
        e = Env(self.ints, self.arrays, self.acc, self.in_helper)
        e.loop_depth, e.divergent = self.loop_depth, self.divergent
        return e


def pow2_at_least(n):
    p = 1
    while p < n:
        p <<= 1
    return p


class Gen:
    def __init__(self, seed):
        self.seed = seed
        self.r = random.Random(seed)
        self.nloop = 0
        self.nhelper = 0
        self.helpers = []           # (name, params, text) of helpers defined so far
        self.uses_local_arg = False
        self.called = set()

    # ------------------------------------------------------------ launch
    def pick_launch(self):
        r = self.r
        if r.random() < 0.25:
            lx, ly = r.choice([(8, 4), (4, 4), (16, 2), (8, 8)])
            ngx, ngy = r.choice([(1, 1), (2, 1), (2, 2), (1, 2)])
            self.dims = 2
        else:
            lx, ly = r.choice([16, 32, 64, 64]), 1
            ngx, ngy = r.choice([1, 2, 4, 4]), 1
            self.dims = 1
        self.lx, self.ly, self.ngx, self.ngy = lx, ly, ngx, ngy
        self.LS = lx * ly
        self.NG = ngx * ngy
        self.G = self.LS * self.NG
        self.L = 2 * self.LS             # __local float lt[L]
        self.GIN = 4 * self.G            # gin: vload4(gid, gin) reads up to 4 G
        self.GOUT = 3 * self.G           # gout: [0, G) work, [G, 2G) copies, [2G, 3G) results
        self.NC = 16                     # __local int lc[NC], __global int gcnt[NC*4]
        self.reqd = r.random() < 0.2

    def flags(self):
        if self.dims == 1:
            ls, gs = "%d" % self.LS, "%d" % self.G
        else:
            ls = "%d,%d" % (self.lx, self.ly)
            gs = "%d,%d" % (self.lx * self.ngx, self.ly * self.ngy)
        out = ["--global-size=" + gs]
        if not self.reqd:
            out.insert(0, "--local-size=" + ls)
        return out, ls, gs

    # ------------------------------------------------------------ integers
    def atoms(self, env):
        return env.ints

    def const(self, lo, hi):
        c = self.r.randint(lo, hi)
        return I(str(c), c, c, "u")

    def iexpr(self, env, depth=0):
        """A random integer expression over the atoms in scope."""
        r = self.r
        if depth >= 2 or r.random() < 0.35:
            if r.random() < 0.15:
                return self.const(0, 8)
            return r.choice(self.atoms(env))
        a = self.iexpr(env, depth + 1)
        k = r.randrange(10)
        if k == 0:
            c = r.randint(1, 8)
            return I("%s + %d" % (a.text, c), a.lo + c, a.hi + c, a.uni)
        if k == 1:
            c = r.randint(1, 4)
            return I("%s - %d" % (paren(a), c), a.lo - c, a.hi - c, a.uni)
        if k == 2:
            c = r.choice([2, 3, 4])
            return I("%s * %d" % (paren(a), c), a.lo * c, a.hi * c, a.uni)
        if k == 3 and a.lo >= 0:
            c = r.choice([1, 2, 3, 7, 15, 16, 31])
            hi = pow2_at_least(max(a.hi, c) + 1) - 1
            return I("(%s ^ %d)" % (paren(a), c), 0, hi, a.uni)
        if k == 4:
            c = r.choice([1, 3, 7, 15, 31, 63])
            return I("(%s & %d)" % (paren(a), c), 0, c, a.uni)
        if k == 5 and a.lo >= 0:
            c = r.choice([1, 2, 3])
            return I("(%s >> %d)" % (paren(a), c), a.lo >> c, a.hi >> c, a.uni)
        if k == 6 and a.lo >= 0:
            c = r.choice([2, 3, 4, 5, 8, 16])
            return I("(%s %% %d)" % (paren(a), c), 0, min(a.hi, c - 1), a.uni)
        if k == 7 and a.lo >= 0:
            return I("(%d - %s)" % (a.hi, paren(a)), 0, a.hi - a.lo, a.uni)
        if k == 8:
            b = self.iexpr(env, depth + 1)
            return I("%s + %s" % (a.text, paren(b)), a.lo + b.lo, a.hi + b.hi,
                     join_uni(a.uni, b.uni))
        if k == 9 and a.lo >= 0:
            c = r.choice([2, 4])
            return I("%s / %d" % (paren(a), c), a.lo // c, a.hi // c, a.uni)
        return a

    def fit(self, e, size):
        """e as an index of an array of `size` elements (a power of two)."""
        if e.lo >= 0 and e.hi < size:
            return e
        r = self.r.random()
        if e.lo >= 0 and r < 0.3:
            return I("%s %% %d" % (paren(e), size), 0, size - 1, e.uni)
        if e.lo >= 0 and r < 0.45:
            return I("min(%s, %d)" % (e.text, size - 1), 0, size - 1, e.uni)
        return I("%s & %d" % (paren(e), size - 1), 0, size - 1, e.uni)

    def index(self, env, size, own=0.5):
        """An index into `size` elements: with probability `own` one that
        names each work-item's own element (the writes of correct code)."""
        r = self.r
        if r.random() < own:
            cands = [a for a in env.ints if a.uni == "w" and a.lo >= 0]
            if cands:
                a = r.choice(cands)
                k = r.randrange(5)
                if k == 1 and a.hi * 2 + 1 < size:
                    a = I("%s * 2" % paren(a), a.lo * 2, a.hi * 2, "w")
                elif k == 2 and a.hi + self.LS < size:
                    a = I("%s + %d" % (a.text, self.LS), a.lo + self.LS, a.hi + self.LS, "w")
                elif k == 3 and a.hi < size:
                    a = I("%d - %s" % (a.hi, paren(a)), 0, a.hi - a.lo, "w")
                return self.fit(a, size)
        return self.fit(self.iexpr(env), size)

    # ------------------------------------------------------------ floats
    def readable(self, env, elem="float"):
        return [a for a in env.arrays if a.elem == elem and not a.atomic]

    def fexpr(self, env, depth=0):
        r = self.r
        k = r.randrange(8)
        if depth < 1 and k == 0:
            return "%s + %s" % (self.fexpr(env, depth + 1), self.fexpr(env, depth + 1))
        if depth < 1 and k == 1:
            return "%s * %s" % (self.fexpr(env, depth + 1), self.fexpr(env, depth + 1))
        if k == 2:
            return "(float)(%s)" % self.iexpr(env).text
        if k == 3:
            return r.choice(["0.5f", "1.0f", "2.0f", "0.25f"])
        if k in (4, 5, 6):
            arrs = self.readable(env)
            v4 = [a for a in env.arrays if a.elem == "float4"]
            if v4 and r.random() < 0.2:
                a = r.choice(v4)
                return "%s[%s].%s" % (a.name, self.index(env, a.size, 0.3).text,
                                      r.choice("xyzw"))
            if arrs:
                a = r.choice(arrs)
                return "%s[%s]" % (a.name, self.index(env, a.size, 0.3).text)
        return env.acc

    # ------------------------------------------------------------ statements
    def barrier(self, env):
        r = self.r
        f = r.choice(FENCES)
        return ["barrier(%s);" % f]

    def cond(self, env):
        r = self.r
        k = r.randrange(9)
        ints = env.ints
        w = [a for a in ints if a.uni == "w"]
        g = [a for a in ints if a.uni == "g"]
        u = [a for a in ints if a.uni == "u"]
        if k <= 2 and w:
            a = r.choice(w)
            c = r.randint(a.lo, a.hi + 2)
            op = r.choice(["<", "<", "==", ">=", "!=", "<="])
            return I("%s %s %d" % (a.text, op, c), 0, 1, "w")
        if k == 3 and w:
            a = r.choice(w)
            m = r.choice([1, 3])
            return I("(%s & %d) == 0" % (paren(a), m), 0, 1, "w")
        if k == 4 and g:
            a = r.choice(g)
            return I("%s %s %d" % (a.text, r.choice(["==", "<", ">"]), r.randint(0, a.hi)),
                     0, 1, "g")
        if k == 5 and u:
            a = r.choice(u)
            return I("%s %s %d" % (a.text, r.choice(["<", ">", "=="]), r.randint(a.lo, a.hi + 1)),
                     0, 1, "u")
        if k == 6 and w:
            # always true under the launch, but it names the local id
            a = r.choice(w)
            return I("%s < %d" % (a.text, a.hi + 1 + r.choice([0, 0, 7])), 0, 1, "w")
        e = self.iexpr(env)
        return I("%s < %d" % (paren(e), r.randint(e.lo, e.hi + 1)), 0, 1, e.uni)

    def stmt(self, env, depth):
        r = self.r
        kinds = [("lwrite", 6), ("lread", 4), ("gwrite", 3), ("gread", 2), ("priv", 2),
                 ("vec", 2), ("atomic", 2), ("if", 3 if depth < 3 else 0),
                 ("loop", 2 if depth < 3 and env.loop_depth < 2 else 0),
                 ("call", 2 if self.helpers and not env.in_helper else 0),
                 ("async", 1 if not env.in_helper else 0),
                 ("idiom", 1 if depth == 0 and not env.in_helper else 0),
                 ("barrier", 2)]
        total = sum(w for _, w in kinds)
        x = r.uniform(0, total)
        for k, w in kinds:
            x -= w
            if x <= 0:
                break
        return getattr(self, "s_" + k)(env, depth)

    def block(self, env, depth, n):
        out = []
        for _ in range(n):
            out += self.stmt(env, depth)
        return out

    def arrays(self, env, space=None, writable=True, elem="float"):
        return [a for a in env.arrays if (space is None or a.space == space) and
                a.elem == elem and not a.atomic and (not writable or not a.ro)]

    def s_lwrite(self, env, depth):
        arrs = self.arrays(env, "local") or self.arrays(env)
        if not arrs:
            return self.s_priv(env, depth)
        a = self.r.choice(arrs)
        op = self.r.choice(["=", "=", "+="])
        return ["%s[%s] %s %s;" % (a.name, self.index(env, a.size, 0.7).text, op,
                                    self.fexpr(env))]

    def s_lread(self, env, depth):
        arrs = self.arrays(env, "local", writable=False) or self.arrays(env, writable=False)
        if not arrs:
            return ["%s += 1.0f;" % env.acc]
        a = self.r.choice(arrs)
        return ["%s += %s[%s];" % (env.acc, a.name, self.index(env, a.size, 0.3).text)]

    def s_gwrite(self, env, depth):
        arrs = self.arrays(env, "global")
        if not arrs:
            return self.s_lwrite(env, depth)
        a = self.r.choice(arrs)
        size = a.size if a.name != "gout" else self.G  # results live in [2G, 3G)
        return ["%s[%s] = %s;" % (a.name, self.index(env, size, 0.7).text, self.fexpr(env))]

    def s_gread(self, env, depth):
        arrs = self.arrays(env, "global", writable=False)
        if not arrs:
            return self.s_lread(env, depth)
        a = self.r.choice(arrs)
        return ["%s += %s[%s];" % (env.acc, a.name, self.index(env, a.size, 0.3).text)]

    def s_priv(self, env, depth):
        arrs = self.arrays(env, "private")
        if not arrs:
            return ["%s += %s;" % (env.acc, self.fexpr(env))]
        a = self.r.choice(arrs)
        if self.r.random() < 0.5:
            return ["%s[%s] = %s;" % (a.name, self.index(env, a.size).text, self.fexpr(env))]
        return ["%s += %s[%s];" % (env.acc, a.name, self.index(env, a.size).text)]

    def s_vec(self, env, depth):
        r = self.r
        k = r.randrange(4)
        v4 = [a for a in env.arrays if a.elem == "float4"]
        gl = [a for a in self.arrays(env, "global", writable=False) if a.size >= 8]
        if k == 0 and v4:
            a = r.choice(v4)
            comp = r.choice(["x", "y", "z", "w", "xy", "s0", "s3"])
            rhs = self.fexpr(env)
            if len(comp) == 2 and comp[0] != "s":
                rhs = "(float2)(%s, 1.0f)" % rhs
            return ["%s[%s].%s = %s;" % (a.name, self.index(env, a.size, 0.7).text, comp, rhs)]
        if k == 1 and v4:
            a = r.choice(v4)
            return ["%s += dot(%s[%s], (float4)(1.0f));" % (env.acc, a.name,
                                                          self.index(env, a.size, 0.3).text)]
        if k == 2 and gl:
            a = r.choice(gl)
            i = self.index(env, a.size // 4, 0.5)
            if r.random() < 0.5 and not a.ro:
                return ["vstore4((float4)(%s), %s, %s);" % (self.fexpr(env), i.text, a.name)]
            return ["%s += vload4(%s, %s).%s;" % (env.acc, i.text, a.name, r.choice("xyzw"))]
        # int2 components as indices
        arrs = self.arrays(env)
        if not arrs:
            return ["%s += 1.0f;" % env.acc]
        a = r.choice(arrs)
        x, y = self.iexpr(env), self.iexpr(env)
        n = "iv%d" % self.fresh()
        env.ints.append(I("%s.x" % n, x.lo, x.hi, x.uni))
        env.ints.append(I("%s.y" % n, y.lo, y.hi, y.uni))
        comp = r.choice([env.ints[-1], env.ints[-2]])
        return ["int2 %s = (int2)(%s, %s);" % (n, x.text, y.text),
                "%s[%s] = %s;" % (a.name, self.fit(comp, a.size).text, self.fexpr(env))]

    def fresh(self):
        self.nloop += 1
        return self.nloop

    def s_atomic(self, env, depth):
        r = self.r
        cnt = [a for a in env.arrays if a.atomic]
        if not cnt:
            return self.s_lwrite(env, depth)
        a = r.choice(cnt)
        i = self.index(env, a.size, 0.2).text
        k = r.randrange(7)
        if k == 0:
            return ["atomic_add(&%s[%s], %d);" % (a.name, i, r.randint(1, 3))]
        if k == 1:
            return ["atomic_inc(&%s[%s]);" % (a.name, i)]
        if k == 2:
            return ["%s += (float)atomic_add(&%s[%s], 1);" % (env.acc, a.name, i)]
        if k == 3:
            return ["atomic_max(&%s[%s], %s);" % (a.name, i, self.iexpr(env).text)]
        if k == 4:
            # a plain store: races with the atomics unless a barrier orders them
            return ["%s[%s] = %s;" % (a.name, i, self.iexpr(env).text)]
        if k == 5:
            return ["%s += (float)%s[%s];" % (env.acc, a.name, i)]
        # a ticket: which slot each work-item gets depends on the schedule
        t = "t%d" % self.fresh()
        arrs = self.arrays(env, "local")
        if not arrs:
            return ["atomic_inc(&%s[%s]);" % (a.name, i)]
        b = r.choice(arrs)
        return ["int %s = atomic_inc(&%s[%s]);" % (t, a.name, i),
                "%s[(%s) & %d] = %s;" % (b.name, t, b.size - 1, self.fexpr(env))]

    def s_barrier(self, env, depth):
        return self.barrier(env)

    def s_if(self, env, depth):
        c = self.cond(env)
        e = env.child()
        if c.uni == "w":
            e.divergent = True
        body = self.block(e, depth + 1, self.r.randint(1, 3))
        if self.r.random() < 0.2:
            body += self.barrier(e)
        out = ["if (%s) {" % c.text] + indent(body) + ["}"]
        if self.r.random() < 0.3:
            e2 = env.child()
            e2.divergent = e.divergent
            els = self.block(e2, depth + 1, self.r.randint(1, 2))
            if self.r.random() < 0.2:
                els += self.barrier(e2)
            out[-1] = "} else {"
            out += indent(els) + ["}"]
        if not env.in_helper and depth == 0 and self.r.random() < 0.08:
            # an early return instead
            out = ["if (%s)" % c.text, "    return;"]
        return out

    def s_loop(self, env, depth):
        r = self.r
        v = "i%d" % self.fresh()
        k = r.randrange(6)
        w = [a for a in env.ints if a.uni == "w" and a.lo >= 0]
        g = [a for a in env.ints if a.uni == "g" and a.lo >= 0]
        if k == 0 and w:
            # work-item-dependent trip count
            a = r.choice(w)
            m = r.choice([1, 3])
            head = "for (int %s = 0; %s < (%s & %d); %s++)" % (v, v, paren(a), m, v)
            it = I(v, 0, m - 1 if m > 0 else 0, "w")
        elif k == 1 and not env.in_helper:
            # strided over the local array: every work-item runs L / LS times
            head = "for (int %s = %s; %s < %d; %s += %d)" % (v, self.lid_text, v, self.L, v,
                                                              self.LS)
            it = I(v, 0, self.L - 1, "w")
        elif k == 2 and g:
            a = r.choice(g)
            head = "for (int %s = 0; %s <= %s; %s++)" % (v, v, a.text, v)
            it = I(v, 0, a.hi, "g")
        elif k == 3:
            n = r.choice([2, 4, 8])
            head = "for (int %s = 1; %s < %d; %s <<= 1)" % (v, v, n, v)
            it = I(v, 1, n // 2, "u")
        else:
            n = r.randint(1, 4)
            head = "for (int %s = 0; %s < %d; %s++)" % (v, v, n, v)
            it = I(v, 0, n - 1, "u")
        e = env.child()
        e.ints.append(it)
        e.loop_depth += 1
        if it.uni == "w":
            e.divergent = True
        body = self.block(e, depth + 1, r.randint(1, 3))
        if r.random() < 0.25:
            body.insert(r.randint(0, len(body)), self.barrier(e)[0])
        return [head + " {"] + indent(body) + ["}"]

    def s_call(self, env, depth, helper=None):
        r = self.r
        name, params = helper or r.choice(self.helpers)
        args = []
        for p in params:
            if p[0] == "int":
                lo, hi = p[2], p[3]
                e = self.iexpr(env)
                if not (e.lo >= lo and e.hi <= hi):
                    e = self.fit(e, hi + 1)
                args.append(e.text)
            elif p[0] == "float":
                args.append(self.fexpr(env))
            else:
                space, extent = p[0], p[2]
                cands = [a for a in env.arrays if a.space == space and a.elem == "float" and
                         not a.atomic and not a.ro and a.size >= extent]
                if not cands:
                    return self.s_lwrite(env, depth)
                a = r.choice(cands)
                slack = a.size - extent
                off = r.choice([0, 0, r.randint(0, slack)]) if slack else 0
                if off == 0:
                    args.append(a.name)
                elif r.random() < 0.5:
                    args.append("%s + %d" % (a.name, off))
                else:
                    args.append("&%s[%d]" % (a.name, off))
        self.called.add(name)
        return ["%s += %s(%s);" % (env.acc, name, ", ".join(args))]

    def s_async(self, env, depth):
        r = self.r
        lt = [a for a in self.arrays(env, "local")]
        if not lt:
            return self.s_lwrite(env, depth)
        a = r.choice(lt)
        n = self.LS if a.size >= self.LS else a.size
        loff = r.choice([0, a.size - n])
        ev = "ev%d" % self.fresh()
        if r.random() < 0.65:
            goff = r.choice(["0", "%s * %d" % (self.grp_text, self.LS), str(self.G)])
            src = "gin + %s" % goff if goff != "0" else "gin"
            dst = "%s + %d" % (a.name, loff) if loff else a.name
        else:
            goff = r.choice(["%s * %d" % (self.grp_text, self.LS), "0"])
            dst = "gout + %s" % goff if goff != "0" else "gout"
            src = "%s + %d" % (a.name, loff) if loff else a.name
        return ["event_t %s = async_work_group_copy(%s, %s, %d, 0);" % (ev, dst, src, n),
                "wait_group_events(1, &%s);" % ev]

    # ------------------------------------------------------------ idioms
    def s_idiom(self, env, depth):
        r = self.r
        k = r.randrange(4)
        lt = "lt"
        LS = self.LS
        lid = self.lid_text
        drop = r.random() < 0.3     # one barrier goes
        off1 = r.random() < 0.15    # a guard off by one
        out = []
        if k == 0:
            # tree reduction over LS elements of lt
            s = "s%d" % self.fresh()
            guard = "%s <= %s" % (lid, s) if off1 else "%s < %s" % (lid, s)
            out = ["%s[%s] = %s;" % (lt, lid, self.fexpr(env))]
            out += [] if drop and r.random() < 0.5 else ["barrier(CLK_LOCAL_MEM_FENCE);"]
            body = ["if (%s)" % guard, "    %s[%s] += %s[%s + %s];" % (lt, lid, lt, lid, s)]
            if not (drop and r.random() < 0.5):
                body.append("barrier(CLK_LOCAL_MEM_FENCE);")
            out += ["for (int %s = %d; %s > 0; %s >>= 1) {" % (s, LS // 2, s, s)] + indent(body) + ["}"]
            out += ["%s += %s[0];" % (env.acc, lt)]
        elif k == 1:
            # Hillis-Steele scan with a second buffer half
            o = "o%d" % self.fresh()
            out = ["%s[%s] = %s;" % (lt, lid, self.fexpr(env)),
                   "barrier(CLK_LOCAL_MEM_FENCE);"]
            body = ["float v%s = %s[%s];" % (o, lt, lid),
                    "if (%s >= %s)" % (lid, o),
                    "    v%s += %s[%s - %s];" % (o, lt, lid, o)]
            if not drop:
                body.append("barrier(CLK_LOCAL_MEM_FENCE);")
            body += ["%s[%s] = v%s;" % (lt, lid, o), "barrier(CLK_LOCAL_MEM_FENCE);"]
            out += ["for (int %s = 1; %s < %d; %s <<= 1) {" % (o, o, LS, o)] + indent(body) + ["}"]
            out += ["%s += %s[%s];" % (env.acc, lt, lid)]
        elif k == 2:
            # stencil with a halo of one element on each side
            base = "%s * %d" % (self.grp_text, LS)
            out = ["%s[%s + 1] = gin[%s + %s];" % (lt, lid, base, lid),
                   "if (%s == 0) {" % lid,
                   "    %s[0] = gin[%s];" % (lt, base),
                   "    %s[%d] = gin[%s + %d];" % (lt, LS + 1 if not off1 else LS, base, LS),
                   "}"]
            if not drop:
                out.append("barrier(CLK_LOCAL_MEM_FENCE);")
            out.append("%s += %s[%s] + %s[%s + 2];" % (env.acc, lt, lid, lt, lid))
        else:
            # histogram in __local counters, then one work-item publishes
            out = ["if (%s < %d)" % (lid, self.NC), "    lc[%s] = 0;" % lid]
            if not drop:
                out.append("barrier(CLK_LOCAL_MEM_FENCE);")
            out.append("atomic_inc(&lc[%s & %d]);" % (paren(I(self.gid_text, 0, 0, "w")),
                                                     self.NC - 1))
            out.append("barrier(CLK_LOCAL_MEM_FENCE);")
            guard = "%s <= %d" % (lid, self.NC) if off1 else "%s < %d" % (lid, self.NC)
            out += ["if (%s)" % guard,
                    "    atomic_add(&gcnt[%s], lc[%s & %d]);" % (lid, lid, self.NC - 1)]
        if r.random() < 0.5:
            out.append("barrier(CLK_LOCAL_MEM_FENCE);")
        return out

    # ------------------------------------------------------------ helpers
    def helper(self):
        """A helper function: pointer parameters with the extent they may
        touch, int parameters with their interval, maybe a barrier."""
        r = self.r
        name = "h%d" % self.nhelper
        self.nhelper += 1
        params = []          # (kind, name, a, b): int lo hi | space extent
        sig = []
        arrays = []
        ints = [I("(int)get_local_id(0)", 0, self.lx - 1, "w")]
        if self.NG > 1:
            ints.append(I("(int)get_group_id(0)", 0, self.ngx - 1, "g"))
        spaces = ["local", "global", "private"]
        for j in range(r.randint(1, 3)):
            sp = r.choice(spaces)
            ext = r.choice([4, 8, 16, self.LS]) if sp != "private" else r.choice([4, 8])
            pn = "p%d" % j
            params.append((sp, pn, ext))
            q = {"local": "__local float *", "global": "__global float *",
                 "private": r.choice(["float *", "__private float *"])}[sp]
            sig.append(q + pn)
            arrays.append(Arr(pn, sp, ext))
        for j in range(r.randint(0, 2)):
            hi = r.choice([3, 7, 15, self.LS - 1])
            pn = "n%d" % j
            params.append(("int", pn, 0, hi))
            sig.append("int " + pn)
            ints.append(I(pn, 0, hi, "w"))
        if r.random() < 0.4:
            params.append(("float", "x", 0, 0))
            sig.append("float x")
        env = Env(ints, arrays, "r", in_helper=True)
        body = self.block(env, 1, r.randint(1, 4))
        if r.random() < 0.3:
            body.insert(r.randint(0, len(body)), self.barrier(env)[0])
        # a call of an earlier helper, with the same kind of arguments
        text = ["float %s(%s)" % (name, ", ".join(sig)), "{", "    float r = 0.0f;"]
        text += indent(body)
        if "float x" in sig:
            text.append("    r += x;")
        text += ["    return r;", "}", ""]
        self.helpers.append((name, params))
        return text

    # ------------------------------------------------------------ kernel
    def kernel(self):
        """The kernel's text.  Two styles: 'chaos' draws statements at random
        (barriers anywhere; most such kernels race), 'idioms' composes
        race-free idioms and then breaks a few on purpose (the mutations,
        named in the header), so that each finding has one cause."""
        r = self.r
        self.pick_launch()
        LS, G = self.LS, self.G
        self.style = "idioms" if r.random() < 0.7 else "chaos"
        self.lid_text, self.gid_text, self.grp_text = "lid", "gid", "grp"
        ints = [I("lid", 0, LS - 1, "w"), I("gid", 0, G - 1, "w")]
        if self.NG > 1:
            ints.append(I("grp", 0, self.NG - 1, "g"))
        if self.dims == 2:
            ints.append(I("(int)get_local_id(0)", 0, self.lx - 1, "w"))
            ints.append(I("(int)get_local_id(1)", 0, self.ly - 1, "w"))
        elif r.random() < 0.5:
            ints.append(I("(int)get_local_id(0)", 0, LS - 1, "w"))
        ints.append(I("(int)get_local_size(0)", self.lx, self.lx, "u"))
        arrays = [Arr("gin", "global", self.GIN, ro=True), Arr("gout", "global", self.GOUT),
                  Arr("gcnt", "global", self.NC * 4, elem="int", atomic=True),
                  Arr("lt", "local", self.L), Arr("lc", "local", self.NC, elem="int", atomic=True)]
        decls = ["__local float lt[%d];" % self.L, "__local int lc[%d];" % self.NC]
        self.has_lv = r.random() < 0.4
        if self.has_lv:
            arrays.append(Arr("lv", "local", LS, elem="float4"))
            decls.append("__local float4 lv[%d];" % LS)
        psize = r.choice([4, 8, 16])
        self.psize = psize
        arrays.append(Arr("pa", "private", psize))
        decls.append("float pa[%d];" % psize)
        if r.random() < 0.4:
            self.uses_local_arg = True
            arrays.append(Arr("larg", "local", LS))
        self.mutations = []
        self.sync_calls = []
        kinds = ["drop-barrier", "drop-barrier", "divergent-barrier", "fence", "early-return",
                 "divergent-call", "off-by-one", "atomic-to-plain", "cross-group"]
        self.plan = [r.choice(kinds) for _ in range(r.choice([0, 0, 1, 1, 1, 2]))]
        body = []
        if r.random() < 0.5:
            body.append("for (int j = 0; j < %d; j++)" % psize)
            body.append("    pa[j] = (float)j;")
        if self.style == "chaos":
            htext, stmts = self.chaos_body(ints, arrays)
        else:
            htext, stmts = self.idiom_body(ints, arrays)
        for st in stmts:
            body += st
        body.append("gout[%d + gid] = acc;" % (2 * G))
        if self.style == "idioms":
            htext, body = self.mutate(htext, body)
        params = ["__global const float *gin", "__global float *gout", "__global int *gcnt"]
        if self.uses_local_arg:
            params.append("__local float *larg")
        flags, ls, gs = self.flags()
        attr = ""
        if self.reqd:
            attr = "__attribute__((reqd_work_group_size(%d, %d, 1)))\n" % (self.lx, self.ly)
        if self.dims == 1:
            ids = ["int lid = get_local_id(0);", "int gid = get_global_id(0);",
                   "int grp = get_group_id(0);"]
        else:
            ids = ["int lid = get_local_id(1) * %d + get_local_id(0);" % self.lx,
                   "int gid = get_global_id(1) * %d + get_global_id(0);" % (self.lx * self.ngx),
                   "int grp = get_group_id(1) * %d + get_group_id(0);" % self.ngx]
        k = htext + [attr + "__kernel void k(%s)" % ", ".join(params), "{"]
        k += indent(ids + decls + ["float acc = 0.0f;"] + body) + ["}"]
        head = ["// kgen seed %d (%s): generated by fuzz/kgen.py" % (self.seed, self.style),
                "// kgen-flags: " + " ".join(flags)]
        if self.style == "idioms":
            off = len(head) + 3  # k[0]'s line: after this line and a blank one
            muts = []
            for m in self.mutations:
                line = next((i + off for i, l in enumerate(k) if m[1] and m[1] in l), None)
                muts.append(m[0] + ("@%d" % line if line else ""))
            head.append("// kgen-mutations: " + (" ".join(muts) if muts else "none"))
        head.append("")
        self.text = "\n".join(head + k) + "\n"
        return self.text

    def chaos_body(self, ints, arrays):
        r = self.r
        htext = []
        for _ in range(r.choice([0, 1, 1, 2, 3])):
            htext += self.helper()
        env = Env(ints, arrays, "acc")
        stmts = []          # top-level statements, each a list of lines
        nphase = r.randint(1, 4)
        for p in range(nphase):
            stmts += [self.stmt(env, 0) for _ in range(r.randint(1, 4))]
            if p + 1 < nphase and r.random() < 0.7:
                stmts.append(self.barrier(env))
        # every helper is called at least once (with the kernel's own atoms:
        # a vector declared later in the body is not in scope everywhere)
        for h in self.helpers:
            if h[0] not in self.called:
                stmts.insert(r.randint(0, len(stmts)), self.s_call(Env(ints, arrays, "acc"), 0, h))
        return htext, stmts

    # ------------------------------------------------------------ idioms
    #
    # Each idiom is race-free and divergence-free on its own, touches the
    # shared arrays only between its first line and a barrier at its end,
    # writes __global memory only at gout[gid] (each work-item its own
    # element) or in its group's block gout[G + grp * LS ...], and leaves a
    # value in acc.  Between idioms: a full barrier.  Private statements
    # (pa, vectors, helpers on private arrays) go anywhere.

    FULL = "barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);"
    LOCAL = "barrier(CLK_LOCAL_MEM_FENCE);"

    def value(self):
        """A float every work-item computes for itself."""
        r = self.r
        return r.choice(["gin[gid]", "gin[gid] * 2.0f", "acc + 1.0f", "(float)lid",
                         "pa[%d]" % r.randrange(self.psize), "gin[%d + lid]" % self.G,
                         "acc * 0.5f + gin[gid]"])

    def perm(self, n=None):
        """An index of lt in [0, n) that every work-item reads after the
        barrier: another work-item's element (or its own)."""
        r = self.r
        LS = self.LS
        n = n or LS
        k = r.randrange(9)
        if k == 0:
            return "%d - lid" % (LS - 1)
        if k == 1:
            return "lid ^ %d" % r.choice([1, 2, LS // 2, LS - 1])
        if k == 2:
            return "(lid + %d) %% %d" % (r.randint(1, LS - 1), LS)
        if k == 3:
            return "(lid + %d) & %d" % (r.randint(1, LS - 1), LS - 1)
        if k == 4:
            return "lid / 2"
        if k == 5 and self.dims == 2 and self.lx == self.ly:
            return "(int)get_local_id(0) * %d + (int)get_local_id(1)" % self.ly
        if k == 6:
            return "min(lid + 1, %d)" % (LS - 1)
        if k == 7:
            return "lid > 0 ? lid - 1 : %d" % (LS - 1)
        return "0"

    def idiom_body(self, ints, arrays):
        r = self.r
        env = Env(ints, arrays, "acc")
        htext = []
        stmts = []
        if r.random() < 0.15:
            # a bounds guard that this launch never takes
            stmts.append(["if (gid >= %d)" % (self.G + r.choice([0, 0, 5])), "    return;"])
        names = ["reduce", "reduce2", "scan", "stencil", "histogram", "permute", "async_in",
                 "async_out", "tiles", "helper_sync", "helper_private", "vector", "int2",
                 "broadcast", "wi_loop", "strided", "group_loop", "uniform_if", "own_global"]
        n = r.randint(1, 4)
        for i in range(n):
            name = r.choice(names)
            h, st = getattr(self, "i_" + name)(env)
            htext += h
            if i and r.random() < 0.9:
                stmts.append([self.FULL])
            stmts.append(st)
            if r.random() < 0.3:
                stmts.append(self.safe(env))
        return htext, stmts

    def safe(self, env):
        """A statement on private memory or the work-item's own element."""
        r = self.r
        k = r.randrange(4)
        if k == 0:
            return ["pa[%s] = %s;" % (self.fit(self.iexpr(env), self.psize).text, self.value())]
        if k == 1:
            return ["acc += pa[%s];" % self.fit(self.iexpr(env), self.psize).text]
        if k == 2:
            return ["acc += gin[%s];" % self.fit(self.iexpr(env), self.GIN).text]
        return ["gout[gid] = %s;" % self.value()]

    def i_reduce(self, env):
        LS, s = self.LS, "s%d" % self.fresh()
        guard = "lid < %s)" % s
        if self.mutate_here("off-by-one"):
            guard = "lid <= %s)  /* off-by-one */" % s
        return [], ["lt[lid] = %s;" % self.value(), self.LOCAL,
                    "for (int %s = %d; %s > 0; %s >>= 1) {" % (s, LS // 2, s, s),
                    "    if (%s" % guard,
                    "        lt[lid] += lt[lid + %s];" % s,
                    "    " + self.LOCAL, "}",
                    "if (lid == 0)", "    gout[gid] = lt[0];",
                    "acc += lt[0];", self.LOCAL]

    def i_reduce2(self, env):
        # interleaved addressing
        LS, s = self.LS, "s%d" % self.fresh()
        return [], ["lt[lid] = %s;" % self.value(), self.LOCAL,
                    "for (int %s = 1; %s < %d; %s *= 2) {" % (s, s, LS, s),
                    "    if (lid %% (2 * %s) == 0)" % s,
                    "        lt[lid] += lt[lid + %s];" % s,
                    "    " + self.LOCAL, "}",
                    "acc += lt[0];", self.LOCAL]

    def i_scan(self, env):
        LS, o = self.LS, "o%d" % self.fresh()
        return [], ["lt[lid] = %s;" % self.value(), self.LOCAL,
                    "for (int %s = 1; %s < %d; %s <<= 1) {" % (o, o, LS, o),
                    "    float t%s = lid >= %s ? lt[lid - %s] : 0.0f;" % (o, o, o),
                    "    " + self.LOCAL,
                    "    lt[lid] += t%s;" % o,
                    "    " + self.LOCAL, "}",
                    "acc += lt[lid];", self.LOCAL]

    def i_stencil(self, env):
        LS = self.LS
        hi = "%d] = gin[%s + %d];" % (LS + 1, "grp * %d" % LS, LS + 1)
        if self.mutate_here("off-by-one"):
            hi = "%d] = gin[%s + %d];  /* off-by-one */" % (LS, "grp * %d" % LS, LS + 1)
        base = "grp * %d" % LS
        return [], ["lt[lid + 1] = gin[%s + lid + 1];" % base,
                    "if (lid == 0) {", "    lt[0] = gin[%s];" % base,
                    "    lt[" + hi, "}",
                    self.LOCAL,
                    "acc += lt[lid] + lt[lid + 1] + lt[lid + 2];", self.LOCAL]

    def i_histogram(self, env):
        NC = self.NC
        inc = "atomic_inc(&lc[%s]);"
        if self.mutate_here("atomic-to-plain"):
            inc = "lc[%s]++;  /* atomic-to-plain */"
        b = self.r.choice(["(gid * 7) & %d" % (NC - 1), "(int)(gin[gid] * %d.0f) & %d" % (NC, NC - 1),
                           "lid %% %d" % NC])
        return [], ["if (lid < %d)" % NC, "    lc[lid] = 0;", self.LOCAL,
                    inc % b, self.LOCAL,
                    "if (lid < %d)" % NC, "    atomic_add(&gcnt[lid], lc[lid]);",
                    "acc += (float)lc[lid & %d];" % (NC - 1), self.LOCAL]

    def i_permute(self, env):
        arr = "larg" if self.uses_local_arg and self.r.random() < 0.5 else "lt"
        return [], ["%s[lid] = %s;" % (arr, self.value()), self.LOCAL,
                    "acc += %s[%s];" % (arr, self.perm()), self.LOCAL]

    def i_async_in(self, env):
        LS, e = self.LS, "e%d" % self.fresh()
        src = self.r.choice(["gin + grp * %d" % LS, "gin + %d" % self.G, "gin"])
        dst = self.r.choice(["lt", "lt + %d" % LS])
        off = LS if dst != "lt" else 0
        return [], ["event_t %s = async_work_group_copy(%s, %s, %d, 0);" % (e, dst, src, LS),
                    "wait_group_events(1, &%s);" % e,
                    "acc += lt[%d + (%s)];" % (off, self.perm()), self.LOCAL]

    def i_async_out(self, env):
        LS, G, e = self.LS, self.G, "e%d" % self.fresh()
        return [], ["lt[lid] = %s;" % self.value(), self.LOCAL,
                    "event_t %s = async_work_group_copy(gout + %d + grp * %d, lt, %d, 0);"
                    % (e, G, LS, LS),
                    "wait_group_events(1, &%s);" % e, self.LOCAL]

    def i_tiles(self, env):
        LS, t, j = self.LS, "t%d" % self.fresh(), "j%d" % self.fresh()
        T = self.r.choice([2, 3])
        J = self.r.choice([LS, 4, 8])
        return [], ["for (int %s = 0; %s < %d; %s++) {" % (t, t, T, t),
                    "    lt[lid] = gin[%s * %d + lid];" % (t, LS),
                    "    " + self.LOCAL,
                    "    for (int %s = 0; %s < %d; %s++)" % (j, j, J, j),
                    "        acc += lt[%s];" % j,
                    "    " + self.LOCAL, "}"]

    def i_helper_sync(self, env):
        LS, name = self.LS, "hs%d" % self.fresh()
        r = self.r
        helper = ["float %s(__local float *p, int i, float x)" % name, "{",
                  "    p[i] = x;", "    " + self.LOCAL,
                  "    float v = p[(i + %d) & %d];" % (r.randint(1, LS - 1), LS - 1),
                  "    " + self.LOCAL, "    return v;", "}", ""]
        arg = r.choice(["lt", "lt + %d" % LS, "&lt[%d]" % LS] +
                       (["larg"] if self.uses_local_arg else []))
        self.sync_calls.append(name + "(")
        return helper, ["acc += %s(%s, lid, %s);" % (name, arg, self.value())]

    def i_helper_private(self, env):
        r = self.r
        P = self.psize
        name = "hp%d" % self.fresh()
        q = r.choice(["float *", "__private float *"])
        n = r.choice([2, P // 2, P])
        helper = ["float %s(%sp, int n, __global const float *src)" % (name, q), "{",
                  "    float s = 0.0f;",
                  "    for (int i = 0; i < n; i++) {",
                  "        p[i] = src[i] + (float)i;", "        s += p[i];", "    }",
                  "    return s;", "}", ""]
        off = r.randint(0, P - n)
        arg = "pa" if not off else r.choice(["pa + %d" % off, "&pa[%d]" % off])
        return helper, ["acc += %s(%s, %d, gin + gid);" % (name, arg, n)]

    def i_vector(self, env):
        if not self.has_lv:
            return self.i_permute(env)
        r = self.r
        if r.random() < 0.5:
            # each work-item writes different components of two elements
            return [], ["lv[lid].x = %s;" % self.value(),
                        "lv[%s].y = %s;" % (self.perm_bijective(), self.value()),
                        self.LOCAL,
                        "acc += lv[%s].x + lv[lid].y;" % self.perm(), self.LOCAL]
        return [], ["lv[lid] = vload4(gid, gin);", self.LOCAL,
                    "acc += dot(lv[%s], (float4)(1.0f, 2.0f, 0.5f, 0.25f));" % self.perm(),
                    "vstore4(lv[lid], 0, pa);" if self.psize >= 4 else "acc += 1.0f;",
                    self.LOCAL]

    def perm_bijective(self):
        LS = self.LS
        return self.r.choice(["%d - lid" % (LS - 1), "lid ^ 1", "(lid + 1) %% %d" % LS])

    def i_int2(self, env):
        LS, v = self.LS, "c%d" % self.fresh()
        return [], ["int2 %s = (int2)(lid, grp);" % v,
                    "lt[%s.x] = %s + (float)%s.y;" % (v, self.value(), v), self.LOCAL,
                    "acc += lt[(%s.x + 1) & %d];" % (v, LS - 1), self.LOCAL]

    def i_broadcast(self, env):
        c = self.r.choice(["0", str(self.LS - 1)])
        return [], ["if (lid == %s)" % c, "    lt[0] = %s;" % self.value(), self.LOCAL,
                    "acc += lt[0];", self.LOCAL]

    def i_wi_loop(self, env):
        i, j = "i%d" % self.fresh(), "j%d" % self.fresh()
        return [], ["for (int %s = 0; %s < (lid & 3); %s++) {" % (i, i, i),
                    "    for (int %s = 0; %s < 2; %s++)" % (j, j, j),
                    "        acc += gin[gid + %s * %d + %s];" % (i, self.G, j),
                    "    gout[gid] = acc;",
                    "}"]

    def i_strided(self, env):
        LS, L, i = self.LS, self.L, "i%d" % self.fresh()
        if self.r.random() < 0.5:
            return [], ["for (int %s = lid; %s < %d; %s += %d)" % (i, i, L, i, LS),
                        "    lt[%s] = gin[%s];" % (i, i), self.LOCAL,
                        "acc += lt[%d - lid] + lt[lid];" % (L - 1), self.LOCAL]
        # a barrier in a loop that starts at the local id: every work-item
        # still runs it L / LS times
        return [], ["for (int %s = lid; %s < %d; %s += %d) {" % (i, i, L, i, LS),
                    "    lt[%s] = gin[%s] + acc;" % (i, i),
                    "    " + self.LOCAL,
                    "    acc += lt[(%s + 1) & %d];" % (i, L - 1),
                    "    " + self.LOCAL, "}"]

    def i_group_loop(self, env):
        i = "i%d" % self.fresh()
        return [], ["for (int %s = 0; %s <= grp; %s++) {" % (i, i, i),
                    "    lt[lid] = %s + (float)%s;" % (self.value(), i),
                    "    " + self.LOCAL,
                    "    acc += lt[%s];" % self.perm(),
                    "    " + self.LOCAL, "}"]

    def i_uniform_if(self, env):
        c = self.r.choice(["grp == 0", "grp > 0", "lid < %d" % (self.LS + 3), "lid >= 0",
                           "gid < %d" % self.G, "get_local_size(0) == %d" % self.lx])
        return [], ["if (%s) {" % c,
                    "    lt[lid] = %s;" % self.value(), "    " + self.LOCAL,
                    "    acc += lt[%s];" % self.perm(), "    " + self.LOCAL, "}"]

    def i_own_global(self, env):
        # each work-item writes its own element, a neighbour in the group
        # reads it after a barrier that orders global memory
        nb = "gid ^ 1"
        if self.dims == 1 and self.r.random() < 0.5:
            nb = "gid - lid + (lid + 1) %% %d" % self.LS
        rd = "acc += gout[%s];" % nb
        if self.mutate_here("cross-group"):
            rd = "acc += gout[(gid + %d) %% %d];  /* cross-group */" % (self.LS, self.G)
        return [], ["gout[gid] = %s;" % self.value(),
                    "barrier(CLK_GLOBAL_MEM_FENCE);", rd,
                    "barrier(CLK_GLOBAL_MEM_FENCE);"]

    # ------------------------------------------------------------ mutations
    def mutate_here(self, kind):
        """Apply an in-idiom mutation of `kind` now?  Drawn once per
        kernel: the kernel's mutation plan says how many are left.  The
        mutated line carries the comment /* kind */."""
        if kind in self.plan and self.r.random() < 0.6:
            self.plan.remove(kind)
            self.mutations.append((kind, "/* %s */" % kind))
            return True
        return False

    def mutate(self, htext, body):
        """Line-level mutations of the plan: drop a barrier, put one under a
        work-item-dependent condition, give it the wrong fence, return
        early before one, call a helper with barriers from one branch."""
        r = self.r
        for kind in list(self.plan):
            lines = [(h, i) for h, src in ((0, htext), (1, body)) for i, l in enumerate(src)
                     if l.strip().startswith("barrier(")]
            if kind in ("drop-barrier", "divergent-barrier", "fence") and lines:
                which, i = r.choice(lines)
                src = htext if which == 0 else body
                line = src[i]
                ind = line[:len(line) - len(line.lstrip())]
                if kind == "drop-barrier":
                    src[i] = ind + "/* barrier dropped */"
                    self.mutations.append((kind, src[i].strip()))
                elif kind == "divergent-barrier":
                    c = r.choice(["lid < %d" % (self.LS // 2), "lid != 0", "(lid & 1) == 0",
                                  "lid > %d" % (self.LS - 3)])
                    if which == 0:
                        c = "get_local_id(0) < %d" % max(1, self.lx // 2)
                    src[i] = ind + "if (%s) %s  /* divergent */" % (c, line.strip())
                    self.mutations.append((kind, "/* divergent */"))
                else:
                    f = line.strip()
                    if "LOCAL" in f and "GLOBAL" in f:
                        nf = r.choice(["barrier(CLK_LOCAL_MEM_FENCE);",
                                       "barrier(CLK_GLOBAL_MEM_FENCE);"])
                    elif "LOCAL" in f:
                        nf = "barrier(CLK_GLOBAL_MEM_FENCE);"
                    else:
                        nf = "barrier(CLK_LOCAL_MEM_FENCE);"
                    src[i] = ind + nf + "  /* fence changed */"
                    self.mutations.append((kind, "/* fence changed */"))
            elif kind == "early-return":
                top = [i for i, l in enumerate(body) if l == self.FULL or l == self.LOCAL]
                if top:
                    i = r.choice(top)
                    c = r.choice(["lid == %d" % (self.LS - 1), "gid >= %d" % (self.G - 3),
                                  "lid > %d" % (self.LS // 2)])
                    body[i:i] = ["if (%s)" % c, "    return;  /* early return */"]
                    self.mutations.append((kind, "/* early return */"))
            elif kind == "divergent-call" and self.sync_calls:
                cands = [i for i, l in enumerate(body) if any(c in l for c in self.sync_calls)]
                if cands:
                    i = r.choice(cands)
                    body[i:i + 1] = ["if (lid < %d)" % (self.LS // 2),
                                     "    " + body[i] + "  /* divergent call */"]
                    self.mutations.append((kind, "/* divergent call */"))
        return htext, body
    def manifest(self, fname):
        ls = "%d" % self.LS if self.dims == 1 else "%d,%d" % (self.lx, self.ly)
        gs = "%d" % self.G if self.dims == 1 else "%d,%d" % (self.lx * self.ngx,
                                                            self.ly * self.ngy)
        m = ["[%s]" % fname, "options = -cl-opt-disable", "global = " + gs, "local = " + ls,
             "arg.0 = buffer float %d random:%d in" % (self.GIN, self.seed % 1000 + 1),
             "arg.1 = buffer float %d zero inout" % self.GOUT,
             "arg.2 = buffer int %d zero inout" % (self.NC * 4)]
        if self.uses_local_arg:
            m.append("arg.3 = local float %d" % self.LS)
        m += ["runs = 1", "timeout = 20", ""]
        return "\n".join(m)


def paren(e):
    """The text of e, in parentheses unless it is one operand already (a
    name, a number, a call, or one parenthesized whole)."""
    t = e.text if isinstance(e, I) else e
    if re.fullmatch(r"[A-Za-z_][A-Za-z_0-9.]*|[0-9]+", t):
        return t
    m = re.fullmatch(r"[A-Za-z_][A-Za-z_0-9]*\((.*)\)", t) or re.fullmatch(r"\((.*)\)", t)
    if m and balanced(m.group(1)):
        return t
    return "(%s)" % t


def balanced(t):
    d = 0
    for ch in t:
        d += ch == "("
        d -= ch == ")"
        if d < 0:
            return False
    return d == 0


def indent(lines):
    return ["    " + l if l else l for l in lines]


def generate(seed):
    g = Gen(seed)
    text = g.kernel()
    return g, text


def main():
    ap = argparse.ArgumentParser(description="generate OpenCL C kernels from seeds")
    ap.add_argument("--seed", type=int, default=1, help="the first seed")
    ap.add_argument("--count", type=int, default=1, help="how many kernels (seeds seed..)")
    ap.add_argument("--out", help="a folder for g<seed>.cl and manifest.ini (default: stdout)")
    a = ap.parse_args()
    if not a.out:
        for s in range(a.seed, a.seed + a.count):
            sys.stdout.write(generate(s)[1])
        return 0
    os.makedirs(a.out, exist_ok=True)
    man = ["; runtime_check launches of the kernels fuzz/kgen.py generated", ""]
    for s in range(a.seed, a.seed + a.count):
        g, text = generate(s)
        fn = "g%d.cl" % s
        with open(os.path.join(a.out, fn), "w") as f:
            f.write(text)
        man.append(g.manifest(fn))
    with open(os.path.join(a.out, "manifest.ini"), "w") as f:
        f.write("\n".join(man))
    return 0


if __name__ == "__main__":
    sys.exit(main())
