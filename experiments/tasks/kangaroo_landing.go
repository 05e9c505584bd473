package tasks

import (
	"fmt"
	"math"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/dyn"
	"github.com/robocompiler/robocompiler/experiments/plot"
	"github.com/robocompiler/robocompiler/kin"
	"github.com/robocompiler/robocompiler/sim"
	"github.com/robocompiler/robocompiler/spatial"
)

// Landing settings.
const (
	landDt       = 1e-3  // s
	landDrop     = 0.05  // m, soles above the ground at the start
	landCrouch   = 0.12  // m, commanded crouch depth
	landShift    = 0.04  // m, lateral excursion
	landYaw      = 0.15  // rad, yaw excursion
	landPushN    = 40.0  // N, lateral push on the torso (+y)
	landPushT0   = 7.6   // s
	landPushDur  = 0.2   // s
	landTaskGain = 10.0  // 1/s, pelvis feedback K in w = V_ref − K x
	landSpeedFB  = 25.0  // 1/s, speed servo gain
	landFlightKp = 400.0 // 1/s², motor hold in flight
	landFlightKd = 40.0  // 1/s
	landPelvis   = "base_link"
	landTorso    = "torso"
)

// The landing starts, and lands, on slightly bent knees. The file's seed has the legs
// straight, each knee at its lower limit 0 (and each leg-length motor at its lower limit
// 0); landing on that limit leaves the round-off of the flight (−5e-7 rad) outside it when
// the touchdown switch re-assembles the closure, and a real landing comes in bent. The
// leg-length motors are independent coordinates, which the assembly holds, so the bend is
// seeded through them: landLengthSeed bends the knees by about landKneeSeed.
const (
	landLengthSeed = 0.003 // m, leg-length motor seed
	landKneeSeed   = 0.1   // rad, the knee seed (about what landLengthSeed gives)
)

// landKnees are the knee joints and leg-length motors seeded bent.
var (
	landKnees        = []string{"leg_left_knee_joint", "leg_right_knee_joint"}
	landLengthMotors = []string{"leg_left_length_motor", "leg_right_length_motor"}
)

// landSoles are the sole bodies, welded to the ground in double support.
var landSoles = []string{"left_ankle_roll", "right_ankle_roll"}

// landRef returns the pelvis offset reference [dx, dy, dz (world, m), yaw (rad)] relative to
// the touchdown pose: hold, crouch by landCrouch, sway ±landShift, turn ±landYaw, hold the
// crouch through the push, stand up.
func landRef() *reference {
	c := -landCrouch
	w := &waypoints{
		T: []float64{0, 1.0, 2.5, 3.0, 3.8, 4.6, 5.2, 5.8, 6.6, 7.2, 8.8, 9.8},
		Y: [][]float64{{0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, c, 0}, {0, 0, c, 0}, {0, landShift, c, 0}, {0, -landShift, c, 0},
			{0, 0, c, 0}, {0, 0, c, landYaw}, {0, 0, c, -landYaw}, {0, 0, c, 0}, {0, 0, c, 0}, {0, 0, 0, 0}},
	}
	return newReference(4, w.at)
}

// landGait is the mode schedule: flight until the lower sole has dropped landDrop, then
// double support with both soles welded where they are (the paper's ideal sole welds
// anchored at the current sole frames).
type landGait struct {
	m              *compile.Model
	kd             *dyn.Data
	flight, stance *sim.Mode
	z0             float64 // initial height of the lower sole (m)
	tTouch         float64 // touchdown time (s), NaN before
	pelvisTouch    spatial.Transform
	soleNodes      []int
	baseRequest    []int
}

// soleHeight returns the lower sole-origin height at q (m).
func (g *landGait) soleHeight(q []float64) float64 {
	g.kd.ForwardKinematics(q, make([]float64, g.m.NV))
	z := math.Inf(1)
	for _, n := range g.soleNodes {
		z = math.Min(z, g.kd.Pose(n).P[2])
	}
	return z
}

// schedule implements sim.ModeSchedule.
func (g *landGait) schedule(t float64, q []float64) (*sim.Mode, error) {
	if g.stance != nil {
		return g.stance, nil
	}
	if g.soleHeight(q) > g.z0-landDrop {
		return g.flight, nil
	}
	ms, err := (&robocompiler.Model{Model: g.m}).WithSupports(q, landSoles)
	if err != nil {
		return nil, err
	}
	ms.Request = g.baseRequest
	g.tTouch = t
	g.pelvisTouch = g.kd.Pose(g.m.BodyNode(landPelvis))
	g.stance = &sim.Mode{Name: "double support", Model: ms}
	return g.stance, nil
}

