package tasks

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/experiments/plot"
	"github.com/robocompiler/robocompiler/kin"
	"github.com/robocompiler/robocompiler/sim"
	"gonum.org/v1/gonum/mat"
)

// digCycleTask returns the excavator dig cycle under two partitions.
func digCycleTask() *Task {
	return &Task{Name: "dig_cycle", Model: "excavator", Duration: 42, Run: runDigCycle,
		Description: "excavator dig–lift–swing–dump cycle in joint space, simulated through the joint_space and then " +
			"the cylinder_space partition; closure gaps and actuator efforts"}
}

// Excavator settings: the joint-space gains of the computed-torque law (1/s², 1/s), the
// step (s), the input the source leaves unconnected and the passive pin that gets a
// holding port.
const (
	excavatorKp, excavatorKd = 100, 20
	excavatorDt              = 5e-3
	excavatorUnconnected     = "drive_p0"
	excavatorPin             = "q22"
)

// digCycle is the reference of the joint_space coordinates (q23 slew, q7 boom, q4 stick,
// q0 tilt-rotator/bucket curl, q1 tilt, q21 rotator, q22 passive pin) as offsets from
// the assembled seed (rad): lower and reach, dig, lift, swing, dump, swing back, settle.
var digCycle = waypoints{
	T: []float64{0, 4, 9, 14, 20, 26, 31, 37, 42},
	Y: [][]float64{
		{0, 0, 0, 0, 0, 0, 0},
		{0, 0.15, -0.25, -0.25, 0, 0, 0},
		{0, 0.10, 0.15, 0.35, 0, 0, 0},
		{0, -0.15, 0.10, 0.40, 0, 0, 0},
		{1.2, -0.15, 0.10, 0.40, 0.10, 0.40, 0},
		{1.2, -0.05, -0.15, -0.30, 0.10, 0.40, 0},
		{0.6, -0.10, 0, 0, 0, 0.20, 0},
		{0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0},
	},
}

// jointCT is computed-torque tracking of a set of scalar coordinates y = q[Y] (one per
// independent speed) in any partition: ÿ* = ÿ_ref + Kp (y_ref − y) + Kd (ẏ_ref − ẏ),
// u̇* from E_Y u̇ + c_Y = ÿ* (E_Y the rows Y of the lift, c the curvature), the reduced
// effort τ_r = M_r u̇* + h_r (eq. 14) and the least-norm efforts of the connected ports
// with L_cᵀ f_c = τ_r. The physical efforts do not depend on the partition.
type jointCT struct {
	coords, q0 []int // tracked velocity indices and their configuration indices
	connected  []int // ports that may carry effort
	ref        *reference
	ff         *sim.Feedforward

	y, yd, ydd, rhs, udot, tau, fc []float64
	ey, lc                         *mat.Dense
}

// Control implements sim.Controller.
func (c *jointCT) Control(s *sim.State, data *robocompiler.Data, cmd *sim.Command) error {
	k := data.Kin
	c.ref.eval(s.T, c.y, c.yd, c.ydd)
	d := len(c.coords)
	for i, v := range c.coords {
		c.rhs[i] = c.ydd[i] + excavatorKp*(c.y[i]-s.Q[c.q0[i]]) + excavatorKd*(c.yd[i]-k.V[v]) - k.Curv[v]
		for j := range d {
			c.ey.Set(i, j, k.Lift.E.At(v, j))
		}
	}
	var x mat.VecDense
	if err := x.SolveVec(c.ey, mat.NewVecDense(d, c.rhs)); err != nil {
		return fmt.Errorf("the tracked coordinates do not parametrise the motion here (E_Y singular): %w", err)
	}
	copy(c.udot, x.RawVector().Data)
	if err := c.ff.EffortAt(data, c.udot, nil, c.tau); err != nil {
		return err
	}
	for i, p := range c.connected {
		for j := range d {
			c.lc.Set(i, j, k.L.At(p, j))
		}
	}
	if err := portEfforts(c.lc, c.tau, c.fc); err != nil {
		return err
	}
	for i, p := range c.connected {
		cmd.F[p] = c.fc[i]
	}
	return nil
}

