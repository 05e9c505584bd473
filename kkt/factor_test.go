package kkt

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestBlockCholeskySolve: on a random symmetric positive definite matrix with the block
// pattern of a ladder graph (groups of 1 to 6 rows), the sparse block Cholesky solve agrees
// with gonum's dense Cholesky solve, and the minimum-degree order keeps the fill bounded
// (the factor holds fewer than 6 blocks per group).
func TestBlockCholeskySolve(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const levels = 40
	ng := 3 * levels
	size := make([]int, ng)
	for v := range size {
		size[v] = 1 + rng.IntN(6)
	}
	var adj [][2]int
	for i := range levels { // left rail, rung, right rail per level
		l, r, c := 3*i, 3*i+1, 3*i+2
		adj = append(adj, [2]int{l, c}, [2]int{c, r})
		if i > 0 {
			adj = append(adj, [2]int{l, l - 3}, [2]int{r, r - 3})
		}
	}
	f := newBlockCholesky(size, adj)
	n := f.n
	// K = B Bᵀ + n I on the pattern: fill the stored blocks and the dense copy alike.
	dense := mat.NewSymDense(n, nil)
	set := func(w, v int, off int, tr bool) {
		for i := range size[w] {
			for j := range size[v] {
				x := rng.Float64() - 0.5
				if w == v {
					if j < i {
						continue
					}
					if i == j {
						x += float64(n)
					}
					f.val[off+i][j], f.val[off+j][i] = x, x
				} else if tr {
					f.val[off+j][i] = x
				} else {
					f.val[off+i][j] = x
				}
				dense.SetSym(f.off[w]+i, f.off[v]+j, x)
			}
		}
	}
	for v := range ng {
		set(v, v, f.diag[v], false)
	}
	for _, p := range adj {
		off, tr := f.block(p[0], p[1])
		set(p[0], p[1], off, tr)
	}
	var ch mat.Cholesky
	if !ch.Factorize(dense) {
		t.Fatal("dense factorisation failed")
	}
	if !f.factor() {
		t.Fatal("block factorisation failed")
	}
	b := make([]float64, n)
	for i := range b {
		b[i] = rng.Float64() - 0.5
	}
	var want mat.VecDense
	if err := ch.SolveVecTo(&want, mat.NewVecDense(n, append([]float64(nil), b...))); err != nil {
		t.Fatal(err)
	}
	f.solve(b)
	worst := 0.0
	for i, x := range b {
		worst = math.Max(worst, math.Abs(x-want.AtVec(i)))
	}
	if worst > 1e-14 {
		t.Errorf("block solve differs from the dense one by %.3g", worst)
	}
	if blocks := len(f.colW); blocks >= 6*ng {
		t.Errorf("fill: %d off-diagonal blocks for %d groups", blocks, ng)
	}
}

// TestSmallQR: the QR factorisation reproduces its block (Q R), Q is orthogonal, and pinv
// recovers the coefficients of a vector in the block's span.
func TestSmallQR(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, mn := range [][2]int{{6, 1}, {6, 3}, {3, 1}, {5, 2}, {4, 0}} {
		m, n := mn[0], mn[1]
		var a [6][6]float64
		for i := range m {
			for j := range n {
				a[i][j] = rng.Float64() - 0.5
			}
		}
		var f smallQR
		if !f.factor(&a, m, n) {
			t.Fatalf("%d×%d: rank deficient", m, n)
		}
		for i := range m {
			for j := range m {
				s := 0.0
				for k := range m {
					s += f.q[k][i] * f.q[k][j]
				}
				if i == j {
					s--
				}
				if math.Abs(s) > 1e-14 {
					t.Errorf("%d×%d: QᵀQ − I [%d][%d] = %.3g", m, n, i, j, s)
				}
			}
		}
		x := make([]float64, n)
		for k := range x {
			x[k] = rng.Float64() - 0.5
		}
		y := make([]float64, m)
		for i := range m {
			for k := range n {
				y[i] += a[i][k] * x[k]
			}
		}
		got := make([]float64, n)
		f.pinv(y, got)
		for k := range x {
			if math.Abs(got[k]-x[k]) > 1e-13 {
				t.Errorf("%d×%d: pinv coefficient %d = %v, want %v", m, n, k, got[k], x[k])
			}
		}
	}
	var z [6][6]float64
	var f smallQR
	if f.factor(&z, 6, 1) {
		t.Error("a zero column was accepted")
	}
}