// landCtrl holds the motors in flight and tracks the pelvis pose in double support. In
// flight (mobility 18: the base's six speeds and the twelve motors, L = [0 I]) it solves
// the reduced dynamics for the motor accelerations ℓ̈* = Kp (ℓ₀ − ℓ) − Kd ℓ̇ with the base
// unactuated: [M_r −Lᵀ; L 0] [u̇; f] = [−h_r; ℓ̈*]. In double support (mobility 6: the
// base's speeds) the pelvis task J = J_x E is square: u* = J⁻¹ (V_ref − K x), a speed
// servo u̇ = K_v (u* − u) and τ_r = M_r u̇ + h_r, realised by the least-norm motor efforts
// with Lᵀ f = τ_r. The push is an external wrench the controller does not model.
type landCtrl struct {
	gait   *landGait
	pelvis *kin.Task
	torso  int
	ref    *reference
	ell0   []float64

	// last errors and events, for the probe and the metrics
	pelvisErr, pelvisZ, pelvisZRef float64
	ellRef                         []float64 // integrated commanded motor positions (m)
	lastT                          float64
	vPrev                          []float64 // physical velocity at the last flight step
	switched                       bool
	impulse                        [2]spatial.Vec3 // per sole, at touchdown (N·s, sole frame)
	netImpulse                     spatial.Vec3    // change of linear momentum at touchdown (world, N·s)
	mass                           float64
	off, offd, offdd               []float64
}

// newLandCtrl builds the controller for the flight model m holding the motors at ell0.
func newLandCtrl(m *compile.Model, ell0 []float64, gait *landGait) (*landCtrl, error) {
	pelvis, err := kin.NewTask(m, landPelvis)
	if err != nil {
		return nil, err
	}
	torso := m.BodyNode(landTorso)
	if torso < 0 {
		return nil, fmt.Errorf("kangaroo_landing: the model has no body %q", landTorso)
	}
	mass := 0.0
	for _, b := range m.Bodies {
		mass += b.Inertia.Mass
	}
	return &landCtrl{gait: gait, pelvis: pelvis, torso: torso, ref: landRef(), ell0: ell0, mass: mass,
		ellRef: append([]float64(nil), ell0...), vPrev: make([]float64, m.NV),
		off: make([]float64, 4), offd: make([]float64, 4), offdd: make([]float64, 4)}, nil
}

// Control implements sim.Controller.
func (c *landCtrl) Control(s *sim.State, data *robocompiler.Data, cmd *sim.Command) error {
	if s.T >= landPushT0 && s.T < landPushT0+landPushDur {
		cmd.AddWorldWrench(data, c.torso, spatial.Vec3{}, spatial.NewVec6(spatial.Vec3{}, spatial.Vec3{0, landPushN, 0}))
	}
	if err := data.Dynamics(nil); err != nil {
		return err
	}
	dt := s.T - c.lastT
	c.lastT = s.T
	if s.Mode == nil || s.Mode == c.gait.flight {
		copy(c.vPrev, data.V)
		return c.flight(data, cmd)
	}
	if !c.switched {
		c.switched = true
		if err := c.touchdown(data); err != nil {
			return err
		}
		copy(c.ellRef, data.Kin.Ell)
		dt = 0
	}
	return c.stance(s, data, cmd, dt)
}

// flight solves the motor-hold KKT system for the port efforts.
func (c *landCtrl) flight(data *robocompiler.Data, cmd *sim.Command) error {
	k, r := data.Kin, data.Reduced
	d, nf := r.D, len(cmd.F)
	L := k.L.RawMatrix()
	n := d + nf
	A := make([]float64, n*n)
	b := make([]float64, n)
	for i := range d {
		copy(A[i*n:i*n+d], r.Mr[i*d:(i+1)*d])
		for p := range nf {
			A[i*n+d+p] = -L.Data[p*L.Stride+i]
		}
		b[i] = -r.Hr[i]
	}
	for p := range nf {
		rate := 0.0
		for i := range d {
			A[(d+p)*n+i] = L.Data[p*L.Stride+i]
			rate += L.Data[p*L.Stride+i] * data.U[i]
		}
		b[d+p] = landFlightKp*(c.ell0[p]-k.Ell[p]) - landFlightKd*rate
	}
	x, err := solveDense(n, A, b)
	if err != nil {
		return fmt.Errorf("kangaroo_landing: flight: %w", err)
	}
	copy(cmd.F, x[d:])
	for p := range nf {
		c.ellRef[p] = c.ell0[p]
	}
	return nil
}

