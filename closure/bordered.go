package closure

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/blas/blas64"
)

// bordered is an LU factorisation with partial pivoting of a square matrix A in bordered
// block-diagonal form, such as the dependent block R_p of parallel legs closed on a
// platform that one leg carries:
//
//	A = [A₁₁         A₁B]   rows of group 1
//	    [     ⋱       ⋮ ]
//	    [        A_GG A_GB]  rows of group G
//
// Group g has r_g rows (equations row0…row0+r_g−1) and c_g ≤ r_g own columns (unknowns
// col0…col0+c_g−1) that no other group's rows touch; the nb border columns (unknowns
// nc…n−1) are shared. Each group's own block is factored with partial pivoting over its own
// rows only (no other row has a nonzero in those columns), updating the group's border
// columns; the r_g − c_g rows left over from every group form the nb × nb Schur complement
// S, factored densely with partial pivoting. This is the LU factorisation P·A = L·U with the
// pivots in the order own columns of group 1, …, of group G, then the border, which is what
// partial pivoting on the whole matrix chooses in that column order up to exactly tied
// pivots; it works on small contiguous blocks and never scans other groups' rows.
type bordered struct {
	n, nc, nb int // order, own columns of all groups, border columns
	groups    []bgroup
	// a holds the blocks group after group, each r_g × w_g row-major (w_g = c_g + the
	// number of border columns the group touches): own columns first, then the group's
	// border columns (border indices bcols). It is factored in place: rows below the
	// diagonal of the own part hold L's multipliers, the rows above U, the leftover rows'
	// border parts their contribution to S.
	a []float64
	// s is the Schur complement (nb × nb, row-major), then its factors; sRow[k] is the
	// index (in the layout of y, see solve) of the leftover row at Schur position k, and
	// sRow0 its value before the Schur pivoting.
	s, sz       []float64 // sz: the Schur part of a right-hand side
	sRow, sRow0 []int
	sOdd        bool // the Schur pivoting swapped rows an odd number of times
	staticSign  int  // sign of the static part of the row permutation (see newBordered)
	// factor notes its pivots for sign and pivotRatio as it takes them: whether an odd
	// number of them is negative (with the groups' odd permutations), and the least and
	// largest magnitude as bit patterns (see maxAbs).
	pivNeg       bool
	pivLo, pivHi uint64
	y            []float64 // solve scratch: right-hand sides in pivoted group order
	iota         []int     // 0, 1, …, n−1
	cmax         int       // the most own columns of a group
	// inv holds the reciprocals of the pivots U_kk, unknown by unknown, and piv the
	// pivot rows of eliminateBlocks; spec and sspec are the blocks it takes, the groups'
	// own columns and the Schur complement (see eliminateBlocks).
	inv         []float64
	piv         []int
	spec, sspec []int
	// kw is the row length of solveSparse's compact right-hand sides (the most columns of
	// a group's g.rhs), rowGroup the group of each row.
	kw       int
	rowGroup []int
	zero     []float64 // nrhs zeros
	// aCols[q] is the unknown of a's entry q (the column of its block), and back lists
	// solveSparse's back substitution over the own unknowns, five ints per row in the
	// order of the sweep: unknown, a's range of U's entries right of the pivot, the
	// pivot's position in a, its index in inv (see backSub6).
	aCols, back []int
}

// bgroup is one diagonal block of a bordered factorisation.
type bgroup struct {
	r, c, w    int
	row0, col0 int   // first equation and first own unknown
	off        int   // offset of the block in bordered.a
	bcols      []int // border index (0…nb−1) of block column c+k
	allBorder  bool  // bcols is 0, 1, …, nb−1
	cols       []int // unknown of each block column: col0+j for j < c, then nc+bcols
	// perm[t] is the block row (in equation order) at position t after pivoting; odd tells
	// an odd number of row interchanges.
	perm []int
	odd  bool
	// rhs are the columns of solveSparse's right-hand sides the group's rows can be
	// nonzero in (see setSparse).
	rhs []int
}

