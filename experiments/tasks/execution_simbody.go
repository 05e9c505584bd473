package tasks

import (
	"fmt"
	"math"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/experiments/plot"
	"github.com/robocompiler/robocompiler/kin"
	"github.com/robocompiler/robocompiler/sim"
	sbrun "github.com/robocompiler/robocompiler/sim/simbody"
	"github.com/robocompiler/robocompiler/spatial"
)

// The contact-free tasks executed in Simbody beside our rollout (sim/simbody): the same
// plant, controller and probe as the MuJoCo comparisons (nativeSetup), with Simbody's
// exact, projected constraints in place of MuJoCo's soft equalities.

// inspectionSimbodyTask returns the Stewart inspection in our rollout and in Simbody.
func inspectionSimbodyTask() *Task {
	return &Task{Name: "inspection_simbody", Model: "stewart", Duration: 22, Run: runInspectionSimbody,
		Description: "Stewart inspection (PD without and with feedforward on leg lengths, probe wrench) in our rollout and in Simbody " +
			"side by side: platform tracking, closure gaps, Simbody's constraint errors, energy ledgers (needs -tags simbody)"}
}

// digCycleSimbodyTask returns the excavator dig cycle in our rollout and in Simbody.
func digCycleSimbodyTask() *Task {
	return &Task{Name: "dig_cycle_simbody", Model: "excavator", Duration: 42, Run: runDigCycleSimbody,
		Description: "excavator dig–lift–swing–dump cycle (joint-space computed torque, cylinder_space partition) in our " +
			"rollout and in Simbody side by side: joint tracking, closure gaps, Simbody's constraint errors, energy ledgers " +
			"(needs -tags simbody)"}
}

// fixedPelvisSimbodyTask returns the Kangaroo fixed-pelvis trajectory in our rollout and
// in Simbody.
func fixedPelvisSimbodyTask() *Task {
	return &Task{Name: "fixed_pelvis_simbody", Model: "../shared/models/kangaroo/kangaroo_fixed_base.xml", Duration: 2,
		Run: runFixedPelvisSimbody,
		Description: "Kangaroo fixed pelvis motor trajectory (PD 4e4/600 without and with feedforward) in our rollout and " +
			"in Simbody side by side: motor tracking, closure gaps, Simbody's constraint errors, energy ledgers (needs -tags simbody)"}
}

func runInspectionSimbody(g *cmg.Graph, o Options) (*Result, error) {
	pl, err := newPlant(g, named("lengths"))
	if err != nil {
		return nil, err
	}
	pd, err := pl.data()
	if err != nil {
		return nil, err
	}
	kd := pd.Kin
	if err := checkPortsIndependent(pl.m, kd.Ports, pl.p.Independent); err != nil {
		return nil, err
	}
	rig, err := newStewartRig(pl.m, kd.Ports, kd, pl.q)
	if err != nil {
		return nil, err
	}
	res := &Result{}
	// PD alone tracks to a physical error (mm) that the engines must reproduce; with the
	// feedforward the error is the integrators' round-off.
	for _, ff := range []bool{false, true} {
		setup := &nativeSetup{pl: pl, column: "pos_err_m", unit: "mm", metric: "platform_rms_mm", dt: stewartDt, logEvery: 10,
			probe: func() sim.Probe { return platformProbe{rig} },
			ctrl: func() (sim.Controller, error) {
				var f *sim.Feedforward
				if ff {
					var err error
					if f, err = pl.feedforward(pl.model); err != nil {
						return nil, err
					}
				}
				c := newPortPD(6, stewartKp, stewartKd, newReference(6, rig.lengths), f)
				c.load = func(s *sim.State, d *robocompiler.Data, cmd *sim.Command) {
					cmd.AddWorldWrench(d, rig.platform, spatial.Vec3{}, probeWrench(s.T))
				}
				return c, nil
			}}
		label := map[bool]string{false: "pd", true: "pd_ff"}[ff]
		r, err := runSimbodyBoth("Stewart inspection ("+label+")", label, setup, inspectionSimbodyTask().duration(o), o)
		if err != nil {
			return nil, err
		}
		res.merge(r)
	}
	return res, nil
}

func runDigCycleSimbody(g *cmg.Graph, o Options) (*Result, error) {
	g, err := withPinPort(g)
	if err != nil {
		return nil, err
	}
	setup, err := digSetup(g, "cylinder_space")
	if err != nil {
		return nil, err
	}
	return runSimbodyBoth("Excavator dig cycle", "", setup, digCycleSimbodyTask().duration(o), o)
}

func runFixedPelvisSimbody(g *cmg.Graph, o Options) (*Result, error) {
	pl, kd, traj, err := kangarooMotors(g)
	if err != nil {
		return nil, err
	}
	nf := len(kd.Ports)
	res := &Result{}
	for _, ff := range []bool{false, true} {
		setup := &nativeSetup{pl: pl, column: "motor_rms_m", unit: "mm", metric: "motor_rms_mm", dt: kangarooDt, logEvery: 20,
			probe: func() sim.Probe {
				return newErrorProbe("motor_rms_m", nf, newReference(nf, traj), func(_ *sim.State, k *kin.Data, out []float64) { copy(out, k.Ell) })
			},
			ctrl: func() (sim.Controller, error) {
				var f *sim.Feedforward
				if ff {
					var err error
					if f, err = pl.feedforward(pl.model); err != nil {
						return nil, err
					}
				}
				return newPortPD(nf, kangarooKp, kangarooKd, newReference(nf, traj), f), nil
			}}
		label := map[bool]string{false: "pd", true: "pd_ff"}[ff]
		r, err := runSimbodyBoth("Kangaroo fixed pelvis ("+label+")", label, setup, fixedPelvisSimbodyTask().duration(o), o)
		if err != nil {
			return nil, err
		}
		res.merge(r)
	}
	return res, nil
}

