package main

import (
	"fmt"
	"math"
	"time"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/sim"
	"github.com/robocompiler/robocompiler/spatial"
	"gonum.org/v1/gonum/mat"
)

// problem is a reaching problem: from the assembled state (q0, at rest) move the point
// Point of body Node to Target at the end of N steps of Dt, with the port efforts held
// constant over each step. The cost is
//
//	Σ_k ½ Dt Σ_i R_i (f_k,i − f_hold,i)² + ½ Wp |p(x_N) − Target|² + ½ Wv |U_N|²
//
// with f_hold the least-norm efforts that hold the start at rest.
type problem struct {
	m      *robocompiler.Model
	q0     []float64
	p      *closure.Partition
	n, nf  int
	N      int
	Dt     float64
	Integ  sim.Integrator
	Node   int
	Point  spatial.Vec3
	Target spatial.Vec3
	R      []float64 // effort weight per port (1/(N² s) or 1/(N² m² s))
	Wp, Wv float64
	fhold  []float64
	qi     []int // the configuration index of each independent (1-DoF) coordinate
}

// trajectory is a rollout: states Q[k], U[k] (k = 0..N) and efforts F[k] (k < N).
type trajectory struct {
	Q, U, F [][]float64
	cost    float64
	tipErr  float64 // |p(x_N) − Target| (m)
}

// derivMode selects how the step is linearised.
type derivMode int

const (
	// library: sim.Transition (the chain rule through the integrator's stages on the
	// partials of Data.ForwardDerivatives).
	library derivMode = iota
	// differences: central differences of the whole step map (as MuJoCo's
	// mjd_transitionFD), one perturbed step per state and effort coordinate and sign,
	// with steps chosen by hand above the noise floor.
	differences
)

func (m derivMode) String() string {
	if m == library {
		return "ForwardDerivatives"
	}
	return "finite differences"
}

// iteration records one iLQR iteration.
type iteration struct {
	Cost, TipErr float64
	Seconds      float64 // wall time since the start of the solve
	Alpha, Mu    float64
}

// newProblem assembles the model from its default seed, holds the start with the
// least-norm efforts and records the independent coordinates' configuration indices.
func newProblem(m *robocompiler.Model, body string, point, target spatial.Vec3, horizon float64, steps int) (*problem, error) {
	d := m.NewData()
	if err := d.Assemble(""); err != nil {
		return nil, err
	}
	node := m.BodyNode(body)
	if node <= 0 {
		return nil, fmt.Errorf("no body %q", body)
	}
	pr := &problem{m: m, q0: append([]float64(nil), d.Q...), p: d.Partition(), n: d.Mobility(), nf: len(d.Kin.Ports),
		N: steps, Dt: horizon / float64(steps), Integ: sim.RK4, Node: node, Point: point, Target: target,
		Wp: 1e4, Wv: 1e2}
	pr.R = make([]float64, pr.nf)
	for i := range pr.R {
		pr.R[i] = 1e-9
	}
	for _, c := range pr.p.Independent {
		k := -1
		for _, j := range m.Joints {
			if !j.Eliminated && j.NV == 1 && j.NQ == 1 && j.V0 == c {
				k = j.Q0
			}
		}
		if k < 0 {
			return nil, fmt.Errorf("independent velocity %d is not a 1-DoF joint's", c)
		}
		pr.qi = append(pr.qi, k)
	}
	// f_hold = L (Lᵀ L)⁻¹ h_r at rest.
	if err := d.Forward(nil, nil); err != nil {
		return nil, err
	}
	L := d.Kin.L
	var ltl mat.Dense
	ltl.Mul(L.T(), L)
	var y mat.VecDense
	if err := y.SolveVec(&ltl, mat.NewVecDense(pr.n, append([]float64(nil), d.Reduced.Hr...))); err != nil {
		return nil, fmt.Errorf("holding efforts: %w", err)
	}
	var f mat.VecDense
	f.MulVec(L, &y)
	pr.fhold = append([]float64(nil), f.RawVector().Data...)
	return pr, nil
}

