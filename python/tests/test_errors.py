"""Bad input raises a Python exception carrying the library's message, and the process
(and the workspace) survive."""

import os
import unittest

import numpy as np

from helpers import ROOT, robocompiler


class Errors(unittest.TestCase):
    """Every kind of bad input of the issue."""

    @classmethod
    def setUpClass(cls):
        cls.m = robocompiler.load("stewart", partition="lengths")

    def setUp(self):
        self.d = self.m.data()
        self.d.assemble()

    def test_missing_file(self):
        """A missing file is InvalidInput naming the file."""
        with self.assertRaises(robocompiler.InvalidInput) as cm:
            robocompiler.load("/nonexistent/robot.json")
        self.assertIn("/nonexistent/robot.json", str(cm.exception))
        self.assertEqual(cm.exception.code, 1)

    def test_malformed_model(self):
        """Malformed CMG JSON, MJCF and URDF are InvalidInput with the parser's message."""
        with self.assertRaises(robocompiler.InvalidInput) as cm:
            robocompiler.load_string('{"bodies": [', "cmg")
        self.assertIn("<string>", str(cm.exception))
        with self.assertRaises(robocompiler.InvalidInput) as cm:
            robocompiler.load_string('{"bodies": [{"id": "a", "mass": -1}]}', "cmg")
        self.assertIn("mass", str(cm.exception))
        with self.assertRaises(robocompiler.InvalidInput):
            robocompiler.load_string("<mujoco><worldbody><body", "mjcf")
        with self.assertRaises(robocompiler.Usage):
            robocompiler.load_string("{}", "sdf")
        with open(os.path.join(ROOT, "robots", "data", "excavator.json")) as fh:
            m = robocompiler.load_string(fh.read(), "cmg", partition="joint_space")
        self.assertEqual(m.nq, 32)

    def test_unknown_partition(self):
        """An unknown partition is InvalidInput naming it."""
        with self.assertRaises(robocompiler.InvalidInput) as cm:
            robocompiler.load("stewart", partition="no_such_partition")
        self.assertIn("no_such_partition", str(cm.exception))

    def test_unknown_seed_site_body_joint(self):
        """Unknown names are InvalidInput naming them."""
        with self.assertRaisesRegex(robocompiler.InvalidInput, "no_seed"):
            self.d.assemble("no_seed")
        with self.assertRaisesRegex(robocompiler.InvalidInput, "no_site"):
            self.d.task("no_site")
        with self.assertRaisesRegex(robocompiler.InvalidInput, "no_body"):
            self.d.frame_pose("no_body")
        with self.assertRaisesRegex(robocompiler.InvalidInput, "no_joint"):
            self.m.joint_frames("no_joint")

    def test_wrong_shape(self):
        """Wrong shapes are ValueError before the library is called."""
        D = self.d.mobility
        with self.assertRaisesRegex(ValueError, "u: shape"):
            self.d.set_state(np.zeros(D + 1))
        with self.assertRaisesRegex(ValueError, "port_efforts"):
            self.d.forward(np.zeros(self.m.nports - 1))
        with self.assertRaisesRegex(ValueError, "fext"):
            self.d.forward(None, np.zeros((2, 6)))
        with self.assertRaisesRegex(ValueError, "q: shape"):
            self.d.set_full_state(np.zeros(3), np.zeros(self.m.nv))
        with self.assertRaisesRegex(ValueError, "du"):
            self.d.track(np.zeros((D, 1)))
        with self.assertRaisesRegex(ValueError, "out"):
            self.d.forward(None, out=np.zeros(D + 2))

    def test_wrong_dtype(self):
        """Wrong dtypes are TypeError before the library is called."""
        D = self.d.mobility
        with self.assertRaisesRegex(TypeError, "dtype"):
            self.d.set_state(np.zeros(D, dtype=np.int64))
        with self.assertRaisesRegex(TypeError, "dtype"):
            self.d.forward(np.zeros(self.m.nports, dtype=np.float32))
        with self.assertRaisesRegex(TypeError, "float64"):
            self.d.set_state(["a"] * D)
        with self.assertRaises(TypeError):
            robocompiler.load("stewart", partition=3)

    def test_nan_state(self):
        """Non-finite values are InvalidInput with the library's message."""
        u = np.zeros(self.d.mobility)
        u[2] = np.nan
        with self.assertRaisesRegex(robocompiler.InvalidInput, r"u\[2\] = NaN is not finite"):
            self.d.set_state(u)
        f = np.zeros(self.m.nports)
        f[1] = np.inf
        with self.assertRaisesRegex(robocompiler.InvalidInput, "not finite"):
            self.d.forward(f)

    def test_state_off_closure(self):
        """A configuration off the closure, or a velocity not tangent to it, is InvalidInput."""
        q = self.d.q
        v = np.ones(self.m.nv)
        with self.assertRaisesRegex(robocompiler.InvalidInput, "not tangent"):
            self.d.set_full_state(q, v)
        dep = [i for i in range(self.m.nv) if i not in set(self.d.independent)]
        # Move one dependent coordinate of a 1-DoF joint (configuration index = velocity
        # index for the revolute joints of the first leg).
        names = self.m.coordinate_names
        i = next(i for i in dep if "[" not in names[i])
        q2 = q.copy()
        q2[i] += 0.1
        with self.assertRaisesRegex(robocompiler.InvalidInput, "off the closure manifold"):
            self.d.set_full_state(q2, np.zeros(self.m.nv))
        np.testing.assert_array_equal(self.d.q, q)  # unchanged on failure

    def test_before_assemble(self):
        """Calls before assemble() are Usage errors."""
        d = self.m.data()
        self.assertEqual(d.mobility, -1)
        with self.assertRaisesRegex(robocompiler.Usage, "assemble"):
            d.forward()
        with self.assertRaisesRegex(robocompiler.Usage, "assemble"):
            d.lift()

    def test_survives(self):
        """After every error the workspace still computes."""
        for bad in (lambda: self.d.set_state([np.nan] * 6), lambda: self.d.assemble("x"), lambda: self.d.task("y")):
            with self.assertRaises(robocompiler.RoboCompilerError):
                bad()
        udot = self.d.forward()
        self.assertTrue(np.all(np.isfinite(udot)))
        self.assertEqual(self.d.independent_names, tuple("leg_%d_length" % i for i in range(6)))

    def test_missing_library(self):
        """ROBOCOMPILER_LIB pointing nowhere is reported by library_path()."""
        old = os.environ.get("ROBOCOMPILER_LIB")
        os.environ["ROBOCOMPILER_LIB"] = "/nonexistent/librobocompiler.so"
        try:
            self.assertEqual(robocompiler.library_path(), "/nonexistent/librobocompiler.so")
        finally:
            if old is None:
                del os.environ["ROBOCOMPILER_LIB"]
            else:
                os.environ["ROBOCOMPILER_LIB"] = old


if __name__ == "__main__":
    unittest.main()
