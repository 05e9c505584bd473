package closure

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/joint"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/lapack/lapack64"
	"gonum.org/v1/gonum/mat"
)

// RankTol is the default relative threshold on the pivoted-QR diagonal of the scaled
// closure Jacobian below which a direction counts as dependent.
const RankTol = 1e-9

// NearLow and NearHigh bound the near-redundant band of normalised pivots: far below the
// declared scales but far above round-off. Imported files whose geometry is rounded
// (axes meant to be parallel, points meant to coincide) put their redundant constraint
// directions here rather than at round-off.
const NearLow, NearHigh = 1e-11, 1e-6

// NearGap is the smallest ratio between consecutive pivots that counts as a clear gap
// above the near-redundant band (see ChoosePartition).
const NearGap = 1e3

// Partition is a rank decision and velocity partition at one configuration (eq. 9): the
// selected rows S, the dependent velocities p (len Rank) and the independent ones
// (len Mobility), in velocity indices of the compiled model.
type Partition struct {
	Rank, Mobility int
	// Rows are the selected residual rows, sorted.
	Rows []int
	// Dependent and Independent are velocity indices; Independent keeps the requested
	// order when the partition was requested, otherwise it is sorted.
	Dependent, Independent []int
	// Requested is true when Independent was requested by the caller rather than chosen.
	Requested bool
	// Diag is the pivoted-QR diagonal of the scaled Cᵀ, normalised by its first entry
	// (len min(Rows, NV)); Pivots lists every residual row in pivot order, so Diag[i]
	// belongs to row Pivots[i].
	Diag   []float64
	Pivots []int
	// Gap is Diag[Rank-1]/Diag[Rank], the ratio across the rank cut (+Inf when no
	// direction was dropped).
	Gap float64
	// Near lists the pivots in the near-redundant band [NearLow, NearHigh] in pivot
	// order, with the cut and row behind each and whether the rank decision dropped it.
	Near []NearRedundant
	// rowScale and colScale are the declared-scale weights used for the decision.
	rowScale, colScale []float64
	// order is Dependent in the column order of the sparse LUs of the lift and the
	// tracking corrector (sparseOrder); nil for a hand-built partition (see luOrder).
	order []int
	// structure is the model whose comparisons and couplings give the columns each
	// selected row of C can be nonzero in (rowColumns); nil for a hand-built partition,
	// whose lift then scans whole rows.
	structure *compile.Model
}

// luOrder returns the dependent columns in the order the lift and the tracking corrector
// factor them.
func (p *Partition) luOrder() []int {
	if p.order != nil {
		return p.order
	}
	return p.Dependent
}

// NearRedundant is a constraint direction far below the declared scale but far above
// round-off: a real file's constraint that is almost, but not numerically, redundant.
type NearRedundant struct {
	Row   int     // residual row that carried the pivot
	Cut   string  // the comparison or coupling owning that row
	Value float64 // normalised pivot (dimensionless)
	// Redundant is true when the rank decision dropped the direction (it lies below the
	// rank cut: the row is not enforced by the corrector and its residual only stays at
	// the scale of Value times the motion); false when it is kept and locks one degree of
	// freedom.
	Redundant bool
}

// PartitionError is an invalid partition request or a singular partition: it names the
// coordinates involved.
type PartitionError struct {
	Msg string
}

// Error returns the message.
func (e *PartitionError) Error() string { return e.Msg }

