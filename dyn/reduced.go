package dyn

import (
	"errors"
	"fmt"

	"github.com/robocompiler/robocompiler/internal/dense"
	"github.com/robocompiler/robocompiler/spatial"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// ErrReducedNotPositiveDefinite reports a reduced inertia M_r that Cholesky factorisation
// rejects (a pivot not above D·ε times its diagonal entry; see dense.Cholesky): the lift E_T has lost column rank or the image of E_T carries no inertia (an
// auxiliary gauge freedom that must be removed before an inertia inverse is used).
var ErrReducedNotPositiveDefinite = errors.New("dyn: reduced inertia M_r = E_Tᵀ M_T E_T is not positive definite (lift rank loss or a massless independent direction)")

// Reduced is the reduced dynamics of eq. 14 at one state, for a lift with D independent
// speeds:
//
//	M_r u̇ + h_r = L^T f + τ_r,ext,   M_r = E_Tᵀ M_T E_T,   h_r = E_Tᵀ (h_T + M_T c_T)
//
// It is a caller-owned workspace: Data.ReducedDynamics fills it, Forward and Inverse use it,
// and none of them allocates.
type Reduced struct {
	// N is the tree velocity size NVT and D the mobility.
	N, D int
	// MT (N×N row-major) and HT (len N) are the tree mass matrix and bias h_T − Σ Jᵀ fext.
	// ReducedDynamics writes MT's entries on the tree's branch-induced pattern only (the
	// others are zero from NewReduced on; do not write into MT).
	MT, HT []float64
	// Mr (D×D row-major) and Hr (len D) are the reduced inertia and bias.
	Mr, Hr []float64
	// Tree reports a tree form (NewReducedTree): MT and Mr are nil and M_T is applied by
	// the articulated-body algorithm and RNEA, in O(n) time and memory.
	Tree bool

	chol []float64 // Cholesky factor of Mr (upper), valid after Forward
	me   []float64 // M_T E_T, N×D (row-major; column-major in the dense form, colProducts, with mc as column D)
	et   []float64 // E_T column-major (D×N; colProducts)
	// sti[p] is the column i of the stored entry p of tree (row k holds i = k, λ(k), …),
	// so that colProducts reads the entries without walking λ.
	sti  []int32
	mc   []float64 // h_T + M_T c_T, len N (the sparse form; colProducts keeps it as me's column D)
	enz  []int32   // column indices of the nonzero entries of E_T, row by row (cap N·D)
	eoff []int     // row offsets into enz, len N+1
	// identity reports that E_T was the identity at the last ReducedDynamics (a loop-free
	// model: M_r = M_T), so Forward factors M_r along the tree (tree, LTDL) in O(N·depth)
	// instead of a dense Cholesky.
	identity bool
	// patterned reports that enz/eoff hold the pattern of E_T at the last ReducedDynamics
	// that recorded one (not those that kept the column form).
	patterned bool
	// denseE reports that E_T was dense (colProducts) when ReducedDynamics last recorded
	// the pattern of E, the matrix lastE; while E is that matrix the dense form is kept
	// without scanning E again (enz/eoff need not hold its pattern then).
	denseE bool
	lastE  *mat.Dense
	tree   *TreeMatrix
	// The tree form's state of the last ReducedDynamics, for Forward and Inverse.
	dyn  *Data
	q, v []float64
	fext []spatial.Vec6
}

// NewReduced allocates the workspace for a model with nvt tree velocities and mobility d.
func NewReduced(nvt, d int) *Reduced {
	return &Reduced{N: nvt, D: d,
		MT: make([]float64, nvt*nvt), HT: make([]float64, nvt),
		Mr: make([]float64, d*d), Hr: make([]float64, d),
		chol: make([]float64, d*d), me: make([]float64, nvt*(d+1)), et: make([]float64, nvt*d), mc: make([]float64, nvt),
		enz: make([]int32, 0, nvt*d), eoff: make([]int, nvt+1)}
}

// NewReducedTree allocates the tree form of the reduced dynamics of a loop-free model with
// nvt tree velocities whose lift is the identity (E = I, D = N = NVT, M_r = M_T): only
// the biases HT and Hr (len N, equal) are stored, MT and Mr are nil, and Forward and
// Inverse apply M_T by the articulated-body algorithm and RNEA in O(n), so a model of any
// size needs O(n) memory. It is the front door's form above closure.DenseIdentityMax.
func NewReducedTree(nvt int) *Reduced {
	return &Reduced{N: nvt, D: nvt, Tree: true, HT: make([]float64, nvt), Hr: make([]float64, nvt)}
}

// ReducedDynamics evaluates eq. 14 into r at the augmented configuration q (len NQ) and the
// feasible velocity v = E u (len NV). E is the lift (NV×D; its first NVT rows are E_T) and
// c the curvature Ė u (len NV; c_T = c[:NVT]). fext is nil or one body-frame spatial force
// per node as for RNEA; it enters h_T, so Hr = E_Tᵀ(h_T − τ_ext,T + M_T c_T) and the
// remaining right-hand side is the actuator term Lᵀf. M_T and h_T share one evaluation of
// the poses and twists, that of the workspace's last ForwardKinematics (as in
// kin.Data.Update) when no other evaluation came since and q's tree coordinates (for the
// twists also v's) are unchanged bit for bit.
//
// The work follows the structure: M_T and h_T come from one fused pass over the tree
// (massBias: M_T on its branch-induced pattern only, as CRBATree; h_T as RNEA), M_T E_T
// and E_Tᵀ(M_T E_T) visit only the stored tree entries and the nonzeros of E_T (an
// independent coordinate reaches the coordinates of its own dependency modules only) —
// column by column in long loops when at least half of E_T is nonzero (colProducts, the
// same sums) — and an identity E_T (a loop-free model) gives M_r = M_T without products.
// For a tree form (NewReducedTree) E is ignored (nil is fine): only h_T is evaluated, in
// O(n), and Forward and Inverse run the articulated-body algorithm and RNEA at this q, v
// and fext. DenseReducedDynamics is the dense oracle.
func (d *Data) ReducedDynamics(r *Reduced, q, v []float64, E *mat.Dense, c []float64, fext []spatial.Vec6) {
	n, nd := r.N, r.D
	if n != d.m.NVT {
		panic(fmt.Sprintf("dyn: ReducedDynamics: r.N = %d; want NVT = %d", n, d.m.NVT))
	}
	d.checkQ("dyn: ReducedDynamics", q)
	d.checkV("dyn: ReducedDynamics", "v", v)
	d.checkV("dyn: ReducedDynamics", "c", c)
	d.checkF("dyn: ReducedDynamics", fext)
	d.kinematicsFor(q, v)
	if r.Tree {
		d.rnea(q, v, nil, fext, r.HT)
		copy(r.Hr, r.HT)
		r.dyn, r.q, r.v, r.fext = d, q, v, fext
		return
	}
	if r.tree == nil || r.tree.N != n {
		r.tree = d.NewTreeMatrix() // once per workspace
		r.sti = r.tree.columns()
	}
	t := r.tree
	d.massBias(t, q, v, fext, r.HT)
	t.densePattern(r.MT, r.sti)
	if nd == 0 {
		return
	}
	e := E.RawMatrix()
	if e.Cols != nd || e.Rows < n {
		panic(fmt.Sprintf("dyn: ReducedDynamics: E is %d×%d; want at least %d×%d", e.Rows, e.Cols, n, nd))
	}
	if r.denseE && E == r.lastE {
		// E_T was dense when this lift's E was last scanned: keep the column form (its
		// results are the sparse form's for any E, so the choice is one of speed only).
		r.transposed(e)
		r.colProducts(t, c)
		return
	}
	// The nonzero pattern of E_T, row by row.
	r.pattern(e, n, nd)
	r.patterned, r.lastE = true, E
	r.denseE = !r.identity && 2*len(r.enz) >= n*nd
	if r.denseE {
		// A dense E_T (Stewart's legs all reach every independent coordinate): the
		// products column by column, in long loops.
		r.transposed(e)
		r.colProducts(t, c)
		return
	}
	if r.identity {
		// M_r = M_T and h_r = h_T + M_T c_T (c_T is zero without closure rows).
		copy(r.Mr, r.MT)
		copy(r.Hr, r.HT)
		for k := range n {
			p := t.Off[k]
			for i := k; i >= 0; i = t.parent[i] {
				if mki := t.Val[p]; mki != 0 {
					r.Hr[k] += mki * c[i]
					if i != k {
						r.Hr[i] += mki * c[k]
					}
				}
				p++
			}
		}
		return
	}
	r.sparseProducts(t, e, c)
}

// sparseProducts is the products and the projection of ReducedDynamics over the nonzeros
// of E_T (r.pattern): me = M_T E_T and mc = h_T + M_T c_T over the stored entries (k, i),
// i = k, λ(k), … of M_T, each used for both (k, i) and (i, k), then project.
func (r *Reduced) sparseProducts(t *TreeMatrix, e blas64.General, c []float64) {
	n, nd, nz := r.N, r.D, r.enz
	clear(r.me[:n*nd])
	copy(r.mc, r.HT)
	for k := range n {
		p := t.Off[k]
		ek := e.Data[k*e.Stride : k*e.Stride+nd]
		mek := r.me[k*nd : k*nd+nd]
		for i := k; i >= 0; i = t.parent[i] {
			mki := t.Val[p]
			p++
			if mki == 0 {
				continue
			}
			ei := e.Data[i*e.Stride : i*e.Stride+nd]
			r.mc[k] += mki * c[i]
			for _, a := range nz[r.eoff[i]:r.eoff[i+1]] {
				mek[a] += mki * ei[a]
			}
			if i != k {
				r.mc[i] += mki * c[k]
				mei := r.me[i*nd : i*nd+nd]
				for _, a := range nz[r.eoff[k]:r.eoff[k+1]] {
					mei[a] += mki * ek[a]
				}
			}
		}
	}
	r.project(e, n, nd)
}

// colProducts is the products and the projection of ReducedDynamics for a dense E_T, from
// E_T held column by column (transposed) and c_T (len ≥ N): me's column a is
// M_T times E_T's column a over the stored entries of M_T in the order of the sparse form,
// its column nd is mc = h_T + M_T c_T, and M_r[a][b] = E_T[:,a]ᵀ me[:,b], h_r[a] =
// E_T[:,a]ᵀ mc sum over the rows in increasing order, as project does. The zero entries
// of E_T and M_T add ±0 products, which leave every sum as it is: the results are those of
// the sparse form.
func (r *Reduced) colProducts(t *TreeMatrix, c []float64) {
	n, nd := r.N, r.D
	et, me := r.et[:nd*n], r.me[:(nd+1)*n]
	// me = M_T E_T and mc = h_T + M_T c_T, four or two columns at a time (one walk over the
	// stored entries serves them).
	a := 0
	for ; a+4 <= nd; a += 4 {
		treeMul4(t, r.sti, et[a*n:a*n+n], et[(a+1)*n:(a+1)*n+n], et[(a+2)*n:(a+2)*n+n], et[(a+3)*n:(a+3)*n+n],
			me[a*n:a*n+n], me[(a+1)*n:(a+1)*n+n], me[(a+2)*n:(a+2)*n+n], me[(a+3)*n:(a+3)*n+n])
	}
	for ; a+2 <= nd; a += 2 {
		treeMul2(t, r.sti, nil, et[a*n:a*n+n], et[(a+1)*n:(a+1)*n+n], me[a*n:a*n+n], me[(a+1)*n:(a+1)*n+n])
	}
	if a < nd {
		treeMul2(t, r.sti, r.HT, et[a*n:a*n+n], c[:n], me[a*n:a*n+n], me[nd*n:nd*n+n])
	} else {
		treeMul1(t, r.sti, r.HT, c[:n], me[nd*n:nd*n+n])
	}
	// M_r = E_Tᵀ me (upper triangle, mirrored) and h_r = E_Tᵀ mc: row a pairs E_T's column a
	// with me's columns a … nd (the last one mc).
	for a := range nd {
		ea := et[a*n : a*n+n]
		b := a
		for ; b+4 <= nd+1; b += 4 {
			// Four sums side by side (each in its own order), for the adder's latency.
			m0, m1, m2, m3 := me[b*n:b*n+n], me[(b+1)*n:(b+1)*n+n], me[(b+2)*n:(b+2)*n+n], me[(b+3)*n:(b+3)*n+n]
			m0, m1, m2, m3 = m0[:len(ea)], m1[:len(ea)], m2[:len(ea)], m3[:len(ea)]
			var s0, s1, s2, s3 float64
			for i, x := range ea {
				s0 += x * m0[i]
				s1 += x * m1[i]
				s2 += x * m2[i]
				s3 += x * m3[i]
			}
			r.setReduced(a, b, s0)
			r.setReduced(a, b+1, s1)
			r.setReduced(a, b+2, s2)
			r.setReduced(a, b+3, s3)
		}
		for ; b+2 <= nd+1; b += 2 {
			m0, m1 := me[b*n:b*n+n], me[(b+1)*n:(b+1)*n+n]
			m0, m1 = m0[:len(ea)], m1[:len(ea)]
			var s0, s1 float64
			for i, x := range ea {
				s0 += x * m0[i]
				s1 += x * m1[i]
			}
			r.setReduced(a, b, s0)
			r.setReduced(a, b+1, s1)
		}
		if b <= nd {
			mb := me[b*n : b*n+n]
			mb = mb[:len(ea)]
			s := 0.0
			for i, x := range ea {
				s += x * mb[i]
			}
			r.setReduced(a, b, s)
		}
	}
}

// setReduced stores the projection of E_T's column a on me's column b (a ≤ b ≤ D): M_r's
// entries (a, b) and (b, a), or h_r[a] for b = D.
func (r *Reduced) setReduced(a, b int, s float64) {
	nd := r.D
	if b == nd {
		r.Hr[a] = s
		return
	}
	r.Mr[a*nd+b], r.Mr[b*nd+a] = s, s
}

// treeMul2 writes y0 = M x0 and y1 = b + M x1 (b nil: 0) for the tree matrix M = t (each
// len N; sti as Reduced.sti): row k's sum starts from the diagonal product and adds the
// entries (k, i), i = λ(k), … in order; the entry also adds its product into row i, after
// i's own sum (the order of sparseProducts).
func treeMul2(t *TreeMatrix, sti []int32, b, x0, x1, y0, y1 []float64) {
	n := t.N
	x0, x1, y0, y1 = x0[:n], x1[:n], y0[:n], y1[:n]
	val, off := t.Val, t.Off[:n+1]
	sti = sti[:len(val)]
	for k := range n {
		p0, p1 := off[k], off[k+1]
		d := val[p0]
		e0, e1 := x0[k], x1[k]
		s0, s1 := d*e0, d*e1
		if b != nil {
			s1 = b[k] + s1
		}
		for p := p0 + 1; p < p1; p++ {
			mki, i := val[p], sti[p]
			s0 += mki * x0[i]
			s1 += mki * x1[i]
			y0[i] += mki * e0
			y1[i] += mki * e1
		}
		y0[k], y1[k] = s0, s1
	}
}

// treeMul4 is treeMul2 for four columns without b: y_j = M x_j.
func treeMul4(t *TreeMatrix, sti []int32, x0, x1, x2, x3, y0, y1, y2, y3 []float64) {
	n := t.N
	x0, x1, x2, x3 = x0[:n], x1[:n], x2[:n], x3[:n]
	y0, y1, y2, y3 = y0[:n], y1[:n], y2[:n], y3[:n]
	val, off := t.Val, t.Off[:n+1]
	sti = sti[:len(val)]
	for k := range n {
		p0, p1 := off[k], off[k+1]
		d := val[p0]
		e0, e1, e2, e3 := x0[k], x1[k], x2[k], x3[k]
		s0, s1, s2, s3 := d*e0, d*e1, d*e2, d*e3
		for p := p0 + 1; p < p1; p++ {
			mki, i := val[p], sti[p]
			s0 += mki * x0[i]
			s1 += mki * x1[i]
			s2 += mki * x2[i]
			s3 += mki * x3[i]
			y0[i] += mki * e0
			y1[i] += mki * e1
			y2[i] += mki * e2
			y3[i] += mki * e3
		}
		y0[k], y1[k], y2[k], y3[k] = s0, s1, s2, s3
	}
}

// treeMul1 is treeMul2 for one column: y = b + M x.
func treeMul1(t *TreeMatrix, sti []int32, b, x, y []float64) {
	n := t.N
	x, y, b = x[:n], y[:n], b[:n]
	val, off := t.Val, t.Off[:n+1]
	sti = sti[:len(val)]
	for k := range n {
		p0, p1 := off[k], off[k+1]
		e := x[k]
		s := b[k] + val[p0]*e
		for p := p0 + 1; p < p1; p++ {
			mki, i := val[p], sti[p]
			s += mki * x[i]
			y[i] += mki * e
		}
		y[k] = s
	}
}

// transposed writes E_T (the first N rows of e, D columns) column by column into r.et.
func (r *Reduced) transposed(e blas64.General) {
	n, nd := r.N, r.D
	et := r.et[:nd*n]
	for i := range n {
		for a, x := range e.Data[i*e.Stride : i*e.Stride+nd] {
			et[a*n+i] = x
		}
	}
}

// Forward solves M_r u̇ = tauR − h_r for u̇ (len D) by Cholesky, with tauR = Lᵀf (plus any
// reduced external effort not already in fext) of len D. When the lift was the identity
// (a loop-free model, M_r = M_T) it factors M_r as Lᵀ D L along the tree instead
// (TreeMatrix.FactorLTDL: O(N·depth) rather than O(N³); equal to round-off); a tree form
// runs the articulated-body algorithm at the state of the last ReducedDynamics. It returns
// ErrReducedNotPositiveDefinite when M_r is not positive definite.
func (r *Reduced) Forward(tauR, udot []float64) error {
	nd := r.D
	if nd == 0 {
		return nil
	}
	if r.Tree {
		r.checkTree("dyn: Reduced.Forward")
		if err := r.dyn.ABA(r.q, r.v, tauR[:nd], r.fext, udot[:nd]); err != nil {
			return ErrReducedNotPositiveDefinite
		}
		return nil
	}
	for i := range nd {
		udot[i] = tauR[i] - r.Hr[i]
	}
	if r.identity {
		// M_r = M_T: factor it along the tree (its entries off the tree pattern are 0).
		t := r.tree
		for k := range nd {
			p := t.Off[k]
			for i := k; i >= 0; i = t.parent[i] {
				t.Val[p] = r.Mr[i*nd+k]
				p++
			}
		}
		if !t.FactorLTDL() {
			return ErrReducedNotPositiveDefinite
		}
		t.SolveLTDL(udot[:nd])
		return nil
	}
	copy(r.chol, r.Mr)
	if !dense.Cholesky(r.chol, nd) {
		return ErrReducedNotPositiveDefinite
	}
	dense.CholeskySolve(r.chol, nd, udot)
	return nil
}

// Inverse returns in tauR (len D) the reduced effort M_r u̇ + h_r that produces the
// independent acceleration udot (len D); a tree form runs RNEA at the state of the last
// ReducedDynamics.
func (r *Reduced) Inverse(udot, tauR []float64) {
	if r.Tree {
		r.checkTree("dyn: Reduced.Inverse")
		r.dyn.RNEA(r.q, r.v, udot[:r.D], r.fext, tauR[:r.D])
		return
	}
	dense.MulVecAdd(r.Mr, r.D, udot[:r.D], r.Hr, tauR[:r.D])
}

// checkTree panics when a tree form is solved before any ReducedDynamics gave it a state
// (a programming error, like a wrong length).
func (r *Reduced) checkTree(where string) {
	if r.dyn == nil {
		panic(where + ": tree form used before ReducedDynamics")
	}
}

// TreeAcceleration writes the augmented acceleration a = E u̇ + c (len NV) of a feasible
// motion with independent acceleration udot (len D), lift E (NV×D) and curvature c (len NV).
func TreeAcceleration(E *mat.Dense, c, udot, a []float64) {
	e := E.RawMatrix()
	dense.MulVecAdd(e.Data, e.Stride, udot, c, a)
}

// Acceleration writes a = E u̇ + c (len NV) like TreeAcceleration, for the lift E (NV×D)
// of the last ReducedDynamics, unchanged since: when less than half of E_T is nonzero,
// the rows of E_T over their nonzeros as that call recorded them (the same sums: the zero
// entries add ±0), the others dense.
func (r *Reduced) Acceleration(E *mat.Dense, c, udot, a []float64) {
	if !r.patterned || r.Tree || r.denseE {
		TreeAcceleration(E, c, udot, a)
		return
	}
	e := E.RawMatrix()
	n, nd := r.N, r.D
	udot = udot[:nd]
	for i := range n {
		s := c[i]
		row := e.Data[i*e.Stride : i*e.Stride+nd]
		for _, k := range r.enz[r.eoff[i]:r.eoff[i+1]] {
			s += row[k] * udot[k]
		}
		a[i] = s
	}
	dense.MulVecAdd(e.Data[n*e.Stride:], e.Stride, udot, c[n:], a[n:])
}

// pattern records the nonzero pattern of E_T (the first n rows of e, nd columns) row by
// row in r.enz/r.eoff, and whether E_T is the identity; it returns the pattern.
func (r *Reduced) pattern(e blas64.General, n, nd int) []int32 {
	nz := r.enz[:0]
	for j := range n {
		for k, x := range e.Data[j*e.Stride : j*e.Stride+nd] {
			if x != 0 {
				nz = append(nz, int32(k))
			}
		}
		r.eoff[j+1] = len(nz)
	}
	r.enz = nz
	r.identity = nd == n && len(nz) == n
	for j := 0; r.identity && j < n; j++ {
		r.identity = nz[j] == int32(j) && e.Data[j*e.Stride+j] == 1
	}
	return nz
}

// project forms M_r = E_Tᵀ me and h_r = E_Tᵀ mc over E_T's nonzeros (r.pattern) from the
// products me = M_T E_T and mc = h_T + M_T c_T: the upper triangle of M_r, mirrored into
// the lower one, so that M_r is exactly symmetric.
func (r *Reduced) project(e blas64.General, n, nd int) {
	nz := r.enz
	clear(r.Mr)
	clear(r.Hr)
	for i := range n {
		ei := e.Data[i*e.Stride : i*e.Stride+nd]
		mei := r.me[i*nd : i*nd+nd]
		mci := r.mc[i]
		for _, a32 := range nz[r.eoff[i]:r.eoff[i+1]] {
			a := int(a32)
			x := ei[a]
			r.Hr[a] += x * mci
			row := r.Mr[a*nd+a : a*nd+nd]
			for b, y := range mei[a:] {
				row[b] += x * y
			}
		}
	}
	for a := range nd {
		for b := a + 1; b < nd; b++ {
			r.Mr[b*nd+a] = r.Mr[a*nd+b]
		}
	}
}