// borderedMax is the most rows of a group and the most border columns the bordered
// factorisation takes: its blocks and Schur complement are dense, so a larger group or
// border (a long ladder of loops, say) is left to the general sparse LU.
const borderedMax = 48

// borderedGroups looks for a bordered block-diagonal structure of an n × n matrix whose row
// i can be nonzero in columns cols[i] only. It tries as border the columns with the most
// rows, then also those with the next row count, and so on, and accepts the first border
// (of at most n/2 and borderedMax columns) that splits the remaining columns into at least
// two groups of rows — the connected components of the rows through the non-border
// columns, rows that touch border columns only forming one group — with at least as many
// rows as own columns and at most borderedMax rows each. It returns the groups' rows and own columns (in their given order) and the border
// columns, or ok = false.
func borderedGroups(n int, cols [][]int) (rows, own [][]int, border []int, ok bool) {
	count := make([]int, n)
	for _, cs := range cols {
		for _, k := range cs {
			count[k]++
		}
	}
	if slices.Contains(count, 0) {
		return nil, nil, nil, false // a structurally zero column: singular in any form
	}
	levels := slices.Clone(count)
	slices.Sort(levels)
	levels = slices.Compact(levels)
	for li := len(levels) - 1; li > 0; li-- {
		isBorder := func(k int) bool { return count[k] >= levels[li] }
		border = border[:0]
		for k := range n {
			if isBorder(k) {
				border = append(border, k)
			}
		}
		if 2*len(border) > n || len(border) > borderedMax {
			break
		}
		parent := identityOrder(n)
		find := func(x int) int {
			for parent[x] != x {
				parent[x] = parent[parent[x]]
				x = parent[x]
			}
			return x
		}
		first := make([]int, n) // per column: the first row touching it (−1: none yet)
		for k := range first {
			first[k] = -1
		}
		for i, cs := range cols {
			for _, k := range cs {
				if isBorder(k) {
					continue
				}
				if first[k] < 0 {
					first[k] = i
				} else {
					parent[find(i)] = find(first[k])
				}
			}
		}
		groupOf := map[int]int{}
		rows, own = nil, nil
		for i := range n {
			root := find(i)
			if first := slices.IndexFunc(cols[i], func(k int) bool { return !isBorder(k) }); first < 0 {
				root = -1 // border-only rows form one group
			}
			g, seen := groupOf[root]
			if !seen {
				g = len(rows)
				groupOf[root] = g
				rows, own = append(rows, nil), append(own, nil)
			}
			rows[g] = append(rows[g], i)
		}
		for k := range n {
			if !isBorder(k) {
				g := groupOf[find(first[k])]
				own[g] = append(own[g], k)
			}
		}
		ok = len(rows) >= 2 && len(border) <= borderedMax
		for g := range rows {
			ok = ok && len(rows[g]) >= len(own[g]) && len(rows[g]) <= borderedMax
		}
		if ok {
			return rows, own, slices.Clone(border), true
		}
	}
	return nil, nil, nil, false
}

