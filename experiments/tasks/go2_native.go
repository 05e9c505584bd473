package tasks

import (
	"fmt"
	"math"
	"slices"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/dyn"
	"github.com/robocompiler/robocompiler/kin"
	"github.com/robocompiler/robocompiler/mjcf"
	"github.com/robocompiler/robocompiler/sim"
)

// MuJoCo contacts of go2_native: the foot spheres and friction of go2.xml's "foot"
// class (sliding 0.8; condim 3, so the torsional and rolling terms do not act), with its
// elliptic cones and impratio 100 (nearly hard friction: with MuJoCo's pyramidal,
// soft default the loaded feet creep apart by 26 mm in 1.8 s), and MuJoCo's default
// softness solref (0.02 s, 1), solimp (0.9, 0.95, 1 mm).
const (
	go2FootRadius = 0.022 // m
	go2Friction   = 0.8
	go2ImpRatio   = 100.0
)

// runGo2Native runs the go2 schedule in both simulators: ours with ideal point supports,
// MuJoCo's on a floor touching the four foot spheres at the home pose.
func runGo2Native(g *cmg.Graph, o Options) (*Result, error) {
	dur := o.Duration
	pl, err := newGo2(g)
	if err != nil {
		return nil, err
	}
	m, q0 := pl.m, pl.q
	floor, err := go2Floor(m, q0)
	if err != nil {
		return nil, err
	}
	setup := &nativeSetup{pl: pl, column: "base_pos_err_m", unit: "mm", metric: "base_pos_rms_mm", dt: go2Dt, logEvery: 10,
		scheduled: func() (sim.Controller, sim.Probe, sim.ModeSchedule, error) {
			c, err := newGo2Ctrl(m, q0, dur, true)
			if err != nil {
				return nil, nil, nil, err
			}
			return c, go2Probe{c}, c.gait.schedule, nil
		},
		contacts: &mjcf.ContactOptions{FloorZ: floor, Sites: go2Feet, Radius: go2FootRadius,
			Friction: [3]float64{go2Friction, 0.02, 0.01}, Elliptic: true, ImpRatio: go2ImpRatio},
		sites: go2Feet}
	res, err := runBoth("Go2 stance", setup, dur, o)
	if err != nil {
		return nil, err
	}
	slip, err := go2Slip(res.Runs[1].Log, go2Plan(dur))
	if err != nil {
		return nil, err
	}
	res.Metrics = append(res.Metrics, Metric{"foot_slip_max_mm_mujoco", 1e3 * slip})
	for _, r := range res.Runs {
		res.Metrics = append(res.Metrics, Metric{"peak_torque_Nm_" + r.Name, peakAbs(r.Log, "f:")})
	}
	return res, nil
}

// go2Floor returns the floor height (m) on which the lowest foot sphere rests at q.
func go2Floor(m *compile.Model, q []float64) (float64, error) {
	d := dyn.NewData(m)
	d.ForwardKinematics(q, make([]float64, m.NV))
	z := math.Inf(1)
	for _, f := range go2Feet {
		t, err := kin.NewTask(m, f)
		if err != nil {
			return 0, err
		}
		z = math.Min(z, d.Pose(t.Node).Apply(t.Frame.P)[2])
	}
	return z - go2FootRadius, nil
}

// go2Slip returns the largest horizontal displacement (m) of a foot centre in MuJoCo's
// log (columns site:<foot>[k]) from where it was at the first logged row of its support
// interval, over the support intervals of plan. It includes the foot sphere's rolling
// (radius × change of the calf's pitch), which our point supports, pinned at the
// centre, do not have.
func go2Slip(l *sim.Log, plan []*go2Segment) (float64, error) {
	tc, err := l.Column("t")
	if err != nil {
		return 0, err
	}
	slip := 0.0
	for _, f := range go2Feet {
		x, err := l.Column(fmt.Sprintf("site:%s[0]", f))
		if err != nil {
			return 0, err
		}
		y, err := l.Column(fmt.Sprintf("site:%s[1]", f))
		if err != nil {
			return 0, err
		}
		x0, y0, down := 0.0, 0.0, false
		for r, t := range tc {
			in := slices.Contains(go2SegmentAt(plan, t).support, f)
			if in && !down {
				x0, y0 = x[r], y[r]
			}
			if down = in; in {
				slip = math.Max(slip, math.Hypot(x[r]-x0, y[r]-y0))
			}
		}
	}
	return slip, nil
}
