package kkt

import (
	"container/heap"
	"math"
	"slices"
)

// blockCholesky is a sparse block Cholesky factorisation K = L Lᵀ of a symmetric positive
// definite matrix whose rows come in groups (group v has size[v] ≤ 6 rows) and whose block
// pattern is a graph on the groups. The elimination order is chosen once by minimum
// degree on that graph, so that graphs of bounded width (chains, trees, ladders) factor
// with bounded fill: O(groups) memory and time, and then taken in a postorder of its
// elimination tree (the same fill), with the blocks stored in that order. A block (w, v) is size[w] consecutive rows
// of val, each row six entries holding its size[v] columns and zeros after them, so that
// the kernels run over fixed-length rows: the diagonal block of v (holding Uᵥ with
// Kᵥᵥ = UᵥᵀUᵥ after factor) from row diag[v], and the block (w, v) of the lower triangle
// in elimination order from the rows listed in v's column.
type blockCholesky struct {
	size, off []int // rows and first row of each group in the vector of unknowns
	order     []int // groups in elimination order
	diag      []int // first row of each group's diagonal block in val
	// Column v: the groups w eliminated after v that v's block column reaches, at
	// colW[colPtr[v]:colPtr[v+1]], their blocks (w, v) from rows colOff[…] of val.
	colPtr, colW, colOff []int
	// Updates of v's elimination, at upd[updPtr[v]:updPtr[v+1]]: block dst −= L_a L_bᵀ
	// for the column entries a, b (indices into colW).
	updPtr []int
	upd    []update
	val    [][6]float64 // all blocks' rows
	// dinv holds the reciprocals of each diagonal block's pivots (the diagonal of Uᵥ).
	dinv [][6]float64
	n    int // total rows
	// steps lists the elimination in order and ents the column entries, each with its
	// offsets and sizes at hand for the solves.
	steps []step
	ents  []entry
}

// step is one elimination step of the solves: group v's rows at x[off:off+n], its
// diagonal block and pivot reciprocals, and its column's entries ents[e0:e1].
type step struct{ v, off, n, diag, e0, e1 int }

// entry is one block (w, v) of a column: its first row in val and w's rows x[off:off+n].
type entry struct{ blk, off, n int }

// block is a 6 × 6 matrix, row-major (a body's inertia factor).
type block = [6][6]float64

// update is one Schur-complement update of a right-looking elimination step.
type update struct{ dst, a, b int }