// newBordered allocates the factorisation for groups of sizes r[g] × c[g] whose rows touch
// the border columns bcols[g] (border indices), in the order of the groups, for right-hand
// sides of up to nrhs columns.
func newBordered(r, c []int, bcols [][]int, nb, nrhs int) *bordered {
	f := &bordered{nb: nb}
	off := 0
	for g := range r {
		w := c[g] + len(bcols[g])
		f.groups = append(f.groups, bgroup{r: r[g], c: c[g], w: w, row0: f.n, col0: f.nc, off: off,
			bcols: bcols[g], perm: make([]int, r[g])})
		off += r[g] * w
		f.n += r[g]
		f.nc += c[g]
	}
	f.a = make([]float64, off)
	f.iota = identityOrder(f.n)
	for gi := range f.groups {
		g := &f.groups[gi]
		f.cmax = max(f.cmax, g.c)
		f.spec = append(f.spec, g.off, g.w, g.c, g.r, g.col0)
		g.allBorder = slices.Equal(g.bcols, f.iota[:nb])
	}
	f.sspec = []int{0, nb, nb, nb, f.nc}
	f.inv = make([]float64, f.n)
	f.piv = make([]int, f.n)
	f.rowGroup = make([]int, f.n)
	for gi := range f.groups {
		g := &f.groups[gi]
		for j := range g.w {
			if j < g.c {
				g.cols = append(g.cols, g.col0+j)
			} else {
				g.cols = append(g.cols, f.nc+g.bcols[j-g.c])
			}
		}
	}
	f.aCols = make([]int, off)
	for _, g := range f.groups {
		for t := range g.r {
			copy(f.aCols[g.off+t*g.w:], g.cols)
		}
	}
	for t := f.cmax - 1; t >= 0; t-- {
		for _, g := range f.groups {
			if o := g.off + t*g.w; t < g.c {
				f.back = append(f.back, g.col0+t, o+t+1, o+g.w, o+t, g.col0+t)
			}
		}
	}
	f.s, f.sz = make([]float64, nb*nb), make([]float64, nb*max(nrhs, 1))
	f.y = make([]float64, f.n*max(nrhs, 1))
	f.zero = make([]float64, max(nrhs, 1))
	// Global pivot position of each row of y's layout: the group's pivot rows take the
	// group's own columns, the leftover rows the border in group order.
	pos := make([]int, f.n)
	for _, g := range f.groups {
		for t := range g.r {
			if t < g.c {
				pos[g.row0+t] = g.col0 + t
			} else {
				pos[g.row0+t] = f.nc + len(f.sRow0)
				f.sRow0 = append(f.sRow0, g.row0+t)
			}
		}
	}
	f.sRow = slices.Clone(f.sRow0)
	f.staticSign = permutationSign(identityOrder(f.n), pos)
	return f
}

// factor factorises the blocks in f.a in place: the groups' own columns (all groups in
// one interleaved elimination, eliminateBlocks), then the Schur complement of their
// leftover rows. It returns false, leaving them partially factored, when a pivot column
// is exactly zero (A is then singular).
func (f *bordered) factor() bool {
	nb := f.nb
	clear(f.s)
	f.pivNeg, f.pivLo, f.pivHi = false, math.Float64bits(math.Inf(1)), 0
	if !factorBlocks(f.a, f.spec, f.cmax, f.piv, f.inv) {
		return false
	}
	sk := 0
	for gi := range f.groups {
		g := &f.groups[gi]
		w, r := g.w, g.r
		a := f.a[g.off : g.off+r*w : g.off+r*w]
		for t := range g.perm {
			g.perm[t] = t
		}
		g.odd = false
		f.notePivots(a, w, f.piv[g.col0:g.col0+g.c], g.perm, &g.odd)
		for t := g.c; t < r; t++ {
			src := a[t*w+g.c : t*w+w]
			dst := f.s[sk*nb : sk*nb+nb : sk*nb+nb]
			for k, b := range g.bcols[:len(src)] {
				dst[b] = src[k]
			}
			sk++
		}
	}
	copy(f.sRow, f.sRow0)
	f.sOdd = false
	if !factorBlocks(f.s, f.sspec, nb, f.piv, f.inv) {
		return false
	}
	f.notePivots(f.s, nb, f.piv[f.nc:f.nc+nb], f.sRow, &f.sOdd)
	return true
}

// factorBlocks is eliminateBlocks (see there for a, spec, kmax, piv and inv) after
// checking the bounds the assembly relies on.
func factorBlocks(a []float64, spec []int, kmax int, piv []int, inv []float64) bool {
	if len(spec)%5 != 0 {
		panic("closure: factorBlocks: spec of a partial block")
	}
	for b := 0; b < len(spec); b += 5 {
		off, w, c, r, base := spec[b], spec[b+1], spec[b+2], spec[b+3], spec[b+4]
		if off < 0 || c < 0 || c > min(w, r, kmax) || off+r*w > len(a) || base < 0 || base+c > min(len(piv), len(inv)) {
			panic("closure: factorBlocks outside the blocks") // the bounds the assembly relies on
		}
	}
	return eliminateBlocks(a, spec, kmax, piv, inv)
}

