"""State round trips and workspaces in threads."""

import threading
import unittest

import numpy as np

from helpers import robocompiler


class State(unittest.TestCase):
    """set_full_state, track, joint frames and threads."""

    def test_full_state_round_trip(self):
        """A feasible (q, v) from another workspace reproduces its u and its dynamics."""
        m = robocompiler.load("excavator", partition="joint_space")
        a, b = m.data(), m.data()
        a.assemble("default")
        b.assemble("default")
        u = 0.05 * np.arange(1, a.mobility + 1)
        a.set_state(u)
        a.track(1e-2 * u)
        a.set_state(u)
        v, _ = a.velocity()
        b.set_full_state(a.q, v)
        np.testing.assert_allclose(b.u, u, rtol=1e-12, atol=1e-15)
        np.testing.assert_allclose(b.q, a.q, rtol=1e-12, atol=1e-15)
        np.testing.assert_allclose(b.forward(), a.forward(), rtol=1e-10, atol=1e-12)
        # The lift's independent rows are the identity.
        E = a.lift()
        np.testing.assert_array_equal(E[a.independent], np.eye(a.mobility))

    def test_joint_frames_and_pose(self):
        """The Stewart platform's ball-joint anchor lies on the leg's end."""
        m = robocompiler.load("stewart", partition="lengths")
        d = m.data()
        d.assemble()
        A, B = m.joint_frames("leg_0_ball")
        self.assertEqual(A.shape, (4, 4))
        np.testing.assert_allclose(B[:3, :3] @ B[:3, :3].T, np.eye(3), atol=1e-12)
        T = d.frame_pose("platform")
        self.assertAlmostEqual(np.linalg.det(T[:3, :3]), 1.0, places=12)
        x, J, b = d.task("platform_center")
        self.assertEqual((x.shape, J.shape, b.shape), ((6,), (6, 6), (6,)))

    def test_threads(self):
        """Two threads with their own workspaces on one model give the single-thread results."""
        m = robocompiler.load("stewart", partition="lengths")

        def run(out):
            d = m.data()
            d.assemble()
            u = np.zeros(d.mobility)
            f = 50.0 * np.ones(m.nports)
            for _ in range(100):
                d.set_state(u)
                ud = d.forward(f)
                u = u + 1e-3 * ud
                d.track(1e-3 * u)
                u = d.u
            out.append(np.concatenate([d.q, u]))

        one = []
        run(one)
        outs = [[], []]
        threads = [threading.Thread(target=run, args=(o,)) for o in outs]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        for o in outs:
            np.testing.assert_array_equal(o[0], one[0])


if __name__ == "__main__":
    unittest.main()