// stance tracks the pelvis reference in double support.
func (c *landCtrl) stance(s *sim.State, data *robocompiler.Data, cmd *sim.Command, dt float64) error {
	k, r := data.Kin, data.Reduced
	m := k.Model()
	d := r.D
	if d != 6 {
		return fmt.Errorf("kangaroo_landing: double support leaves %d independent speeds, want 6", d)
	}
	c.ref.eval(s.T, c.off, c.offd, c.offdd)
	td := c.gait.pelvisTouch
	Rd := spatial.ExpSO3(spatial.Vec3{0, 0, c.off[3]}).Mul(td.R)
	pd := td.P.Add(spatial.Vec3{c.off[0], c.off[1], c.off[2]})
	c.pelvis.Ref = spatial.Transform{R: Rd, P: pd}
	jx := make([]float64, 6*m.NV)
	Jx := denseOf(6, m.NV, jx)
	if err := k.TaskJacobian(c.pelvis, Jx, nil); err != nil {
		return err
	}
	var x [6]float64
	if err := k.TaskValue(c.pelvis, x[:]); err != nil {
		return err
	}
	// Reference body twist, in the reference frame.
	om, vel := Rd.T().MulVec(spatial.Vec3{0, 0, c.offd[3]}), Rd.T().MulVec(spatial.Vec3{c.offd[0], c.offd[1], c.offd[2]})
	w := []float64{om[0], om[1], om[2], vel[0], vel[1], vel[2]}
	for i := range w {
		w[i] -= landTaskGain * x[i]
	}
	J := mulDense(6, m.NV, d, jx, k.Lift.E.RawMatrix().Data, k.Lift.E.RawMatrix().Stride)
	ustar, err := solveDense(d, J, w)
	if err != nil {
		return fmt.Errorf("kangaroo_landing: pelvis task singular: %w", err)
	}
	udot, tau := make([]float64, d), make([]float64, d)
	for a := range d {
		udot[a] = landSpeedFB * (ustar[a] - s.U[a])
	}
	r.Inverse(udot, tau)
	if n := leastSquaresEfforts(k.L, tau, cmd.F); n > 0 {
		return fmt.Errorf("kangaroo_landing: %d pelvis directions unactuated in double support", n)
	}
	// Commanded motor positions: the integral of L u*.
	L := k.L.RawMatrix()
	for p := range c.ellRef {
		rate := 0.0
		for a := range d {
			rate += L.Data[p*L.Stride+a] * ustar[a]
		}
		c.ellRef[p] += dt * rate
	}
	pose := k.Dyn.Pose(c.pelvis.Node)
	c.pelvisErr, c.pelvisZ, c.pelvisZRef = pose.P.Sub(pd).Norm(), pose.P[2], pd[2]
	return nil
}

// touchdown records the impact: the change of linear momentum and, per sole, the impulse
// of its weld rows (the least-squares, least-norm Λ with Cᵀ Λ = M_T (v⁺ − v⁻)).
func (c *landCtrl) touchdown(data *robocompiler.Data) error {
	m := data.Model()
	dv := make([]float64, m.NV)
	for i := range dv {
		dv[i] = data.V[i] - c.vPrev[i]
	}
	rhs := make([]float64, m.NVT)
	mt := data.Reduced.MT
	for i := range rhs {
		for j := range m.NVT {
			rhs[i] += mt[i*m.NVT+j] * dv[j]
		}
	}
	lam, err := constraintForces(data, rhs)
	if err != nil {
		return err
	}
	for k, sole := range landSoles {
		c.impulse[k] = soleForce(m.Model, lam, sole)
	}
	kd := dyn.NewData(m.Model)
	before := linearMomentum(m.Model, kd, data.Q, c.vPrev)
	after := linearMomentum(m.Model, kd, data.Q, data.V)
	c.netImpulse = after.Sub(before)
	return nil
}

