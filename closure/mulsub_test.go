package closure

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/robocompiler/robocompiler/internal/dense"
	"github.com/robocompiler/robocompiler/internal/testutil"
	"github.com/robocompiler/robocompiler/spatial"
)

// TestResidual6RowsMatchesMulSub: the one-sweep residual kernel equals mulSub row by row
// bit for bit (random rows of 0–12 terms with repeated and unordered columns, strides
// wider than six, NaN, infinite and subnormal entries), its gate is the scalar one — some
// row with dense.MaxAbs(r) above tol·(raMax + absDot) — for any raMax and xmax, and, for the lift's
// raMax and xmax (row maxima of src and x), the lift's gate that takes the absDot term only
// when the raMax term does not cover the row; and it refuses slices too short for its rows.
func TestResidual6RowsMatchesMulSub(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 62))
	tols := []float64{refineTol * epsilon, 1, 0x1p40, math.MaxFloat64}
	for trial := range 400 {
		n := 1 + rng.IntN(31)
		if trial%4 == 0 {
			n = 1 // one row: the gate decided by that row alone
		}
		xs, rs, ss := 6+rng.IntN(3), 6+rng.IntN(3), 6+rng.IntN(3)
		x := make([]float64, (n-1)*xs+6)
		src := make([]float64, (n-1)*ss+6)
		for i := range x {
			x[i] = rng.NormFloat64() * math.Ldexp(1, rng.IntN(40)-20)
		}
		for i := range src {
			src[i] = rng.NormFloat64()
		}
		switch trial % 10 {
		case 0:
			x[rng.IntN(len(x))], src[rng.IntN(len(src))] = math.NaN(), math.Inf(-1)
		case 3:
			x[rng.IntN(len(x))] = math.Inf(1)
		case 5:
			x[rng.IntN(len(x))], src[rng.IntN(len(src))] = 0x1p-1060, -0x1p-1070
		}
		ptr := make([]int, n+1)
		var vals []float64
		var cols []int
		for i := range n {
			for range rng.IntN(13) {
				v := rng.NormFloat64()
				switch rng.IntN(40) {
				case 0:
					v = math.NaN()
				case 1:
					v = math.Inf(-1)
				case 2:
					v = 0
				case 3:
					v = -0x1p-1050
				}
				vals, cols = append(vals, v), append(cols, rng.IntN(n))
			}
			ptr[i+1] = len(vals)
		}
		// The lift's row maxima, and arbitrary ones.
		raMax, xmax := make([]float64, n), make([]float64, n)
		anyMax, anyX := make([]float64, n), make([]float64, n)
		for i := range n {
			raMax[i], xmax[i] = dense.MaxAbs(src[i*ss:i*ss+6]), dense.MaxAbs(x[i*xs:i*xs+6])
			anyMax[i], anyX[i] = math.Abs(rng.NormFloat64()), math.Abs(rng.NormFloat64())*0x1p30
			switch rng.IntN(12) {
			case 0:
				anyMax[i] = math.NaN()
			case 1:
				anyX[i] = math.Inf(1)
			case 2:
				anyMax[i], anyX[i] = 0, 0x1p-1070
			}
		}
		tol := tols[rng.IntN(len(tols))]
		want := make([]float64, (n-1)*rs+6)
		for i := range n {
			lo, hi := ptr[i], ptr[i+1]
			mulSub(want[i*rs:i*rs+6], src[i*ss:i*ss+6], vals[lo:hi], cols[lo:hi], x, xs)
		}
		// gate is the scalar gate; lazy takes the absDot term only when needed.
		gate := func(ra, xm []float64, lazy bool) bool {
			refine := false
			for i := range n {
				lo, hi := ptr[i], ptr[i+1]
				rmax := dense.MaxAbs(want[i*rs : i*rs+6])
				if lazy && rmax <= tol*ra[i] {
					continue
				}
				refine = refine || !(rmax <= tol*(ra[i]+absDot(vals[lo:hi], cols[lo:hi], xm)))
			}
			return refine
		}
		for _, c := range []struct {
			ra, xm []float64
			lazy   bool
		}{{raMax, xmax, true}, {raMax, xmax, false}, {anyMax, anyX, false}} {
			got := make([]float64, (n-1)*rs+6)
			ok, refine := residual6Rows(got, rs, src, ss, ptr, vals, cols, x, xs, c.ra, c.xm, tol)
			if !ok {
				t.Fatalf("trial %d: refused", trial)
			}
			for k := range got {
				if !testutil.SameOrNaN(got[k], want[k]) {
					t.Fatalf("trial %d entry %d: %v, mulSub %v", trial, k, got[k], want[k])
				}
			}
			if w := gate(c.ra, c.xm, c.lazy); refine != w {
				t.Fatalf("trial %d (n %d, tol %g, lazy %v): refine %v, scalar gate %v", trial, n, tol, c.lazy, refine, w)
			}
		}
		got := make([]float64, (n-1)*rs+6)
		short := func(ok, _ bool) bool { return ok }
		if short(residual6Rows(got[:len(got)-1], rs, src, ss, ptr, vals, cols, x, xs, raMax, xmax, tol)) ||
			short(residual6Rows(got, rs, src, ss, ptr, vals, cols, x[:len(x)-1], xs, raMax, xmax, tol)) ||
			short(residual6Rows(got, rs, src[:len(src)-1], ss, ptr, vals, cols, x, xs, raMax, xmax, tol)) ||
			short(residual6Rows(got, rs, src, ss, ptr, vals, cols, x, xs, raMax[:n-1], xmax, tol)) ||
			short(residual6Rows(got, rs, src, ss, ptr, vals, cols, x, xs, raMax, xmax[:n-1], tol)) ||
			ptr[n] > 0 && short(residual6Rows(got, rs, src, ss, ptr, vals[:ptr[n]-1], cols, x, xs, raMax, xmax, tol)) {
			t.Fatalf("trial %d: short slices accepted", trial)
		}
	}
}