// runSimbodyBoth runs setup for dur seconds in our rollout (RK4) and in Simbody (the
// controller evaluated at every integrator stage in both) and reports, for each, the RMS
// of the probe column (in setup.unit), their relative difference, our closure gaps,
// Simbody's own constraint errors and both energy ledgers' drift. A non-empty label
// prefixes the runs' names and suffixes the metrics' and figures' names.
func runSimbodyBoth(name, label string, setup *nativeSetup, dur float64, o Options) (*Result, error) {
	if setup.scheduled != nil {
		return nil, fmt.Errorf("%s: Simbody runs have no support modes", name)
	}
	n := steps(dur, setup.dt)
	pr := &progress{o: o, total: 2 * n}
	ctrl, probe, _, err := setup.instance()
	if err != nil {
		return nil, err
	}
	s, err := setup.pl.sim(ctrl, sim.Options{Dt: setup.dt, Integrator: sim.RK4, LogEvery: setup.logEvery,
		Probes: []sim.Probe{probe}, Progress: pr.hook()})
	if err != nil {
		return nil, err
	}
	ours, err := rollout("robocompiler", s, n)
	if err != nil {
		return nil, err
	}
	pr.done = n
	if ctrl, probe, _, err = setup.instance(); err != nil {
		return nil, err
	}
	d, err := setup.pl.data()
	if err != nil {
		return nil, err
	}
	sb, err := sbrun.Run(d, ctrl, n, sbrun.Options{Dt: setup.dt, LogEvery: setup.logEvery, Probes: []sim.Probe{probe},
		Progress: pr.hook()})
	if err != nil {
		return nil, err
	}
	simbodyRun := Run{Name: "simbody", Log: sb.Log, Stats: sim.Stats{Steps: sb.Stats.Steps}}
	res := &Result{Runs: []Run{ours, simbodyRun}}
	sfx, pfx := "", ""
	if label != "" {
		sfx, pfx = "_"+label, label+"_"
	}
	var rms [2]float64
	for i, r := range res.Runs {
		if rms[i], err = rmsColumn(r.Log, setup.column); err != nil {
			return nil, err
		}
		res.Metrics = append(res.Metrics, Metric{setup.metric + sfx + "_" + r.Name, 1e3 * rms[i]})
	}
	drift, err := ledgerDrift(ours.Log)
	if err != nil {
		return nil, err
	}
	// With an exact model's feedforward both RMS are the integrators' round-off, and only
	// their absolute difference (in setup.unit) says something.
	res.Metrics = append(res.Metrics, Metric{"tracking_rms_rel_diff" + sfx, math.Abs(rms[1]-rms[0]) / rms[0]},
		Metric{"tracking_rms_abs_diff" + sfx + "_" + setup.unit, 1e3 * math.Abs(rms[1]-rms[0])},
		Metric{"closure_gap_max_m" + sfx + "_robocompiler", ours.Stats.GapMaxM},
		Metric{"closure_gap_max_rad" + sfx + "_robocompiler", ours.Stats.GapMaxRad},
		Metric{"constraint_qerr_max" + sfx + "_simbody", sb.Stats.QErrMax},
		Metric{"constraint_uerr_max" + sfx + "_simbody", sb.Stats.UErrMax},
		Metric{"balance_drift_J" + sfx + "_robocompiler", drift},
		Metric{"balance_drift_J" + sfx + "_simbody", sb.Stats.BalanceDriftJ})
	track := plot.Plot{Title: name + ": tracking, our rollout vs Simbody", XLabel: "t (s)", YLabel: setup.column + " (" + setup.unit + ")"}
	energy := plot.Plot{Title: name + ": energy balance (kinetic + potential − work + dissipated)", XLabel: "t (s)", YLabel: "J"}
	for _, r := range res.Runs {
		track.Series = append(track.Series, plot.Series{Log: r.Log, X: "t", Y: setup.column, Scale: 1e3, Label: r.Name})
		energy.Series = append(energy.Series, plot.Series{Log: r.Log, X: "t", Y: "balance_J", Label: r.Name})
	}
	gap := plot.Plot{Title: name + ": Simbody's constraint error", XLabel: "t (s)", YLabel: "max |error| (m or rad)", LogY: true,
		Series: []plot.Series{{Log: sb.Log, X: "t", Y: "qerr_simbody", Label: "Simbody position error"}}}
	res.Figures = []Figure{{pfx + "simbody_tracking.png", track}, {pfx + "simbody_energy.png", energy},
		{pfx + "simbody_constraint_error.png", gap}}
	for i := range res.Runs {
		res.Runs[i].Name = pfx + res.Runs[i].Name
	}
	return res, nil
}

// merge appends r's metrics, runs and figures to res.
func (res *Result) merge(r *Result) {
	res.Metrics = append(res.Metrics, r.Metrics...)
	res.Runs = append(res.Runs, r.Runs...)
	res.Figures = append(res.Figures, r.Figures...)
}

// ledgerDrift returns the largest |balance_J − balance_J at the first row| of a log.
func ledgerDrift(l *sim.Log) (float64, error) {
	b, err := l.Column("balance_J")
	if err != nil || len(b) == 0 {
		return 0, err
	}
	d := 0.0
	for _, x := range b {
		d = math.Max(d, math.Abs(x-b[0]))
	}
	return d, nil
}
