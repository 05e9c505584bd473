// Package native drives a compiled mechanism natively in MuJoCo with the controllers
// written for the sim package (the paper's "model reuse across simulators"): the model
// is exported at its assembled configuration (mjcf.Export), MuJoCo steps it with its own
// soft equalities holding the loops, and at every step the controller sees MuJoCo's
// state mapped to ours — every tree coordinate and speed read from qpos and qvel through
// the export Layout, then projected onto our closure manifold by a closure.Tracker that
// holds the independent coordinates (their speeds are MuJoCo's) — and its port efforts
// are MuJoCo's motor controls (the exported motors are the ports, ctrl = f). The native
// closure gap is MuJoCo's own equality residual. A mode schedule switches the model
// the state is projected on (support modes over MuJoCo's own contacts, which
// ExportOptions.Contacts adds).
//
// The MuJoCo runs need the build tag "mujoco"; without it Run returns ErrNoMuJoCo.
package native

import (
	"errors"

	"github.com/robocompiler/robocompiler/mjcf"
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
	// Schedule, when set, selects the mode (a model with the run's coordinates, e.g. a
	// support mode) at every step, as in sim; it sees MuJoCo's configuration read back
	// into our coordinates, before projection. A new mode is assembled from there.
	Schedule sim.ModeSchedule
	// Contacts, when set, adds a floor and contact spheres to the exported model.
	Contacts *mjcf.ContactOptions
	// Sites are site ids whose world positions in MuJoCo (m) are logged as columns
	// site:<id>[0], [1], [2].
	Sites []string
}

// Stats summarise a native run.
type Stats struct {
	// Steps are MuJoCo steps; Corrections the tracker's Newton iterations completing the
	// dependent coordinates.
	Steps, Corrections int
	// ModeSwitches counts the modes installed by the schedule.
	ModeSwitches int
	// GapMax is the largest |residual| over MuJoCo's equality rows and every step (m for
	// connect and weld positions, rad for weld orientations and joint equalities on
	// hinges).
	GapMax float64
}

// Result is a native run: the log (columns t, q:<coordinate> of the mapped state,
// ell:<port>, f:<port>, gap_native, the sites' site:<id>[k], then the probes' columns)
// and its statistics.
type Result struct {
	Log   *sim.Log
	Stats Stats
}