// notePivots notes the pivots of a block eliminated by eliminateBlocks (row-major a, row
// length w, its pivot rows piv column by column): each interchange swaps perm's entries
// and flips odd, and each pivot (U's diagonal) enters the sign and magnitude range.
func (f *bordered) notePivots(a []float64, w int, piv, perm []int, odd *bool) {
	for k, p := range piv {
		if p != k {
			perm[k], perm[p] = perm[p], perm[k]
			*odd = !*odd
		}
		f.notePivot(a[k*w+k])
	}
}

// notePivot adds pivot d to the sign and magnitude range that sign and pivotRatio report.
func (f *bordered) notePivot(d float64) {
	f.pivNeg = f.pivNeg != (d < 0)
	b := math.Float64bits(d) &^ (1 << 63) // magnitudes order as their bit patterns
	f.pivLo, f.pivHi = min(f.pivLo, b), max(f.pivHi, b)
}

// solve overwrites b (n × nrhs, nrhs at most that of newBordered) with A⁻¹·b: its rows are
// equations on input and unknowns on output. The groups are swept in step, row t of every
// group before row t+1 of any, so that consecutive rows are independent.
func (f *bordered) solve(b blas64.General) {
	m, bs := b.Cols, b.Stride
	if m == 0 {
		return
	}
	// y's layout: block row t of group g at row0+t, in pivoted order.
	y := f.y[: f.n*m : f.n*m]
	if m == 1 && bs == 1 {
		for gi := range f.groups {
			g := &f.groups[gi]
			yg, bg := y[g.row0:g.row0+g.r], b.Data[g.row0:g.row0+g.r]
			for t, e := range g.perm[:len(yg)] {
				yg[t] = bg[e]
			}
		}
		f.solveY1(b.Data[:f.n])
		return
	}
	for gi := range f.groups {
		g := &f.groups[gi]
		for t, e := range g.perm {
			copyShort(y[(g.row0+t)*m:(g.row0+t+1)*m], b.Data[(g.row0+e)*bs:(g.row0+e)*bs+m])
		}
	}
	f.solveY(b, m)
}

// solvePivoted overwrites x (len n) with U⁻¹·L⁻¹·x = A⁻¹·Pᵀ·x: its entries are the rows of
// P·A (in pivot order: each group's pivot rows at its own columns, then the Schur rows)
// on input, as for the general lu's triSolve, and unknowns on output.
func (f *bordered) solvePivoted(x []float64) {
	y := f.y[:f.n:f.n]
	for gi := range f.groups {
		g := &f.groups[gi]
		copyShort(y[g.row0:g.row0+g.c], x[g.col0:g.col0+g.c])
	}
	for k, yr := range f.sRow {
		y[yr] = x[f.nc+k]
	}
	f.solveY(blas64.General{Rows: f.n, Cols: 1, Stride: 1, Data: x}, 1)
}

