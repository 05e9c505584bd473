// Package simbody drives a compiled mechanism in Simbody (backend/simbody) with the
// controllers written for the sim package: the paper's execution on a second engine with
// exact, projected constraints. The model is rebuilt in Simbody at the workspace's
// assembled configuration and started from rest; at every step Simbody's state is read
// back into our tree coordinates and speeds, projected onto our closure manifold by the
// workspace's tracker with the independent coordinates held (their speeds Simbody's),
// and the controller sees that state. The controller is continuous in time, as in our
// rollout: Simbody evaluates it through a force element (backend/simbody's
// BuildControlled) at every integrator stage, its port efforts becoming mobility forces
// (the tree effort τ_T mapped to Simbody's speeds) and its external wrenches body forces.
// Simbody integrates by Runge–Kutta–Merson at the given accuracy, projecting onto its
// constraints at the given tolerance after every step. The log, one row per control step
// Dt, carries Simbody's own constraint errors and its energy ledger (work and damping
// losses by Simpson's rule over Dt).
//
// Without the build tag "simbody" Run returns backend/simbody's ErrUnavailable.
package simbody

import "github.com/robocompiler/robocompiler/sim"

// Options configure a Simbody run.
type Options struct {
	// Dt is the observation step (s): the state is read back, checked and logged every
	// Dt. It must be positive.
	Dt float64
	// Accuracy is the integrator's relative accuracy (default 1e-9) and ConstraintTol the
	// tolerance of Simbody's constraint projection (default 1e-8, or NearRedundantTol
	// when the partition drops near-redundant rows: Simbody enforces them, and they hold
	// only to the model's rounding).
	Accuracy, ConstraintTol float64
	// LogEvery logs every LogEvery-th step (0 or 1: every step).
	LogEvery int
	// Probes add task columns to every logged row, as in sim.
	Probes []sim.Probe
	// Progress, when set, is called after every step with the number of steps done.
	Progress func(step int)
}

// Stats summarise a Simbody run.
type Stats struct {
	// Steps are control steps; Corrections the tracker's Newton iterations completing the
	// dependent (and cut) coordinates.
	Steps, Corrections int
	// QErrMax and UErrMax are the largest position- and velocity-level constraint errors
	// of Simbody's own states after each step (m or rad; m/s or rad/s).
	QErrMax, UErrMax float64
	// BalanceDriftJ is the largest |balance − balance at t = 0| of the energy ledger (J).
	BalanceDriftJ float64
}

// Result is a Simbody run: the log (columns t, q:<coordinate> of the mapped state,
// ell:<port>, f:<port>, qerr_simbody, uerr_simbody, kinetic_J, potential_J, work_J,
// dissipated_J, balance_J, then the probes' columns) and its statistics.
type Result struct {
	Log   *sim.Log
	Stats Stats
}
