package tasks

import (
	"fmt"
	"math"

	"github.com/robocompiler/robocompiler/control"
	"github.com/robocompiler/robocompiler/kin"
	"gonum.org/v1/gonum/mat"
)

// redundancy is the velocity-level redundancy resolution of eq. 16 in the independent
// speeds u (len D) of one partition,
//
//	minimise ½ uᵀ M_r u + k gᵀu   s.t.   J u = w,   A u ≤ b,
//
// with J the task map J_x E of a frame or point task stacked over the port-map rows L_i of
// the task ports (a gripper opening held as a task), g = L_bᵀ ∂Φ/∂ℓ_b the stroke barrier
// of eq. 15 on the barrier ports, and A = [L_b; −L_b] bounding every barrier port's speed
// by its speed limit and by the distance to its stroke limits over a look-ahead horizon:
// ℓ̇_i ≤ min(speed_i, (ℓ⁺_i − ℓ_i)/horizon) and −ℓ̇_i ≤ min(speed_i, (ℓ_i − ℓ⁻_i)/horizon).
// With closed set, the inequalities are dropped and the closed form of eq. 17 is used.
type redundancy struct {
	task       *kin.Task
	taskPorts  []int     // ports appended to the task rows
	ports      []int     // barrier ports
	lo, hi     []float64 // their stroke limits (port units)
	beta       []float64 // barrier weights (dimensionless Φ)
	speed      []float64 // speed limits (port units per s)
	horizon    float64   // s
	gain       float64   // k_Φ (J·s per unit of Φ)
	closed     bool
	d, rows, n int

	jx, jt      *mat.Dense // task J_x (Dim × NV) and J_x E (Dim × D)
	qp          control.QP
	solver      *control.Solver
	l, grad, dl []float64 // barrier-port displacements, ∂Φ/∂ℓ, scratch
}

// newRedundancy allocates the resolution of task (nil: no task rows) plus the rows of
// taskPorts for kd's model and partition, with the stroke barrier and speed bounds on
// ports (stroke limits lo, hi, weights beta, speed limits speed, all per barrier port).
func newRedundancy(kd *kin.Data, task *kin.Task, taskPorts, ports []int, lo, hi, beta, speed []float64,
	horizon, gain float64, closed bool) *redundancy {
	m := kd.Model()
	dim := 0
	if task != nil {
		dim = task.Dim()
	}
	d, rows, n := kd.Mobility(), dim+len(taskPorts), len(ports)
	r := &redundancy{task: task, taskPorts: taskPorts, ports: ports, lo: lo, hi: hi, beta: beta, speed: speed,
		horizon: horizon, gain: gain, closed: closed, d: d, rows: rows, n: n,
		solver: control.NewSolver(d, rows, 2*n),
		l:      make([]float64, n), grad: make([]float64, n), dl: make([]float64, n)}
	if task != nil {
		r.jx, r.jt = mat.NewDense(dim, m.NV, nil), mat.NewDense(dim, d, nil)
	}
	r.qp = control.QP{W: mat.NewDense(d, d, nil), G: make([]float64, d), J: mat.NewDense(rows, d, nil),
		Wv: make([]float64, rows), A: mat.NewDense(2*n, d, nil), B: make([]float64, 2*n)}
	return r
}

// build fills the QP at kd's last Update with the reduced inertia mr (D×D row-major) and
// the task velocity command w (len rows: task rows, then task ports).
func (r *redundancy) build(kd *kin.Data, mr, w []float64) error {
	d := r.d
	W := r.qp.W.RawMatrix().Data
	for a := range d {
		for b := range d {
			W[a*d+b] = 0.5 * (mr[a*d+b] + mr[b*d+a])
		}
	}
	copy(r.qp.Wv, w)
	J, L := r.qp.J, kd.L
	dim := 0
	if r.task != nil {
		if err := kd.TaskJacobian(r.task, r.jx, r.jt); err != nil {
			return err
		}
		dim = r.task.Dim()
		J.Slice(0, dim, 0, d).(*mat.Dense).Copy(r.jt)
	}
	for i, p := range r.taskPorts {
		for a := range d {
			J.Set(dim+i, a, L.At(p, a))
		}
	}
	for i, p := range r.ports {
		r.l[i] = kd.Ell[p]
	}
	if math.IsInf(control.StrokeBarrier(r.l, r.lo, r.hi, r.beta, r.grad), 1) {
		return fmt.Errorf("redundancy: a barrier port left its stroke interval (ℓ = %v, limits %v to %v)", r.l, r.lo, r.hi)
	}
	clear(r.qp.G)
	for i, p := range r.ports {
		for a := range d {
			lia := L.At(p, a)
			r.qp.G[a] += r.gain * lia * r.grad[i]
			r.qp.A.Set(i, a, lia)
			r.qp.A.Set(r.n+i, a, -lia)
		}
		r.qp.B[i] = math.Min(r.speed[i], (r.hi[i]-r.l[i])/r.horizon)
		r.qp.B[r.n+i] = math.Min(r.speed[i], (r.l[i]-r.lo[i])/r.horizon)
	}
	return nil
}

// solve writes the resolved independent speeds into u (len D) at kd's last Update (see
// build) and returns the QP result (zero Result for the closed form).
func (r *redundancy) solve(kd *kin.Data, mr, w, u []float64) (control.Result, error) {
	if err := r.build(kd, mr, w); err != nil {
		return control.Result{}, err
	}
	if r.closed {
		// Resolve scales g by k itself: pass the unscaled differential.
		g := make([]float64, r.d)
		for a := range g {
			g[a] = r.qp.G[a] / r.gain
		}
		x, err := control.Resolve(r.qp.J, r.qp.W, g, r.qp.Wv, r.gain)
		if err != nil {
			return control.Result{}, err
		}
		copy(u, x)
		return control.Result{}, nil
	}
	return r.solver.Solve(&r.qp, u)
}

// speedRatio returns max_i |ℓ̇_i| / speed_i over the barrier ports for the speeds u at
// kd's last Update (1 means a speed limit is reached).
func (r *redundancy) speedRatio(kd *kin.Data, u []float64) float64 {
	worst := 0.0
	for i, p := range r.ports {
		s := 0.0
		for a, x := range u {
			s += kd.L.At(p, a) * x
		}
		worst = math.Max(worst, math.Abs(s)/r.speed[i])
	}
	return worst
}

// margin returns the smallest distance to a stroke limit over the barrier ports at kd's
// last Update (port units).
func (r *redundancy) margin(kd *kin.Data) float64 {
	worst := math.Inf(1)
	for i, p := range r.ports {
		worst = math.Min(worst, math.Min(kd.Ell[p]-r.lo[i], r.hi[i]-kd.Ell[p]))
	}
	return worst
}
