package dyn

import (
	"fmt"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/internal/dense"
)

// TreeMatrix is a symmetric NVT×NVT matrix with the branch-induced sparsity of a tree mass
// matrix (Featherstone, Rigid Body Dynamics Algorithms, ch. 6): entry (i, j) can be
// nonzero only when one of the tree velocities i, j is an ancestor of the other along the
// velocity parent array λ (VelocityParent). Only those entries are stored: row k holds
// (k, k), (k, λ(k)), (k, λ(λ(k))), … up to the root, Σ_k (depth_k + 1) numbers in all,
// O(n·d) for n velocities of depth at most d (a branched mechanism stores far less than
// n²; a plain chain stores n(n+1)/2).
//
// CRBATree fills it with M_T; FactorLTDL factors it in place as M_T = Lᵀ D L with L unit
// lower triangular and the sparsity of M_T (no fill-in), and SolveLTDL then applies M_T⁻¹
// in O(n·d). Entries are in the units of M_T (kg·m², kg·m or kg).
type TreeMatrix struct {
	// N is the size NVT.
	N int
	// Val holds the stored entries, row k at Val[Off[k]:Off[k+1]] from the diagonal
	// towards the root.
	Val []float64
	// Off are the row offsets into Val (len N+1).
	Off []int

	parent []int     // λ, len N, shared with the Data
	diag   []float64 // the diagonal before FactorLTDL, for the tolerance
}

// NewTreeMatrix allocates a TreeMatrix with the sparsity of this workspace's model.
func (d *Data) NewTreeMatrix() *TreeMatrix {
	n := d.m.NVT
	t := &TreeMatrix{N: n, Off: make([]int, n+1), parent: d.vparent, diag: make([]float64, n)}
	for k := range n {
		depth := 0
		for i := d.vparent[k]; i >= 0; i = d.vparent[i] {
			depth++
		}
		t.Off[k+1] = t.Off[k] + depth + 1
	}
	t.Val = make([]float64, t.Off[n])
	return t
}

// VelocityParent returns λ(k), the tree velocity that precedes tree velocity k (0 ≤ k <
// NVT) on its path to the ground — the previous velocity of the same joint, else the last
// velocity of the nearest ancestor joint that has one — or −1 at the root. λ(k) < k.
func (d *Data) VelocityParent(k int) int { return d.vparent[k] }

// velocityParents computes λ for the model (tree velocities are laid out in topological
// edge order, so λ(k) < k).
func velocityParents(m *compile.Model) []int {
	last := make([]int, len(m.Bodies)+1) // last velocity on the path ground → node
	last[compile.Ground] = -1
	p := make([]int, m.NVT)
	for _, ed := range m.Edges {
		j := &m.Joints[ed.Joint]
		prev := last[ed.Parent]
		for k := range j.NV {
			p[j.V0+k] = prev
			prev = j.V0 + k
		}
		last[ed.Child] = prev
	}
	return p
}

// At returns entry (i, j) (zero outside the stored pattern).
func (t *TreeMatrix) At(i, j int) float64 {
	if i < j {
		i, j = j, i
	}
	p := t.Off[i]
	for k := i; k >= 0; k = t.parent[k] {
		if k == j {
			return t.Val[p]
		}
		p++
	}
	return 0
}

// Dense writes the matrix into M (N×N row-major, both triangles), zeros outside the
// pattern; after FactorLTDL it writes the factors instead (D on the diagonal, L strictly
// below it and mirrored above).
func (t *TreeMatrix) Dense(M []float64) {
	n := t.N
	dense.CheckLen("dyn: TreeMatrix.Dense", "M", len(M), n*n)
	clear(M)
	for k := range n {
		p := t.Off[k]
		for i := k; i >= 0; i = t.parent[i] {
			M[k*n+i], M[i*n+k] = t.Val[p], t.Val[p]
			p++
		}
	}
}

// columns returns, for each stored entry p, its column: row k's entries are at columns k,
// λ(k), λ(λ(k)), ….
func (t *TreeMatrix) columns() []int32 {
	c := make([]int32, len(t.Val))
	for k := range t.N {
		p := t.Off[k]
		for i := k; i >= 0; i = t.parent[i] {
			c[p] = int32(i)
			p++
		}
	}
	return c
}

// densePattern is Dense into an M whose entries off the pattern are already zero: it
// writes the entries on the pattern only, reading each entry's column from cols (columns).
func (t *TreeMatrix) densePattern(M []float64, cols []int32) {
	n := t.N
	M = M[:n*n]
	cols = cols[:len(t.Val)]
	for k := range n {
		for p := t.Off[k]; p < t.Off[k+1]; p++ {
			i, x := int(cols[p]), t.Val[p]
			M[k*n+i], M[i*n+k] = x, x
		}
	}
}

// CRBATree writes M_T(q) (with armature) into H by the composite-rigid-body algorithm,
// computing only the entries of the branch-induced pattern: O(n·d) work and storage
// instead of CRBA's n² (which it equals entry for entry). q is the augmented
// configuration (len NQ). Poses are left in d.
func (d *Data) CRBATree(q []float64, H *TreeMatrix) {
	d.checkQ("dyn: CRBATree", q)
	if H.N != d.m.NVT || len(H.Off) != H.N+1 {
		panic(fmt.Sprintf("dyn: CRBATree: H is for %d velocities; want NVT = %d", H.N, d.m.NVT))
	}
	d.positions(q)
	d.crbaTree(H)
}