// newBlockCholesky analyses the pattern of groups of the given sizes whose off-diagonal
// blocks are nonzero for the pairs adj (each pair once or twice, any order).
func newBlockCholesky(size []int, adj [][2]int) *blockCholesky {
	ng := len(size)
	f := &blockCholesky{size: size, off: make([]int, ng+1), diag: make([]int, ng)}
	for v, s := range size {
		f.off[v+1] = f.off[v] + s
	}
	f.n = f.off[ng]
	nbr := make([]map[int]bool, ng)
	for v := range nbr {
		nbr[v] = map[int]bool{}
	}
	for _, p := range adj {
		if p[0] != p[1] {
			nbr[p[0]][p[1]], nbr[p[1]][p[0]] = true, true
		}
	}
	// Minimum degree (exact degrees, lazy heap), recording each column's pattern.
	h := &degreeHeap{}
	for v := range ng {
		heap.Push(h, [2]int{len(nbr[v]), v})
	}
	done := make([]bool, ng)
	cols := make([][]int, ng)
	for h.Len() > 0 {
		e := heap.Pop(h).([2]int)
		v := e[1]
		if done[v] || e[0] != len(nbr[v]) {
			continue
		}
		done[v] = true
		f.order = append(f.order, v)
		col := make([]int, 0, len(nbr[v]))
		for w := range nbr[v] {
			col = append(col, w)
		}
		slices.Sort(col)
		cols[v] = col
		for _, w := range col {
			delete(nbr[w], v)
			for _, x := range col {
				if x != w {
					nbr[w][x] = true
				}
			}
			heap.Push(h, [2]int{len(nbr[w]), w})
		}
	}
	f.order = postorder(f.order, cols)
	pos := make([]int, ng)
	for k, v := range f.order {
		pos[v] = k
	}
	// Block offsets in elimination order: each group's diagonal block, then its column's
	// blocks, so that the factorisation and the solves walk val from front to back.
	f.colPtr = make([]int, ng+1)
	for v := range ng {
		f.colPtr[v+1] = f.colPtr[v] + len(cols[v])
		f.colW = append(f.colW, cols[v]...)
	}
	f.colOff = make([]int, len(f.colW))
	where := map[[2]int]int{} // (w, v) → index of block (w, v), pos[w] > pos[v]
	nval := 0
	for _, v := range f.order {
		f.diag[v] = nval
		nval += size[v]
		for k := f.colPtr[v]; k < f.colPtr[v+1]; k++ {
			w := f.colW[k]
			f.colOff[k] = nval
			where[[2]int{w, v}] = nval
			nval += size[w]
		}
	}
	f.updPtr = make([]int, ng+1)
	for v := range ng {
		base := f.colPtr[v]
		for a, w := range cols[v] {
			for b, x := range cols[v] {
				switch {
				case w == x && a == b:
					f.upd = append(f.upd, update{f.diag[w], base + a, base + b})
				case pos[w] > pos[x]:
					f.upd = append(f.upd, update{where[[2]int{w, x}], base + a, base + b})
				}
			}
		}
		f.updPtr[v+1] = len(f.upd)
	}
	f.val, f.dinv = make([][6]float64, nval), make([][6]float64, ng)
	for _, v := range f.order {
		st := step{v: v, off: f.off[v], n: size[v], diag: f.diag[v], e0: len(f.ents)}
		for k := f.colPtr[v]; k < f.colPtr[v+1]; k++ {
			w := f.colW[k]
			f.ents = append(f.ents, entry{f.colOff[k], f.off[w], size[w]})
		}
		st.e1 = len(f.ents)
		f.steps = append(f.steps, st)
	}
	return f
}

// block returns the first row of block (w, v) of the stored triangle and whether it is
// stored transposed (as block (v, w)); w ≠ v must be adjacent in the pattern.
func (f *blockCholesky) block(w, v int) (int, bool) {
	for k := f.colPtr[v]; k < f.colPtr[v+1]; k++ {
		if f.colW[k] == w {
			return f.colOff[k], false
		}
	}
	for k := f.colPtr[w]; k < f.colPtr[w+1]; k++ {
		if f.colW[k] == v {
			return f.colOff[k], true
		}
	}
	panic("kkt: block outside the pattern")
}

// factor overwrites the blocks (K's lower triangle in elimination order, filled by the
// caller: of a diagonal block only its upper triangle is read; fill blocks zero) with the
// factor. It reports false when a diagonal block is not positive definite
// (dense.Cholesky's tolerance).
func (f *blockCholesky) factor() bool {
	for _, v := range f.order {
		nv := f.size[v]
		u, dinv := f.val[f.diag[v]:f.diag[v]+nv], &f.dinv[v]
		if !cholesky(u, nv) {
			return false
		}
		for i := range nv {
			dinv[i] = 1 / u[i][i]
		}
		// L_wv = K_wv U⁻¹, row by row.
		col := f.colOff[f.colPtr[v]:f.colPtr[v+1]]
		for k, c := range col {
			forwardRows(u, dinv, nv, f.val[c:c+f.size[f.colW[f.colPtr[v]+k]]])
		}
		for _, up := range f.upd[f.updPtr[v]:f.updPtr[v+1]] {
			na, nb := f.size[f.colW[up.a]], f.size[f.colW[up.b]]
			la, lb := f.val[f.colOff[up.a]:f.colOff[up.a]+na], f.val[f.colOff[up.b]:f.colOff[up.b]+nb]
			dst := f.val[up.dst : up.dst+na]
			sub := subDots
			if nv <= 3 { // the rows' columns past nv are zero
				sub = subDots3
			}
			if up.a == up.b { // a diagonal block: its upper triangle only
				for i := range na {
					sub(&dst[i], &la[i], lb, i)
				}
				continue
			}
			for i := range na {
				sub(&dst[i], &la[i], lb, 0)
			}
		}
	}
	return true
}

