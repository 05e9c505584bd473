#!/usr/bin/env python3
"""The Stewart six-axis inspection closed in Python on the reduced dynamics.

The controller, the reference and the integrator are written here in Python; the
interfaces (port displacements, the reduced dynamics for the feed-forward, the forward
dynamics and the closure tracker) come from the C library through the robocompiler
package. It replicates `robocompiler simulate stewart --task inspection`
(tasks/inspection.yaml run by experiments/tasks: portpd.go, reference.go; sim/sim.go, sim/rk4.go) for the
two nominal runs, PD on the leg lengths without ("pd") and with reduced-dynamics
feed-forward ("pd_ff"), and prints their platform-position tracking RMS (mm):

    bash scripts/build-python.sh
    PYTHONPATH=python /usr/bin/python3 examples/python/stewart_inspection.py [--duration S] [--json]

What is replicated, step for step:
  * the plant: built-in "stewart" under the "lengths" partition (independent
    coordinates = the six leg lengths, unit-gear ports, so L = I), assembled at its
    default seed, at rest;
  * the reference: the platform pose displaced by a six-axis scan (+-40/40/30 mm,
    +-0.06/0.06/0.10 rad at 0.12-0.25 Hz) faded in over 2 s, mapped to leg lengths in
    closed form, with velocities and accelerations by five-point differences (h = 1 ms);
  * the probe wrench (2, 1, 3 N m; 15, -10, -60 N) on the platform origin in world axes
    between 6 and 16 s with 1-s minimum-jerk ramps;
  * the controller: f = Kp (l_ref - l) + Kd (ldot_ref - u) [+ M_r ldd_ref + h_r with the
    probe wrench included], Kp = 2e4 N/m, Kd = 600 N s/m;
  * the integrator: classical RK4 in the independent chart with dt = 2 ms, each stage on
    the closure manifold through the tracker, the controller evaluated at every stage;
  * the metric: the RMS of |p - p_ref| over every 5th step and the final state.
"""

import argparse
import json
import math
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
import robocompiler  # noqa: E402

KP, KD = 2e4, 600.0
DT = 2e-3
LOG_EVERY = 5
DERIV_STEP = 1e-3
RK4_NODES = (0.0, 0.5, 0.5, 1.0)


def min_jerk(s):
    """The minimum-jerk blend 10 s^3 - 15 s^4 + 6 s^5 of s clamped to [0, 1]."""
    s = min(max(s, 0.0), 1.0)
    return s * s * s * (10 + s * (-15 + 6 * s))


_SIN = (1.58962301576546568060e-10, -2.50507477628578072866e-8, 2.75573136213857245213e-6,
        -1.98412698295895385996e-4, 8.33333333332211858878e-3, -1.66666666666666307295e-1)
_COS = (-1.13585365213876817300e-11, 2.08757008419747316778e-9, -2.75573141792967388112e-7,
        2.48015872888517045348e-5, -1.38888888888730564116e-3, 4.16666666666665929218e-2)
_PI4A, _PI4B, _PI4C = 7.85398125648498535156e-1, 3.77489470793079817668e-8, 2.69515142907905952645e-15
_FOUR_OVER_PI = float.fromhex("0x1.45f306dc9c883p+0")


def go_sin(x):
    """sin(x) evaluated exactly as Go's math.Sin (Cephes: Cody-Waite reduction by pi/4 and
    the same polynomials), for |x| < 2^29. The C library's sin (math.sin) differs in the
    last bit for some arguments, which is enough to move the feed-forward run's 4e-8 mm
    RMS in the sixth digit; with this the run repeats the Go rollout's arithmetic."""
    if x == 0 or x != x:
        return x
    sign = x < 0
    x = abs(x)
    j = int(x * _FOUR_OVER_PI)
    y = float(j)
    if j & 1:
        j += 1
        y += 1
    j &= 7
    z = ((x - y * _PI4A) - y * _PI4B) - y * _PI4C
    if j > 3:
        sign = not sign
        j -= 4
    zz = z * z
    if j == 1 or j == 2:
        c = _COS
        y = 1.0 - 0.5 * zz + zz * zz * ((((((c[0] * zz) + c[1]) * zz + c[2]) * zz + c[3]) * zz + c[4]) * zz + c[5])
    else:
        c = _SIN
        y = z + z * zz * ((((((c[0] * zz) + c[1]) * zz + c[2]) * zz + c[3]) * zz + c[4]) * zz + c[5])
    return -y if sign else y


