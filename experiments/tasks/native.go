package tasks

import (
	"fmt"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/experiments/plot"
	"github.com/robocompiler/robocompiler/joint"
	"github.com/robocompiler/robocompiler/mjcf"
	"github.com/robocompiler/robocompiler/sim"
	"github.com/robocompiler/robocompiler/sim/native"
)

// nativeSetup is one controller experiment that can run in both simulators: a plant, a
// factory of fresh controllers and probes (or, for a controller whose probe and support
// modes share its state, a factory of all three together, scheduled), the probe column
// to report as RMS with its reporting unit (the column's SI unit scaled by 1e3: "mm" for
// m, "mrad" for rad), our step dt (s) and the MuJoCo steps per step of ours, nativeSub
// (0 or 1: the same step; MuJoCo's controller runs at every one of its steps and its log
// rows fall at our times), and for the MuJoCo run the contacts to export and the sites
// to log.
type nativeSetup struct {
	pl        *plant
	ctrl      func() (sim.Controller, error)
	probe     func() sim.Probe
	scheduled func() (sim.Controller, sim.Probe, sim.ModeSchedule, error)
	column    string
	unit      string
	metric    string // the RMS metric's name before "_<run>", with its unit (e.g. platform_rms_mm)
	dt        float64
	logEvery  int
	nativeSub int
	contacts  *mjcf.ContactOptions
	sites     []string
}

// instance returns a fresh controller, its probe and its mode schedule (nil without
// modes).
func (s *nativeSetup) instance() (sim.Controller, sim.Probe, sim.ModeSchedule, error) {
	if s.scheduled != nil {
		return s.scheduled()
	}
	c, err := s.ctrl()
	if err != nil {
		return nil, nil, nil, err
	}
	return c, s.probe(), nil, nil
}

// runBoth runs setup for dur seconds in our rollout (RK4) and natively in MuJoCo and
// reports, for each, the RMS of the probe column (in setup.unit) and the largest closure
// gap: ours from the closure residual (m), MuJoCo's from its equality residuals.
func runBoth(name string, setup *nativeSetup, dur float64, o Options) (*Result, error) {
	for _, c := range setup.pl.m.Comparisons {
		if c.Kind == compile.RowsWeld || (c.Joint >= 0 && setup.pl.m.Joints[c.Joint].Model.Kind == joint.Fixed) {
			return nil, fmt.Errorf("%s: cut %q exports as a MuJoCo weld, whose residual mixes m and rad; the native comparison reports connect residuals in m only", name, c.ID)
		}
	}
	n, sub := steps(dur, setup.dt), max(setup.nativeSub, 1)
	pr := &progress{o: o, total: n + sub*n}
	ctrl, probe, sched, err := setup.instance()
	if err != nil {
		return nil, err
	}
	s, err := setup.pl.sim(ctrl, sim.Options{Reconfigure: o.Reconfigure, Dt: setup.dt, Integrator: sim.RK4,
		LogEvery: setup.logEvery, Probes: []sim.Probe{probe}, Schedule: sched, Progress: pr.hook()})
	if err != nil {
		return nil, err
	}
	ours, err := rollout("robocompiler", s, n)
	if err != nil {
		return nil, err
	}
	pr.done = n
	if ctrl, probe, sched, err = setup.instance(); err != nil {
		return nil, err
	}
	nd, err := setup.pl.data()
	if err != nil {
		return nil, err
	}
	nat, err := native.Run(nd, ctrl, sub*n, native.Options{Dt: setup.dt / float64(sub),
		LogEvery: sub * setup.logEvery, Probes: []sim.Probe{probe}, Schedule: sched, Contacts: setup.contacts,
		Sites: setup.sites, Progress: pr.hook()})
	if err != nil {
		return nil, err
	}
	mujocoRun := Run{Name: "mujoco", Log: nat.Log, Stats: sim.Stats{Steps: nat.Stats.Steps}}
	res := &Result{Runs: []Run{ours, mujocoRun}}
	for _, r := range res.Runs {
		rms, err := rmsColumn(r.Log, setup.column)
		if err != nil {
			return nil, err
		}
		res.Metrics = append(res.Metrics, Metric{setup.metric + "_" + r.Name, 1e3 * rms})
	}
	// MuJoCo's residual is over its equality rows, all connects (m) in the exports of these
	// tasks (runBoth refuses a model whose export would hold a weld).
	res.Metrics = append(res.Metrics, Metric{"closure_gap_max_m_robocompiler", ours.Stats.GapMaxM},
		Metric{"closure_gap_max_rad_robocompiler", ours.Stats.GapMaxRad},
		Metric{"closure_gap_max_m_mujoco", nat.Stats.GapMax})
	track := plot.Plot{Title: name + ": tracking, our rollout vs MuJoCo", XLabel: "t (s)", YLabel: setup.column + " (" + setup.unit + ")"}
	gap := plot.Plot{Title: name + ": closure gap, ours vs MuJoCo's equality residual", XLabel: "t (s)", YLabel: "max |residual|", LogY: true,
		Series: []plot.Series{{Log: ours.Log, X: "t", Y: "gap_m", Label: "robocompiler (m)"},
			{Log: nat.Log, X: "t", Y: "gap_native", Label: "MuJoCo equalities"}}}
	for _, r := range res.Runs {
		track.Series = append(track.Series, plot.Series{Log: r.Log, X: "t", Y: setup.column, Scale: 1e3, Label: r.Name})
	}
	res.Figures = []Figure{{"native_tracking.png", track}, {"native_gap.png", gap}}
	return res, nil
}
