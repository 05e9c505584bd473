package closure

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/robocompiler/robocompiler/internal/testutil"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// randomBordered returns a random bordered block-diagonal matrix (dense, n × n row-major)
// and its factorisation's workspace with the blocks filled: 2–5 groups of 1–7 rows with
// as many or fewer own columns, each touching a random subset of the border, with about
// a fifth of the structural entries zero.
func randomBordered(rng *rand.Rand, nrhs int) (*bordered, []float64) {
	G := 2 + rng.IntN(4)
	rs, cs := make([]int, G), make([]int, G)
	nb := 0
	for g := range G {
		rs[g] = 1 + rng.IntN(7)
		cs[g] = rs[g] - rng.IntN(min(rs[g], 3)+1)
		cs[g] = max(cs[g], 0)
		nb += rs[g] - cs[g]
	}
	bcols := make([][]int, G)
	for g := range G {
		for b := range nb {
			if rs[g] > cs[g] && rng.Float64() < 0.7 || rng.Float64() < 0.4 {
				bcols[g] = append(bcols[g], b)
			}
		}
	}
	f := newBordered(rs, cs, bcols, nb, nrhs)
	n := f.n
	a := make([]float64, n*n)
	for _, g := range f.groups {
		for t := range g.r {
			for j := range g.w {
				x := 0.0
				if rng.Float64() < 0.8 {
					x = rng.NormFloat64()
				}
				f.a[g.off+t*g.w+j] = x
				col := g.col0 + j
				if j >= g.c {
					col = f.nc + g.bcols[j-g.c]
				}
				a[(g.row0+t)*n+col] = x
			}
		}
	}
	// One trial in eight makes a group's own block rank deficient: its second own column a
	// copy of its first.
	if rng.IntN(8) == 0 {
		for _, g := range f.groups {
			if g.c >= 2 {
				for t := range g.r {
					x := f.a[g.off+t*g.w]
					f.a[g.off+t*g.w+1] = x
					a[(g.row0+t)*n+g.col0+1] = x
				}
				return f, a
			}
		}
	}
	return f, a
}

// TestBorderedAgainstLU: the bordered factorisation solves A X = B and Aᵀ x = b, and gives
// the determinant sign, pivot verdict and condition estimate of the general LU on the same
// matrix, on random bordered matrices (the solutions to round-off relative to the
// condition, the estimate to 1e-12 relative); on those with a rank-deficient own block
// both fail or find a pivot ratio below 1e-13.
func TestBorderedAgainstLU(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	solved, singular := 0, 0
	for trial := range 400 {
		nr := 1 + rng.IntN(6)
		f, a := randomBordered(rng, nr)
		n := f.n
		g := newLU(n)
		copy(g.a.Data, a)
		okG, okB := g.factor(), f.factor()
		if okG != okB {
			// Only an exactly zero pivot column in one order and a round-off one in the
			// other may disagree; then the matrix is singular to working precision.
			if okG && g.pivotRatio() > 1e-13 {
				t.Fatalf("trial %d: bordered factor failed, general LU pivot ratio %g", trial, g.pivotRatio())
			}
			if okB && f.pivotRatio() > 1e-13 {
				t.Fatalf("trial %d: general LU failed, bordered pivot ratio %g", trial, f.pivotRatio())
			}
			continue
		}
		if !okG {
			singular++
			continue
		}
		anorm := 0.0
		for j := range n {
			s := 0.0
			for i := range n {
				s += math.Abs(a[i*n+j])
			}
			anorm = math.Max(anorm, s)
		}
		work, isgn := make([]float64, 2*n), make([]int, n)
		rg := g.rcond(anorm, work, isgn)
		if rg < 1e-10 {
			if f.pivotRatio() < 1e-13 {
				singular++
			}
			continue // too ill-conditioned to compare solutions
		}
		solved++
		if rb := f.rcond(anorm, work, isgn); math.Abs(rb-rg) > 1e-12*rg {
			t.Errorf("trial %d: rcond %g, general %g", trial, rb, rg)
		}
		if f.sign() != g.sign() {
			t.Errorf("trial %d: sign %d, general %d", trial, f.sign(), g.sign())
		}
		if pb, pg := f.pivotRatio(), g.pivotRatio(); pb == 0 || pg == 0 {
			t.Errorf("trial %d: pivot ratios %g, %g", trial, pb, pg)
		}
		b := make([]float64, n*nr)
		for i := range b {
			b[i] = rng.NormFloat64()
		}
		want := blas64.General{Rows: n, Cols: nr, Stride: nr, Data: append([]float64(nil), b...)}
		got := blas64.General{Rows: n, Cols: nr, Stride: nr + 1, Data: make([]float64, n*(nr+1))}
		for i := range n {
			copy(got.Data[i*got.Stride:], b[i*nr:(i+1)*nr])
		}
		g.solve(want)
		f.solve(got)
		tol := 1e-13 * testutil.MaxAbs(want.Data) / rg
		for i := range n {
			for j := range nr {
				if d := got.Data[i*got.Stride+j] - want.Data[i*nr+j]; !(math.Abs(d) <= tol) {
					t.Fatalf("trial %d: solution (%d, %d) differs by %g (tol %g)", trial, i, j, d, tol)
				}
			}
		}
		xt, wt := b[:n:n], append([]float64(nil), b[:n]...)
		g.solveT(wt)
		f.solveT(xt)
		tol = 1e-13 * testutil.MaxAbs(wt) / rg
		for i := range n {
			if d := xt[i] - wt[i]; !(math.Abs(d) <= tol) {
				t.Fatalf("trial %d: transposed solution %d differs by %g (tol %g)", trial, i, d, tol)
			}
		}
	}
	if solved < 200 || singular < 20 {
		t.Errorf("only %d of 400 random bordered matrices were compared, %d found singular", solved, singular)
	}
}