// solveY is solve from the right-hand side in y's layout (m columns) into b.
func (f *bordered) solveY(b blas64.General, m int) {
	bs := b.Stride
	if m == 1 && bs == 1 {
		f.solveY1(b.Data[:f.n])
		return
	}
	y := f.y[: f.n*m : f.n*m]
	cmax := f.cmax
	// Forward elimination, column by column (row j of a group is final once the columns
	// before j are eliminated), as axpy sweeps over the rows below.
	for j := range cmax {
		for gi := range f.groups {
			g := &f.groups[gi]
			if j >= g.c {
				continue
			}
			yj := y[(g.row0+j)*m : (g.row0+j+1)*m : (g.row0+j+1)*m]
			for t := j + 1; t < g.r; t++ {
				l := f.a[g.off+t*g.w+j]
				if l == 0 {
					continue
				}
				yt := y[(g.row0+t)*m : (g.row0+t+1)*m]
				yt = yt[:len(yj)]
				for q, v := range yj {
					yt[q] -= l * v
				}
			}
		}
	}
	// The Schur system: gather the leftover rows in pivot order, L_S then U_S; the border
	// unknowns go to rows nc… of b.
	nb := f.nb
	z := f.sz[: nb*m : nb*m]
	for k, yr := range f.sRow {
		copyShort(z[k*m:k*m+m], y[yr*m:yr*m+m])
	}
	f.solveSchur(z, b, m)
	// Back substitution into rows col0… of b.
	for t := cmax - 1; t >= 0; t-- {
		for gi := range f.groups {
			g := &f.groups[gi]
			if t >= g.c {
				continue
			}
			xt := b.Data[(g.col0+t)*bs : (g.col0+t)*bs+m : (g.col0+t)*bs+m]
			o := g.off + t*g.w
			ut := f.a[o : o+g.w]
			mulSub(xt, y[(g.row0+t)*m:(g.row0+t+1)*m], ut[t+1:], g.cols[t+1:], b.Data, bs)
			divide(xt, ut[t], f.inv[g.col0+t])
		}
	}
}

// solveSchur overwrites z (nb × m, the leftover rows' right-hand sides in Schur pivot
// order) with the border unknowns, L_S then U_S, and copies them to rows nc… of b.
func (f *bordered) solveSchur(z []float64, b blas64.General, m int) {
	nb, bs := f.nb, b.Stride
	z = z[: nb*m : nb*m]
	for k := 1; k < nb; k++ {
		zk := z[k*m : k*m+m]
		mulSub(zk, zk, f.s[k*nb:k*nb+k], f.iota[:k], z, m)
	}
	for k := nb - 1; k >= 0; k-- {
		zk := z[k*m : k*m+m : k*m+m]
		row := f.s[k*nb : k*nb+nb]
		mulSub(zk, zk, row[k+1:], f.iota[k+1:nb], z, m)
		xk := b.Data[(f.nc+k)*bs : (f.nc+k)*bs+m]
		divide(zk, row[k], f.inv[f.nc+k])
		copyShort(xk, zk)
	}
}

// setSparse declares the structure of the right-hand sides of solveSparse: the rows of
// group g can be nonzero in columns cols[g] only (ascending).
func (f *bordered) setSparse(cols [][]int) {
	f.kw = 0
	for gi := range f.groups {
		g := &f.groups[gi]
		g.rhs = cols[gi]
		f.kw = max(f.kw, len(cols[gi]))
		for t := range g.r {
			f.rowGroup[g.row0+t] = gi
		}
	}
}