def _sinc(th):
    """sin(th)/th as spatial.sinc evaluates it."""
    if th < 0.25:
        t = th * th
        return 1 - t / 6 * (1 - t / 20 * (1 - t / 42 * (1 - t / 72 * (1 - t / 110))))
    return go_sin(th) / th


def exp_so3(w):
    """The rotation matrix of the rotation vector w (as spatial.ExpSO3: I + a K + b K^2)."""
    th = math.sqrt(w[0] * w[0] + w[1] * w[1] + w[2] * w[2])
    a = _sinc(th)
    s = _sinc(0.5 * th)
    b = 0.5 * s * s
    ax, ay, az = a * w[0], a * w[1], a * w[2]
    bx, by, bz = b * w[0], b * w[1], b * w[2]
    bxy, bxz, byz = bx * w[1], bx * w[2], by * w[2]
    bxx, byy, bzz = bx * w[0], by * w[1], bz * w[2]
    return ((1 - byy - bzz, bxy - az, bxz + ay), (bxy + az, 1 - bxx - bzz, byz - ax), (bxz - ay, byz + ax, 1 - bxx - byy))


def mat_mul(a, b):
    """3x3 product with the summation order of spatial.Mat3.Mul."""
    return tuple(
        tuple(a[i][0] * b[0][j] + a[i][1] * b[1][j] + a[i][2] * b[2][j] for j in range(3)) for i in range(3)
    )


class Rig:
    """The inspection geometry: leg anchors on the base and on the platform, and the
    platform's initial pose, read from the model through the library."""

    def __init__(self, model, data):
        self.base, self.anchor = [], []
        for port in model.port_names:
            leg = port[: -len("_force")]  # leg_<i>_force drives leg_<i>_length
            A, _ = model.joint_frames(leg + "_u1")
            _, B = model.joint_frames(leg + "_ball")
            self.base.append(tuple(A[:3, 3]))
            self.anchor.append(tuple(B[:3, 3]))
        T = data.frame_pose("platform")
        self.R0 = tuple(tuple(T[i, :3]) for i in range(3))
        self.p0 = tuple(T[:3, 3])

    def pose(self, t):
        """The reference platform pose (R, p) at time t."""
        w = min_jerk(t / 2)

        def s(a, f, ph):
            return w * a * go_sin(2 * math.pi * f * t + ph)

        dp = (s(0.04, 0.20, 0), s(0.04, 0.15, 0.5), s(0.03, 0.25, 0))
        dth = (s(0.06, 0.18, 0), s(0.06, 0.22, 1), s(0.10, 0.12, 0))
        R = mat_mul(exp_so3(dth), self.R0)
        return R, (self.p0[0] + dp[0], self.p0[1] + dp[1], self.p0[2] + dp[2])

    def lengths(self, t):
        """The leg lengths |p + R a_i - b_i| of the reference pose at time t."""
        R, p = self.pose(t)
        out = []
        for a, b in zip(self.anchor, self.base):
            x = [R[i][0] * a[0] + R[i][1] * a[1] + R[i][2] * a[2] + p[i] - b[i] for i in range(3)]
            out.append(math.sqrt(x[0] * x[0] + x[1] * x[1] + x[2] * x[2]))
        return out

    def reference(self, t):
        """Leg lengths y, velocities yd and accelerations ydd at t by five-point differences."""
        h = DERIV_STEP
        m2, m1, p1, p2, y = self.lengths(t - 2 * h), self.lengths(t - h), self.lengths(t + h), self.lengths(t + 2 * h), self.lengths(t)
        yd = np.array([(m2[i] - 8 * m1[i] + 8 * p1[i] - p2[i]) / (12 * h) for i in range(len(y))])
        ydd = np.array([(-m2[i] + 16 * m1[i] - 30 * y[i] + 16 * p1[i] - p2[i]) / (12 * h * h) for i in range(len(y))])
        return np.array(y), yd, ydd


