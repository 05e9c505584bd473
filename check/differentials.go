package check

import (
	"math"

	"gonum.org/v1/gonum/mat"
)

// fdStep is the central-difference step in declared-scale units.
const fdStep = 1e-6

// FDMaxColumns is the largest number of velocity columns whose differentials are checked
// by central differences at each state; a model with more velocities has FDMaxColumns of
// them checked, evenly spaced (each column costs two evaluations of every checked map, so
// checking all n columns would be O(n²)). A model with closure rows has at most
// max(FDMinColumns, FDMaxColumns²/NV): each of its columns costs two closure residuals,
// which dominate there (about 3 ms each on a 1,000-loop ladder).
const FDMaxColumns = 400

// FDMinColumns is the fewest columns checked on a large model with closure rows.
const FDMinColumns = 64

// fdColumns returns the velocity columns the differentials are checked on for a model
// with nv velocities and rows closure rows.
func fdColumns(nv, rows int) []int {
	k := FDMaxColumns
	if rows > 0 && nv > FDMaxColumns {
		k = max(FDMinColumns, FDMaxColumns*FDMaxColumns/nv)
	}
	return evenlySpaced(nv, k)
}

// evenlySpaced returns min(n, k) distinct increasing indices spread evenly over [0, n).
func evenlySpaced(n, k int) []int {
	k = min(n, k)
	out := make([]int, k)
	for i := range out {
		out[i] = i * n / k
	}
	return out
}

// differentials perturbs q off the manifold and returns the worst relative difference
// between central differences and the analytic closure Jacobian C, port Jacobian J_ℓ and
// task Jacobians J_x there (each relative to its largest entry, or 1), on the columns of
// fdColumns.
func (w *workspace) differentials(q []float64) float64 {
	m, kd := w.m, w.dk
	dv := make([]float64, m.NV)
	for i := range dv {
		dv[i] = w.uniform(1e-3 * w.cs[i])
	}
	qo := make([]float64, m.NQ)
	m.Integrate(q, dv, 1, qo)

	// Analytic values at qo: C, J_ℓ and every task's J_x, stacked as columns of one list.
	// C is read in place (no map below evaluates it again); the others are copied.
	type block struct {
		rows   int
		an     []float64 // rows × NV with row stride stride
		stride int
		val    func() []float64
	}
	var blocks []block
	if m.Rows > 0 && m.NV > 0 { // with no coordinates there is no column to check
		kd.Closure.Jacobian(qo)
		C := kd.Closure.C.RawMatrix()
		blocks = append(blocks, block{m.Rows, C.Data, C.Stride, func() []float64 {
			kd.Closure.Residual(w.qfd)
			return append([]float64(nil), kd.Closure.Rho...)
		}})
	}
	kd.Kinematics(qo)
	if nf := len(kd.Ports); nf > 0 {
		blocks = append(blocks, block{nf, dense(kd.JEll, nf, m.NV), m.NV, func() []float64 {
			kd.Kinematics(w.qfd)
			return append([]float64(nil), kd.Ell...)
		}})
	}
	for _, t := range w.tasks {
		Jx := mat.NewDense(t.Dim(), m.NV, nil)
		kd.Kinematics(qo)
		if err := kd.TaskJacobian(t, Jx, nil); err != nil {
			continue // at the logarithm's branch limit the chart has no derivative
		}
		blocks = append(blocks, block{t.Dim(), dense(Jx, t.Dim(), m.NV), m.NV, func() []float64 {
			kd.Kinematics(w.qfd)
			x := make([]float64, t.Dim())
			_ = kd.TaskValue(t, x)
			return x
		}})
	}

	worstRel := 0.0
	w.qfd = make([]float64, m.NQ)
	for _, b := range blocks {
		scale := 1.0
		for r := range b.rows {
			for _, x := range b.an[r*b.stride : r*b.stride+m.NV] {
				scale = math.Max(scale, math.Abs(x))
			}
		}
		for _, c := range fdColumns(m.NV, m.Rows) {
			for i := range dv {
				dv[i] = 0
			}
			h := fdStep * w.cs[c]
			dv[c] = 1
			m.Integrate(qo, dv, h, w.qfd)
			plus := b.val()
			m.Integrate(qo, dv, -h, w.qfd)
			minus := b.val()
			for r := range b.rows {
				fd := (plus[r] - minus[r]) / (2 * h)
				worstRel = math.Max(worstRel, math.Abs(fd-b.an[r*b.stride+c])/scale)
			}
		}
	}
	return worstRel
}

// dense copies the rows × cols leading block of A (which may be empty) into a row-major slice.
func dense(A *mat.Dense, rows, cols int) []float64 {
	out := make([]float64, rows*cols)
	if rows == 0 || cols == 0 {
		return out
	}
	a := A.RawMatrix()
	for r := range rows {
		copy(out[r*cols:r*cols+cols], a.Data[r*a.Stride:r*a.Stride+cols])
	}
	return out
}

// curvatureFD compares the analytic curvature Ė u at the last evaluation with the centred
// directional difference (E(q ⊕ hv) − E(q ⊖ hv)) u / 2h along v = E u, relative to the
// largest entry of the curvature. States with a curvature at round-off (no nonlinear
// closure rows, or u = 0) give 0 and evaluated false.
func (w *workspace) curvatureFD(q, u []float64) (rel float64, evaluated bool, err error) {
	m, kd := w.m, w.kd
	cmax, vmax := 0.0, 0.0
	for i, c := range kd.Curv {
		cmax = math.Max(cmax, math.Abs(c))
		vmax = math.Max(vmax, math.Abs(kd.V[i])/w.cs[i])
	}
	if cmax < 1e-9 || vmax == 0 {
		return 0, false, nil
	}
	h := 1e-4 / vmax
	fd, err := w.fdData()
	if err != nil {
		return 0, false, err
	}
	qs := make([]float64, m.NQ)
	var eu [2][]float64
	for s, sign := range []float64{1, -1} {
		m.Integrate(q, kd.V, sign*h, qs)
		if err := fd.SetConfiguration(qs); err != nil {
			return 0, false, err
		}
		if err := fd.SetState(u, nil); err != nil {
			return 0, false, err
		}
		fd.Interfaces()
		eu[s] = append([]float64(nil), fd.V...)
	}
	worstAbs := 0.0
	for i, c := range kd.Curv {
		worstAbs = math.Max(worstAbs, math.Abs((eu[0][i]-eu[1][i])/(2*h)-c))
	}
	return worstAbs / cmax, true, nil
}
