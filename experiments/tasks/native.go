package tasks

import (
	"fmt"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/experiments/plot"
	"github.com/robocompiler/robocompiler/joint"
	"github.com/robocompiler/robocompiler/kin"
	"github.com/robocompiler/robocompiler/mjcf"
	"github.com/robocompiler/robocompiler/sim"
	"github.com/robocompiler/robocompiler/sim/native"
	"github.com/robocompiler/robocompiler/spatial"
)

// inspectionNativeTask returns the Stewart inspection in our rollout and in MuJoCo.
func inspectionNativeTask() *Task {
	return &Task{Name: "inspection_native", Native: true, Model: "stewart", Duration: 22, Run: runInspectionNative,
		Description: "Stewart inspection (PD + feedforward on leg lengths, probe wrench) in our rollout and natively in MuJoCo " +
			"on the exported model, side by side: platform tracking and closure gaps (needs -tags mujoco)"}
}

// fixedPelvisNativeTask returns the Kangaroo fixed-pelvis trajectory in our rollout and in
// MuJoCo.
func fixedPelvisNativeTask() *Task {
	return &Task{Name: "fixed_pelvis_native", Native: true, Model: "../shared/models/kangaroo/kangaroo_fixed_base.xml", Duration: 2,
		Run: runFixedPelvisNative,
		Description: "Kangaroo fixed pelvis motor trajectory (PD 4e4/600 + feedforward) in our rollout and natively in MuJoCo " +
			"on the exported model, side by side: motor tracking and closure gaps (needs -tags mujoco)"}
}

// digCycleNativeTask returns the excavator dig cycle in our rollout and in MuJoCo.
func digCycleNativeTask() *Task {
	return &Task{Name: "dig_cycle_native", Native: true, Model: "excavator", Duration: 42, Run: runDigCycleNative,
		Description: "excavator dig–lift–swing–dump cycle (joint-space computed torque, cylinder_space partition) in our " +
			"rollout (RK4 5 ms) and natively in MuJoCo (1 ms steps) on the exported model, side by side: joint tracking and " +
			"closure gaps (needs -tags mujoco)"}
}

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

// runInspectionNative is the Stewart inspection's PD + feedforward case in both simulators.
func runInspectionNative(g *cmg.Graph, o Options) (*Result, error) {
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
	setup := &nativeSetup{pl: pl, column: "pos_err_m", unit: "mm", metric: "platform_rms_mm", dt: stewartDt, logEvery: 10,
		probe: func() sim.Probe { return platformProbe{rig} },
		ctrl: func() (sim.Controller, error) {
			ff, err := pl.feedforward(pl.model)
			if err != nil {
				return nil, err
			}
			c := newPortPD(6, stewartKp, stewartKd, newReference(6, rig.lengths), ff)
			c.load = func(s *sim.State, d *robocompiler.Data, cmd *sim.Command) {
				cmd.AddWorldWrench(d, rig.platform, spatial.Vec3{}, probeWrench(s.T))
			}
			return c, nil
		}}
	return runBoth("Stewart inspection", setup, inspectionNativeTask().duration(o), o)
}

// runFixedPelvisNative is the Kangaroo fixed-pelvis PD + feedforward case in both
// simulators.
func runFixedPelvisNative(g *cmg.Graph, o Options) (*Result, error) {
	pl, kd, traj, err := kangarooMotors(g)
	if err != nil {
		return nil, err
	}
	nf := len(kd.Ports)
	setup := &nativeSetup{pl: pl, column: "motor_rms_m", unit: "mm", metric: "motor_rms_mm", dt: kangarooDt, logEvery: 20,
		probe: func() sim.Probe {
			return newErrorProbe("motor_rms_m", nf, newReference(nf, traj), func(_ *sim.State, k *kin.Data, out []float64) { copy(out, k.Ell) })
		},
		ctrl: func() (sim.Controller, error) {
			ff, err := pl.feedforward(pl.model)
			if err != nil {
				return nil, err
			}
			return newPortPD(nf, kangarooKp, kangarooKd, newReference(nf, traj), ff), nil
		}}
	return runBoth("Kangaroo fixed pelvis", setup, fixedPelvisNativeTask().duration(o), o)
}

// runDigCycleNative is the excavator dig cycle through the cylinder_space partition (the
// cylinder lengths independent: MuJoCo's slide positions) in both simulators. MuJoCo
// steps at a fifth of our step: at 5 ms its equalities (time constant 2 steps) are soft
// at the control rate and the computed-torque law, which assumes rigid loops, chatters
// against them at the sampling frequency.
func runDigCycleNative(g *cmg.Graph, o Options) (*Result, error) {
	g, err := withPinPort(g)
	if err != nil {
		return nil, err
	}
	setup, err := digSetup(g, "cylinder_space")
	if err != nil {
		return nil, err
	}
	setup.nativeSub = 5
	return runBoth("Excavator dig cycle", setup, digCycleNativeTask().duration(o), o)
}
