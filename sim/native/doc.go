// Package native drives a compiled mechanism natively in MuJoCo with the controllers
// written for the sim package (the paper's "model reuse across simulators"): the model
// is exported at its assembled configuration (mjcf.Export), MuJoCo steps it with its own
// soft equalities holding the loops, and at every step the controller sees MuJoCo's
// state mapped to ours — the independent coordinates and speeds read from qpos and qvel
// through the export Layout, the dependent coordinates completed on our closure manifold
// by a closure.Tracker — and its port efforts are MuJoCo's motor controls (the exported
// motors are the ports, ctrl = f). The native closure gap is MuJoCo's own equality
// residual.
//
// The MuJoCo runs need the build tag "mujoco"; without it Run returns ErrNoMuJoCo.
package native

import (
	"errors"

	"github.com/robocompiler/robocompiler/sim"
)

// ErrNoMuJoCo is returned by Run in a build without the "mujoco" tag.
var ErrNoMuJoCo = errors.New("native: built without MuJoCo (rebuild with -tags mujoco and libmujoco-dev installed)")

// Options configure a native run.
type Options struct {
	// Dt is MuJoCo's timestep (s); it must be positive.
	Dt float64
	// LogEvery logs every LogEvery-th step (0 or 1: every step).
	LogEvery int
	// Probes add task columns to every logged row, as in sim.
	Probes []sim.Probe
	// Progress, when set, is called after every step with the number of steps done.
	Progress func(step int)
}

// Stats summarise a native run.
type Stats struct {
	// Steps are MuJoCo steps; Corrections the tracker's Newton iterations completing the
	// dependent coordinates.
	Steps, Corrections int
	// GapMax is the largest |residual| over MuJoCo's equality rows and every step (m for
	// connect and weld positions, rad for weld orientations and joint equalities on
	// hinges).
	GapMax float64
}

// Result is a native run: the log (columns t, q:<coordinate> of the mapped state,
// ell:<port>, f:<port>, gap_native, then the probes' columns) and its statistics.
type Result struct {
	Log   *sim.Log
	Stats Stats
}