// withPinPort returns a copy of the excavator graph with a joint port holding the
// passive pin: the source leaves it unactuated although it is an independent coordinate
// of both partition requests, so without a holding effort the bucket linkage would be
// free to swing.
func withPinPort(g *cmg.Graph) (*cmg.Graph, error) {
	h := g.Clone()
	if h.Joint(excavatorPin) == nil {
		return nil, fmt.Errorf("dig_cycle: the model has no joint %q (it is written for the built-in excavator)", excavatorPin)
	}
	h.Actuators = append(h.Actuators, cmg.Actuator{ID: "hold_" + excavatorPin, Type: cmg.ActJoint, Joint: excavatorPin, Gear: 1})
	return h, nil
}

// runDigCycle runs the dig cycle through the joint_space and the cylinder_space
// partitions with the same joint-space reference and controller.
func runDigCycle(g *cmg.Graph, o Options) (*Result, error) {
	dur := digCycleTask().duration(o)
	g, err := withPinPort(g)
	if err != nil {
		return nil, err
	}
	n := steps(dur, excavatorDt)
	pr := &progress{o: o, total: 2 * n}
	res := &Result{}
	for _, part := range []string{"joint_space", "cylinder_space"} {
		setup, err := digSetup(g, part)
		if err != nil {
			return nil, err
		}
		ctrl, err := setup.ctrl()
		if err != nil {
			return nil, err
		}
		pl := setup.pl
		s, err := pl.sim(ctrl, sim.Options{Reconfigure: o.Reconfigure, Dt: setup.dt, Integrator: sim.RK4, LogEvery: setup.logEvery,
			Probes: []sim.Probe{setup.probe()}, Progress: pr.hook()})
		if err != nil {
			return nil, err
		}
		run, err := rollout(part, s, n)
		if err != nil {
			return nil, err
		}
		res.Runs = append(res.Runs, run)
		pr.done = n * len(res.Runs)
	}
	return digResult(res)
}

// digSetup is the dig cycle of the excavator graph g (with its holding port) simulated
// through the named partition: the computed-torque controller tracking the joint_space
// coordinates along digCycle, and the probe logging their RMS error joint_rms_rad (rad).
func digSetup(g *cmg.Graph, partition string) (*nativeSetup, error) {
	pl, err := newPlant(g, named(partition))
	if err != nil {
		return nil, err
	}
	coords, err := pl.m.PartitionRequest("joint_space")
	if err != nil {
		return nil, err
	}
	q0, err := scalarRows(pl.m, coords)
	if err != nil {
		return nil, err
	}
	return &nativeSetup{pl: pl, column: "joint_rms_rad", unit: "mrad", metric: "joint_rms_mrad", dt: excavatorDt, logEvery: 10,
		ctrl: func() (sim.Controller, error) { return newJointCT(pl, coords, q0) },
		probe: func() sim.Probe {
			return newErrorProbe("joint_rms_rad", len(q0), digReference(pl, q0), func(s *sim.State, _ *kin.Data, out []float64) {
				for i, j := range q0 {
					out[i] = s.Q[j]
				}
			})
		}}, nil
}

// scalarRows returns the configuration index of each velocity index in coords, which
// must be 1-DoF joints of m.
func scalarRows(m *compile.Model, coords []int) ([]int, error) {
	out := make([]int, len(coords))
	names := m.CoordinateNames()
	for i, v := range coords {
		out[i] = -1
		for _, j := range m.Joints {
			if j.NV == 1 && j.V0 == v {
				out[i] = j.Q0
			}
		}
		if out[i] < 0 {
			return nil, fmt.Errorf("dig_cycle: coordinate %q is not a 1-DoF joint", names[v])
		}
	}
	return out, nil
}

// digReference is the dig cycle as absolute values of the configuration entries q0 of
// plant pl: digCycle's offsets added to the assembled configuration.
func digReference(pl *plant, q0 []int) *reference {
	y0 := make([]float64, len(q0))
	for i, j := range q0 {
		y0[i] = pl.q[j]
	}
	return newReference(len(q0), func(t float64, y []float64) {
		digCycle.at(t, y)
		for i := range y {
			y[i] += y0[i]
		}
	})
}