// ChoosePartition decides the rank of C at the current configuration and partitions the
// velocities. request lists the independent velocity indices wanted (nil: chosen by a
// pivoted QR, which keeps the best-conditioned dependent block). tol is the relative rank
// threshold (0 means RankTol). Rows and columns are scaled by the model's declared
// length and angle scales first.
//
// The rank decision reads the normalised pivoted-QR diagonal Diag of the scaled Cᵀ:
//  1. the round-off rank r0 counts the pivots above tol;
//  2. among the cuts b < r0 whose lower pivot Diag[b] lies in the near-redundant band
//     (Diag[b] <= NearHigh), the one with the largest ratio Diag[b-1]/Diag[b] is taken;
//     if that ratio is a clear gap (>= NearGap) the rank is b, so the near-redundant
//     pivots below the gap count as redundant (rounded geometry in a file, not a
//     constraint that locks a degree of freedom);
//  3. otherwise the rank is r0.
//
// Gap reports the ratio across the chosen cut and Near every pivot in the band.
func ChoosePartition(m *compile.Model, C *mat.Dense, request []int, tol float64) (*Partition, error) {
	if tol == 0 {
		tol = RankTol
	}
	p := &Partition{rowScale: RowScales(m), colScale: ColScales(m), Gap: math.Inf(1)}
	rows, nv := m.Rows, m.NV
	if rows == 0 || nv == 0 { // no rows, or nothing they could act on (a loop of fixed joints)
		p.Mobility = nv
		p.Independent = seq(nv)
		return p, p.checkRequest(m, nil, request)
	}
	// Pivoted QR of the scaled Cᵀ (nv × rows) ranks the rows.
	at := blas64.General{Rows: nv, Cols: rows, Stride: rows, Data: make([]float64, nv*rows)}
	for i := 0; i < rows; i++ {
		for j := 0; j < nv; j++ {
			at.Data[j*rows+i] = C.At(i, j) * p.rowScale[i] * p.colScale[j]
		}
	}
	p.Pivots = pivotedQR(at)
	top := math.Abs(at.Data[0])
	k := min(rows, nv)
	p.Diag = make([]float64, k)
	for i := 0; i < k; i++ {
		if top > 0 {
			p.Diag[i] = math.Abs(at.Data[i*rows+i]) / top
		}
	}
	p.Rank = rankCut(p.Diag, tol)
	for i, v := range p.Diag {
		if v >= NearLow && v <= NearHigh {
			p.Near = append(p.Near, NearRedundant{Row: p.Pivots[i], Cut: RowOwner(m, p.Pivots[i]), Value: v, Redundant: i >= p.Rank})
		}
	}
	if p.Rank > 0 && p.Rank < k {
		p.Gap = p.Diag[p.Rank-1] / math.Max(p.Diag[p.Rank], math.SmallestNonzeroFloat64)
	}
	jpvt := p.Pivots
	p.Rows = append([]int(nil), jpvt[:p.Rank]...)
	sort.Ints(p.Rows)
	p.Mobility = nv - p.Rank
	if err := p.checkRequest(m, C, request); err != nil {
		return p, err
	}
	if request != nil {
		p.Requested = true
		p.order = p.sparseOrder(m)
		return p, nil
	}
	// Automatic: pivoted QR of the selected scaled rows picks the dependent columns, with
	// actuated coordinates weighted down so that they are taken as dependent only when
	// the rank needs them (see preference). The selected rows overwrite the factored Cᵀ,
	// whose pivots and diagonal have been read: one dense copy fewer held at once.
	pref := preference(m)
	sel := blas64.General{Rows: p.Rank, Cols: nv, Stride: nv, Data: at.Data[:p.Rank*nv]}
	for i, r := range p.Rows {
		for j := 0; j < nv; j++ {
			sel.Data[i*nv+j] = C.At(r, j) * p.rowScale[r] * p.colScale[j] * pref[j]
		}
	}
	cp := pivotedQR(sel)
	p.Dependent = append([]int(nil), cp[:p.Rank]...)
	sort.Ints(p.Dependent)
	p.Independent = complement(nv, p.Dependent)
	p.order = p.sparseOrder(m)
	return p, nil
}

// sparseOrder returns Dependent ordered for a sparse LU of the dependent block: by the
// number of selected rows that can involve each column (the structural nonzeros of C:
// each comparison's columns, each coupling's two joints), fewest first, ties in index
// order. The columns shared by many loops then come last, which keeps the fill of the
// factors small (on the Stewart platform it halves the nonzeros of L and U).
func (p *Partition) sparseOrder(m *compile.Model) []int {
	selected := make([]bool, m.Rows)
	for _, r := range p.Rows {
		selected[r] = true
	}
	count := make([]int, m.NV)
	var cols []int // one comparison's columns, reused
	for i := range m.Comparisons {
		c := &m.Comparisons[i]
		n := 0
		for r := c.Row; r < c.Row+c.Rows(); r++ {
			if selected[r] {
				n++
			}
		}
		if n == 0 {
			continue
		}
		cols = m.AppendColumns(cols[:0], c)
		for _, col := range cols {
			count[col] += n
		}
	}
	for _, cp := range m.Couplings {
		if selected[cp.Row] {
			count[m.Joints[cp.Slave].V0]++
			count[m.Joints[cp.Master].V0]++
		}
	}
	order := append([]int(nil), p.Dependent...)
	sort.SliceStable(order, func(a, b int) bool { return count[order[a]] < count[order[b]] })
	p.structure = m
	return order
}