// TestBorderedGroups: the structure search finds Stewart's pattern (five groups of 6 rows
// with 5 own columns each, on 5 border columns touched by every row) in shuffled order,
// and declines a matrix with a structurally zero column, one whose group has more own
// columns than rows, a single block, and a ring of loops each sharing a column with the
// next (whose border would exceed borderedMax).
func TestBorderedGroups(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	const n = 30
	perm := rng.Perm(n) // column k of the pattern is column perm[k] of the matrix
	stewart := make([][]int, n)
	for i := range n {
		g := i / 6
		for j := range 5 {
			stewart[i] = append(stewart[i], perm[5*g+j], perm[25+j])
		}
	}
	rows, own, border, ok := borderedGroups(n, stewart)
	if !ok || len(rows) != 5 || len(border) != 5 {
		t.Fatalf("stewart: ok %v, %d groups, %d border columns", ok, len(rows), len(border))
	}
	for g := range rows {
		if len(rows[g]) != 6 || len(own[g]) != 5 {
			t.Errorf("stewart group %d: %d rows, %d own columns", g, len(rows[g]), len(own[g]))
		}
	}
	zero := slices.Clone(stewart) // column perm[1] touched by no row
	for i := range 6 {
		zero[i] = slices.DeleteFunc(slices.Clone(stewart[i]), func(k int) bool { return k == perm[1] })
	}
	wide := [][]int{{0, 1, 2, 4}, {0, 1, 2, 4}, {3, 4}, {3, 4}, {3, 4}} // rows 0, 1: 3 own columns
	single := [][]int{{0, 1}, {1, 2}, {2, 0}}
	// A ring of 100 loops of 3 rows, each with 2 own columns and one column shared with
	// the next loop: bordered, but by 100 > borderedMax columns.
	chain := make([][]int, 300)
	for i := range chain {
		g := i / 3
		chain[i] = []int{2 * g, 2*g + 1, 200 + g, 200 + (g+99)%100}
	}
	for name, c := range map[string][][]int{"zero column": zero, "wide group": wide, "single block": single, "chain": chain} {
		if _, _, _, ok := borderedGroups(len(c), c); ok {
			t.Errorf("%s: taken as bordered", name)
		}
	}
}

// stewartFixture returns the built-in Stewart platform.
func stewartFixture(t testing.TB) fixture {
	for _, f := range builtins(t, false) {
		if f.name == "stewart" {
			return f
		}
	}
	t.Fatal("no built-in stewart")
	return fixture{}
}