// solveSparse sets x (n × m) to A⁻¹·B for a B (n × m, rows in equation order) whose row i
// of group g is zero outside the columns g.rhs (see setSparse) and held compactly in
// bc[i·kw : i·kw+len(g.rhs)]. The forward elimination touches those columns only, the
// others staying exactly zero; the numbers are those of solve on the dense B (bit for bit
// when the factors are finite).
func (f *bordered) solveSparse(bc []float64, x blas64.General) {
	m, xs, kw := x.Cols, x.Stride, f.kw
	if m == 0 {
		return
	}
	if m == 1 && xs == 1 { // solve's scalar sweeps, on the expanded right-hand side
		y := f.y[:f.n:f.n]
		for gi := range f.groups {
			g := &f.groups[gi]
			for t, e := range g.perm {
				y[g.row0+t] = 0
				if len(g.rhs) > 0 {
					y[g.row0+t] = bc[(g.row0+e)*kw]
				}
			}
		}
		f.solveY1(x.Data[:f.n])
		return
	}
	y := f.y[: f.n*kw : f.n*kw]
	for gi := range f.groups {
		g := &f.groups[gi]
		k := len(g.rhs)
		yg, bg := y[g.row0*kw:(g.row0+g.r)*kw], bc[g.row0*kw:(g.row0+g.r)*kw]
		if k == 2 {
			for t, e := range g.perm {
				yg[t*kw], yg[t*kw+1] = bg[e*kw], bg[e*kw+1]
			}
			continue
		}
		for t, e := range g.perm {
			copyShort(yg[t*kw:t*kw+k], bg[e*kw:e*kw+k])
		}
	}
	// Forward elimination as in solveY: column by column, the groups in step.
	for j := range f.cmax {
		for gi := range f.groups {
			g := &f.groups[gi]
			if j >= g.c {
				continue
			}
			k := len(g.rhs)
			yj := y[(g.row0+j)*kw : (g.row0+j)*kw+k : (g.row0+j)*kw+k]
			if k == 2 { // a leg's own column and a shared one, as on the Stewart
				y0, y1 := yj[0], yj[1]
				for t := j + 1; t < g.r; t++ {
					if l := f.a[g.off+t*g.w+j]; l != 0 {
						yt := y[(g.row0+t)*kw : (g.row0+t)*kw+2 : (g.row0+t)*kw+2]
						yt[0] -= l * y0
						yt[1] -= l * y1
					}
				}
				continue
			}
			for t := j + 1; t < g.r; t++ {
				l := f.a[g.off+t*g.w+j]
				if l == 0 {
					continue
				}
				yt := y[(g.row0+t)*kw : (g.row0+t)*kw+k]
				yt = yt[:len(yj)]
				for q, v := range yj {
					yt[q] -= l * v
				}
			}
		}
	}
	z := f.sz[: f.nb*m : f.nb*m]
	zero := f.zero[:m]
	for k, yr := range f.sRow {
		zk := z[k*m : k*m+m : k*m+m]
		copyShort(zk, zero)
		cols := f.groups[f.rowGroup[yr]].rhs
		for q, c := range y[yr*kw : yr*kw+len(cols)] {
			zk[cols[q]] = c
		}
	}
	f.solveSchur(z, x, m)
	// The own unknowns' right-hand sides first (a row is read only once solved), then
	// the back substitution, rows in the order of back.
	for gi := range f.groups {
		g := &f.groups[gi]
		for t := range g.c {
			xt := x.Data[(g.col0+t)*xs : (g.col0+t)*xs+m : (g.col0+t)*xs+m]
			copyShort(xt, zero)
			if yt := y[(g.row0+t)*kw:]; len(g.rhs) == 2 {
				xt[g.rhs[0]], xt[g.rhs[1]] = yt[0], yt[1]
			} else {
				for q, c := range g.rhs {
					xt[c] = yt[q]
				}
			}
		}
	}
	if m == 6 && xs >= 6 && len(x.Data) >= (f.n-1)*xs+6 && len(f.aCols) == len(f.a) {
		backSub6(x.Data, xs, f.a, f.aCols, f.back, f.inv)
		return
	}
	backSub(x.Data, xs, m, f.a, f.aCols, f.back, f.inv)
}

// backSub is solveSparse's back substitution over the own unknowns of x (row stride xs,
// m columns): per row spec (dst, lo, hi, piv, k) of spec, row dst takes itself minus
// Σ_{j=lo}^{hi−1} a[j]·x[cols[j]·xs+·] (mulSub), then is divided by a[piv] (divide, with
// the reciprocal inv[k]).
func backSub(x []float64, xs, m int, a []float64, cols, spec []int, inv []float64) {
	for s := 0; s+5 <= len(spec); s += 5 {
		dst, lo, hi, piv, k := spec[s], spec[s+1], spec[s+2], spec[s+3], spec[s+4]
		xt := x[dst*xs : dst*xs+m : dst*xs+m]
		mulSub(xt, xt, a[lo:hi], cols[lo:hi], x, xs)
		divide(xt, a[piv], inv[k])
	}
}

// quotient returns v/d, multiplying by d's reciprocal inv when that may stand for it.
func quotient(v, d, inv float64) float64 {
	if math.Abs(d) >= 0x1p-1022 {
		return v * inv
	}
	return v / d
}

