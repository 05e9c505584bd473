package closure

import (
	"slices"

	"github.com/robocompiler/robocompiler/internal/dense"
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
	l.rpSp, l.raSp = &scatter{}, &scatter{}
	// R_a's columns per group (those any of its rows can be nonzero in), for the compact
	// rows of rac and bb's sparse solve.
	rhs := make([][]int, len(f.groups))
	for gi, g := range f.groups {
		for i := g.row0; i < g.row0+g.r; i++ {
			for _, e := range l.spInd[i] {
				rhs[gi] = append(rhs[gi], e.k)
			}
		}
		slices.Sort(rhs[gi])
		rhs[gi] = slices.Compact(rhs[gi])
	}
	f.setSparse(rhs)
	l.rac = make([]float64, f.n*f.kw)
	for gi, g := range f.groups {
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
			row := l.rows[i]
			rs := l.P.rowScale[row]
			for _, e := range l.spDep[i] {
				l.rpSp.add(row, e.c, g.off+t*g.w+blockCol[e.k], rs*l.scale[e.k])
			}
			for _, e := range l.spInd[i] {
				l.raSp.add(row, e.c, i*f.kw+slices.Index(rhs[gi], e.k), -rs*l.scale[l.P.Rank+e.k])
				l.raDense = append(l.raDense, i*l.ra0.Stride+e.k)
			}
		}
	}
	l.rp0Ptr[f.n] = len(f.a)
	l.rpSp.finish(len(f.a))
	l.raSp.finish(-1)
}

// scatter lists the structural entries of C that one scaled block takes: entry q is
// C[row[q], col[q]] times scale[q] into position dst[q] of the block. off[q] is
// row[q]·stride + col[q] for C's row stride when it was last seen.
type scatter struct {
	row, col, dst, off []int
	scale              []float64
	stride             int
	// dense: dst[q] = q for every position of the block (nothing to clear, no dst to read).
	dense bool
}

// add appends an entry.
func (s *scatter) add(row, col, dst int, scale float64) {
	s.row, s.col, s.dst = append(s.row, row), append(s.col, col), append(s.dst, dst)
	s.scale = append(s.scale, scale)
}

// finish sizes the offsets and notes whether the entries fill a block of size positions
// in order (size < 0: they do not).
func (s *scatter) finish(size int) {
	s.off, s.stride = make([]int, len(s.row)), -1
	s.dense = len(s.dst) == size
	for q, d := range s.dst {
		s.dense = s.dense && d == q
	}
}

// offsets recomputes off for a C of the given row stride, in place.
func (s *scatter) offsets(stride int) {
	for q, r := range s.row {
		s.off[q] = r*stride + s.col[q]
	}
	s.stride = stride
}

// scaleBordered is scaleBlocks for the bordered factorisation: R_p into rp0Val and bb.a
// (bb's block layout, copied), −R_a into rac (compact rows, see borderedMaps) and ra0 with
// its row maxima, from the flat lists of borderedMaps.
func (l *Lift) scaleBordered(raw blas64.General) {
	rp, ra := l.rpSp, l.raSp
	if rp.stride != raw.Stride {
		rp.offsets(raw.Stride)
		ra.offsets(raw.Stride)
	}
	data := raw.Data
	a0 := l.rp0Val
	if fac := rp.scale[:len(rp.off)]; rp.dense {
		a0 = a0[:len(rp.off)]
		for q, o := range rp.off {
			a0[q] = data[o] * fac[q]
		}
	} else {
		clear(a0)
		dst := rp.dst[:len(rp.off)]
		for q, o := range rp.off {
			a0[dst[q]] = data[o] * fac[q]
		}
	}
	copy(l.bb.a, a0) // the copy to factor (one memmove: cheaper than a second store per entry)
	out, full := l.rac, l.ra0.Data
	fac, dst, dd := ra.scale[:len(ra.off)], ra.dst[:len(ra.off)], l.raDense[:len(ra.off)]
	for q, o := range ra.off {
		x := data[o] * fac[q]
		out[dst[q]], full[dd[q]] = x, x
	}
	// A compact row holds its structural entries and zeros, which leave the maximum alone.
	kw := l.bb.kw
	for i := range l.raMax {
		l.raMax[i] = dense.MaxAbs(out[i*kw : i*kw+kw])
	}
}