// linearMomentum returns the total linear momentum (world, kg·m/s) at (q, v).
func linearMomentum(m *compile.Model, kd *dyn.Data, q, v []float64) spatial.Vec3 {
	kd.ForwardKinematics(q, v)
	var p spatial.Vec3
	for i, b := range m.Bodies {
		T, tw := kd.Pose(i+1), kd.Twist(i+1)
		vc := tw.Linear().Add(tw.Angular().Cross(b.Inertia.COM()))
		p = p.Add(T.R.MulVec(vc).Scale(b.Inertia.Mass))
	}
	return p
}

// constraintForces returns the least-squares, least-norm multipliers Λ (len Rows) with
// C_Tᵀ Λ = rhs (len NVT) for the mode's closure Jacobian C (every row, supports
// included).
func constraintForces(data *robocompiler.Data, rhs []float64) ([]float64, error) {
	m := data.Model()
	C := data.Closure().C.RawMatrix()
	At := make([]float64, m.NVT*m.Rows) // Cᵀ restricted to the tree columns
	for r := range m.Rows {
		for j := range m.NVT {
			At[j*m.Rows+r] = C.Data[r*C.Stride+j]
		}
	}
	return leastNorm(m.NVT, m.Rows, At, rhs)
}

// soleForce returns the linear part (rows 3–5) of the support weld of sole in lam.
func soleForce(m *compile.Model, lam []float64, sole string) spatial.Vec3 {
	for _, c := range m.Comparisons {
		if c.ID == compile.SupportPrefix+sole {
			return spatial.Vec3{lam[c.Row+3], lam[c.Row+4], lam[c.Row+5]}
		}
	}
	return spatial.Vec3{math.NaN(), math.NaN(), math.NaN()}
}

// landColumns are the probe's log columns.
var landColumns = []string{"pelvis_z_m", "pelvis_z_ref_m", "pelvis_err_m", "motor_err_rms_m", "point_gap_m", "universal_axis",
	"foot_force_left_N", "foot_force_right_N", "support_soles"}

// landProbe logs the pelvis height and error, the motor errors against the commanded
// motor positions, the point-cut and universal-axis residuals and the sole forces.
type landProbe struct{ c *landCtrl }

// Columns implements sim.Probe.
func (p landProbe) Columns() []string { return landColumns }

// Sample implements sim.Probe.
func (p landProbe) Sample(s *sim.State, data *robocompiler.Data, cmd *sim.Command, out []float64) {
	c := p.c
	m := data.Model()
	k := data.Kin
	pose := k.Dyn.Pose(c.pelvis.Node)
	zRef, pErr := pose.P[2], 0.0 // no reference in flight
	if c.switched {
		zRef, pErr = c.pelvisZRef, c.pelvisErr
	}
	e := 0.0
	for i, l := range k.Ell {
		e += (l - c.ellRef[i]) * (l - c.ellRef[i])
	}
	e = math.Sqrt(e / float64(max(len(k.Ell), 1)))
	pg, ua := closureResiduals(m.Model, data.Closure().Rho)
	fl, fr, soles := 0.0, 0.0, 0.0
	if c.switched {
		soles = 2
		if lam, err := stanceForces(data, cmd); err == nil {
			fl, fr = soleForce(m.Model, lam, landSoles[0]).Norm(), soleForce(m.Model, lam, landSoles[1]).Norm()
		}
	}
	copy(out, []float64{pose.P[2], zRef, pErr, e, pg, ua, fl, fr, soles})
}

// stanceForces returns the constraint multipliers of the state just evaluated:
// C_Tᵀ Λ = M_T a_T + h_T − τ_T with a_T the tree acceleration, h_T the bias (with the
// external wrenches) and τ_T the port efforts on the tree.
func stanceForces(data *robocompiler.Data, cmd *sim.Command) ([]float64, error) {
	m := data.Model()
	r := data.Reduced
	n := m.NVT
	rhs := make([]float64, n)
	for i := range n {
		x := r.HT[i]
		for j := range n {
			x += r.MT[i*n+j] * data.A[j]
		}
		rhs[i] = x
	}
	for p, port := range data.Kin.Ports {
		for _, t := range port.Terms {
			rhs[m.Joints[t.Joint].V0] -= t.Coef * cmd.F[p]
		}
	}
	return constraintForces(data, rhs)
}