// divide divides x by d, multiplying by its reciprocal inv when that may stand for it.
func divide(x []float64, d, inv float64) {
	if math.Abs(d) >= 0x1p-1022 {
		for q := range x {
			x[q] *= inv
		}
		return
	}
	for q := range x {
		x[q] /= d
	}
}

// solveY1 is solveY for one right-hand side x (len n, contiguous), by scalar sweeps:
// columns of L and of the groups' U, dot products in the Schur complement.
func (f *bordered) solveY1(x []float64) {
	y := f.y[:f.n:f.n]
	// Forward elimination by columns: independent updates of the rows below.
	for gi := range f.groups {
		g := &f.groups[gi]
		a, w := f.a[g.off:g.off+g.r*g.w], g.w
		yg := y[g.row0 : g.row0+g.r]
		for j := range g.c {
			v, at := yg[j], (j+1)*w+j // at: entry (t, j) of the block
			for t := j + 1; t < len(yg); t++ {
				yg[t] -= a[at] * v
				at += w
			}
		}
	}
	nb, nc := f.nb, f.nc
	z := f.sz[:nb:nb]
	for k, yr := range f.sRow {
		z[k] = y[yr]
	}
	for k := 1; k < nb; k++ {
		z[k] -= dot(f.s[k*nb:k*nb+k], z[:k])
	}
	for k := nb - 1; k >= 0; k-- {
		row := f.s[k*nb : k*nb+nb]
		v := quotient(z[k]-dot(row[k+1:], z[k+1:]), row[k], f.inv[nc+k])
		z[k], x[nc+k] = v, v
	}
	// Back substitution: the border's part of every pivot row (independent rows), then
	// the own columns by columns.
	for gi := range f.groups {
		g := &f.groups[gi]
		a, w, c := f.a[g.off:g.off+g.r*g.w], g.w, g.c
		yg := y[g.row0 : g.row0+c]
		if g.allBorder { // the group touches the whole border in order: no indices
			for t := range yg {
				yg[t] -= dot(a[t*w+c:t*w+w], z)
			}
		} else {
			for t := range yg {
				yg[t] -= dotIdx(a[t*w+c:t*w+w], g.bcols, z)
			}
		}
		xg := x[g.col0 : g.col0+c]
		for t := c - 1; t >= 0; t-- {
			v := quotient(yg[t], a[t*w+t], f.inv[g.col0+t])
			xg[t] = v
			at := t // entry (i, t) of the block
			for i := range t {
				yg[i] -= a[at] * v
				at += w
			}
		}
	}
}

// copyShort is copy(dst, src) for len(dst) ≤ len(src) without the call to memmove, for
// the rows of a few entries the solves move.
func copyShort(dst, src []float64) {
	src = src[:len(dst)]
	for i, v := range src {
		dst[i] = v
	}
}

// dot returns Σ_j a[j]·b[j] (len(b) ≥ len(a)), summing alternate terms separately.
func dot(a, b []float64) float64 {
	b = b[:len(a)]
	s0, s1 := 0.0, 0.0
	j := 0
	for ; j+2 <= len(a); j += 2 {
		s0 += a[j] * b[j]
		s1 += a[j+1] * b[j+1]
	}
	if j < len(a) {
		s0 += a[j] * b[j]
	}
	return s0 + s1
}

// dotIdx returns Σ_j a[j]·x[idx[j]], summing alternate terms separately.
func dotIdx(a []float64, idx []int, x []float64) float64 {
	idx = idx[:len(a)]
	s0, s1 := 0.0, 0.0
	j := 0
	for ; j+2 <= len(a); j += 2 {
		s0 += a[j] * x[idx[j]]
		s1 += a[j+1] * x[idx[j+1]]
	}
	if j < len(a) {
		s0 += a[j] * x[idx[j]]
	}
	return s0 + s1
}

