package tasks

import (
	"fmt"
	"math"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/experiments/plot"
	"github.com/robocompiler/robocompiler/kin"
	"github.com/robocompiler/robocompiler/sim"
	"github.com/robocompiler/robocompiler/spatial"
)

// inspectionTask returns the Stewart six-axis inspection.
func inspectionTask() *Task {
	return &Task{Name: "inspection", Model: "stewart", Duration: 22, Run: runInspection,
		Description: "Stewart six-axis inspection: smooth platform pose reference with a probe wrench on the platform; " +
			"PD on leg lengths without and with reduced-dynamics feedforward, and with an unmodelled 14-kg payload"}
}

// Stewart inspection settings: PD gains on the leg lengths (N/m, N·s/m), the step (s) and
// the unmodelled payload mass (kg) of the mismatch run.
const (
	stewartKp, stewartKd = 2e4, 600
	stewartDt            = 2e-3
	stewartHeavyPayload  = 14.0
)

// stewartRig is the geometry the inspection reference needs: anchors, the platform node
// and its initial pose.
type stewartRig struct {
	platform int
	base     [6]spatial.Vec3 // universal-joint centres, ground frame
	anchor   [6]spatial.Vec3 // spherical-joint centres, platform frame
	pose0    spatial.Transform
}

// newStewartRig reads the rig from a compiled Stewart model (bodies and joints named as
// by robots.NewStewart, legs in port order) at its assembled configuration q.
func newStewartRig(m *compile.Model, ports []compile.Port, kd *kin.Data, q []float64) (*stewartRig, error) {
	r := &stewartRig{platform: m.BodyNode("platform")}
	if r.platform <= compile.Ground || len(ports) != 6 {
		return nil, fmt.Errorf("inspection needs a Stewart platform (body \"platform\", 6 leg ports); the model has %d ports", len(ports))
	}
	for i, p := range ports {
		if p.TwoPoint || len(p.Terms) != 1 {
			return nil, fmt.Errorf("port %q is not a leg-length joint port", p.ID)
		}
		var leg int
		if _, err := fmt.Sscanf(m.Joints[p.Terms[0].Joint].ID, "leg_%d_length", &leg); err != nil {
			return nil, fmt.Errorf("port %q drives %q, not a leg_<i>_length joint", p.ID, m.Joints[p.Terms[0].Joint].ID)
		}
		u, b := m.JointIndex(fmt.Sprintf("leg_%d_u1", leg)), m.JointIndex(fmt.Sprintf("leg_%d_ball", leg))
		if u < 0 || b < 0 || m.Joints[u].NodeA != compile.Ground || m.Joints[b].NodeB != r.platform {
			return nil, fmt.Errorf("leg %d: joints leg_%d_u1 (ground side) and leg_%d_ball (platform side) not found", leg, leg, leg)
		}
		r.base[i], r.anchor[i] = m.Joints[u].A.P, m.Joints[b].B.P
	}
	kd.Kinematics(q)
	r.pose0 = kd.Dyn.Pose(r.platform)
	return r, nil
}

// pose returns the reference platform pose at time t: the initial pose displaced by a
// six-axis scan (±40/40/30 mm, ±0.06/0.06/0.10 rad at 0.12–0.25 Hz), faded in over 2 s.
func (r *stewartRig) pose(t float64) spatial.Transform {
	w := minJerk(t / 2)
	s := func(a, f, ph float64) float64 { return w * a * math.Sin(2*math.Pi*f*t+ph) }
	dp := spatial.Vec3{s(0.04, 0.20, 0), s(0.04, 0.15, 0.5), s(0.03, 0.25, 0)}
	dth := spatial.Vec3{s(0.06, 0.18, 0), s(0.06, 0.22, 1), s(0.10, 0.12, 0)}
	return spatial.Transform{R: spatial.ExpSO3(dth).Mul(r.pose0.R), P: r.pose0.P.Add(dp)}
}

// lengths writes the leg lengths |p + R a_i − b_i| of the pose at time t (inverse
// kinematics in closed form).
func (r *stewartRig) lengths(t float64, y []float64) {
	x := r.pose(t)
	for i := range y {
		y[i] = x.Apply(r.anchor[i]).Sub(r.base[i]).Norm()
	}
}

// probeWrench is the inspection probe's contact wrench on the platform (world axes, about
// the platform origin), on between 6 and 16 s with 1-s minimum-jerk ramps.
func probeWrench(t float64) spatial.Vec6 {
	s := minJerk(t-6) - minJerk(t-15)
	return spatial.Vec6{2, 1, 3, 15, -10, -60}.Scale(s)
}

// platformProbe logs the platform position, its reference and the distance between them.
type platformProbe struct{ rig *stewartRig }

var platformColumns = []string{"platform_x", "platform_y", "platform_z", "ref_x", "ref_y", "ref_z", "pos_err_m"}