// TestEliminateBlocksMatchesScalar: the interleaved elimination of one to four blocks
// equals scalar partial pivoting of each block on its own bit for bit — pivot rows (the
// first of largest magnitude, ties and NaN included), whole-row interchanges, reciprocals,
// multipliers (x·(1/pivot), or x/pivot below the smallest normal pivot) and updates — and
// fails exactly when some block meets a zero column.
func TestEliminateBlocksMatchesScalar(t *testing.T) {
	rng := rand.New(rand.NewPCG(63, 64))
	fails := 0
	for trial := range 2000 {
		var spec []int
		n, off, kmax := 0, rng.IntN(3), 0
		for range 1 + rng.IntN(4) {
			r, w := 1+rng.IntN(8), 1+rng.IntN(11)
			c := rng.IntN(min(r, w) + 1)
			spec = append(spec, off, w, c, r, n)
			off += r*w + rng.IntN(3)
			n += c + rng.IntN(2)
			kmax = max(kmax, c)
		}
		a := make([]float64, off+rng.IntN(3))
		for i := range a {
			switch rng.IntN(6) {
			case 0: // a structural zero
			case 1: // a tie of magnitudes
				a[i] = float64(2*rng.IntN(2)-1) * float64(1+rng.IntN(2))
			default:
				a[i] = rng.NormFloat64()
			}
		}
		b := 5 * rng.IntN(len(spec)/5)
		boff, w, c, r := spec[b], spec[b+1], spec[b+2], spec[b+3]
		switch k := rng.IntN(min(r, w)); trial % 9 {
		case 1:
			a[boff+rng.IntN(r*w)] = math.NaN()
		case 2:
			for i := k; i < r; i++ {
				a[boff+i*w+k] = 0x1p-1030 * float64(i+1) // subnormal pivots
			}
		case 3:
			if k < c {
				for i := range r {
					a[boff+i*w+k] = 0 // a zero column: the elimination fails
				}
			}
		case 4:
			a[boff+rng.IntN(r*w)] = math.Inf(-1)
		case 5:
			a[boff+rng.IntN(r*w)] = math.Copysign(0, -1)
		}
		want := slices.Clone(a)
		wantPiv, wantInv := make([]int, n), make([]float64, n)
		wantOK := true
		for b := 0; b < len(spec); b += 5 {
			off, w, c, r, base := spec[b], spec[b+1], spec[b+2], spec[b+3], spec[b+4]
			blk := want[off : off+r*w]
			for k := range c {
				p, best := k, math.Abs(blk[k*w+k])
				for i := k + 1; i < r; i++ {
					if v := math.Abs(blk[i*w+k]); v > best {
						p, best = i, v
					}
				}
				if best == 0 {
					wantOK = false
					break
				}
				for j := range w {
					blk[k*w+j], blk[p*w+j] = blk[p*w+j], blk[k*w+j]
				}
				piv := blk[k*w+k]
				wantPiv[base+k], wantInv[base+k] = p, 1/piv
				for i := k + 1; i < r; i++ {
					x := blk[i*w+k]
					if x == 0 {
						continue
					}
					l := x * (1 / piv)
					if math.Abs(piv) < 0x1p-1022 {
						l = x / piv
					}
					blk[i*w+k] = l
					for j := k + 1; j < w; j++ {
						blk[i*w+j] -= l * blk[k*w+j]
					}
				}
			}
		}
		piv, inv := make([]int, n), make([]float64, n)
		ok := factorBlocks(a, spec, kmax, piv, inv)
		if ok != wantOK {
			t.Fatalf("trial %d (spec %v): ok %v, scalar %v", trial, spec, ok, wantOK)
		}
		if !ok {
			fails++
			continue // the blocks are partially factored, in another order
		}
		for k := range n {
			if piv[k] != wantPiv[k] || !testutil.SameOrNaN(inv[k], wantInv[k]) {
				t.Fatalf("trial %d (spec %v) pivot %d: row %d, reciprocal %v; scalar %d, %v", trial, spec, k, piv[k], inv[k], wantPiv[k], wantInv[k])
			}
		}
		for q := range a {
			if !testutil.SameOrNaN(a[q], want[q]) {
				t.Fatalf("trial %d (spec %v) entry %d: %v, scalar %v", trial, spec, q, a[q], want[q])
			}
		}
	}
	if fails == 0 || fails > 1000 {
		t.Errorf("%d of 2000 trials failed: the zero columns do not test both outcomes", fails)
	}
}

