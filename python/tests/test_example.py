"""examples/python/stewart_inspection.py reports the CLI's tracking RMS
(`simulate stewart --task inspection`) within 1e-6 relative, over a shortened run."""

import json
import os
import subprocess
import sys
import tempfile
import unittest

from helpers import ROOT, cli

DURATION = "1.5"  # s: past the 2-s fade-in's start; the README quotes the full 22-s run


class StewartInspection(unittest.TestCase):
    """The Python closed loop against the Go rollout."""

    def test_rms_matches_cli(self):
        """pd and pd_ff platform RMS agree to 1e-6 relative."""
        out = tempfile.mkdtemp(prefix="rc-insp-")
        ref = cli("simulate", "stewart", "--task", "inspection", "--out", out, "--duration", DURATION)
        env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
        run = subprocess.run([sys.executable, os.path.join(ROOT, "examples", "python", "stewart_inspection.py"),
                              "--duration", DURATION, "--json"], cwd=ROOT, env=env, check=True,
                             capture_output=True, text=True)
        got = json.loads(run.stdout)
        for key in ("platform_rms_mm_pd", "platform_rms_mm_pd_ff"):
            rel = abs(got[key] - ref[key]) / abs(ref[key])
            self.assertLessEqual(rel, 1e-6, "%s: python %.17g, cli %.17g (%.3g relative)" % (key, got[key], ref[key], rel))


if __name__ == "__main__":
    unittest.main()