// solve overwrites x (len n, ordered by group offsets) with K⁻¹x.
func (f *blockCholesky) solve(x []float64) {
	var xv [6]float64
	for i := range f.steps {
		st := &f.steps[i]
		xv = [6]float64{}
		copy(xv[:st.n], x[st.off:st.off+st.n])
		forwardUT(f.val[st.diag:st.diag+st.n], &f.dinv[st.v], st.n, &xv)
		copy(x[st.off:st.off+st.n], xv[:st.n])
		x0, x1, x2, x3, x4, x5 := xv[0], xv[1], xv[2], xv[3], xv[4], xv[5]
		narrow := st.n <= 3 // the rows' columns past st.n are zero
		for _, e := range f.ents[st.e0:st.e1] {
			blk := f.val[e.blk : e.blk+e.n]
			xw := x[e.off : e.off+e.n]
			xw = xw[:len(blk)]
			if narrow {
				for r := range blk {
					row := &blk[r]
					xw[r] -= row[0]*x0 + row[1]*x1 + row[2]*x2
				}
				continue
			}
			for r := range blk {
				row := &blk[r]
				xw[r] -= row[0]*x0 + row[1]*x1 + row[2]*x2 + row[3]*x3 + row[4]*x4 + row[5]*x5
			}
		}
	}
	for i := len(f.steps) - 1; i >= 0; i-- {
		st := &f.steps[i]
		xv = [6]float64{}
		copy(xv[:st.n], x[st.off:st.off+st.n])
		x0, x1, x2, x3, x4, x5 := xv[0], xv[1], xv[2], xv[3], xv[4], xv[5]
		narrow := st.n <= 3
		for _, e := range f.ents[st.e0:st.e1] {
			blk := f.val[e.blk : e.blk+e.n]
			if narrow {
				for r, y := range x[e.off : e.off+e.n] {
					row := &blk[r]
					x0 -= row[0] * y
					x1 -= row[1] * y
					x2 -= row[2] * y
				}
				continue
			}
			for r, y := range x[e.off : e.off+e.n] {
				row := &blk[r]
				x0 -= row[0] * y
				x1 -= row[1] * y
				x2 -= row[2] * y
				x3 -= row[3] * y
				x4 -= row[4] * y
				x5 -= row[5] * y
			}
		}
		xv = [6]float64{x0, x1, x2, x3, x4, x5}
		backwardU(f.val[st.diag:st.diag+st.n], &f.dinv[st.v], st.n, &xv)
		copy(x[st.off:st.off+st.n], xv[:st.n])
	}
}

// cholesky overwrites the upper triangle of the leading n × n of a (n ≤ 6) with the factor
// U of A = UᵀU by dense.Cholesky's operations and tolerance, reporting false when A is not
// numerically positive definite.
func cholesky(a [][6]float64, n int) bool {
	tol := float64(n) * 0x1p-52
	for j := range n {
		diag := a[j][j]
		s := diag
		for i := range j {
			s -= a[i][j] * a[i][j]
		}
		if !(s > tol*diag) { // also rejects NaN
			return false
		}
		d := math.Sqrt(s)
		a[j][j] = d
		for k := j + 1; k < n; k++ {
			t := a[j][k]
			for i := range j {
				t -= a[i][j] * a[i][k]
			}
			a[j][k] = t / d
		}
	}
	return true
}

// forwardUT overwrites the leading n entries of x with U⁻ᵀx for the upper factor u (n ≤ 6)
// written by cholesky, with dinv the reciprocals of its diagonal: the unrolled kernel of
// its size (kernels.go), or the loop for the sizes without one.
func forwardUT(u [][6]float64, dinv *[6]float64, n int, x *[6]float64) {
	switch n {
	case 6:
		forwardUT6((*block)(u), dinv, x)
	case 5:
		forwardUT5((*[5][6]float64)(u), dinv, x)
	case 3:
		forwardUT3((*[3][6]float64)(u), dinv, x)
	case 2:
		forwardUT2((*[2][6]float64)(u), dinv, x)
	default:
		for i := range n {
			t := x[i]
			for k := range i {
				t -= u[k][i] * x[k]
			}
			x[i] = t * dinv[i]
		}
	}
}