// newJointCT builds the controller of plant pl tracking the coordinates coords (velocity
// indices, configuration indices q0) along the dig cycle.
func newJointCT(pl *plant, coords, q0 []int) (*jointCT, error) {
	m := pl.m
	ff, err := pl.feedforward(pl.model)
	if err != nil {
		return nil, err
	}
	d := pl.p.Mobility
	c := &jointCT{coords: coords, q0: q0, ff: ff, ref: digReference(pl, q0), y: make([]float64, d), yd: make([]float64, d),
		ydd: make([]float64, d), rhs: make([]float64, d), udot: make([]float64, d), tau: make([]float64, d),
		ey: mat.NewDense(d, d, nil)}
	for i, a := range m.Graph.Actuators {
		if a.ID != excavatorUnconnected {
			c.connected = append(c.connected, i)
		}
	}
	c.fc, c.lc = make([]float64, len(c.connected)), mat.NewDense(len(c.connected), d, nil)
	return c, nil
}

// digResult adds the metrics and figures of the dig cycle: closure gaps, tracking RMS,
// peak cylinder forces and torques per partition, and the largest differences between the
// two partitions' cylinder forces (N) and joint torques (N·m) at matching times (they command the same physical
// motion, so the efforts agree up to the tracking error).
func digResult(res *Result) (*Result, error) {
	for _, r := range res.Runs {
		rms, err := rmsColumn(r.Log, "joint_rms_rad")
		if err != nil {
			return nil, err
		}
		res.Metrics = append(res.Metrics,
			Metric{"closure_gap_max_m_" + r.Name, r.Stats.GapMaxM},
			Metric{"closure_gap_max_rad_" + r.Name, r.Stats.GapMaxRad},
			Metric{"joint_rms_rad_" + r.Name, rms},
			Metric{"peak_cylinder_force_N_" + r.Name, peakAbs(r.Log, "f:drive_p")},
			Metric{"peak_torque_Nm_" + r.Name, math.Max(peakAbs(r.Log, "f:drive_q"), peakAbs(r.Log, "f:hold_"))},
			Metric{"reconfigurations_" + r.Name, float64(r.Stats.Reconfigurations)})
	}
	a, b := res.Runs[0].Log, res.Runs[1].Log
	diff := func(prefixes ...string) float64 {
		d := 0.0
		for i, c := range a.Columns {
			if !slices.ContainsFunc(prefixes, func(p string) bool { return strings.HasPrefix(c, p) }) {
				continue
			}
			for r := range min(a.Rows(), b.Rows()) {
				d = math.Max(d, math.Abs(a.Row(r)[i]-b.Row(r)[i]))
			}
		}
		return d
	}
	res.Metrics = append(res.Metrics, Metric{"effort_partition_diff_max_N", diff("f:drive_p")},
		Metric{"effort_partition_diff_max_Nm", diff("f:drive_q", "f:hold_")})
	efforts := plot.Plot{Title: "Excavator dig cycle: cylinder forces (joint_space run)", XLabel: "t (s)", YLabel: "f (kN)"}
	for _, c := range a.Columns {
		if len(c) > 9 && c[:9] == "f:drive_p" {
			efforts.Series = append(efforts.Series, plot.Series{Log: a, X: "t", Y: c, Scale: 1e-3, Label: c[2:]})
		}
	}
	track := plot.Plot{Title: "Excavator dig cycle: joint tracking error", XLabel: "t (s)", YLabel: "RMS error (rad)", LogY: true}
	for _, r := range res.Runs {
		track.Series = append(track.Series, plot.Series{Log: r.Log, X: "t", Y: "joint_rms_rad", Label: r.Name})
	}
	res.Figures = []Figure{{"excavator_efforts.png", efforts}, {"excavator_tracking.png", track}, gapFigure("Excavator dig cycle", res.Runs)}
	return res, nil
}