// rowColumns returns, per selected row (in the order of Rows), the columns C can be
// nonzero in: its comparison's columns (one slice shared by the comparison's rows) or a
// coupling's two joints; nil for a hand-built partition. They are formed on request, for
// the dense lift, rather than held by the partition: on a deep mechanism (a ladder whose
// loops close through the ground) their total size grows like cuts × depth.
func (p *Partition) rowColumns() [][]int {
	m := p.structure
	if m == nil {
		return nil
	}
	selected, byRow := make([]bool, m.Rows), make([][]int, m.Rows)
	for _, r := range p.Rows {
		selected[r] = true
	}
	for i := range m.Comparisons {
		c := &m.Comparisons[i]
		var cols []int
		for r := c.Row; r < c.Row+c.Rows(); r++ {
			if !selected[r] {
				continue
			}
			if cols == nil {
				cols = m.AppendColumns(make([]int, 0, m.ColumnCount(c)), c)
			}
			byRow[r] = cols
		}
	}
	for _, cp := range m.Couplings {
		if selected[cp.Row] {
			byRow[cp.Row] = []int{m.Joints[cp.Slave].V0, m.Joints[cp.Master].V0}
		}
	}
	out := make([][]int, len(p.Rows))
	for i, r := range p.Rows {
		out[i] = byRow[r]
	}
	return out
}

// actuatedWeight scales the columns of actuated coordinates in the automatic choice of
// dependent columns: a soft preference, so conditioning still decides when the actuated
// coordinates make a poorly conditioned dependent block (Kangaroo's linear motors).
const actuatedWeight = 0.1

// preference returns per velocity the column weight of the automatic partition:
// actuatedWeight for the coordinates an actuator port drives (joint and transmission
// terms), so that by default the independent speeds are the actuated ones whenever they
// form a valid partition — what a controller commands — and 1 otherwise.
func preference(m *compile.Model) []float64 {
	w := make([]float64, m.NV)
	for i := range w {
		w[i] = 1
	}
	for _, p := range m.Ports {
		for _, t := range p.Terms {
			w[m.Joints[t.Joint].V0] = actuatedWeight
		}
	}
	return w
}

// Enforced returns the residual rows a corrector must drive to zero: every row, unless
// the rank decision dropped near-redundant directions; then only the selected rows. The
// dropped rows are consistent with the selected ones only to the scale of the dropped
// pivots, and as the mechanism moves the near-redundant direction turns among the
// dropped rows of the loops involved, so none of them can be held to round-off.
func (p *Partition) Enforced(m *compile.Model) []int {
	for _, n := range p.Near {
		if n.Redundant {
			return p.Rows
		}
	}
	return seq(m.Rows)
}

// rankCut applies the rank rule of ChoosePartition to the normalised pivots diag.
func rankCut(diag []float64, tol float64) int {
	r0 := 0
	for i, v := range diag {
		if v > tol {
			r0 = i + 1
		}
	}
	cut, best := r0, 0.0
	for b := 1; b < r0; b++ {
		if diag[b] > NearHigh {
			continue
		}
		if ratio := diag[b-1] / diag[b]; ratio > best {
			cut, best = b, ratio
		}
	}
	if best >= NearGap {
		return cut
	}
	return r0
}

// PartitionAt evaluates the closure Jacobian at the configuration q (len NQ) and calls
// ChoosePartition there with the default rank threshold: the rank decision and partition
// of a model at a (feasible) configuration.
func PartitionAt(m *compile.Model, q []float64, request []int) (*Partition, error) {
	d := NewData(m)
	d.Jacobian(q)
	return ChoosePartition(m, d.C, request, 0)
}

// pivotedQR factorises a in place by Householder QR with column pivoting (all columns
// free) and returns the column permutation: column j of A·P is column jpvt[j] of A.
func pivotedQR(a blas64.General) []int {
	jpvt := make([]int, a.Cols)
	for i := range jpvt {
		jpvt[i] = -1
	}
	tau := make([]float64, min(a.Rows, a.Cols))
	work := make([]float64, 1)
	lapack64.Geqp3(a, jpvt, tau, work, -1)
	work = make([]float64, int(work[0]))
	lapack64.Geqp3(a, jpvt, tau, work, len(work))
	return jpvt
}

// checkRequest validates a requested independent set against the null space of C.
func (p *Partition) checkRequest(m *compile.Model, C *mat.Dense, request []int) error {
	if request == nil {
		return nil
	}
	names := m.CoordinateNames()
	if len(request) != p.Mobility {
		return &PartitionError{Msg: fmt.Sprintf("the partition requests %d independent coordinates %v but the mobility at this configuration is %d (rank %d of %d rows over %d velocities)",
			len(request), pick(names, request), p.Mobility, p.Rank, m.Rows, m.NV)}
	}
	p.Independent = append([]int(nil), request...)
	p.Dependent = complement(m.NV, request)
	if p.Rank == 0 {
		return nil
	}
	// The request is valid iff the requested rows of a null-space basis Z are nonsingular.
	z := nullSpace(C, p.rowScale, p.colScale, p.Rank)
	za := mat.NewDense(len(request), p.Mobility, nil)
	for i, r := range request {
		for j := 0; j < p.Mobility; j++ {
			za.Set(i, j, z.At(r, j))
		}
	}
	var svd mat.SVD
	if !svd.Factorize(za, mat.SVDFull) {
		return &PartitionError{Msg: "the partition check failed to converge"}
	}
	s := svd.Values(nil)
	if s[len(s)-1] > 1e-8*math.Max(s[0], 1e-300) {
		return nil
	}
	var u, vt mat.Dense
	svd.UTo(&u)
	svd.VTo(&vt)
	var tied []string
	for i := range request {
		if math.Abs(u.At(i, len(s)-1)) > 0.1 {
			tied = append(tied, names[request[i]])
		}
	}
	// The uncontrolled mode: Z times the last right singular vector.
	mode := make([]float64, m.NV)
	for r := 0; r < m.NV; r++ {
		for j := 0; j < p.Mobility; j++ {
			mode[r] += z.At(r, j) * vt.At(j, len(s)-1)
		}
	}
	var moved []string
	for r, x := range mode {
		if math.Abs(x) > 0.1 {
			moved = append(moved, names[r])
		}
	}
	return &PartitionError{Msg: fmt.Sprintf("the requested independent coordinates are not a valid partition here: %s are tied by the closure (redundant), and the mode moving %s is controlled by none of them",
		strings.Join(tied, ", "), strings.Join(moved, ", "))}
}