// tip evaluates the point and its Jacobian in the independent coordinates (3 × D) at the
// feasible configuration q.
func (pr *problem) tip(q []float64) (spatial.Vec3, *mat.Dense, error) {
	d := pr.m.NewData()
	if err := d.Place(q, pr.p); err != nil {
		return spatial.Vec3{}, nil, err
	}
	d.Interfaces()
	nv := pr.m.NV
	jv := make([]float64, 3*nv)
	d.Kin.PointJacobian(pr.Node, pr.Point, 1, jv, nv, 0)
	var J mat.Dense
	J.Mul(mat.NewDense(3, nv, jv), d.Lift().E)
	return d.Kin.WorldPoint(pr.Node, pr.Point), &J, nil
}

// rollout integrates from the start with efforts F[k] + alpha·kff[k] + K[k]·(x̂_k − x_k)
// about the nominal nom (kff, K nil: open loop F).
func (pr *problem) rollout(F [][]float64, nom *trajectory, kff [][]float64, K []*mat.Dense, alpha float64) (*trajectory, error) {
	cur := pr.m.NewData()
	if err := cur.Place(pr.q0, pr.p); err != nil {
		return nil, err
	}
	tr := sim.NewTransition(cur)
	t := &trajectory{}
	dx := make([]float64, 2*pr.n)
	for k := 0; k <= pr.N; k++ {
		t.Q = append(t.Q, append([]float64(nil), cur.Q...))
		t.U = append(t.U, append([]float64(nil), cur.U...))
		if k == pr.N {
			break
		}
		f := append([]float64(nil), F[k]...)
		if kff != nil {
			pr.delta(cur.Q, cur.U, nom.Q[k], nom.U[k], dx)
			fb := mat.NewVecDense(pr.nf, nil)
			fb.MulVec(K[k], mat.NewVecDense(2*pr.n, dx))
			for i := range f {
				f[i] += alpha*kff[k][i] + fb.AtVec(i)
			}
		}
		t.F = append(t.F, f)
		if err := tr.Advance(cur, f, nil, pr.Dt, pr.Integ); err != nil {
			return nil, fmt.Errorf("step %d: %w", k, err)
		}
		if err := cur.Reset(tr.Q); err != nil {
			return nil, err
		}
		if err := cur.SetState(tr.U, nil); err != nil {
			return nil, err
		}
	}
	return t, pr.evaluate(t)
}

// delta writes the state difference (q_I − q̄_I, U − Ū).
func (pr *problem) delta(q, u, qn, un, dx []float64) {
	for i, c := range pr.qi {
		dx[i] = q[c] - qn[c]
		dx[pr.n+i] = u[i] - un[i]
	}
}

// evaluate sets the trajectory's cost and tip error.
func (pr *problem) evaluate(t *trajectory) error {
	p, _, err := pr.tip(t.Q[pr.N])
	if err != nil {
		return err
	}
	e := p.Sub(pr.Target)
	t.tipErr = math.Sqrt(e.Dot(e))
	c := 0.5 * pr.Wp * e.Dot(e)
	for _, x := range t.U[pr.N] {
		c += 0.5 * pr.Wv * x * x
	}
	for _, f := range t.F {
		for i, x := range f {
			c += 0.5 * pr.R[i] * pr.Dt * (x - pr.fhold[i]) * (x - pr.fhold[i])
		}
	}
	t.cost = c
	return nil
}