// TestLiftBorderedStewart: Stewart's R_p is factored in bordered form (five legs' own
// columns, the reference leg's platform columns as the border), and its E, Sign, RCond,
// curvature solve and adjoint equal those of the lift that factors R_p whole with the
// general LU (a partition that does not know C's structure), to 1e-12 relative, at 40
// random assembled configurations, with UpdateE and Update alike.
func TestLiftBorderedStewart(t *testing.T) {
	f := stewartFixture(t)
	m := f.m
	rng := rand.New(rand.NewPCG(23, 24))
	d := NewData(m)
	compared := 0
	for s := range 40 {
		q := f.q
		if s > 0 {
			var ok bool
			if q, ok = assembledNear(m, f.q, rng, 0.3); !ok {
				continue
			}
		}
		d.Jacobian(q)
		p, err := ChoosePartition(m, d.C, nil, 0)
		if err != nil {
			continue
		}
		lb, lw := structuredAndWholeLifts(p, m.NV)
		if lb.bb == nil || lw.bb != nil {
			t.Fatalf("bordered %v (structured), %v (whole)", lb.bb != nil, lw.bb != nil)
		}
		if g := len(lb.bb.groups); g != 5 || lb.bb.nb != 5 {
			t.Fatalf("%d groups and %d border columns, want 5 and 5", g, lb.bb.nb)
		}
		if err := errors.Join(lb.Update(d.C), lw.Update(d.C)); err != nil {
			t.Fatal(err)
		}
		compared++
		eb, ew := lb.E.RawMatrix().Data, lw.E.RawMatrix().Data
		if err := relDiff(eb, ew); err > 1e-12 {
			t.Errorf("config %d: E differs by %.3g relative", s, err)
		}
		if lb.Sign != lw.Sign || math.Abs(lb.RCond-lw.RCond) > 1e-12*lw.RCond {
			t.Errorf("config %d: sign %d vs %d, rcond %.17g vs %.17g", s, lb.Sign, lw.Sign, lb.RCond, lw.RCond)
		}
		if err := lb.UpdateE(d.C); err != nil || !math.IsNaN(lb.RCond) || !testutil.SameBits(lb.E.RawMatrix().Data, eb) {
			t.Errorf("config %d: UpdateE differs from Update (%v, rcond %g)", s, err, lb.RCond)
		}
		gamma, z := make([]float64, m.Rows), make([]float64, m.NV)
		for i := range gamma {
			gamma[i] = rng.NormFloat64()
		}
		for i := range z {
			z[i] = rng.NormFloat64()
		}
		cb, cw := make([]float64, m.NV), make([]float64, m.NV)
		yb, yw := make([]float64, m.Rows), make([]float64, m.Rows)
		lb.Curvature(gamma, cb)
		lw.Curvature(gamma, cw)
		lb.CurvatureAdjoint(z, yb)
		lw.CurvatureAdjoint(z, yw)
		if e1, e2 := relDiff(cb, cw), relDiff(yb, yw); e1 > 1e-12 || e2 > 1e-12 {
			t.Errorf("config %d: curvature differs by %.3g, its adjoint by %.3g relative", s, e1, e2)
		}
	}
	if compared < 30 {
		t.Errorf("only %d configurations compared", compared)
	}
}

// relDiff returns max |a−b| / max(max|b|, 1e-300).
func relDiff(a, b []float64) float64 {
	worst := 0.0
	for i := range a {
		worst = math.Max(worst, math.Abs(a[i]-b[i]))
	}
	return worst / math.Max(testutil.MaxAbs(b), 1e-300)
}