// Columns implements sim.Probe.
func (p platformProbe) Columns() []string { return platformColumns }

// Sample implements sim.Probe.
func (p platformProbe) Sample(s *sim.State, data *robocompiler.Data, _ *sim.Command, out []float64) {
	k := data.Kin
	x, ref := k.Dyn.Pose(p.rig.platform).P, p.rig.pose(s.T).P
	copy(out[0:3], x[:])
	copy(out[3:6], ref[:])
	out[6] = x.Sub(ref).Norm()
}

// heavier returns a copy of g whose payload body has mass kg (inertia scaled with the
// mass, centre of mass unchanged).
func heavier(g *cmg.Graph, kg float64) (*cmg.Graph, error) {
	h := g.Clone()
	b := h.Body("payload")
	if b == nil || b.Mass <= 0 {
		return nil, fmt.Errorf("inspection: the model has no payload body with positive mass")
	}
	for i := range b.Inertia {
		b.Inertia[i] *= kg / b.Mass
	}
	b.Mass = kg
	return h, nil
}

// runInspection runs the Stewart inspection: PD on leg lengths without and with
// feedforward on the nominal plant, and with the nominal feedforward on a plant carrying
// a heavier payload.
func runInspection(g *cmg.Graph, o Options) (*Result, error) {
	dur := inspectionTask().duration(o)
	nominal, err := newPlant(g, named("lengths"))
	if err != nil {
		return nil, err
	}
	hg, err := heavier(g, stewartHeavyPayload)
	if err != nil {
		return nil, err
	}
	heavy, err := newPlant(hg, named("lengths"))
	if err != nil {
		return nil, err
	}
	nd, err := nominal.data()
	if err != nil {
		return nil, err
	}
	kd := nd.Kin
	if err := checkPortsIndependent(nominal.m, kd.Ports, nominal.p.Independent); err != nil {
		return nil, fmt.Errorf("inspection: %w", err)
	}
	rig, err := newStewartRig(nominal.m, kd.Ports, kd, nominal.q)
	if err != nil {
		return nil, err
	}
	cases := []struct {
		name string
		pl   *plant
		ff   bool
	}{{"pd", nominal, false}, {"pd_ff", nominal, true}, {"pd_payload14", heavy, false}, {"pd_ff_payload14", heavy, true}}
	n := steps(dur, stewartDt)
	pr := &progress{o: o, total: n * len(cases)}
	res := &Result{}
	for _, c := range cases {
		var ff *sim.Feedforward
		if c.ff {
			if ff, err = c.pl.feedforward(nominal.model); err != nil {
				return nil, err
			}
		}
		ctrl := newPortPD(6, stewartKp, stewartKd, newReference(6, rig.lengths), ff)
		ctrl.load = func(s *sim.State, d *robocompiler.Data, cmd *sim.Command) {
			cmd.AddWorldWrench(d, rig.platform, spatial.Vec3{}, probeWrench(s.T))
		}
		s, err := c.pl.sim(ctrl, sim.Options{Reconfigure: o.Reconfigure, Dt: stewartDt, Integrator: sim.RK4, LogEvery: 5,
			Probes: []sim.Probe{platformProbe{rig}}, Progress: pr.hook()})
		if err != nil {
			return nil, err
		}
		run, err := rollout(c.name, s, n)
		if err != nil {
			return nil, err
		}
		res.Runs = append(res.Runs, run)
		pr.done = pr.total / len(cases) * len(res.Runs)
	}
	for _, r := range res.Runs {
		rms, err := rmsColumn(r.Log, "pos_err_m")
		if err != nil {
			return nil, err
		}
		res.Metrics = append(res.Metrics, Metric{"platform_rms_mm_" + r.Name, 1e3 * rms})
	}
	for _, r := range res.Runs {
		res.Metrics = append(res.Metrics, Metric{"peak_force_N_" + r.Name, peakAbs(r.Log, "f:")})
	}
	errPlot := plot.Plot{Title: "Stewart inspection: platform position error", XLabel: "t (s)", YLabel: "|p − p_ref| (mm)"}
	for _, r := range res.Runs {
		errPlot.Series = append(errPlot.Series, plot.Series{Log: r.Log, X: "t", Y: "pos_err_m", Scale: 1e3, Label: r.Name})
	}
	forces := plot.Plot{Title: "Stewart inspection: leg forces (PD + feedforward)", XLabel: "t (s)", YLabel: "f (N)"}
	for _, p := range kd.Ports {
		forces.Series = append(forces.Series, plot.Series{Log: res.Runs[1].Log, X: "t", Y: "f:" + p.ID, Label: p.ID})
	}
	res.Figures = []Figure{{"stewart_inspection.png", errPlot}, {"stewart_forces.png", forces}, gapFigure("Stewart inspection", res.Runs)}
	return res, nil
}
