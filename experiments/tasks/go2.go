package tasks

import (
	"fmt"
	"math"
	"slices"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/dyn"
	"github.com/robocompiler/robocompiler/experiments/plot"
	"github.com/robocompiler/robocompiler/kin"
	"github.com/robocompiler/robocompiler/sim"
	"github.com/robocompiler/robocompiler/spatial"
)

// Go2 task settings.
const (
	go2Seed      = "home"
	go2Base      = "base"
	go2Dt        = 1e-3 // s
	go2TaskGain  = 30.0 // 1/s, task feedback K in w = ẋ_ref + K e
	go2SpeedFB   = 80.0 // 1/s, speed servo gain K_v
	go2SwingLift = 0.06 // m, swing-foot apex height
)

// go2Feet are the foot sites in the order of the support masks.
var go2Feet = []string{"FL", "FR", "RL", "RR"}

// go2Segment is one support interval of the schedule (s): the support set, the swing feet
// and, once active, its compiled mode and the lift-off positions of its swing feet.
type go2Segment struct {
	start, end float64
	support    []string
	swing      []string
	mode       *sim.Mode
	lift       []spatial.Vec3 // per swing foot, at the segment's start
	tasks      []*kin.Task    // per swing foot
}

// go2Plan is the stand–shift–step schedule: 4 feet (lower the body), 4 feet (shift the
// weight over FL, RL, RR), 3 feet (FR steps), 4 feet (move the weight over the FL–RR
// diagonal), 2 feet (FR and RL step together; a short 0.3-s phase, since the roll about
// the support line is unactuated and only balanced passively), 4 feet (stand up) and
// hold. Consecutive phases on the
// same feet share one segment (go2BaseRef is the matching base motion).
func go2Plan(duration float64) []*go2Segment {
	all := go2Feet
	return []*go2Segment{
		{start: 0, end: 1.8, support: all},
		{start: 1.8, end: 2.6, support: []string{"FL", "RL", "RR"}, swing: []string{"FR"}},
		{start: 2.6, end: 3.4, support: all},
		{start: 3.4, end: 3.7, support: []string{"FL", "RR"}, swing: []string{"FR", "RL"}},
		{start: 3.7, end: math.Max(duration, 3.7), support: all},
	}
}

// go2BaseRef returns the base offset reference (world, m) for the plan: lowered by 1 s,
// shifted over the three-foot triangle by 1.8 s, moved by balance (the shift that puts
// the centre of mass over the FL–RR line) by 3.4 s, standing by 4.5 s.
func go2BaseRef(balance spatial.Vec3) *reference {
	low := []float64{0, 0, -0.02}
	over := []float64{-0.02, 0.03, -0.02}
	diag := []float64{balance[0], balance[1], -0.02}
	w := &waypoints{T: []float64{0, 1, 1.8, 2.6, 3.4, 3.7, 4.5}, Y: [][]float64{{0, 0, 0}, low, over, over, diag, diag, {0, 0, 0}}}
	return newReference(3, w.at)
}

// go2Balance returns the horizontal base shift (world, m) that moves the centre of mass
// at q onto the vertical plane through the feet a and b, assuming the centre of mass
// moves with the base (the legs' share is small).
func go2Balance(m *compile.Model, d *dyn.Data, q []float64, a, b string) (spatial.Vec3, error) {
	d.ForwardKinematics(q, make([]float64, m.NV))
	var com spatial.Vec3
	mass := 0.0
	for i, body := range m.Bodies {
		com = com.Add(d.Pose(i + 1).Apply(body.Inertia.COM()).Scale(body.Inertia.Mass))
		mass += body.Inertia.Mass
	}
	com = com.Scale(1 / mass)
	var feet [2]spatial.Vec3
	for i, f := range []string{a, b} {
		t, err := kin.NewTask(m, f)
		if err != nil {
			return spatial.Vec3{}, err
		}
		feet[i] = d.Pose(t.Node).Apply(t.Frame.P)
	}
	dir := feet[1].Sub(feet[0])
	n := spatial.Vec3{-dir[1], dir[0], 0}.Scale(1 / math.Hypot(dir[0], dir[1]))
	return n.Scale(-n.Dot(com.Sub(feet[0]))), nil
}