// nullSpace returns an orthonormal basis (in scaled coordinates, mapped back to velocity
// units) of the null space of C with the given rank, as an NV × (NV-rank) matrix.
func nullSpace(C *mat.Dense, rs, cs []float64, rank int) *mat.Dense {
	r, n := C.Dims()
	s := mat.NewDense(r, n, nil)
	for i := 0; i < r; i++ {
		for j := 0; j < n; j++ {
			s.Set(i, j, C.At(i, j)*rs[i]*cs[j])
		}
	}
	var svd mat.SVD
	svd.Factorize(s, mat.SVDFull)
	var v mat.Dense
	svd.VTo(&v)
	z := mat.NewDense(n, n-rank, nil)
	for i := 0; i < n; i++ {
		for j := 0; j < n-rank; j++ {
			z.Set(i, j, v.At(i, rank+j)*cs[i])
		}
	}
	return z
}

// RowLinear reports, per residual row, whether the row is translational (metres) rather
// than rotational or an axis row (radians or dimensionless).
func RowLinear(m *compile.Model) []bool {
	out := make([]bool, m.Rows)
	for _, c := range m.Comparisons {
		var lin []bool
		switch c.Kind {
		case compile.RowsSE3, compile.RowsWeld:
			lin = []bool{false, false, false, true, true, true}
		case compile.RowsPoint:
			lin = []bool{true, true, true}
		case compile.RowsUniversal:
			lin = []bool{true, true, true, false}
		case compile.RowsRevolute:
			lin = []bool{true, true, true, false, false}
		case compile.RowsPrismatic:
			lin = []bool{false, false, false, true, true}
		case compile.RowsPlanar:
			lin = []bool{false, false, true}
		}
		copy(out[c.Row:], lin)
	}
	for _, cp := range m.Couplings {
		out[cp.Row] = m.Joints[cp.Slave].Model.Kind == joint.Prismatic
	}
	return out
}

// RowScales returns the weight of each residual row: 1/L for translational rows, 1/A
// for rotational and axis rows, with L and A the declared length and angle scales.
func RowScales(m *compile.Model) []float64 {
	l, a := m.Scales.LengthM, m.Scales.AngleRad
	out := make([]float64, m.Rows)
	for r, lin := range RowLinear(m) {
		out[r] = 1 / a
		if lin {
			out[r] = 1 / l
		}
	}
	return out
}

// ColScales returns the weight of each velocity coordinate: L for translational
// coordinates, A for rotational ones.
func ColScales(m *compile.Model) []float64 {
	l, a := m.Scales.LengthM, m.Scales.AngleRad
	out := make([]float64, m.NV)
	for _, j := range m.Joints {
		for k := 0; k < j.NV; k++ {
			out[j.V0+k] = a
			if j.Model.Kind.Translational(k) {
				out[j.V0+k] = l
			}
		}
	}
	return out
}

// RowOwner names the comparison or coupling that owns residual row r.
func RowOwner(m *compile.Model, r int) string {
	for _, c := range m.Comparisons {
		if r >= c.Row && r < c.Row+c.Rows() {
			return c.ID
		}
	}
	for _, c := range m.Couplings {
		if r == c.Row {
			return c.ID
		}
	}
	return ""
}

func seq(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

func complement(n int, set []int) []int {
	in := make([]bool, n)
	for _, i := range set {
		in[i] = true
	}
	var out []int
	for i := 0; i < n; i++ {
		if !in[i] {
			out = append(out, i)
		}
	}
	return out
}

func pick(names []string, idx []int) []string {
	out := make([]string, len(idx))
	for i, k := range idx {
		out[i] = names[k]
	}
	return out
}
