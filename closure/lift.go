package closure

import (
	"fmt"
	"math"
	"slices"

	"github.com/robocompiler/robocompiler/internal/dense"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// SingularTol is the reciprocal condition number of the scaled dependent block R_p below
// which a partition is declared singular.
const SingularTol = 1e-12

// refineTol is the residual of the first solve, in units of ε·(|R_p||X| + |R_a|) entry
// by entry, at or below which the lift skips its step of iterative refinement.
const refineTol = 8

// epsilon is the float64 unit round-off 2⁻⁵³.
const epsilon = 0x1p-53

// DenseIdentityMax is the largest velocity count for which an identity lift (a model
// without dependent coordinates: no closure rows) is still formed as a dense NV × NV
// matrix E; above it E is left empty and Lift.Identity tells that v = u, so loop-free
// models of any size need no n² storage.
const DenseIdentityMax = 200

// Lift evaluates the tangent lift E (eq. 10) for a fixed partition: v = E u with
// E = Πᵀ [I; -R_p⁻¹ R_a], without forming R_p⁻¹. It owns its buffers and allocates
// nothing per update.
type Lift struct {
	P *Partition
	// E is NV × Mobility: column i is the velocity produced by unit independent speed i.
	E *mat.Dense
	// RCond is the reciprocal condition number (1-norm) of the scaled R_p at the last
	// Update, and Sign the sign of its determinant (+1 or -1; 0 when R_p is singular or
	// there is no dependent block). Both are for the partition's fixed row and column
	// order, so a sign change between two configurations means R_p passed through a
	// singular configuration between them.
	RCond float64
	Sign  int
	// Identity reports that E is the NV × NV identity (rank 0, every velocity independent
	// in its own order): v = u. E is then formed only when NV ≤ DenseIdentityMax and is
	// empty above (see IdentityOnly).
	Identity bool

	// lu is the factorisation of the scaled R_p at the last update, its columns in the
	// order dep (whose permutation of Dependent has sign depSign): bb when R_p is bordered
	// block diagonal (see tryBordered) and its factorisation succeeds, else gen, the general
	// sparse LU, which holds the scaled R_p and then its factors. ra holds the scaled R_a
	// (not with bb, whose solve reads rac) and then X = R_p⁻¹R_a, rows in the order dep.
	lu      factors
	gen     *lu
	bb      *bordered
	dep     []int
	depSign int
	// rows are the selected rows in the factorisation's row order (Partition.Rows grouped
	// by block, see blockOrder, or by group, see tryBordered); depSign includes the sign
	// of both orders.
	rows []int
	ra   blas64.General
	// The scaled blocks are kept for one step of iterative refinement: R_p row by row as
	// its nonzeros rp0Val in columns rp0Col[rp0Ptr[i]:rp0Ptr[i+1]], and ra0; res holds the
	// residual ra0 − R_p·X.
	// With bb, rp0 is static: every structural entry (zero or not) of row i, rp0Val being
	// bb's blocks before factoring; rpSp and raSp list C's structural entries in R_p (into
	// rp0Val) and in −R_a (into rac).
	rp0Ptr, rp0Col []int
	rp0Val         []float64
	rpSp, raSp     *scatter
	// rac holds the scaled −R_a with bb, row i compactly in rac[i·kw : i·kw+len(g.rhs)]
	// for its group g (see bordered.setSparse), and raDense the positions in ra0 of raSp's
	// entries: with bb, rac and ra0 are written at C's structural entries only (their
	// other entries stay zero from NewLift).
	rac      []float64
	raDense  []int
	ra0, res blas64.General
	bound    []float64 // per row of X: its largest magnitude
	raMax    []float64 // per row of R_a: its largest magnitude
	// spDep and spInd are the structural entries of each selected row in R_p and R_a
	// (every column when the partition does not know C's structure).
	spDep, spInd [][]spEntry
	// scale holds the column scales of the dependent columns (order dep), of the
	// independent ones, and the reciprocals of the latter.
	scale []float64
	work  []float64 // column sums, rcond and Curvature scratch
	iwork []int     // rcond scratch
}

// SingularError reports a singular dependent block with unchanged rank: the partition
// must change (a computational reconfiguration), the mechanism has not.
type SingularError struct {
	RCond float64
}

// Error describes the singular partition.
func (e *SingularError) Error() string {
	return fmt.Sprintf("the dependent block R_p is singular (reciprocal condition %.3g < %.0e): choose a new partition (computational reconfiguration)", e.RCond, SingularTol)
}

// NewLift allocates a lift for partition p of a model with nv velocities.
func NewLift(p *Partition, nv int) *Lift {
	r, d := p.Rank, p.Mobility
	l := &Lift{P: p, E: mat.NewDense(max(nv, 1), max(d, 1), nil), // replaced below when d = 0
		gen:  newLU(r),
		ra:   blas64.General{Rows: r, Cols: d, Stride: max(d, 1), Data: make([]float64, r*d)},
		work: make([]float64, 2*max(r, 1)), iwork: make([]int, max(r, 1)), bound: make([]float64, r), raMax: make([]float64, r),
	}
	l.ra0, l.res = cloneShape(l.ra), cloneShape(l.ra)
	l.rp0Ptr, l.rp0Col, l.rp0Val = make([]int, r+1), make([]int, r*r), make([]float64, r*r)
	l.Identity = r == 0 && d == nv && slices.Equal(p.Independent, identityOrder(nv))
	if d == 0 || (l.Identity && nv > DenseIdentityMax) {
		l.E = &mat.Dense{}
	}
	l.rows, l.dep = p.Rows, p.luOrder()
	rowCols := p.rowColumns()
	structured := rowCols != nil
	if !structured {
		all := append(append([]int(nil), p.Dependent...), p.Independent...)
		rowCols = make([][]int, p.Rank)
		for i := range rowCols {
			rowCols[i] = all
		}
	}
	colsOf := make(map[int][]int, len(p.Rows))
	for i, row := range p.Rows {
		colsOf[row] = rowCols[i]
	}
	l.lu = l.gen
	l.blockOrder(rowCols)
	if l.gen.hi == nil && structured {
		l.tryBordered(colsOf)
	}
	l.depSign = permutationSign(p.Dependent, l.dep) * permutationSign(p.Rows, l.rows)
	l.structure(colsOf)
	l.scale = make([]float64, r+2*d)
	for k, c := range l.dep {
		l.scale[k] = p.colScale[c]
	}
	for k, c := range p.Independent {
		l.scale[r+k], l.scale[r+d+k] = p.colScale[c], 1/p.colScale[c]
	}
	if l.bb != nil {
		l.borderedMaps()
	}
	return l
}

// IdentityOnly reports that E = I is not formed (an identity lift of more than
// DenseIdentityMax velocities): its users apply v = u instead of reading E.
func (l *Lift) IdentityOnly() bool { return l.Identity && l.E.IsEmpty() }

// identityOrder returns 0, 1, …, n−1.
func identityOrder(n int) []int {
	o := make([]int, n)
	for i := range o {
		o[i] = i
	}
	return o
}

// permutationSign returns the sign (+1 or -1) of the permutation taking the distinct
// values of a to their positions in b (a reordering of a).
func permutationSign(a, b []int) int {
	pos := make(map[int]int, len(a))
	for i, x := range a {
		pos[x] = i
	}
	perm := make([]int, len(b))
	for i, x := range b {
		perm[i] = pos[x]
	}
	sign := 1
	for i := range perm {
		for perm[i] != i {
			j := perm[i]
			perm[i], perm[j] = perm[j], perm[i]
			sign = -sign
		}
	}
	return sign
}

// Update recomputes E from the closure Jacobian C (Rows × NV) at the current
// configuration. It returns *SingularError when R_p is singular; E is then unchanged
// (RCond and Sign describe the singular block).
func (l *Lift) Update(C *mat.Dense) error { return l.update(C, true) }

// UpdateE is Update without the condition estimate (4–5 triangular solves with R_p), for
// a caller that needs E only, at a configuration whose partition the tracker has judged
// (the front door's Data.Constraints). RCond is then NaN (not estimated) unless the
// factorisation's pivots suggest a singular block — the smallest |pivot| below
// SingularTol times the largest — when the estimate is made and decides as in Update. A
// block with an exactly zero pivot column is singular either way.
func (l *Lift) UpdateE(C *mat.Dense) error { return l.update(C, false) }

// update is Update, with the condition estimate only when estimate is set or the pivots
// call for it.
func (l *Lift) update(C *mat.Dense, estimate bool) error {
	p := l.P
	r, d := p.Rank, p.Mobility
	l.RCond, l.Sign = 1, 0
	if d == 0 {
		return nil
	}
	if r == 0 {
		if l.IdentityOnly() {
			return nil
		}
		l.E.Zero()
		for k, c := range p.Independent {
			l.E.Set(c, k, 1)
		}
		return nil
	}
	if !l.factor(C.RawMatrix()) {
		l.RCond = 0
		return &SingularError{RCond: 0}
	}
	if estimate || l.lu.pivotRatio() < SingularTol {
		l.RCond = l.lu.rcond(l.rpNorm(), l.work, l.iwork)
	} else {
		l.RCond = math.NaN()
	}
	l.Sign = l.lu.sign() * l.depSign
	if l.RCond < SingularTol {
		return &SingularError{RCond: l.RCond}
	}
	switch f := l.bb; {
	case f == nil:
		l.lu.solve(l.ra)
	case l.lu == factors(f):
		f.solveSparse(l.rac, l.ra)
	default: // the general LU after the bordered one failed
		copy(l.ra.Data, l.ra0.Data)
		l.lu.solve(l.ra)
	}
	// One step of iterative refinement: X += R_p⁻¹(R_a − R_p X). It brings C·E from the
	// LU's cond(R_p)·ε down to round-off on the ill-conditioned partitions of real files.
	// It is skipped when the residual is already at round-off in every row: within
	// refineTol·ε of max|R_a,i| + Σ_k |R_p,ik| max|X_k| (a bound on the row's largest
	// entry of |R_p||X| + |R_a|), as on the built-in mechanisms but the excavator, where
	// it cannot improve C·E.
	// The pass over X that takes its row maxima also writes E (redone after a refinement).
	e := l.E.RawMatrix()
	for k, c := range p.Independent {
		row := e.Data[c*e.Stride : c*e.Stride+d]
		for j := range row {
			row[j] = 0
		}
		row[k] = 1
	}
	invScale := l.scale[r+d : r+2*d : r+2*d]
	xmax := l.bound[:r:r]
	for k, c := range l.dep {
		xk := l.ra.Data[k*l.ra.Stride : k*l.ra.Stride+d]
		xmax[k] = unscaleMax(e.Data[c*e.Stride:c*e.Stride+d], xk, l.scale[k], invScale)
	}
	// The row's bound needs its |R_p||X| term only when its |R_a| term alone does not
	// cover the residual (the threshold grows with the bound): the decision is the same.
	// Six columns (Stewart's mobility) take one sweep over all rows that forms the
	// residual and every row's full bound with it (the same decision: a bound below the
	// |R_a| term's would be a NaN one, whose row's residual is NaN too).
	swept, refine := false, false
	if d == 6 {
		swept, refine = residual6Rows(l.res.Data, l.res.Stride, l.ra0.Data, l.ra0.Stride, l.rp0Ptr[:r+1],
			l.rp0Val, l.rp0Col, l.ra.Data, l.ra.Stride, l.raMax, xmax, refineTol*epsilon)
	}
	for i := 0; i < r && !swept; i++ {
		ri := l.res.Data[i*l.res.Stride : i*l.res.Stride+d : i*l.res.Stride+d]
		lo, hi := l.rp0Ptr[i], l.rp0Ptr[i+1]
		vals, cols := l.rp0Val[lo:hi], l.rp0Col[lo:hi]
		mulSub(ri, l.ra0.Data[i*l.ra0.Stride:i*l.ra0.Stride+d], vals, cols, l.ra.Data, l.ra.Stride)
		if rmax := dense.MaxAbs(ri); !refine && !(rmax <= refineTol*epsilon*l.raMax[i]) {
			bound := l.raMax[i] + absDot(vals, cols, xmax)
			refine = !(rmax <= refineTol*epsilon*bound) // a NaN residual refines (and stays NaN)
		}
	}
	if refine {
		l.lu.solve(l.res)
		for i, x := range l.res.Data {
			l.ra.Data[i] += x
		}
		for i, c := range l.dep {
			unscale(e.Data[c*e.Stride:c*e.Stride+d], l.ra.Data[i*l.ra.Stride:i*l.ra.Stride+d], l.scale[i], invScale)
		}
	}
	return nil
}

// unscale writes row = x·cs·invScale entry by entry (x = D_p x_s D_a⁻¹ for one row of X:
// its column scale cs, the independent columns' reciprocal scales invScale).
func unscale(row, x []float64, cs float64, invScale []float64) {
	x, invScale = x[:len(row)], invScale[:len(row)]
	for k := range row {
		row[k] = x[k] * cs * invScale[k]
	}
}

// unscaleMax is unscale returning the largest magnitude in x (as maxAbs), in one sweep.
func unscaleMax(row, x []float64, cs float64, invScale []float64) float64 {
	x, invScale = x[:len(row)], invScale[:len(row)]
	var m uint64
	for k, v := range x {
		m = max(m, math.Float64bits(v)&^(1<<63))
		row[k] = v * cs * invScale[k]
	}
	return math.Float64frombits(m)
}

// factor writes the scaled blocks from C (raw) and factorises R_p with the bordered
// factorisation when R_p has that structure, else (or when a group's own block has an
// exactly zero pivot column, which the general LU then judges as it always has) with the
// general LU, setting l.lu. It returns false when R_p has an exactly zero pivot column.
func (l *Lift) factor(raw blas64.General) bool {
	if l.bb == nil {
		l.scaleBlocks(raw)
		copy(l.ra0.Data, l.ra.Data)
		l.lu = l.gen
		return l.gen.factor()
	}
	l.scaleBordered(raw)
	if l.lu = l.bb; l.bb.factor() {
		return true
	}
	a := l.gen.a
	clear(a.Data)
	for i := range l.P.Rank {
		for q := l.rp0Ptr[i]; q < l.rp0Ptr[i+1]; q++ {
			a.Data[i*a.Stride+l.rp0Col[q]] = l.rp0Val[q]
		}
	}
	l.lu = l.gen
	return l.gen.factor()
}

// blockOrder groups the selected rows (rows) and the dependent columns (dep) of R_p by the
// connected components of its structure (rowCols[i]: the columns row p.Rows[i] can be
// nonzero in), keeping their order within each component, when every component is
// square and there are several: R_p is then block diagonal, and the factorisation works
// within each block's extent (lu.lo, lu.hi) instead of whole rows and columns. The
// factors are those of the ungrouped order, up to the order of exactly tied pivots.
func (l *Lift) blockOrder(rowCols [][]int) {
	r := len(l.rows)
	parent := make([]int, 2*r) // rows 0..r-1, then dependent positions r..2r-1
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	depPos := make(map[int]int, r)
	for k, c := range l.dep {
		depPos[c] = k
	}
	for i, cols := range rowCols {
		for _, c := range cols {
			if k, ok := depPos[c]; ok {
				parent[find(i)] = find(r + k)
			}
		}
	}
	var roots []int
	rowsOf, colsOf := map[int][]int{}, map[int][]int{}
	for k := range r {
		root := find(r + k)
		if colsOf[root] == nil {
			roots = append(roots, root)
		}
		colsOf[root] = append(colsOf[root], k)
	}
	for i := range r {
		root := find(i)
		rowsOf[root] = append(rowsOf[root], i)
	}
	if len(roots) < 2 || len(rowsOf) != len(roots) {
		l.borderLast(rowCols, depPos)
		return
	}
	for _, root := range roots {
		if len(rowsOf[root]) != len(colsOf[root]) {
			l.borderLast(rowCols, depPos)
			return
		}
	}
	rows, dep := make([]int, 0, r), make([]int, 0, r)
	l.gen.lo, l.gen.hi = make([]int, r), make([]int, r)
	for _, root := range roots {
		lo := len(dep)
		for _, i := range rowsOf[root] {
			rows = append(rows, l.rows[i])
		}
		for _, k := range colsOf[root] {
			dep = append(dep, l.dep[k])
		}
		for k := lo; k < len(dep); k++ {
			l.gen.lo[k], l.gen.hi[k] = lo, len(dep)
		}
	}
	l.rows, l.dep = rows, dep
}

// spEntry is one structural entry of a selected row in the scaled blocks: position k
// (in the order dep for R_p, Independent for R_a) of velocity column c.
type spEntry struct{ k, c int }

// structure lists the structural entries of every selected row (in the order rows) in
// R_p (by position) and in R_a, from the columns colsOf[row] C can be nonzero in.
func (l *Lift) structure(colsOf map[int][]int) {
	p := l.P
	depPos, indPos := map[int]int{}, map[int]int{}
	for k, c := range l.dep {
		depPos[c] = k
	}
	for k, c := range p.Independent {
		indPos[c] = k
	}
	l.spDep, l.spInd = make([][]spEntry, p.Rank), make([][]spEntry, p.Rank)
	for i, row := range l.rows {
		for _, c := range colsOf[row] {
			if k, ok := depPos[c]; ok {
				l.spDep[i] = append(l.spDep[i], spEntry{k, c})
			}
			if k, ok := indPos[c]; ok {
				l.spInd[i] = append(l.spInd[i], spEntry{k, c})
			}
		}
		slices.SortFunc(l.spDep[i], func(a, b spEntry) int { return a.k - b.k })
	}
}

// scaleBlocks writes the scaled blocks, rows weighted by the row scales and columns by
// the column scales, from C's structural entries: R_p into the factorisation's matrix
// (and its nonzeros into rp0), −R_a into ra with its row maxima; the other entries are
// zero.
func (l *Lift) scaleBlocks(raw blas64.General) {
	p := l.P
	r := p.Rank
	rp := l.gen.a
	depScale := l.scale[:r:r]
	clear(rp.Data)
	nz := 0
	for i, row := range l.rows {
		rs := p.rowScale[row]
		src := raw.Data[row*raw.Stride : row*raw.Stride+raw.Cols]
		l.rp0Ptr[i] = nz
		rpi := rp.Data[i*rp.Stride : i*rp.Stride+r : i*rp.Stride+r]
		for _, e := range l.spDep[i] {
			x := src[e.c] * rs * depScale[e.k]
			rpi[e.k] = x
			if x != 0 {
				l.rp0Col[nz], l.rp0Val[nz] = e.k, x
				nz++
			}
		}
		l.scaleRa(i, src, rs)
	}
	l.rp0Ptr[r] = nz
}

// scaleRa writes row i of −R_a, scaled, into ra from C's row src of row scale rs, and its
// largest magnitude into raMax[i].
func (l *Lift) scaleRa(i int, src []float64, rs float64) {
	r, d := l.P.Rank, l.P.Mobility
	indScale := l.scale[r : r+d : r+d]
	rai := l.ra.Data[i*l.ra.Stride : i*l.ra.Stride+d : i*l.ra.Stride+d]
	clear(rai)
	var ramax uint64 // as in maxAbs: a NaN wins
	for _, e := range l.spInd[i] {
		x := -src[e.c] * rs * indScale[e.k]
		rai[e.k] = x
		ramax = max(ramax, math.Float64bits(x)&^(1<<63))
	}
	l.raMax[i] = math.Float64frombits(ramax)
}

// rpNorm returns the 1-norm of the scaled block R_p (its largest column sum of
// magnitudes) from the copy of its nonzeros that update keeps, in the row order of a dense
// sweep (the zeros add nothing).
func (l *Lift) rpNorm() float64 {
	colSum := l.work[:l.P.Rank]
	clear(colSum)
	for q, k := range l.rp0Col[:l.rp0Ptr[l.P.Rank]] {
		colSum[k] += math.Abs(l.rp0Val[q])
	}
	anorm := 0.0
	for _, s := range colSum {
		anorm = math.Max(anorm, s)
	}
	return anorm
}

// absDot returns Σ_q |vals[q]|·x[cols[q]], summing alternate terms separately.
func absDot(vals []float64, cols []int, x []float64) float64 {
	cols = cols[:len(vals)]
	s0, s1 := 0.0, 0.0
	for q := 0; q < len(vals)-1; q += 2 {
		s0 += math.Abs(vals[q]) * x[cols[q]]
		s1 += math.Abs(vals[q+1]) * x[cols[q+1]]
	}
	if n := len(vals); n%2 == 1 {
		s0 += math.Abs(vals[n-1]) * x[cols[n-1]]
	}
	return s0 + s1
}

// cloneShape returns a zero matrix of g's shape and stride.
func cloneShape(g blas64.General) blas64.General {
	return blas64.General{Rows: g.Rows, Cols: g.Cols, Stride: g.Stride, Data: make([]float64, len(g.Data))}
}

// borderLast orders the dependent columns of a R_p that is not block diagonal by the number
// of rows they can be nonzero in (stably): on a bordered structure, such as parallel legs
// closed on a platform carried by one leg, each leg's own columns (nonzero in its loop's
// rows only) come first and the shared border columns last, so the elimination of a leg's
// columns pivots and fills within its own rows and the border, never across legs.
func (l *Lift) borderLast(rowCols [][]int, depPos map[int]int) {
	count := make([]int, len(l.dep))
	for _, cols := range rowCols {
		for _, c := range cols {
			if k, ok := depPos[c]; ok {
				count[k]++
			}
		}
	}
	order := identityOrder(len(l.dep))
	slices.SortStableFunc(order, func(a, b int) int { return count[a] - count[b] })
	dep := make([]int, len(l.dep))
	for i, k := range order {
		dep[i] = l.dep[k]
	}
	l.dep = dep
}