// linearize returns A_k (2D × 2D) and B_k (2D × nf) along t.
func (pr *problem) linearize(t *trajectory, mode derivMode) ([]*mat.Dense, []*mat.Dense, error) {
	n, nf := pr.n, pr.nf
	A, B := make([]*mat.Dense, pr.N), make([]*mat.Dense, pr.N)
	d := pr.m.NewData()
	if err := d.Place(pr.q0, pr.p); err != nil {
		return nil, nil, err
	}
	tr := sim.NewTransition(d)
	out := make([]float64, 2*n)
	for k := range pr.N {
		if err := d.Reset(t.Q[k]); err != nil {
			return nil, nil, err
		}
		if err := d.SetState(t.U[k], nil); err != nil {
			return nil, nil, err
		}
		if mode == library {
			if err := tr.Step(d, t.F[k], nil, pr.Dt, pr.Integ); err != nil {
				return nil, nil, fmt.Errorf("step %d: %w", k, err)
			}
			A[k] = mat.NewDense(2*n, 2*n, append([]float64(nil), tr.A...))
			B[k] = mat.NewDense(2*n, nf, append([]float64(nil), tr.B...))
			continue
		}
		A[k], B[k] = mat.NewDense(2*n, 2*n, nil), mat.NewDense(2*n, nf, nil)
		for c := range 2*n + nf {
			// Steps above the tracker's noise floor (its Newton correction leaves ~1e-13 of
			// the closure, which the light pin linkage amplifies in the speeds) and below
			// the nonlinearity: 1e-4 in the coordinates and speeds, 1e-3 of the effort (at
			// least 1 N or N·m) but 1e-3 N·m on the pin's holding port (the last), which
			// swings the nearly massless linkage at 40 rad/s per N·m within one step.
			h := 1e-4
			if c >= 2*n {
				h = 1e-3 * math.Max(1e3, math.Abs(t.F[k][c-2*n]))
				if c == 2*n+nf-1 {
					h = 1e-3
				}
			}
			for _, s := range []float64{h, -h} {
				if err := d.Reset(t.Q[k]); err != nil {
					return nil, nil, err
				}
				u, f := append([]float64(nil), t.U[k]...), append([]float64(nil), t.F[k]...)
				switch {
				case c < n:
					du := make([]float64, n)
					du[c] = s
					if err := d.Track(du); err != nil {
						return nil, nil, err
					}
				case c < 2*n:
					u[c-n] += s
				default:
					f[c-2*n] += s
				}
				if err := d.SetState(u, nil); err != nil {
					return nil, nil, err
				}
				if err := tr.Advance(d, f, nil, pr.Dt, pr.Integ); err != nil {
					return nil, nil, err
				}
				for i, q := range pr.qi {
					out[i] = tr.Q[q] - t.Q[k][q]
					out[n+i] = tr.U[i]
				}
				for r := range 2 * n {
					x := out[r] / (2 * s)
					if c < 2*n {
						A[k].Set(r, c, A[k].At(r, c)+x)
					} else {
						B[k].Set(r, c-2*n, B[k].At(r, c-2*n)+x)
					}
				}
			}
		}
	}
	return A, B, nil
}

// solve runs iLQR (Gauss–Newton terminal cost, Levenberg–Marquardt regularisation of
// Q_uu, backtracking line search) from the holding efforts for at most maxIter
// iterations, or until the relative cost decrease falls below 1e-6. The regularisation
// scales the diagonal of Q_uu by 1 + μ (the efforts' units differ by orders of
// magnitude: newtons of cylinder force, newton-metres of slew torque).
func (pr *problem) solve(mode derivMode, maxIter int) ([]iteration, *trajectory, error) {
	n, nf := pr.n, pr.nf
	F := make([][]float64, pr.N)
	for k := range F {
		F[k] = append([]float64(nil), pr.fhold...)
	}
	start := time.Now()
	t, err := pr.rollout(F, nil, nil, nil, 0)
	if err != nil {
		return nil, nil, err
	}
	its := []iteration{{Cost: t.cost, TipErr: t.tipErr}}
	mu := 1e-6
	for range maxIter {
		A, B, err := pr.linearize(t, mode)
		if err != nil {
			return its, t, err
		}
		// Terminal value: Gauss–Newton on the tip error, plus the speed penalty.
		p, J, err := pr.tip(t.Q[pr.N])
		if err != nil {
			return its, t, err
		}
		e := p.Sub(pr.Target)
		vx := mat.NewVecDense(2*n, nil)
		vxx := mat.NewDense(2*n, 2*n, nil)
		for i := range n {
			for r := range 3 {
				vx.SetVec(i, vx.AtVec(i)+pr.Wp*J.At(r, i)*e[r])
				for j := range n {
					vxx.Set(i, j, vxx.At(i, j)+pr.Wp*J.At(r, i)*J.At(r, j))
				}
			}
			vx.SetVec(n+i, pr.Wv*t.U[pr.N][i])
			vxx.Set(n+i, n+i, pr.Wv)
		}
		kff, K, ok := pr.backward(A, B, t, vx, vxx, mu)
		if !ok {
			mu *= 10
			continue
		}
		accepted := false
		for alpha := 1.0; alpha > 1e-3; alpha /= 2 {
			nt, err := pr.rollout(t.F, t, kff, K, alpha)
			if debug {
				fmt.Println("alpha", alpha, "mu", mu, "err", err, "cost", t.cost, "->", costOf(nt))
			}
			if err != nil || nt.cost >= t.cost {
				continue
			}
			decrease := (t.cost - nt.cost) / t.cost
			t, accepted = nt, true
			its = append(its, iteration{Cost: t.cost, TipErr: t.tipErr, Seconds: time.Since(start).Seconds(), Alpha: alpha, Mu: mu})
			mu = math.Max(mu/10, 1e-9)
			if decrease < 1e-6 {
				return its, t, nil
			}
			break
		}
		if !accepted {
			mu *= 10
			if mu > 1e6 {
				break
			}
		}
	}
	_ = nf
	return its, t, nil
}