// closureResiduals returns the largest point residual of the point and universal cuts
// (m) and the largest universal-axis residual (dimensionless) in rho.
func closureResiduals(m *compile.Model, rho []float64) (point, axis float64) {
	for _, c := range m.Comparisons {
		switch c.Kind {
		case compile.RowsPoint:
			for k := range 3 {
				point = math.Max(point, math.Abs(rho[c.Row+k]))
			}
		case compile.RowsUniversal:
			for k := range 3 {
				point = math.Max(point, math.Abs(rho[c.Row+k]))
			}
			axis = math.Max(axis, math.Abs(rho[c.Row+3]))
		}
	}
	return point, axis
}

// newLanding builds the landing plant: the floating Kangaroo assembled at its default
// seed with the knees bent by landKneeSeed, the base and the twelve motors independent.
func newLanding(g *cmg.Graph) (*plant, error) {
	pl, err := newPlant(g, func(m *compile.Model) ([]int, error) {
		motors, err := actuated(m)
		if err != nil {
			return nil, err
		}
		base := landBase(m)
		if base == nil {
			return nil, fmt.Errorf("kangaroo_landing: %q is not joined to the ground by a free joint", landPelvis)
		}
		return append(base, motors...), nil
	})
	if err != nil {
		return nil, fmt.Errorf("kangaroo_landing: %w", err)
	}
	q0, err := pl.model.Seed("")
	if err != nil {
		return nil, fmt.Errorf("kangaroo_landing: %w", err)
	}
	bend := map[string]cmg.Values{}
	for i, id := range landKnees {
		bend[id], bend[landLengthMotors[i]] = cmg.Values{landKneeSeed}, cmg.Values{landLengthSeed}
	}
	if err := pl.m.SetJointValues(q0, bend); err != nil {
		return nil, fmt.Errorf("kangaroo_landing: bending the knees: %w", err)
	}
	d := pl.model.NewData()
	if err := d.AssembleFrom(q0); err != nil {
		return nil, fmt.Errorf("kangaroo_landing: assembling with the knees bent: %w", err)
	}
	pl.q, pl.p = d.Q, d.Partition()
	return pl, nil
}

// newLandGait returns a fresh mode schedule for the plant: flight from its assembled
// configuration until the soles have dropped landDrop.
func newLandGait(pl *plant) (*landGait, error) {
	m := pl.m
	gait := &landGait{m: m, kd: dyn.NewData(m), flight: &sim.Mode{Name: "flight", Model: pl.model}, tTouch: math.NaN(),
		baseRequest: landBase(m)}
	for _, s := range landSoles {
		n := m.BodyNode(s)
		if n < 0 {
			return nil, fmt.Errorf("kangaroo_landing: the model has no sole body %q", s)
		}
		gait.soleNodes = append(gait.soleNodes, n)
	}
	gait.z0 = gait.soleHeight(pl.q)
	return gait, nil
}

// newLandRun returns a fresh gait and controller for the plant.
func newLandRun(pl *plant) (*landGait, *landCtrl, error) {
	gait, err := newLandGait(pl)
	if err != nil {
		return nil, nil, err
	}
	d0, err := pl.data()
	if err != nil {
		return nil, nil, err
	}
	ctrl, err := newLandCtrl(pl.m, append([]float64(nil), d0.Kin.Ell...), gait)
	return gait, ctrl, err
}

// landBase returns the velocity indices of the pelvis's free joint, or nil.
func landBase(m *compile.Model) []int {
	n := m.BodyNode(landPelvis)
	if n <= 0 {
		return nil
	}
	j := &m.Joints[m.Edges[m.Bodies[n-1].Edge].Joint]
	if j.NV != 6 {
		return nil
	}
	out := []int{}
	for k := range 6 {
		out = append(out, j.V0+k)
	}
	return out
}

