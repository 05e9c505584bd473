package tasks

import (
	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/kin"
	"github.com/robocompiler/robocompiler/sim"
	"github.com/robocompiler/robocompiler/spatial"
	"gonum.org/v1/gonum/mat"
)

// taskPD tracks site references in task space through the compiled maps: every active
// target contributes rows J = J_x E and a velocity command w — a point site
// w = ṗ_ref + K (p_ref − p), a frame site or body w = V_ref − K x with x = Log(T_ref⁻¹ T)
// and V_ref the reference's body twist — and the commanded speeds are the least-squares,
// least-norm u* = J⁺ w, realised by a speed servo τ_r = M_r K_v (u* − u) (+ h_r with
// feedforward) and the least-squares port efforts over the connected ports with
// L_cᵀ f_c = τ_r. A point target whose site is in the active support set is skipped (it is
// held by the support).
type taskPD struct {
	gain, speedGain float64 // K and K_v (1/s)
	ff              bool
	targets         []*taskTarget
	on              []*taskTarget // the targets active at the last call (scratch)
	connected       []int
	held            *supportSchedule // nil without supports
	qp              *qpSettings      // nil: least squares
	res             *redundancy      // the QP of the current mobility
	active          int              // active QP rows at the last solve
	// model, when set, is the controller's own (nominal) model for the servo's M_r and h_r
	// (a plant with a payload it does not know); zero is scratch for h_r alone.
	model      *sim.Feedforward
	zero, bias []float64

	jx, J      *mat.Dense
	w, u, udot []float64
	tau, fc    []float64
	lc         *mat.Dense
}

// taskTarget is one tracked site with its reference and derivative scratch.
type taskTarget struct {
	task         *kin.Task
	other        *kin.Task  // relative_to: subtracted point (nil: world)
	jo           *mat.Dense // its point Jacobian (3 × NV)
	ref          *reference
	y, yd, ydd   []float64
	x            [6]float64
	posErr, rotE float64 // last errors (m, rad)
}

// newTaskPD allocates the controller for the site references refs.
func newTaskPD(gain, speedGain float64, ff bool, refs []*fileRef, connected []int) *taskPD {
	c := &taskPD{gain: gain, speedGain: speedGain, ff: ff, connected: connected}
	for _, r := range refs {
		t := *r.task
		c.targets = append(c.targets, &taskTarget{task: &t, other: r.other, ref: newReference(12, r.f),
			y: make([]float64, 12), yd: make([]float64, 12), ydd: make([]float64, 12)})
	}
	return c
}

// Control implements sim.Controller.
func (c *taskPD) Control(s *sim.State, data *robocompiler.Data, cmd *sim.Command) error {
	k := data.Kin
	m := k.Model()
	d := k.Mobility()
	if err := data.Dynamics(cmd.Fext); err != nil {
		return err
	}
	rows := 0
	active := c.on[:0]
	for _, t := range c.targets {
		if c.held.holds(s.Mode, t.task) {
			continue
		}
		active = append(active, t)
		c.on = active
		rows += t.task.Dim()
	}
	if c.jx == nil || c.jx.RawMatrix().Rows != rows || c.jx.RawMatrix().Cols != m.NV || len(c.udot) != d {
		c.jx, c.J = mat.NewDense(max(rows, 1), m.NV, nil), mat.NewDense(max(rows, 1), max(d, 1), nil)
		c.w, c.u, c.udot, c.tau = make([]float64, max(rows, 1)), make([]float64, d), make([]float64, d), make([]float64, d)
		c.fc, c.lc = make([]float64, len(c.connected)), mat.NewDense(max(len(c.connected), 1), max(d, 1), nil)
	}
	r0 := 0
	for _, t := range active {
		t.ref.eval(s.T, t.y, t.yd, t.ydd)
		n := t.task.Dim()
		if err := t.rows(k, c.gain, c.jx.Slice(r0, r0+n, 0, m.NV).(*mat.Dense), c.w[r0:r0+n]); err != nil {
			return err
		}
		r0 += n
	}
	u := c.u
	clear(u)
	r := data.Reduced
	switch {
	case c.qp != nil && rows > 0:
		q := c.qp
		if c.res == nil || c.res.d != d {
			c.res = newRedundancy(k, active[0].task, nil, q.ports, q.lo, q.hi, q.beta, q.speed, q.horizon, q.barrier, false)
		}
		res, err := c.res.solve(k, r.Mr, c.w[:rows], u)
		if err != nil {
			return err
		}
		c.active = len(res.Active)
	case rows > 0 && d > 0:
		c.J.Mul(c.jx, k.Lift.E)
		leastSquaresSolve(c.J, c.w[:rows], u)
	}
	for a := range d {
		c.udot[a] = c.speedGain * (u[a] - s.U[a])
	}
	switch {
	case c.model != nil:
		if err := c.servoOnModel(s, cmd); err != nil {
			return err
		}
	case c.ff:
		r.Inverse(c.udot, c.tau)
	default:
		for a := range d {
			c.tau[a] = 0
			for b := range d {
				c.tau[a] += r.Mr[a*d+b] * c.udot[b]
			}
		}
	}
	for i, p := range c.connected {
		for j := range d {
			c.lc.Set(i, j, k.L.At(p, j))
		}
	}
	leastSquaresEfforts(c.lc, c.tau, c.fc)
	for i, p := range c.connected {
		cmd.F[p] = c.fc[i]
	}
	return nil
}