// backward is the iLQR backward pass; it returns the feedforward and feedback gains, or
// false when Q_uu is not positive definite.
func (pr *problem) backward(A, B []*mat.Dense, t *trajectory, vx *mat.VecDense, vxx *mat.Dense, mu float64) ([][]float64, []*mat.Dense, bool) {
	n, nf := pr.n, pr.nf
	kff, K := make([][]float64, pr.N), make([]*mat.Dense, pr.N)
	for k := pr.N - 1; k >= 0; k-- {
		var qx, qu mat.VecDense
		qx.MulVec(A[k].T(), vx)
		qu.MulVec(B[k].T(), vx)
		for i := range nf {
			qu.SetVec(i, qu.AtVec(i)+pr.R[i]*pr.Dt*(t.F[k][i]-pr.fhold[i]))
		}
		var va, vb, qxx, quu, qux mat.Dense
		va.Mul(vxx, A[k])
		vb.Mul(vxx, B[k])
		qxx.Mul(A[k].T(), &va)
		quu.Mul(B[k].T(), &vb)
		qux.Mul(B[k].T(), &va)
		for i := range nf {
			x := quu.At(i, i) + pr.R[i]*pr.Dt
			quu.Set(i, i, x*(1+mu))
		}
		var ch mat.Cholesky
		if !ch.Factorize(mat.NewSymDense(nf, symmetric(&quu))) {
			return nil, nil, false
		}
		var kv mat.VecDense
		if err := ch.SolveVecTo(&kv, &qu); err != nil {
			return nil, nil, false
		}
		kv.ScaleVec(-1, &kv)
		var Kk mat.Dense
		if err := ch.SolveTo(&Kk, &qux); err != nil {
			return nil, nil, false
		}
		Kk.Scale(-1, &Kk)
		kff[k], K[k] = append([]float64(nil), kv.RawVector().Data...), &Kk
		// V_x = Q_x + Kᵀ Q_uu k + Kᵀ Q_u + Q_uxᵀ k; V_xx = Q_xx + Kᵀ Q_uu K + Kᵀ Q_ux + Q_uxᵀ K.
		var t1, t2, t3, t4 mat.VecDense
		t1.MulVec(&quu, &kv)
		t2.MulVec(Kk.T(), &t1)
		t3.MulVec(Kk.T(), &qu)
		t4.MulVec(qux.T(), &kv)
		nvx := mat.NewVecDense(2*n, nil)
		nvx.AddVec(&qx, &t2)
		nvx.AddVec(nvx, &t3)
		nvx.AddVec(nvx, &t4)
		var m1, m2, m3 mat.Dense
		m1.Mul(&quu, &Kk)
		m2.Mul(Kk.T(), &m1)
		m3.Mul(Kk.T(), &qux)
		nvxx := mat.NewDense(2*n, 2*n, nil)
		nvxx.Add(&qxx, &m2)
		nvxx.Add(nvxx, &m3)
		nvxx.Add(nvxx, m3.T())
		vx = nvx
		vxx = mat.NewDense(2*n, 2*n, symmetric(nvxx))
	}
	return kff, K, true
}

// symmetric returns the row-major data of (M + Mᵀ)/2.
func symmetric(m *mat.Dense) []float64 {
	r, _ := m.Dims()
	out := make([]float64, r*r)
	for i := range r {
		for j := range r {
			out[i*r+j] = 0.5 * (m.At(i, j) + m.At(j, i))
		}
	}
	return out
}

var debug = false

func costOf(t *trajectory) float64 {
	if t == nil {
		return math.NaN()
	}
	return t.cost
}
