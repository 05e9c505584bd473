"""Shared set-up of the Python tests: the repository paths, the package import, and the
reference tools (the Go front door's dump, capi/internal/refdump, and the CLI) built
once per run into a temporary directory."""

import json
import os
import subprocess
import sys
import tempfile

import numpy as np

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "python"))

import robocompiler  # noqa: E402

SHARED = os.path.abspath(os.path.join(ROOT, "..", "shared", "models"))

# The models of the issue: (label, path or built-in name, partition, seed).
MODELS = [
    ("fourbar", "fourbar", None, None),
    ("stewart", "stewart", "lengths", None),
    ("excavator", "excavator", "joint_space", None),
    ("panda", os.path.join(SHARED, "menagerie", "franka_emika_panda", "panda.xml"), None, "home"),
    ("go2", os.path.join(SHARED, "menagerie", "unitree_go2", "go2.xml"), None, "home"),
    ("kangaroo", os.path.join(SHARED, "kangaroo", "kangaroo_fixed_base.xml"), None, None),
]

_tools = {}


def tool(name):
    """Build (once) and return the path of a Go command: "refdump" or "robocompiler"."""
    if name not in _tools:
        pkg = {"refdump": "./capi/internal/refdump", "robocompiler": "./cmd/robocompiler"}[name]
        d = tempfile.mkdtemp(prefix="rc-pytest-")
        exe = os.path.join(d, name)
        subprocess.run(["go", "build", "-o", exe, pkg], cwd=ROOT, check=True)
        _tools[name] = exe
    return _tools[name]


def refdump(path, partition, seed):
    """The Go front door's evaluation of a model at refdump's reproducible state."""
    out = subprocess.run([tool("refdump"), path, partition or "", seed or ""], cwd=ROOT, check=True,
                         capture_output=True, text=True)
    return json.loads(out.stdout)


def cli(*args):
    """Run the CLI with --json and return its JSON output."""
    out = subprocess.run([tool("robocompiler"), *args, "--json"], cwd=ROOT, check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def rel_err(a, b):
    """max |a - b| relative to max |b| (absolute below 1e-300)."""
    a, b = np.asarray(a, dtype=float).ravel(), np.asarray(b, dtype=float).ravel()
    if a.shape != b.shape:
        return np.inf
    if a.size == 0:
        return 0.0
    return float(np.max(np.abs(a - b)) / max(np.max(np.abs(b)), 1e-300))