// crbaTree is CRBATree at the current placement.
func (d *Data) crbaTree(H *TreeMatrix) {
	d.composite()
	m := d.m
	for e := range m.Edges {
		ed := &m.Edges[e]
		j := &m.Joints[ed.Joint]
		for k := range j.NV {
			col := j.V0 + k
			F := d.ic[ed.Child].MulMotion(d.s[col])
			row := H.Val[H.Off[col]:H.Off[col+1]]
			// Entries (col, r) for r = col, λ(col), …: first the joint's own velocities
			// below col, then up the ancestors as in crba.
			p := 0
			for r := col; r >= j.V0; r-- {
				row[p] = d.s[r].Dot(F)
				p++
			}
			row[0] += j.Armature
			node := ed.Child
			for m.Bodies[node-1].Parent != compile.Ground {
				F = d.xup[node].ActForce(F)
				node = m.Bodies[node-1].Parent
				ja := &m.Joints[m.Edges[m.Bodies[node-1].Edge].Joint]
				for r := ja.V0 + ja.NV - 1; r >= ja.V0; r-- {
					row[p] = d.s[r].Dot(F)
					p++
				}
			}
		}
	}
}

// composite writes the composite inertias of every subtree into d.ic at the current
// placement.
func (d *Data) composite() {
	m := d.m
	for i := range m.Bodies {
		d.ic[i+1] = m.Bodies[i].Inertia
	}
	for e := len(m.Edges) - 1; e >= 0; e-- {
		ed := &m.Edges[e]
		if ed.Parent != compile.Ground {
			d.ic[ed.Parent] = d.ic[ed.Parent].Add(d.ic[ed.Child].Transformed(d.xup[ed.Child]))
		}
	}
}

// FactorLTDL factors the matrix in place as Lᵀ D L (Featherstone's Table 6.3): D on the
// diagonal entries, the strictly lower entries of L (unit diagonal) in the other stored
// entries. Its work is Σ_k depth_k² and it has no fill-in. It reports false, leaving the
// matrix partially overwritten, when a pivot is not greater than N·ε times its diagonal
// entry before factorisation (the tolerance policy of internal/dense.Cholesky), i.e. when
// the matrix is not numerically positive definite.
func (t *TreeMatrix) FactorLTDL() bool {
	n := t.N
	tol := float64(n) * 0x1p-52
	for k := range n {
		t.diag[k] = t.Val[t.Off[k]]
	}
	for k := n - 1; k >= 0; k-- {
		rk := t.Val[t.Off[k]:t.Off[k+1]]
		dkk := rk[0]
		if !(dkk > tol*t.diag[k]) { // also rejects NaN
			return false
		}
		i := t.parent[k]
		for p := 1; p < len(rk); p++ {
			a := rk[p] / dkk
			ri := t.Val[t.Off[i]:t.Off[i+1]]
			for s, x := range rk[p:] {
				ri[s] -= a * x
			}
			rk[p] = a
			i = t.parent[i]
		}
	}
	return true
}

// SolveLTDL overwrites x (len N) with (Lᵀ D L)⁻¹ x after FactorLTDL (Featherstone's
// Table 6.4): O(n·d) work.
func (t *TreeMatrix) SolveLTDL(x []float64) {
	n := t.N
	dense.CheckLen("dyn: TreeMatrix.SolveLTDL", "x", len(x), n)
	// x ← L⁻ᵀ x
	for k := n - 1; k >= 0; k-- {
		rk := t.Val[t.Off[k]+1 : t.Off[k+1]]
		xk := x[k]
		i := t.parent[k]
		for _, l := range rk {
			x[i] -= l * xk
			i = t.parent[i]
		}
	}
	// x ← D⁻¹ x, then x ← L⁻¹ x
	for k := range n {
		x[k] /= t.Val[t.Off[k]]
	}
	for k := range n {
		rk := t.Val[t.Off[k]+1 : t.Off[k+1]]
		s := x[k]
		i := t.parent[k]
		for _, l := range rk {
			s -= l * x[i]
			i = t.parent[i]
		}
		x[k] = s
	}
}

// MassDiagonal writes the diagonal of M_T(q) (len NVT, with armature) into diag by the
// composite-rigid-body recursion without the off-diagonal entries: O(n) time and no n²
// storage. q is the augmented configuration (len NQ). Poses are left in d.
func (d *Data) MassDiagonal(q, diag []float64) {
	d.checkQ("dyn: MassDiagonal", q)
	d.checkT("dyn: MassDiagonal", "diag", diag)
	d.positions(q)
	d.composite()
	m := d.m
	for e := range m.Edges {
		ed := &m.Edges[e]
		j := &m.Joints[ed.Joint]
		for k := range j.NV {
			col := j.V0 + k
			diag[col] = d.s[col].Dot(d.ic[ed.Child].MulMotion(d.s[col])) + j.Armature
		}
	}
}
