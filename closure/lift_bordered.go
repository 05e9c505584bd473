package closure

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/blas/blas64"
)

// tryBordered sets up the bordered factorisation (bb) when the structure of R_p (colsOf[row]:
// the columns row can be nonzero in) is bordered block diagonal — parallel legs closed on a
// platform carried by one leg: each leg's rows touch its own columns and the shared border
// (see borderedGroups) — and reorders rows and dep group by group, the border last.
func (l *Lift) tryBordered(colsOf map[int][]int) {
	r := len(l.rows)
	depPos := make(map[int]int, r)
	for k, c := range l.dep {
		depPos[c] = k
	}
	cols := make([][]int, r)
	for i, row := range l.rows {
		for _, c := range colsOf[row] {
			if k, ok := depPos[c]; ok {
				cols[i] = append(cols[i], k)
			}
		}
	}
	groups, own, border, ok := borderedGroups(r, cols)
	if !ok {
		return
	}
	borderIdx := make(map[int]int, len(border))
	for b, k := range border {
		borderIdx[k] = b
	}
	rows, dep := make([]int, 0, r), make([]int, 0, r)
	rs, cs, bcols := make([]int, len(groups)), make([]int, len(groups)), make([][]int, len(groups))
	for g := range groups {
		rs[g], cs[g] = len(groups[g]), len(own[g])
		touched := map[int]bool{}
		for _, i := range groups[g] {
			rows = append(rows, l.rows[i])
			for _, k := range cols[i] {
				if b, ok := borderIdx[k]; ok && !touched[b] {
					touched[b] = true
					bcols[g] = append(bcols[g], b)
				}
			}
		}
		slices.Sort(bcols[g])
		for _, k := range own[g] {
			dep = append(dep, l.dep[k])
		}
	}
	for _, k := range border {
		dep = append(dep, l.dep[k])
	}
	l.rows, l.dep = rows, dep
	l.bb = newBordered(rs, cs, bcols, len(border), l.P.Mobility)
}

// borderedMaps lays out rp0 over bb's blocks (static: every structural entry of a block,
// row after row in the order rows) and lists where each structural entry of C goes, with
// its scale (row scale times column scale, negated for R_a).
func (l *Lift) borderedMaps() {
	f := l.bb
	l.rp0Val = make([]float64, len(f.a))
	l.rpPtr, l.raPtr = make([]int, f.n+1), make([]int, f.n+1)
	for _, g := range f.groups {
		blockCol := make(map[int]int, g.w) // dep position → block column
		for j := range g.c {
			blockCol[g.col0+j] = j
		}
		for k, b := range g.bcols {
			blockCol[f.nc+b] = g.c + k
		}
		for t := range g.r {
			i := g.row0 + t
			l.rp0Ptr[i] = g.off + t*g.w
			copy(l.rp0Col[g.off+t*g.w:], g.cols)
			rs := l.P.rowScale[l.rows[i]]
			for _, e := range l.spDep[i] {
				l.rpSrc = append(l.rpSrc, e.c)
				l.rpDst = append(l.rpDst, g.off+t*g.w+blockCol[e.k])
				l.rpScale = append(l.rpScale, rs*l.scale[e.k])
			}
			l.rpPtr[i+1] = len(l.rpSrc)
			for _, e := range l.spInd[i] {
				l.raSrc = append(l.raSrc, e.c)
				l.raDst = append(l.raDst, i*l.ra.Stride+e.k)
				l.raScale = append(l.raScale, -rs*l.scale[l.P.Rank+e.k])
			}
			l.raPtr[i+1] = len(l.raSrc)
		}
	}
	l.rp0Ptr[f.n] = len(f.a)
}

// scaleBordered is scaleBlocks for the bordered factorisation: R_p into rp0Val (bb's block
// layout), −R_a into ra with its row maxima, from the flat lists of borderedMaps.
func (l *Lift) scaleBordered(raw blas64.General) {
	a0, ra := l.rp0Val, l.ra.Data
	clear(a0)
	clear(ra)
	for i, row := range l.rows {
		src := raw.Data[row*raw.Stride : row*raw.Stride+raw.Cols]
		lo, hi := l.rpPtr[i], l.rpPtr[i+1]
		from := l.rpSrc[lo:hi]
		to, fac := l.rpDst[lo:hi:hi][:len(from)], l.rpScale[lo:hi:hi][:len(from)]
		for q, c := range from {
			a0[to[q]] = src[c] * fac[q]
		}
		lo, hi = l.raPtr[i], l.raPtr[i+1]
		from = l.raSrc[lo:hi]
		to, fac = l.raDst[lo:hi:hi][:len(from)], l.raScale[lo:hi:hi][:len(from)]
		var ramax uint64 // as in maxAbs: a NaN wins
		for q, c := range from {
			x := src[c] * fac[q]
			ra[to[q]] = x
			ramax = max(ramax, math.Float64bits(x)&^(1<<63))
		}
		l.raMax[i] = math.Float64frombits(ramax)
	}
}