// go2Gait builds the support modes lazily as the schedule reaches them, anchoring the
// supports where the feet are at that moment.
type go2Gait struct {
	m     *compile.Model // the model in flight
	kd    *dyn.Data
	segs  []*go2Segment
	cur   *go2Segment
	touch float64 // largest touchdown height change |z_td − z_liftoff| (m)
	// baseChart requests the base's six speeds and the swing legs' joints as each mode's
	// independent coordinates (else closure.PartitionAt chooses).
	baseChart bool
}

// schedule implements sim.ModeSchedule.
func (g *go2Gait) schedule(t float64, q []float64) (*sim.Mode, error) {
	seg := go2SegmentAt(g.segs, t)
	if seg.mode != nil {
		return seg.mode, nil
	}
	ms, err := (&robocompiler.Model{Model: g.m}).WithSupports(q, seg.support)
	if err != nil {
		return nil, err
	}
	g.kd.ForwardKinematics(q, make([]float64, g.m.NV))
	if prev := g.cur; prev != nil {
		for i, f := range prev.swing {
			if slices.Contains(seg.support, f) {
				z := g.sitePos(prev.tasks[i])[2]
				g.touch = math.Max(g.touch, math.Abs(z-prev.lift[i][2]))
			}
		}
	}
	for _, f := range seg.swing {
		task, err := kin.NewTask(g.m, f)
		if err != nil {
			return nil, err
		}
		seg.tasks = append(seg.tasks, task)
		seg.lift = append(seg.lift, g.sitePos(task))
	}
	seg.mode = &sim.Mode{Name: fmt.Sprintf("support %v", seg.support), Model: ms}
	if g.baseChart {
		ms.Request = g.baseRequest(seg.tasks)
	}
	g.cur = seg
	return seg.mode, nil
}

// baseRequest returns the velocity indices of the base's tree joint and of the joints
// from the base to each swing foot of tasks.
func (g *go2Gait) baseRequest(tasks []*kin.Task) []int {
	m := g.m
	base := m.BodyNode(go2Base)
	j := &m.Joints[m.Edges[m.Bodies[base-1].Edge].Joint]
	req := []int{}
	for k := range j.NV {
		req = append(req, j.V0+k)
	}
	for _, t := range tasks {
		for n := t.Node; n != base && n != compile.Ground; n = m.Bodies[n-1].Parent {
			j := &m.Joints[m.Edges[m.Bodies[n-1].Edge].Joint]
			for k := range j.NV {
				req = append(req, j.V0+k)
			}
		}
	}
	slices.Sort(req)
	return req
}

// go2SegmentAt returns the segment of segs active at t (s): the first that ends after
// t, else the last.
func go2SegmentAt(segs []*go2Segment, t float64) *go2Segment {
	for _, s := range segs {
		if t < s.end {
			return s
		}
	}
	return segs[len(segs)-1]
}

// sitePos returns a point task's world position at the dyn data's last kinematics.
func (g *go2Gait) sitePos(t *kin.Task) spatial.Vec3 {
	return g.kd.Pose(t.Node).Apply(t.Frame.P)
}

// swingRef returns the reference position and velocity of swing foot i of seg at t: up
// and down by go2SwingLift over the segment, sin²(π s), above its lift-off point.
func (seg *go2Segment) swingRef(i int, t float64) (p, v spatial.Vec3) {
	T := seg.end - seg.start
	s := min(max((t-seg.start)/T, 0), 1)
	p, v = seg.lift[i], spatial.Vec3{}
	p[2] += go2SwingLift * math.Pow(math.Sin(math.Pi*s), 2)
	v[2] = go2SwingLift * math.Pi / T * math.Sin(2*math.Pi*s)
	return p, v
}