// solveT overwrites x (len n) with A⁻ᵀ·x: its entries are unknowns on input and equations
// on output.
func (f *bordered) solveT(x []float64) {
	y := f.solveTY(x)
	for gi := range f.groups {
		g := &f.groups[gi]
		for t, e := range g.perm {
			x[g.row0+e] = y[g.row0+t]
		}
	}
}

// solveTPivoted overwrites x (len n) with L⁻ᵀ·U⁻ᵀ·x = P·A⁻ᵀ·x, the transpose of
// solvePivoted: its entries are unknowns on input and in pivot order on output.
func (f *bordered) solveTPivoted(x []float64) {
	y := f.solveTY(x)
	for gi := range f.groups {
		g := &f.groups[gi]
		copyShort(x[g.col0:g.col0+g.c], y[g.row0:g.row0+g.c])
	}
	for k, yr := range f.sRow {
		x[f.nc+k] = y[yr]
	}
}

// solveTY is solveT into y's layout, which it returns; x is left modified.
func (f *bordered) solveTY(x []float64) []float64 {
	nb, nc := f.nb, f.nc
	y := f.y[:f.n:f.n]
	z := f.sz[:nb:nb]
	copyShort(z, x[nc:nc+nb])
	// Uᵀ: the groups' own parts, each feeding its border entries.
	for gi := range f.groups {
		g := &f.groups[gi]
		a := f.a[g.off : g.off+g.r*g.w]
		xg := x[g.col0 : g.col0+g.c]
		for t := range g.c {
			ut := a[t*g.w : t*g.w+g.w]
			v := quotient(xg[t], ut[t], f.inv[g.col0+t])
			y[g.row0+t] = v
			for j := t + 1; j < g.c; j++ {
				xg[j] -= ut[j] * v
			}
			for k, bc := range g.bcols {
				z[bc] -= ut[g.c+k] * v
			}
		}
	}
	// U_Sᵀ then L_Sᵀ on the Schur part.
	s := f.s
	for k := range nb {
		v := quotient(z[k], s[k*nb+k], f.inv[nc+k])
		z[k] = v
		for j := k + 1; j < nb; j++ {
			z[j] -= s[k*nb+j] * v
		}
	}
	for k := nb - 1; k > 0; k-- {
		v := z[k]
		for j, l := range s[k*nb : k*nb+k] {
			z[j] -= l * v
		}
	}
	// Lᵀ of the groups: first the leftover rows' multipliers, then each block's own.
	for k, yr := range f.sRow {
		y[yr] = z[k]
	}
	for gi := range f.groups {
		g := &f.groups[gi]
		a := f.a[g.off : g.off+g.r*g.w]
		yg := y[g.row0 : g.row0+g.r]
		for t := g.r - 1; t > 0; t-- {
			v := yg[t]
			for j, l := range a[t*g.w : t*g.w+min(t, g.c)] {
				yg[j] -= l * v
			}
		}
	}
	return y
}

// sign returns the sign of det A (+1 or -1; 0 when a pivot is zero), from the pivots and
// row interchanges of the last factor.
func (f *bordered) sign() int {
	if f.pivLo == 0 && f.n > 0 {
		return 0
	}
	neg := f.sOdd != (f.staticSign < 0) != f.pivNeg
	for gi := range f.groups {
		neg = neg != f.groups[gi].odd
	}
	if neg {
		return -1
	}
	return 1
}

// pivotRatio returns min |U_kk| / max |U_kk| over the pivots (1 for an empty matrix; NaN
// when a pivot is NaN).
func (f *bordered) pivotRatio() float64 {
	if f.pivHi == 0 {
		return 1
	}
	return math.Float64frombits(f.pivLo) / math.Float64frombits(f.pivHi)
}

// rcond returns the reciprocal condition number estimate of A (see rcondEstimate). Its
// products are those of the general lu's estimate, in the general lu's pivot order
// (solvePivoted, solveTPivoted), so that the estimate follows the general LU's steps on
// the same factors.
func (f *bordered) rcond(anorm float64, work []float64, isgn []int) float64 {
	return rcondEstimate(f, f.n, anorm, work, isgn)
}