// TestLiftBorderedSingular: a Stewart C whose leg's own dependent columns make that leg's
// own block rank deficient — one column zeroed or scaled to 1e-14 of itself, or copied
// onto another own column of the same leg (minus a round-off perturbation or exactly) —
// is judged singular (*SingularError) by the bordered lift, with UpdateE and Update, as
// by the lift that factors R_p whole; the lift then recovers at the original C, and none
// of this allocates beyond the error value. An exactly zero own column is judged by the
// general LU (the bordered one's fallback), as without the bordered form.
func TestLiftBorderedSingular(t *testing.T) {
	f := stewartFixture(t)
	m := f.m
	d := NewData(m)
	d.Jacobian(f.q)
	p, err := ChoosePartition(m, d.C, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	lb, lw := structuredAndWholeLifts(p, m.NV)
	g := lb.bb.groups[2]
	c0, c1 := lb.dep[g.col0], lb.dep[g.col0+1]
	cases := map[string]func(C *mat.Dense){
		"zero":   func(C *mat.Dense) { scaleCol(C, c0, 0) },
		"tiny":   func(C *mat.Dense) { scaleCol(C, c0, 1e-14) },
		"copy":   func(C *mat.Dense) { copyCol(C, c0, c1, 0) },
		"nearly": func(C *mat.Dense) { copyCol(C, c0, c1, 1e-15) },
	}
	for name, spoil := range cases {
		C := mat.DenseCopyOf(d.C)
		spoil(C)
		for _, l := range []*Lift{lb, lw} {
			for _, update := range []func(*Lift, *mat.Dense) error{(*Lift).Update, (*Lift).UpdateE} {
				var se *SingularError
				if err := update(l, C); !errors.As(err, &se) {
					t.Errorf("%s (bordered %v): %v, want *SingularError", name, l.bb != nil, err)
				}
			}
		}
		if name == "zero" && (lb.lu != factors(lb.gen) || lb.RCond != 0) {
			t.Errorf("zero: an exactly zero own column was not judged by the general LU (rcond %g)", lb.RCond)
		}
		if n := testing.AllocsPerRun(10, func() { _ = lb.UpdateE(C) }); n > 1 {
			t.Errorf("%s: a singular UpdateE allocates %v times beyond its error", name, n-1)
		}
		if err := lb.UpdateE(d.C); err != nil || lb.lu != factors(lb.bb) {
			t.Errorf("%s: the lift does not recover (%v)", name, err)
		}
	}
}

// scaleCol multiplies column c of C by s.
func scaleCol(C *mat.Dense, c int, s float64) {
	r, _ := C.Dims()
	for i := range r {
		C.Set(i, c, s*C.At(i, c))
	}
}

// copyCol sets column dst of C to column src times 1+eps.
func copyCol(C *mat.Dense, src, dst int, eps float64) {
	r, _ := C.Dims()
	for i := range r {
		C.Set(i, dst, (1+eps)*C.At(i, src))
	}
}

// TestLiftBorderedAllocations: the bordered lift's updates, curvature solves and the
// chord tracker's solves with its factors allocate nothing.
func TestLiftBorderedAllocations(t *testing.T) {
	f := stewartFixture(t)
	m := f.m
	d := NewData(m)
	d.Jacobian(f.q)
	p, _ := ChoosePartition(m, d.C, nil, 0)
	l := NewLift(p, m.NV)
	gamma, c, y := make([]float64, m.Rows), make([]float64, m.NV), make([]float64, m.Rows)
	ops := map[string]func(){
		"UpdateE":          func() { _ = l.UpdateE(d.C) },
		"Update":           func() { _ = l.Update(d.C) },
		"Curvature":        func() { l.Curvature(gamma, c) },
		"CurvatureAdjoint": func() { l.CurvatureAdjoint(c, y) },
	}
	for name, op := range ops {
		if n := testing.AllocsPerRun(20, op); n != 0 {
			t.Errorf("%s allocates %v times", name, n)
		}
	}
}

// BenchmarkLiftE measures the lift without its condition estimate (UpdateE, the front
// door's path) per built-in mechanism.
func BenchmarkLiftE(b *testing.B) {
	benchLift(b, func(d *Data, l *Lift) { _ = l.UpdateE(d.C) })
}

// BenchmarkLiftCurvature measures the curvature solve (one right-hand side with R_p's
// factors) per built-in mechanism.
func BenchmarkLiftCurvature(b *testing.B) {
	for _, f := range builtins(b, false) {
		b.Run(f.name, func(b *testing.B) {
			d, l := liftAtSeed(b, f)
			_ = l.Update(d.C)
			gamma, c := make([]float64, f.m.Rows), make([]float64, f.m.NV)
			for i := range gamma {
				gamma[i] = 1 / float64(i+1)
			}
			b.ReportAllocs()
			for b.Loop() {
				l.Curvature(gamma, c)
			}
		})
	}
}

// TestBorderedSolveSparse: solveSparse on right-hand sides whose groups' rows are nonzero
// in a few columns only, held compactly, gives solve's numbers on the dense right-hand
// side bit for bit, on random bordered matrices, and allocates nothing.
func TestBorderedSolveSparse(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	solved := 0
	for range 300 {
		m := 1 + rng.IntN(7)
		f, _ := randomBordered(rng, m)
		if !f.factor() {
			continue
		}
		cols := make([][]int, len(f.groups))
		for g := range cols {
			for c := range m {
				if rng.Float64() < 0.4 {
					cols[g] = append(cols[g], c)
				}
			}
		}
		f.setSparse(cols)
		bc := make([]float64, f.n*f.kw)
		dense := blas64.General{Rows: f.n, Cols: m, Stride: m, Data: make([]float64, f.n*m)}
		for _, g := range f.groups {
			for i := g.row0; i < g.row0+g.r; i++ {
				for q, c := range g.rhs {
					x := rng.NormFloat64()
					bc[i*f.kw+q], dense.Data[i*m+c] = x, x
				}
			}
		}
		x := blas64.General{Rows: f.n, Cols: m, Stride: m, Data: make([]float64, f.n*m)}
		for i := range x.Data {
			x.Data[i] = math.NaN() // every entry must be written
		}
		f.solveSparse(bc, x)
		f.solve(dense)
		if !testutil.SameBits(x.Data, dense.Data) {
			t.Fatalf("solveSparse differs from solve: %v vs %v", x.Data, dense.Data)
		}
		if n := testing.AllocsPerRun(5, func() { f.solveSparse(bc, x) }); n != 0 {
			t.Fatalf("solveSparse allocates %v times", n)
		}
		solved++
	}
	if solved < 200 {
		t.Errorf("only %d systems solved", solved)
	}
}
