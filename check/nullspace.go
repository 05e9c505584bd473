package check

import (
	"errors"
	"math"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"

	"github.com/robocompiler/robocompiler/dyn"
	"github.com/robocompiler/robocompiler/spatial"
)

// nullSpaceDynamics is the dynamics reference of a model with closure rows and more than
// DenseReferenceMaxNV velocity coordinates, whose dense KKT reference of eq. 22 would cost
// O((nv+rows)³) time and (nv+rows)² memory. The residual of the accelerations a (len NV)
// in the equations of motion by RNEA, r = RNEA(q, v, a, fext) − τ_T (len NVT), is balanced
// by the constraint forces alone when a solves the constrained dynamics, so E_Tᵀ r = 0
// (E the closure lift's, NV × D, independent of the loop form's maximal-coordinate solve).
// One step of iterative refinement in the null space,
//
//	a_ref = a − E M_r⁻¹ E_Tᵀ r,
//
// gives δ_a = max|a − a_ref| / max(1, max|a_ref|) and δ_f = ‖M_T(a − a_ref)‖∞ /
// max(1, ‖τ_T‖∞, ‖h_T‖∞) of eq. 21 (M_T applied by RNEA at rest), in tree coordinates.
// The constraint part of the error, C a + γ, is the separate witness
// constraint_accel_residual_max. Cost O(NV·D) besides M_r (D × D: the dense form's, or
// in the loop form, which keeps none, liftedMass's) and its Cholesky factorisation
// (D³/3); M_r is returned for the condition estimate.
func (w *workspace) nullSpaceDynamics(q, v, a, tauT []float64, fext []spatial.Vec6) (deltaA, deltaF float64, mr []float64, err error) {
	m := w.m
	n, nv, d := m.NVT, m.NV, w.d.Mobility()
	dd := dyn.NewData(m)
	E, err := w.liftAt()
	if err != nil {
		return 0, 0, nil, err
	}
	if mr = w.d.Reduced.Mr; mr == nil {
		mr = liftedMass(dd, q, E, n, nv, d)
	}
	r := make([]float64, n)
	dd.RNEA(q, v, a, fext, r)
	rr := make([]float64, d)
	for i := range n {
		ri := r[i] - tauT[i]
		if ri == 0 {
			continue
		}
		row := E.Data[i*E.Stride : i*E.Stride+d]
		for k, e := range row {
			rr[k] += e * ri
		}
	}
	var ch mat.Cholesky
	if !ch.Factorize(mat.NewSymDense(d, mr)) {
		return 0, 0, mr, errors.New("the reduced mass matrix M_r is not positive definite: no null-space reference")
	}
	z := mat.NewVecDense(d, nil)
	if err := ch.SolveVecTo(z, mat.NewVecDense(d, rr)); err != nil {
		return 0, 0, mr, err
	}
	da := make([]float64, nv) // a − a_ref = E z
	for i := range nv {
		row := E.Data[i*E.Stride : i*E.Stride+d]
		s := 0.0
		for k, e := range row {
			s += e * z.AtVec(k)
		}
		da[i] = s
	}
	aref := make([]float64, n)
	for i := range aref {
		aref[i] = a[i] - da[i]
	}
	clear(da[n:])
	f := mulMass(dd, q, da[:n], nv)
	num, den := 0.0, 1.0
	h := w.d.Reduced.HT
	for i, x := range f {
		num = math.Max(num, math.Abs(x))
		den = math.Max(den, math.Max(math.Abs(tauT[i]), math.Abs(h[i])))
	}
	return deltaAOf(a[:n], aref), num / den, mr, nil
}

// liftedMass forms M_r = E_Tᵀ M_T E_T (D × D, row-major) at q from the lift E (NV × D; its
// first n rows are E_T) and M_T applied by RNEA at rest, one column at a time with
// gravity's share subtracted, independent of the loop form's maximal-coordinate solver
// (Data.DenseReducedMass uses that solver): O(D·n) for the RNEAs and, for E_Tᵀ of their
// results, on E's nonzeros (D·nnz(E)/2 multiply-adds) or, when at least a quarter of E_T
// is nonzero (the ladders' lift: 90 %), by one matrix product (blas64.Gemm, n·D², whose
// blocked kernels outrun the sparse sums there; n × D more memory).
func liftedMass(dd *dyn.Data, q []float64, E blas64.General, n, nv, d int) []float64 {
	return liftedMassBy(dd, q, E, n, nv, d, 0)
}

// liftedMassBy is liftedMass with the choice of the product made by dense: 1 the matrix
// product, −1 the sums on E's nonzeros, 0 by E_T's density.
func liftedMassBy(dd *dyn.Data, q []float64, E blas64.General, n, nv, d, dense int) []float64 {
	type entry struct {
		i int
		e float64
	}
	nz := make([][]entry, d) // the nonzeros of each column of E_T
	total := 0
	for i := range n {
		for k, x := range E.Data[i*E.Stride : i*E.Stride+d] {
			if x != 0 {
				nz[k] = append(nz[k], entry{i, x})
				total++
			}
		}
	}
	if dense == 0 {
		dense = -1
		if 4*total >= n*d {
			dense = 1
		}
	}
	var Y []float64 // M_T E_T (n × D, row-major), on the dense path
	if dense > 0 {
		Y = make([]float64, n*d)
	}
	zero, x := make([]float64, nv), make([]float64, nv)
	g, y := make([]float64, n), make([]float64, n)
	dd.Bias(q, zero, nil, g)
	mr := make([]float64, d*d)
	for k := range d {
		clear(x)
		for _, t := range nz[k] {
			x[t.i] = t.e
		}
		dd.RNEA(q, zero, x, nil, y)
		if dense > 0 {
			for i, yi := range y {
				Y[i*d+k] = yi - g[i]
			}
			continue
		}
		for j := range k + 1 { // the upper triangle, mirrored: M_r is symmetric
			s := 0.0
			for _, t := range nz[j] {
				s += t.e * (y[t.i] - g[t.i])
			}
			mr[j*d+k], mr[k*d+j] = s, s
		}
	}
	if dense > 0 {
		M := blas64.General{Rows: d, Cols: d, Stride: d, Data: mr}
		blas64.Gemm(blas.Trans, blas.NoTrans, 1, blas64.General{Rows: n, Cols: d, Stride: E.Stride, Data: E.Data},
			blas64.General{Rows: n, Cols: d, Stride: d, Data: Y}, 0, M)
		for k := range d { // the upper triangle, mirrored
			for j := range k {
				mr[k*d+j] = mr[j*d+k]
			}
		}
	}
	return mr
}