// TestBackSub6MatchesBackSub: the six-column back substitution equals backSub bit for bit
// on random row specs (rows solved in order, each reading rows solved before it), with
// normal, subnormal, zero, infinite and NaN pivots.
func TestBackSub6MatchesBackSub(t *testing.T) {
	rng := rand.New(rand.NewPCG(65, 66))
	for trial := range 200 {
		n, xs := 2+rng.IntN(30), 6+rng.IntN(3)
		x := make([]float64, (n-1)*xs+6)
		for i := range x {
			x[i] = rng.NormFloat64()
		}
		var a, inv []float64
		var cols, spec []int
		for dst := range n { // row dst reads rows below it in the order dst+1…
			lo := len(a)
			for range rng.IntN(10) {
				if dst+1 < n {
					a, cols = append(a, rng.NormFloat64()), append(cols, dst+1+rng.IntN(n-dst-1))
				}
			}
			hi := len(a)
			d := rng.NormFloat64()
			switch rng.IntN(8) {
			case 0:
				d = 0x1p-1040
			case 1:
				d = math.Inf(1)
			case 2:
				d = math.NaN()
			case 3:
				d = 0
			}
			a, cols = append(a, d), append(cols, 0)
			inv = append(inv, 1/d)
			spec = append([]int{dst, lo, hi, len(a) - 1, len(inv) - 1}, spec...)
		}
		got, want := slices.Clone(x), slices.Clone(x)
		backSub6(got, xs, a, cols, spec, inv)
		backSub(want, xs, 6, a, cols, spec, inv)
		for q := range got {
			if !testutil.SameOrNaN(got[q], want[q]) {
				t.Fatalf("trial %d entry %d: %v, backSub %v", trial, q, got[q], want[q])
			}
		}
	}
}

// TestRateCols6MatchesScalar: the logarithm rows' column kernel equals the scalar rates
// h·(sign·t) bit for bit — rows 0–2 from h's first three entries, rows 3–5 from all six,
// each sum in order — on random rate maps, twists and signs (NaN, infinite, subnormal and
// signed-zero entries included), an even or odd number of distinct columns in any order,
// and leaves the other entries alone.
func TestRateCols6MatchesScalar(t *testing.T) {
	rng := rand.New(rand.NewPCG(67, 68))
	value := func() float64 { return testutil.KernelValue(rng, 15) }
	for trial := range 500 {
		var h [36]float64
		for i := range h {
			h[i] = value()
		}
		nv := 1 + rng.IntN(20)
		sb := make([]spatial.Vec6, nv)
		for k := range sb {
			for j := range 6 {
				sb[k][j] = value()
			}
		}
		cols := rng.Perm(nv)[:rng.IntN(nv+1)]
		signs := make([]float64, len(cols))
		for n := range signs {
			signs[n] = float64(2*rng.IntN(2) - 1)
			if rng.IntN(10) == 0 {
				signs[n] = value()
			}
		}
		stride := nv + rng.IntN(3)
		c := make([]float64, 5*stride+nv+rng.IntN(3))
		for i := range c {
			c[i] = float64(i) // entries outside the columns keep these
		}
		want := slices.Clone(c)
		for n, k := range cols {
			var tt [6]float64
			for j := range tt {
				tt[j] = signs[n] * sb[k][j]
			}
			for i := range 6 {
				x := h[6*i]*tt[0] + h[6*i+1]*tt[1] + h[6*i+2]*tt[2]
				if i >= 3 {
					x = h[6*i]*tt[0] + h[6*i+1]*tt[1] + h[6*i+2]*tt[2] + h[6*i+3]*tt[3] + h[6*i+4]*tt[4] + h[6*i+5]*tt[5]
				}
				want[i*stride+k] = x
			}
		}
		logRateCols(&h, sb, cols, signs, c, stride)
		for q := range c {
			if !testutil.SameOrNaN(c[q], want[q]) {
				t.Fatalf("trial %d (columns %v, stride %d) entry %d: %v, scalar %v", trial, cols, stride, q, c[q], want[q])
			}
		}
	}
}
