package tasks

import (
	"fmt"
	"math"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/experiments/plot"
	"github.com/robocompiler/robocompiler/kin"
	"github.com/robocompiler/robocompiler/sim"
	"github.com/robocompiler/robocompiler/spatial"
)

// Panda task settings.
const (
	pandaHand     = "hand" // the body carrying the tool point
	pandaSeed     = "home"
	pandaDt       = 1e-3 // s
	pandaPeriod   = 4.0  // s, period of the tool path
	pandaTaskGain = 20.0 // 1/s, task error feedback K in w = ẋ_ref + K e
	pandaSpeedFB  = 60.0 // 1/s, speed servo M_r·K_v (u* − u)
	pandaBarrierK = 0.05 // J·s, gain k_Φ of the stroke barrier
	pandaHorizon  = 0.2  // s, stroke look-ahead of the stroke inequalities
	pandaCovEvery = 100  // steps between covariance checks
	// pandaSpeedScale scales the datasheet joint speed limits (2.175 rad/s for joints
	// 1–4, 2.61 rad/s for 5–7) used when the model declares none: conservative bounds,
	// so that the QP's inequalities become active on the fast parts of the path.
	pandaSpeedScale = 0.2
)

// pandaToolOffset is the tool point in the hand frame (m): between the fingertips.
var pandaToolOffset = spatial.Vec3{0, 0, 0.1034}

// pandaDatasheetSpeed are the Panda's joint speed limits (rad/s), joints 1–7.
var pandaDatasheetSpeed = []float64{2.175, 2.175, 2.175, 2.175, 2.61, 2.61, 2.61}

// pandaPath is the tool-point reference as an offset d(t) from its initial position in
// the axes of the initial hand frame (m), p_ref = p0 + R0·d, and the gripper opening (port
// displacement, m). Every term starts at zero with zero velocity.
func pandaPath(t float64) (d, dd spatial.Vec3, grip, gripd float64) {
	w := 2 * math.Pi / pandaPeriod
	s, c := math.Sin(w*t), 1-math.Cos(w*t)
	sc, scd := s*c/2, w*(math.Cos(w*t)*c+s*s)/2
	d = spatial.Vec3{0.10 * c / 2, 0.12 * sc, 0.06 * (1 - math.Cos(2*w*t)) / 2}
	dd = spatial.Vec3{0.10 * w * s / 2, 0.12 * scd, 0.06 * w * math.Sin(2*w*t)}
	grip = 0.04 - 0.015*(1-math.Cos(w*t/2))
	gripd = -0.015 * w / 2 * math.Sin(w*t/2)
	return
}

// pandaRig is the compiled Panda at its home configuration with a partition.
type pandaRig struct {
	*plant
	gripper  int       // the transmission port holding both fingers
	arm      []int     // joint ports under the stroke barrier
	lo, hi   []float64 // their stroke limits (rad)
	beta     []float64
	speed    []float64         // their speed limits (rad/s)
	tool     *kin.Task         // the tool point (3-row task)
	toolPose spatial.Transform // the tool frame at home (origin p0, axes R0)
}

// newPandaRig compiles g, assembles the seed "home" and partitions there; request names
// the independent joints (nil: automatic).
func newPandaRig(g *cmg.Graph, request []string) (*pandaRig, error) {
	pl, err := newPlantAt(g, pandaSeed, func(m *compile.Model) ([]int, error) {
		var req []int
		for _, id := range request {
			j := m.JointIndex(id)
			if j < 0 || m.Joints[j].NV != 1 {
				return nil, fmt.Errorf("panda: %q is not a 1-DoF joint of the model", id)
			}
			req = append(req, m.Joints[j].V0)
		}
		return req, nil
	})
	if err != nil {
		return nil, fmt.Errorf("panda: %w", err)
	}
	m := pl.m
	r := &pandaRig{plant: pl, gripper: -1}
	for i, act := range g.Actuators {
		switch {
		case act.Type == cmg.ActTransmission && r.gripper < 0:
			r.gripper = i
		case act.Type == cmg.ActJoint && act.StrokeLimits != nil:
			k := len(r.arm)
			speed := 0.0
			switch {
			case act.SpeedLimits != nil:
				speed = act.SpeedLimits[1]
			case k < len(pandaDatasheetSpeed):
				speed = pandaSpeedScale * pandaDatasheetSpeed[k]
			default:
				return nil, fmt.Errorf("panda: actuator %q has no speed limit", act.ID)
			}
			r.arm = append(r.arm, i)
			r.lo, r.hi = append(r.lo, act.StrokeLimits[0]), append(r.hi, act.StrokeLimits[1])
			r.beta, r.speed = append(r.beta, 1), append(r.speed, speed)
		}
	}
	if r.gripper < 0 || len(r.arm) == 0 {
		return nil, fmt.Errorf("panda: need a transmission (gripper) port and joint ports with stroke limits")
	}
	hand := m.BodyNode(pandaHand)
	if hand <= compile.Ground {
		return nil, fmt.Errorf("panda: no body %q", pandaHand)
	}
	r.tool = &kin.Task{ID: "tool", Point: true, Node: hand, Frame: spatial.Transform{R: spatial.Identity3(), P: pandaToolOffset},
		Ref: spatial.Identity()}
	d, err := pl.data()
	if err != nil {
		return nil, err
	}
	d.Kin.Kinematics(r.q)
	r.toolPose = d.Kin.Pose(r.tool)
	return r, nil
}

