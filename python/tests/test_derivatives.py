"""Derivatives of the reduced dynamics through the C interface."""

import unittest

import numpy as np

from helpers import robocompiler


class Derivatives(unittest.TestCase):
    """forward_derivatives and inverse_derivatives."""

    def test_forward_against_differences(self):
        """On the five-bar the partials match central differences of forward: in u and f
        exactly affine/quadratic, in q_I along the closure (re-tracked by track)."""
        m = robocompiler.load("fivebar")
        d, e = m.data(), m.data()
        d.assemble()
        u, f = np.array([0.4, -0.3]), np.array([0.2, -0.1])
        d.set_state(u)
        dq, du, df = d.forward_derivatives(f)
        self.assertEqual((dq.shape, du.shape, df.shape), ((2, 2), (2, 2), (2, 2)))
        q0 = d.q
        for j in range(2):
            cols = []
            for h in (1e-3, 5e-4):
                vals = []
                for s in (h, -h):
                    e.assemble()
                    e.set_full_state(q0, np.zeros(m.nv))
                    step = np.zeros(2)
                    step[j] = s
                    e.track(step)
                    e.set_state(u)
                    vals.append(e.forward(f))
                cols.append((vals[0] - vals[1]) / (2 * h))
            ref = (4 * cols[1] - cols[0]) / 3
            np.testing.assert_allclose(dq[:, j], ref, rtol=1e-7, atol=1e-7 * np.abs(dq).max())
            up, um = u.copy(), u.copy()
            up[j] += 0.1
            um[j] -= 0.1
            d.set_state(up)
            ap = d.forward(f)
            d.set_state(um)
            am = d.forward(f)
            d.set_state(u)
            np.testing.assert_allclose(du[:, j], (ap - am) / 0.2, rtol=1e-9, atol=1e-12)
            fp = f.copy()
            fp[j] += 1
            np.testing.assert_allclose(df[:, j], d.forward(fp) - d.forward(f), rtol=1e-9, atol=1e-12)

    def test_inverse(self):
        """The inverse partials invert the forward ones on the exactly actuated five-bar,
        and the excavator (8 ports, mobility 7) is refused."""
        m = robocompiler.load("fivebar")
        d = m.data()
        d.assemble()
        d.set_state([0.4, -0.3])
        f = np.array([0.2, -0.1])
        udot = d.forward(f)
        dq, du, df = d.forward_derivatives(f)
        f2, iq, iu, iud = d.inverse_derivatives(udot)
        np.testing.assert_allclose(f2, f, rtol=1e-9, atol=1e-12)
        np.testing.assert_allclose(iud @ df, np.eye(2), atol=1e-9)
        np.testing.assert_allclose(iq, -iud @ dq, rtol=1e-8, atol=1e-8 * np.abs(iq).max())
        np.testing.assert_allclose(iu, -iud @ du, rtol=1e-9, atol=1e-9 * np.abs(iu).max())
        x = robocompiler.load("excavator").data()
        x.assemble()
        with self.assertRaises(robocompiler.InvalidInput):
            x.inverse_derivatives()


if __name__ == "__main__":
    unittest.main()