// forwardRows applies forwardUT to each row of rows, choosing the kernel once.
func forwardRows(u [][6]float64, dinv *[6]float64, n int, rows [][6]float64) {
	switch n {
	case 6:
		for r := range rows {
			forwardUT6((*block)(u), dinv, &rows[r])
		}
	case 5:
		for r := range rows {
			forwardUT5((*[5][6]float64)(u), dinv, &rows[r])
		}
	case 3:
		for r := range rows {
			forwardUT3((*[3][6]float64)(u), dinv, &rows[r])
		}
	case 2:
		for r := range rows {
			forwardUT2((*[2][6]float64)(u), dinv, &rows[r])
		}
	default:
		for r := range rows {
			forwardUT(u, dinv, n, &rows[r])
		}
	}
}

// backwardU overwrites the leading n entries of x with U⁻¹x for the upper factor u, with
// dinv the reciprocals of its diagonal (unrolled like forwardUT).
func backwardU(u [][6]float64, dinv *[6]float64, n int, x *[6]float64) {
	switch n {
	case 6:
		backwardU6((*block)(u), dinv, x)
	case 5:
		backwardU5((*[5][6]float64)(u), dinv, x)
	case 3:
		backwardU3((*[3][6]float64)(u), dinv, x)
	case 2:
		backwardU2((*[2][6]float64)(u), dinv, x)
	default:
		for i := n - 1; i >= 0; i-- {
			t := x[i]
			for k := i + 1; k < n; k++ {
				t -= u[i][k] * x[k]
			}
			x[i] = t * dinv[i]
		}
	}
}

// bytes is the memory the factorisation holds.
func (f *blockCholesky) bytes() int {
	return 48*len(f.val) + 48*len(f.dinv) + 48*len(f.steps) + 24*len(f.ents) + 8*(len(f.size)+len(f.off)+len(f.order)+len(f.diag)+
		len(f.colPtr)+len(f.colW)+len(f.colOff)+len(f.updPtr)+3*len(f.upd))
}

// degreeHeap is a min-heap of (degree, group) pairs, ties broken by the group index so
// that the order is deterministic.
type degreeHeap [][2]int

// Len, Less, Swap, Push and Pop implement heap.Interface.
func (h degreeHeap) Len() int { return len(h) }
func (h degreeHeap) Less(i, j int) bool {
	if h[i][0] != h[j][0] {
		return h[i][0] < h[j][0]
	}
	return h[i][1] < h[j][1]
}
func (h degreeHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *degreeHeap) Push(x any)   { *h = append(*h, x.([2]int)) }
func (h *degreeHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// postorder returns a postorder of the elimination tree of the given elimination order
// (each group's parent the first group of its column to be eliminated; cols[v] the groups
// v's column reaches). It eliminates with the same fill, since every group's column lies on
// its path to the root, but finishes each subtree before the next: on long mechanisms the
// blocks a step updates are those the steps just before it wrote, still in cache, where a
// minimum-degree order sweeps the whole mechanism once per degree.
func postorder(order []int, cols [][]int) []int {
	n := len(order)
	pos := make([]int, n)
	for k, v := range order {
		pos[v] = k
	}
	parent := make([]int, n)
	kids := make([][]int, n)
	var roots []int
	for _, v := range order { // children listed in elimination order
		parent[v] = -1
		for _, w := range cols[v] {
			if parent[v] < 0 || pos[w] < pos[parent[v]] {
				parent[v] = w
			}
		}
		if parent[v] < 0 {
			roots = append(roots, v)
		} else {
			kids[parent[v]] = append(kids[parent[v]], v)
		}
	}
	out := make([]int, 0, n)
	type frame struct{ v, next int }
	var stack []frame
	for _, r := range roots {
		stack = append(stack, frame{r, 0})
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			if top.next < len(kids[top.v]) {
				c := kids[top.v][top.next]
				top.next++
				stack = append(stack, frame{c, 0})
				continue
			}
			out = append(out, top.v)
			stack = stack[:len(stack)-1]
		}
	}
	return out
}