// resolver returns the redundancy resolution of the rig's task for kd's partition.
func (r *pandaRig) resolver(kd *kin.Data, closed bool) *redundancy {
	return newRedundancy(kd, r.tool, []int{r.gripper}, r.arm, r.lo, r.hi, r.beta, r.speed, pandaHorizon, pandaBarrierK, closed)
}

// swappedRequest returns the independent joints of p with the coupling's master and
// slave exchanged (finger_joint2 ↔ finger_joint1 on the Panda): the second partition of
// the covariance check.
func (r *pandaRig) swappedRequest() ([]int, error) {
	g := r.m.Graph
	if len(g.Couplings) == 0 {
		return nil, fmt.Errorf("panda: the model has no coupling to swap")
	}
	cp := g.Couplings[0]
	a, b := r.m.JointIndex(cp.Master), r.m.JointIndex(cp.Slave)
	if a < 0 || b < 0 {
		return nil, fmt.Errorf("panda: coupling %s–%s names unknown joints", cp.Master, cp.Slave)
	}
	va, vb := r.m.Joints[a].V0, r.m.Joints[b].V0
	out := append([]int(nil), r.p.Independent...)
	for i, v := range out {
		switch v {
		case va:
			out[i] = vb
		case vb:
			out[i] = va
		}
	}
	return out, nil
}

// runPanda runs the tool path with the QP and with the closed form, each checked for
// covariance against the swapped partition along the run.
func runPanda(g *cmg.Graph, o Options) (*Result, error) {
	dur := o.Duration
	rig, err := newPandaRig(g, nil)
	if err != nil {
		return nil, err
	}
	swapped, err := rig.swappedRequest()
	if err != nil {
		return nil, err
	}
	n := steps(dur, pandaDt)
	pr := &progress{o: o, total: 2 * n}
	res := &Result{}
	for _, closed := range []bool{false, true} {
		name := "qp"
		if closed {
			name = "closed_form"
		}
		d, err := rig.data()
		if err != nil {
			return nil, err
		}
		kd := d.Kin
		cov, err := newCovariance(rig.m, rig.q, swapped, func(kb *kin.Data) *redundancy { return rig.resolver(kb, closed) })
		if err != nil {
			return nil, err
		}
		ctrl := newPandaCtrl(rig, kd, closed, cov)
		s, err := rig.sim(ctrl, sim.Options{Reconfigure: o.Reconfigure, Dt: pandaDt, LogEvery: 10,
			Probes: []sim.Probe{pandaProbe{ctrl}}, Progress: pr.hook()})
		if err != nil {
			return nil, err
		}
		run, err := rollout(name, s, n)
		if err != nil {
			return nil, err
		}
		res.Runs = append(res.Runs, run)
		pr.done = n * len(res.Runs)
		ms, err := pandaMetrics(name, run, ctrl)
		if err != nil {
			return nil, err
		}
		res.Metrics = append(res.Metrics, ms...)
	}
	res.Figures = pandaFigures(res.Runs)
	return res, nil
}

// pandaMetrics summarises one run: tool-point and gripper tracking RMS, the smallest distance
// to a joint limit, the largest speed ratio, the QP's active-set statistics and the
// covariance mismatch.
func pandaMetrics(name string, run Run, c *pandaCtrl) ([]Metric, error) {
	var out []Metric
	for _, x := range []struct {
		col, metric string
		scale       float64
	}{{"tool_pos_err_m", "tool_pos_rms_mm", 1e3}, {"grip_err_m", "grip_rms_mm", 1e3}} {
		rms, err := rmsColumn(run.Log, x.col)
		if err != nil {
			return nil, err
		}
		out = append(out, Metric{x.metric + "_" + name, x.scale * rms})
	}
	margin, err := run.Log.Column("stroke_margin_rad")
	if err != nil {
		return nil, err
	}
	minMargin := math.Inf(1)
	for _, x := range margin {
		minMargin = math.Min(minMargin, x)
	}
	out = append(out, Metric{"joint_limit_margin_min_rad_" + name, minMargin},
		Metric{"speed_ratio_max_" + name, peakAbs(run.Log, "speed_ratio")},
		Metric{"closure_gap_max_m_" + name, run.Stats.GapMaxM},
		Metric{"covariance_max_rel_" + name, c.covMax})
	if c.solves > 0 && !c.res.closed {
		out = append(out, Metric{"qp_active_fraction", float64(c.activeSolves) / float64(c.solves)},
			Metric{"qp_active_max", float64(c.maxActive)},
			Metric{"qp_iterations_mean", float64(c.iterSum) / float64(c.solves)})
	}
	return out, nil
}

// pandaFigures plots the tool position error and the speed ratio of both runs.
func pandaFigures(runs []Run) []Figure {
	errPlot := plot.Plot{Title: "Panda tool path: position error", XLabel: "t (s)", YLabel: "|p − p_ref| (mm)"}
	speed := plot.Plot{Title: "Panda: largest joint speed / limit", XLabel: "t (s)", YLabel: "max |ℓ̇_i| / ℓ̇_max,i"}
	for _, r := range runs {
		errPlot.Series = append(errPlot.Series, plot.Series{Log: r.Log, X: "t", Y: "tool_pos_err_m", Scale: 1e3, Label: r.Name})
		speed.Series = append(speed.Series, plot.Series{Log: r.Log, X: "t", Y: "speed_ratio", Label: r.Name})
	}
	return []Figure{{"panda_tool_error.png", errPlot}, {"panda_speed_ratio.png", speed}}
}