def probe_wrench(t):
    """The probe's wrench on the platform (world axes, about its origin), 6 s to 16 s."""
    s = min_jerk(t - 6) - min_jerk(t - 15)
    return np.array([2.0 * s, 1.0 * s, 3.0 * s, 15.0 * s, -10.0 * s, -60.0 * s])


class Run:
    """One rollout: the plant's workspace, the controller and the RK4 integrator."""

    def __init__(self, model, feedforward):
        self.model, self.ff = model, feedforward
        self.d = model.data()
        self.d.assemble()
        if self.d.independent_names != tuple(p[: -len("_force")] + "_length" for p in model.port_names):
            raise SystemExit("the lengths partition does not hold the leg lengths independent in port order")
        self.rig = Rig(model, self.d)
        self.D = self.d.mobility
        self.origin = np.zeros(3)
        self.zero = np.zeros(3)

    def derivative(self, t, u):
        """Set the state (Q, u), run the controller at time t and return u-dot."""
        d = self.d
        d.set_state(u)
        fext = d.world_wrench("platform", self.origin, probe_wrench(t))
        ell = d.port_map()[0]
        y, yd, ydd = self.rig.reference(t)
        f = KP * (y - ell) + KD * (yd - u)
        if self.ff:
            d.set_state(u, ydd)
            f = f + d.inverse(fext=fext)
        return d.forward(f, fext)

    def error(self, t):
        """|p - p_ref| of the platform at the current configuration and time t."""
        p = self.d.frame_pose("platform")[:3, 3]
        _, ref = self.rig.pose(t)
        return float(np.linalg.norm(p - np.array(ref)))

    def run(self, duration):
        """Integrate for duration seconds; return the logged errors."""
        n = int(duration / DT + 0.5)
        u = np.zeros(self.D)
        errors = []
        t = 0.0
        for step in range(n):
            ka0 = self.derivative(t, u)
            if step % LOG_EVERY == 0:
                errors.append(self.error(t))
            ku, ka = [u], [ka0]
            x = np.zeros(self.D)
            for st in range(1, 4):
                h = RK4_NODES[st] * DT
                ku.append(u + h * ka[st - 1])
                xnext = h * ku[st - 1]
                self.d.track(xnext - x)
                x = xnext
                ka.append(self.derivative(t + h, ku[st]))
            xnext = DT / 6 * (ku[0] + 2 * ku[1] + 2 * ku[2] + ku[3])
            u = u + DT / 6 * (ka[0] + 2 * ka[1] + 2 * ka[2] + ka[3])
            self.d.set_state(u)
            self.d.track(xnext - x)
            u = self.d.u  # re-expressed only after a reconfiguration
            t = (step + 1) * DT
        self.derivative(t, u)
        errors.append(self.error(t))
        return np.array(errors), n


def main():
    """Run the two nominal cases and print the tracking RMS."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--duration", type=float, default=22.0, help="simulated duration (s; default 22, the task's own)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args()
    model = robocompiler.load("stewart", partition="lengths")
    out = {}
    for name, ff in (("pd", False), ("pd_ff", True)):
        start = time.perf_counter()
        errors, steps = Run(model, ff).run(args.duration)
        wall = time.perf_counter() - start
        out["platform_rms_mm_" + name] = 1e3 * math.sqrt(float(np.mean(errors * errors)))
        out["wall_s_" + name] = wall
        out["steps_" + name] = steps
    if args.json:
        print(json.dumps(out, indent=2, sort_keys=True))
    else:
        for name in ("pd", "pd_ff"):
            print("%-6s platform RMS %.12g mm  (%d RK4 steps in %.2f s wall)" % (
                name, out["platform_rms_mm_" + name], out["steps_" + name], out["wall_s_" + name]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
