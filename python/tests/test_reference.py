"""Every function of the package against the Go front door (capi/internal/refdump) and the
CLI's eval --json at the same state, to 1e-12 relative, on fourbar, Stewart, excavator,
Panda, Go2 and Kangaroo."""

import json
import os
import tempfile
import unittest

import numpy as np

from helpers import MODELS, cli, refdump, rel_err, robocompiler

TOL = 1e-12


class Reference(unittest.TestCase):
    """One test per model: the library's results equal the front door's."""

    def close(self, got, want, what, label):
        """Assert got equals want to TOL relative."""
        e = rel_err(got, want)
        self.assertLessEqual(e, TOL, "%s: %s differs by %.3g relative" % (label, what, e))

    def check_model(self, label, path, partition, seed):
        """Compare every call on one model."""
        if os.path.sep in path and not os.path.exists(path):
            self.skipTest("%s not found" % path)
        ref = refdump(path, partition, seed)
        m = robocompiler.load(path, partition=partition)
        d = m.data()
        d.assemble(seed)
        n = d.mobility
        self.assertEqual(list(d.independent), ref["independent"])
        self.assertEqual(list(m.coordinate_names), ref["coordinates"])
        self.close(d.q, ref["q0"], "q", label)
        rho, C = d.closure()
        self.close(rho, ref["rho"] or [], "rho", label)
        self.close(C, ref["C"], "C", label)
        self.close(d.lift(), ref["E"], "E", label)
        u, udot = np.array(ref["u"], dtype=float), np.array(ref["udot_in"], dtype=float)
        d.set_state(u=u, udot=udot)
        self.close(d.u, u, "u", label)
        v, c = d.velocity()
        self.close(v, ref["v"], "v", label)
        self.close(c, ref["c"], "c", label)
        self.close(d.curvature(), ref["c"], "curvature", label)
        ell, L = d.port_map()
        self.close(ell, ref["ell"] or [], "ell", label)
        self.close(L, ref["L"], "L", label)
        MT, hT = d.tree_dynamics()
        self.close(MT, ref["MT"], "M_T", label)
        self.close(hT, ref["hT"], "h_T", label)
        Mr, hr = d.reduced_dynamics()
        self.assertEqual(Mr.shape, (n, n))
        self.close(Mr, ref["Mr"], "M_r", label)
        self.close(hr, ref["hr"], "h_r", label)
        self.close(d.inverse(), ref["taur"], "tau_r", label)
        self.close(d.inverse(udot), ref["taur"], "tau_r (udot given)", label)
        fext = d.world_wrench(ref["wrench_body"], ref["wrench_point"], ref["wrench"])
        self.close(fext, np.array(ref["fext"]).reshape(-1, 6), "fext", label)
        self.close(d.reduced_dynamics(fext)[1], ref["hr_fext"], "h_r with fext", label)
        f = np.array(ref["f"], dtype=float)
        self.close(d.forward(f, fext), ref["udot"], "udot", label)
        out = np.empty(n)
        d.forward(f, fext, out=out)
        self.close(out, ref["udot"], "udot (out=)", label)
        for name, t in ref["tasks"].items():
            if "error" in t:
                with self.assertRaises(robocompiler.Numerical) as cm:
                    d.task(name)
                self.assertIn(t["error"], str(cm.exception))
                continue
            x, J, b = d.task(name)
            self.close(x, t["x"], "task %s x" % name, label)
            self.close(J, t["J"], "task %s J" % name, label)
            self.close(d.task_jacobian(name), t["J"], "task_jacobian(%s)" % name, label)
            self.assertTrue(np.all(np.isfinite(b)))
            T = d.frame_pose(name)
            self.close(np.concatenate([T[:3, :3].ravel(), T[:3, 3]]), t["pose"], "pose %s" % name, label)
        q = d.track(np.array(ref["du"], dtype=float))
        self.close(q, ref["q_track"], "track q", label)
        self.close(d.q, ref["q_track"], "q after track", label)
        self.check_eval(label, path, partition, seed, m)

    def check_eval(self, label, path, partition, seed, m):
        """Compare with the CLI's eval --json at a state with speeds on the joints whose
        coordinates are all independent."""
        d = m.data()
        d.assemble(seed)
        names, ind = m.coordinate_names, list(d.independent)
        joints = {}
        for i, name in enumerate(names):
            joints.setdefault(name.split("[")[0] if name.endswith("]") else name, []).append(i)
        u = np.zeros(d.mobility)
        vstate = {}
        for j, idx in joints.items():
            if all(i in ind for i in idx):
                vals = [0.2 * np.cos(i) for i in idx]
                vstate[j] = vals
                for i, x in zip(idx, vals):
                    u[ind.index(i)] = x
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as fh:
            json.dump({"v": vstate}, fh)
        try:
            args = ["eval", path, "--state", fh.name]
            if partition:
                args += ["--partition", partition]
            if seed:
                args += ["--seed", seed]
            ev = cli(*args)
        finally:
            os.unlink(fh.name)
        d.set_state(u)
        Mr, hr = d.reduced_dynamics()
        MT, hT = d.tree_dynamics()
        _, c = d.velocity()
        self.close(MT, ev["M"], "eval M", label)
        self.close(hT, ev["h"], "eval h", label)
        self.close(d.lift(), ev["E"], "eval E", label)
        self.close(c, ev["c"], "eval c", label)
        self.close(Mr, ev["Mr"], "eval Mr", label)
        self.close(hr, ev["hr"], "eval hr", label)
        self.close(d.forward(np.zeros(m.nports)), ev["udot"], "eval udot", label)


def _make(label, path, partition, seed):
    def test(self):
        self.check_model(label, path, partition, seed)

    test.__doc__ = "%s: every call equals the front door and eval --json." % label
    return test


for _m in MODELS:
    setattr(Reference, "test_" + _m[0], _make(*_m))

if __name__ == "__main__":
    unittest.main()
