#!/usr/bin/env python3
"""Timing of the Python package on the excavator (README, "Python and C").

1. The overhead of one call from Python: data.forward(f) (reduced forward dynamics, the
   numpy wrapper, ctypes and the cgo transition) against the same Go call
   (capi BenchmarkForwardGo, run with `go test -bench`), and the bare transition
   (rc_mobility through ctypes).
2. A 1-kHz control loop in Python: every millisecond a PD controller on the joint-space
   coordinates with reduced-dynamics feed-forward (reduced_dynamics), the forward
   dynamics, a semi-implicit Euler step and one tracking step; paced against the wall
   clock, it reports the compute time per tick and the deadlines missed.

    bash scripts/build-python.sh
    PYTHONPATH=python /usr/bin/python3 examples/python/timing.py [--seconds 5] [--no-go]
"""

import argparse
import os
import re
import subprocess
import sys
import time

import numpy as np

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "python"))
import robocompiler  # noqa: E402


def per_call(fn, n):
    """Least over 7 batches of the time per call (s) of fn over n calls (the least is the
    cost without interference from other processes)."""
    times = []
    for _ in range(7):
        t0 = time.perf_counter()
        for _ in range(n):
            fn()
        times.append((time.perf_counter() - t0) / n)
    return float(min(times))


def go_forward_ns():
    """ns/op of BenchmarkForwardGo, or None when go is unavailable."""
    try:
        out = subprocess.run(["go", "test", "-run", "XXX", "-bench", "ForwardGo$", "-benchtime", "20000x", "-count", "5", "./capi"],
                             cwd=ROOT, capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    ns = [float(x) for x in re.findall(r"BenchmarkForwardGo\S*\s+\d+\s+([\d.]+) ns/op", out)]
    return float(min(ns)) if ns else None


def control_loop(model, seconds):
    """Run a paced 1-kHz loop for the given simulated seconds; return per-tick compute
    times (s) and the number of missed deadlines."""
    d = model.data()
    d.assemble("default")
    D, dt = d.mobility, 1e-3
    ell0 = d.port_map()[0]
    u = np.zeros(D)
    f = np.zeros(model.nports)
    compute, missed = [], 0
    start = time.perf_counter()
    for k in range(int(seconds / dt)):
        t0 = time.perf_counter()
        t = k * dt
        d.set_state(u)
        ell, L = d.port_map()
        Mr, hr = d.reduced_dynamics()
        # PD on the port displacements around a slow sinusoid, plus gravity compensation
        # mapped to the ports by least squares (L^T f = h_r).
        ref = ell0 + 0.02 * np.sin(2 * np.pi * 0.5 * t)
        ff = np.linalg.lstsq(L.T, hr, rcond=None)[0]
        f[:] = 5e4 * (ref - ell) - 2e3 * (L @ u) + ff
        udot = d.forward(f)
        u = u + dt * udot
        d.track(dt * u)
        u = d.u
        done = time.perf_counter()
        compute.append(done - t0)
        deadline = start + (k + 1) * dt
        if done > deadline:
            missed += 1
        else:
            while time.perf_counter() < deadline:
                pass
    return np.array(compute), missed


def main():
    """Measure and print."""
    ap = argparse.ArgumentParser(description="Python call overhead and a 1-kHz loop on the excavator")
    ap.add_argument("--seconds", type=float, default=5.0, help="length of the 1-kHz loop (s)")
    ap.add_argument("--no-go", action="store_true", help="skip the Go benchmark")
    args = ap.parse_args()
    model = robocompiler.load("excavator", partition="joint_space")
    d = model.data()
    d.assemble("default")
    f = np.zeros(model.nports)
    out = np.empty(d.mobility)
    lib, h = d._lib, d._h
    n = 20000
    t_py = per_call(lambda: d.forward(f), n)
    t_out = per_call(lambda: d.forward(f, out=out), n)
    t_bare = per_call(lambda: lib.rc_mobility(h), n)
    fp, op = f.ctypes.data, out.ctypes.data
    t_raw = per_call(lambda: lib.rc_forward(h, fp, f.size, None, 0, op, out.size), n)
    go = None if args.no_go else go_forward_ns()
    print("excavator, reduced forward dynamics (D = %d, nv = %d):" % (d.mobility, model.nv))
    if go is not None:
        print("  Go  Data.Forward                      %8.2f us" % (go / 1e3))
    print("  Python data.forward(f)                %8.2f us" % (t_py * 1e6))
    print("  Python data.forward(f, out=buf)       %8.2f us" % (t_out * 1e6))
    print("  Python raw ctypes rc_forward          %8.2f us" % (t_raw * 1e6))
    print("  Python bare call (rc_mobility)        %8.2f us" % (t_bare * 1e6))
    if go is not None:
        print("  overhead data.forward - Go            %8.2f us" % (t_py * 1e6 - go / 1e3))
        print("  overhead forward(out=) - Go           %8.2f us" % (t_out * 1e6 - go / 1e3))
    compute, missed = control_loop(model, args.seconds)
    print("1-kHz loop, %d ticks (PD + feed-forward, forward dynamics, Euler, tracker):" % compute.size)
    print("  compute per tick: median %.1f us, 99th percentile %.1f us, max %.1f us" % (
        1e6 * np.median(compute), 1e6 * np.percentile(compute, 99), 1e6 * compute.max()))
    print("  deadlines missed: %d of %d" % (missed, compute.size))


if __name__ == "__main__":
    main()