// rows writes target t's task Jacobian J_x (Dim × NV) and velocity command w at the
// reference values just evaluated (t.y: position, then the rotation row-major).
func (t *taskTarget) rows(k *kin.Data, gain float64, jx *mat.Dense, w []float64) error {
	var ref spatial.Transform
	copy(ref.P[:], t.y[:3])
	for i := range 3 {
		for j := range 3 {
			ref.R[i][j] = t.y[3+3*i+j]
		}
	}
	pose := k.Pose(t.task)
	if t.other != nil {
		pose.P = pose.P.Sub(k.Pose(t.other).P)
	}
	t.posErr = pose.P.Sub(ref.P).Norm()
	t.rotE = angle(ref.R.T().Mul(pose.R))
	if t.task.Point {
		if err := k.TaskJacobian(t.task, jx, nil); err != nil {
			return err
		}
		if t.other != nil {
			if t.jo == nil {
				_, nv := jx.Dims()
				t.jo = mat.NewDense(3, nv, nil)
			}
			if err := k.TaskJacobian(t.other, t.jo, nil); err != nil {
				return err
			}
			jx.Sub(jx, t.jo)
		}
		for i := range 3 {
			w[i] = t.yd[i] + gain*(ref.P[i]-pose.P[i])
		}
		return nil
	}
	t.task.Ref = ref
	if err := k.TaskJacobian(t.task, jx, nil); err != nil {
		return err
	}
	if err := k.TaskValue(t.task, t.x[:]); err != nil {
		return err
	}
	// Body twist of the reference: ω = vee(Rᵀ Ṙ), v = Rᵀ ṗ.
	var Rd spatial.Mat3
	for i := range 3 {
		for j := range 3 {
			Rd[i][j] = t.yd[3+3*i+j]
		}
	}
	om := ref.R.T().Mul(Rd)
	v := ref.R.T().MulVec(spatial.Vec3{t.yd[0], t.yd[1], t.yd[2]})
	tw := [6]float64{(om[2][1] - om[1][2]) / 2, (om[0][2] - om[2][0]) / 2, (om[1][0] - om[0][1]) / 2, v[0], v[1], v[2]}
	for i := range 6 {
		w[i] = tw[i] - gain*t.x[i]
	}
	return nil
}

// leastSquaresSolve writes the least-squares, least-norm solution x of J x = w from the
// SVD of J (singular values below effortRCond of the largest dropped).
func leastSquaresSolve(J *mat.Dense, w, x []float64) {
	var svd mat.SVD
	svd.Factorize(J, mat.SVDThin)
	sv := svd.Values(nil)
	var u, v mat.Dense
	svd.UTo(&u)
	svd.VTo(&v)
	for i := range x {
		x[i] = 0
	}
	for k, s := range sv {
		if s <= effortRCond*sv[0] || s == 0 {
			continue
		}
		c := 0.0
		for a, y := range w {
			c += u.At(a, k) * y
		}
		c /= s
		for i := range x {
			x[i] += v.At(i, k) * c
		}
	}
}

// taskProbe logs the position errors of the task targets and the rotation errors of
// the frame targets.
type taskProbe struct {
	c    *taskPD
	cols []string
}

// newTaskProbe names the columns <error column> of each target and <error column>_rot of
// each frame target.
func newTaskProbe(c *taskPD, refs []*fileRef) *taskProbe {
	p := &taskProbe{c: c}
	for _, r := range refs {
		p.cols = append(p.cols, r.spec.ErrorColumn)
		if !r.task.Point {
			p.cols = append(p.cols, r.spec.ErrorColumn+"_rot")
		}
	}
	if c.qp != nil {
		p.cols = append(p.cols, "qp_active")
	}
	return p
}

// Columns implements sim.Probe.
func (p *taskProbe) Columns() []string { return p.cols }

// Sample implements sim.Probe: the errors of the controller's last evaluation (0 for a
// target held by a support).
func (p *taskProbe) Sample(s *sim.State, _ *robocompiler.Data, _ *sim.Command, out []float64) {
	k := 0
	for _, t := range p.c.targets {
		held := p.c.held.holds(s.Mode, t.task)
		out[k] = t.posErr
		if held {
			out[k] = 0
		}
		k++
		if !t.task.Point {
			out[k] = t.rotE
			k++
		}
	}
	if p.c.qp != nil {
		out[k] = float64(p.c.active)
	}
}

// qpSettings are the resolved QP settings of a task file: the bounded ports (indices),
// their stroke limits, barrier weights and speed limits, the look-ahead horizon (s) and
// the barrier gain (J·s).
type qpSettings struct {
	ports               []int
	lo, hi, beta, speed []float64
	horizon, barrier    float64
}

// servoOnModel writes τ_r = M_r K_v (u* − u) (+ h_r with feedforward) from the
// controller's own model at the plant's state (c.udot holds K_v (u* − u)).
func (c *taskPD) servoOnModel(s *sim.State, cmd *sim.Command) error {
	if err := c.model.Effort(s.Q, s.U, c.udot, cmd.Fext, c.tau); err != nil {
		return err
	}
	if c.ff {
		return nil
	}
	if len(c.zero) != len(c.udot) {
		c.zero, c.bias = make([]float64, len(c.udot)), make([]float64, len(c.udot))
	}
	if err := c.model.Effort(s.Q, s.U, c.zero, cmd.Fext, c.bias); err != nil {
		return err
	}
	for a := range c.tau {
		c.tau[a] -= c.bias[a]
	}
	return nil
}