// newGo2 builds the Go2 plant at its home seed (no closure, so nothing to assemble)
// with the automatic partition; every foot must be a point site.
func newGo2(g *cmg.Graph) (*plant, error) {
	pl, err := newPlantAt(g, go2Seed, nil)
	if err != nil {
		return nil, fmt.Errorf("go2: %w", err)
	}
	for _, f := range go2Feet {
		if s := pl.m.Graph.Site(f); s == nil || s.Kind != cmg.SitePoint {
			return nil, fmt.Errorf("go2: the model needs a point site %q (a foot)", f)
		}
	}
	return pl, nil
}

// newGo2Ctrl returns a fresh controller, with its gait, for the stand–shift–step
// schedule of dur seconds of the flight model m from the configuration q0 (len NQ);
// baseChart is the gait's partition request.
func newGo2Ctrl(m *compile.Model, q0 []float64, dur float64, baseChart bool) (*go2Ctrl, error) {
	base, err := kin.NewTask(m, go2Base)
	if err != nil {
		return nil, err
	}
	gait := &go2Gait{m: m, kd: dyn.NewData(m), segs: go2Plan(dur), baseChart: baseChart}
	gait.kd.ForwardKinematics(q0, make([]float64, m.NV))
	base.Ref = gait.kd.Pose(base.Node)
	balance, err := go2Balance(m, gait.kd, q0, "FL", "RR")
	if err != nil {
		return nil, err
	}
	return &go2Ctrl{gait: gait, base: base, ref: go2BaseRef(balance)}, nil
}

// runGo2 runs the stand–shift–step schedule.
func runGo2(g *cmg.Graph, o Options) (*Result, error) {
	dur := o.Duration
	pl, err := newGo2(g)
	if err != nil {
		return nil, err
	}
	m, q0 := pl.m, pl.q
	ctrl, err := newGo2Ctrl(m, q0, dur, false)
	if err != nil {
		return nil, err
	}
	n := steps(dur, go2Dt)
	pr := &progress{o: o, total: n}
	s, err := pl.sim(ctrl, sim.Options{Reconfigure: o.Reconfigure, Dt: go2Dt, LogEvery: 10, Schedule: ctrl.gait.schedule,
		Probes: []sim.Probe{go2Probe{ctrl}}, Progress: pr.hook()})
	if err != nil {
		return nil, err
	}
	run, err := rollout("go2", s, n)
	if err != nil {
		return nil, err
	}
	res := &Result{Runs: []Run{run}}
	for _, x := range []struct {
		col, metric string
	}{{"base_pos_err_m", "base_pos_rms_mm"}, {"base_rot_err_rad", "base_rot_rms_mrad"}} {
		rms, err := rmsColumn(run.Log, x.col)
		if err != nil {
			return nil, err
		}
		res.Metrics = append(res.Metrics, Metric{x.metric, 1e3 * rms})
	}
	res.Metrics = append(res.Metrics,
		Metric{"swing_err_max_mm", 1e3 * peakAbs(run.Log, "swing_err_m")},
		Metric{"touchdown_dz_max_mm", 1e3 * ctrl.gait.touch},
		Metric{"support_gap_max_m", run.Stats.GapMaxM},
		Metric{"mode_switches", float64(run.Stats.ModeSwitches)},
		Metric{"peak_torque_Nm", peakAbs(run.Log, "f:")})
	res.Figures = go2Figures(run)
	return res, nil
}

// go2Figures plots the base tracking error, the support count and the support gap.
func go2Figures(run Run) []Figure {
	track := plot.Plot{Title: "Go2: base and swing-foot tracking", XLabel: "t (s)", YLabel: "error (mm)",
		Series: []plot.Series{{Log: run.Log, X: "t", Y: "base_pos_err_m", Scale: 1e3, Label: "base position"},
			{Log: run.Log, X: "t", Y: "swing_err_m", Scale: 1e3, Label: "swing feet (max)"}}}
	feet := plot.Plot{Title: "Go2: feet in support", XLabel: "t (s)", YLabel: "feet",
		Series: []plot.Series{{Log: run.Log, X: "t", Y: "support_feet", Label: "support set size"}}}
	return []Figure{{"go2_tracking.png", track}, {"go2_support.png", feet}, gapFigure("Go2 support modes", []Run{run})}
}