// runKangarooLanding runs the landing sequence on the reduced dynamics.
func runKangarooLanding(g *cmg.Graph, o Options) (*Result, error) {
	dur := o.Duration
	pl, err := newLanding(g)
	if err != nil {
		return nil, err
	}
	gait, ctrl, err := newLandRun(pl)
	if err != nil {
		return nil, err
	}
	n := steps(dur, landDt)
	pr := &progress{o: o, total: n}
	s, err := pl.sim(ctrl, sim.Options{Dt: landDt, LogEvery: 10, Schedule: gait.schedule,
		Probes: []sim.Probe{landProbe{ctrl}}, Progress: pr.hook()})
	if err != nil {
		return nil, err
	}
	run, err := rollout("reduced", s, n)
	if err != nil {
		return nil, err
	}
	res := &Result{Runs: []Run{run}}
	res.Metrics, err = landMetrics(run, ctrl)
	if err != nil {
		return nil, err
	}
	res.Figures = append(landFigures([]Run{run}), gapFigure("Kangaroo landing", res.Runs))
	return res, nil
}

// landMetrics are the landing's metrics: touchdown time and impulses, crouch depth,
// pelvis tracking, the point and universal-axis residuals, the closure gap and the
// peak motor effort.
func landMetrics(run Run, c *landCtrl) ([]Metric, error) {
	l := run.Log
	col := func(name string) ([]float64, error) { return l.Column(name) }
	z, err := col("pelvis_z_m")
	if err != nil {
		return nil, err
	}
	perr, err := col("pelvis_err_m")
	if err != nil {
		return nil, err
	}
	t, err := col("t")
	if err != nil {
		return nil, err
	}
	soles, err := col("support_soles")
	if err != nil {
		return nil, err
	}
	zTouch := c.gait.pelvisTouch.P[2]
	crouch, sum, cnt, push := 0.0, 0.0, 0, 0.0
	for i := range z {
		if soles[i] == 0 {
			continue
		}
		crouch = math.Max(crouch, zTouch-z[i])
		sum += perr[i] * perr[i]
		cnt++
		if t[i] >= landPushT0 && t[i] < landPushT0+1 {
			push = math.Max(push, perr[i])
		}
	}
	if cnt == 0 {
		return nil, fmt.Errorf("kangaroo_landing: the soles never touched down")
	}
	return []Metric{
		{"touchdown_s", c.gait.tTouch},
		{"crouch_depth_mm", 1e3 * crouch},
		{"pelvis_pos_rms_mm", 1e3 * math.Sqrt(sum/float64(cnt))},
		{"pelvis_err_push_max_mm", 1e3 * push},
		{"point_gap_max_m", peakAbs(l, "point_gap_m")},
		{"universal_axis_residual_max", peakAbs(l, "universal_axis")},
		{"closure_gap_max_m", run.Stats.GapMaxM},
		{"impulse_left_Ns", c.impulse[0].Norm()},
		{"impulse_right_Ns", c.impulse[1].Norm()},
		{"impulse_net_Ns", c.netImpulse.Norm()},
		{"impact_momentum_Ns", c.mass * math.Sqrt(2*9.81*landDrop)},
		{"mode_switches", float64(run.Stats.ModeSwitches)},
		{"peak_force_N", peakAbs(l, "f:")},
	}, nil
}

// landFigures plots the pelvis height against its reference, the motor errors and the
// sole forces (from our model's multipliers at the state) of every run.
func landFigures(runs []Run) []Figure {
	height := plot.Plot{Title: "Kangaroo landing: pelvis height", XLabel: "t (s)", YLabel: "z (m)"}
	motors := plot.Plot{Title: "Kangaroo landing: motor error (RMS of twelve)", XLabel: "t (s)", YLabel: "error (mm)"}
	feet := plot.Plot{Title: "Kangaroo landing: sole forces", XLabel: "t (s)", YLabel: "|f| (N)"}
	for _, r := range runs {
		height.Series = append(height.Series, plot.Series{Log: r.Log, X: "t", Y: "pelvis_z_m", Label: r.Name})
		motors.Series = append(motors.Series, plot.Series{Log: r.Log, X: "t", Y: "motor_err_rms_m", Scale: 1e3, Label: r.Name})
		feet.Series = append(feet.Series,
			plot.Series{Log: r.Log, X: "t", Y: "foot_force_left_N", Label: r.Name + " left"},
			plot.Series{Log: r.Log, X: "t", Y: "foot_force_right_N", Label: r.Name + " right"})
	}
	if len(runs) > 0 {
		height.Series = append(height.Series, plot.Series{Log: runs[0].Log, X: "t", Y: "pelvis_z_ref_m", Label: "reference"})
	}
	return []Figure{{"kangaroo_pelvis_height.png", height}, {"kangaroo_motor_error.png", motors},
		{"kangaroo_foot_forces.png", feet}}
}
