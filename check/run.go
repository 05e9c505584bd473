package check

import (
	"fmt"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/kin"
	"github.com/robocompiler/robocompiler/spatial"
)

// Run samples opts.States feasible states by a random walk of the independent coordinates
// from the assembled state of d (its configuration and partition; the walk tracks on the
// closure manifold in d, which it leaves at the last state) and evaluates every witness at
// each. The error reports a failed step of the walk (with the number of states already
// evaluated in the partial report) or an interface that could not be built.
func Run(d *robocompiler.Data, opts Options) (*Report, error) {
	opts.defaults()
	p := d.Partition()
	w, err := newWorkspace(d, opts)
	if err != nil {
		return nil, err
	}
	nv := d.Model().NV
	rep := &Report{Rank: p.Rank, Mobility: p.Mobility, CurvatureOmissionRatioMin: math.NaN(),
		ExtendedReferenceSkipped: nv > DenseReferenceMaxNV, DynamicsReference: dynamicsReference(nv, d.Reduced.Tree),
		JacobianFDColumns: len(fdColumns(nv, d.Model().Rows))}
	defer rep.explain(w.m, len(w.rows))
	for s := 0; s < opts.States; s++ {
		if s > 0 {
			if err := w.walk(); err != nil {
				return rep, fmt.Errorf("random walk to state %d: %w", s, err)
			}
		}
		if err := w.state(rep); err != nil {
			return rep, fmt.Errorf("state %d: %w", s, err)
		}
		rep.States++
	}
	return rep, nil
}

// workspace holds everything one Run evaluates into.
type workspace struct {
	m    *compile.Model
	opts Options
	rng  *rand.Rand
	d    *robocompiler.Data // the walk's state, interfaces and dynamics
	kd   *kin.Data          // d.Kin
	// dk is a kinematics and closure workspace (no tracker or lift of its own) for the
	// off-manifold differentials; fd a second front-door workspace, with the partition of
	// q0, for the directional differences of E, placed on first use (newFD): a large
	// model whose curvature is at round-off never needs its tracker.
	dk    *kin.Data
	fd    *robocompiler.Data
	tasks []*kin.Task
	cs    []float64 // declared column scales
	qfd   []float64 // the configuration a differential's difference is evaluated at
	heavy int       // node receiving the random external wrench
	q0    []float64 // the feasible configuration the walks start from
	e0    []float64 // the lift at q0 (NV × D, row-major) for jump: with closure rows above DenseReferenceMaxNV velocities, else nil
	p     *closure.Partition
	// rows are the closure rows the witnesses hold to: all of them, unless the rank
	// decision dropped near-redundant directions (closure.NearRedundant: a file's rounded
	// geometry, whose dropped rows are only approximately implied by the others); then the
	// partition's selected rows S, which define the mechanism the interfaces describe.
	rows []int
	// e is the loop form's dense lift at the configuration eQ under the partition eP:
	// liftAt forms it once per state for the lift and dynamics witnesses (1,000 pinned
	// solves on the 1,000-loop ladder).
	e  blas64.General
	eQ []float64
	eP *closure.Partition
}

func newWorkspace(d *robocompiler.Data, opts Options) (*workspace, error) {
	m, p := d.Model(), d.Partition()
	q0 := append([]float64(nil), d.Q...)
	w := &workspace{m: m.Model, opts: opts, q0: q0, p: p, rng: rand.New(rand.NewPCG(opts.Seed, 0x5eed)), d: d, kd: d.Kin,
		dk: kin.NewData(m.Model, closure.NewData(m.Model), d.Lift()), cs: closure.ColScales(m.Model)}
	for _, s := range m.Sites {
		t, err := kin.NewTask(m.Model, s.ID)
		if err != nil {
			return nil, err
		}
		w.tasks = append(w.tasks, t)
	}
	if m.NV > DenseReferenceMaxNV && m.Rows > 0 && p.Mobility > 0 {
		w.e0 = make([]float64, m.NV*p.Mobility)
		if err := d.DenseLift(w.e0); err != nil {
			return nil, err
		}
	}
	if m.NV > 0 { // with no coordinates (a loop of fixed joints) no row can act
		w.rows = p.Enforced(m.Model)
	}
	best := -1.0
	for i, b := range m.Bodies {
		if b.Inertia.Mass > best {
			best, w.heavy = b.Inertia.Mass, i+1
		}
	}
	return w, nil
}

// fdData returns fd, placed at q0 with q0's partition on first use.
func (w *workspace) fdData() (*robocompiler.Data, error) {
	if w.fd == nil {
		fd := w.d.Model().NewData()
		if err := fd.Place(w.q0, w.p); err != nil {
			return nil, err
		}
		w.fd = fd
	}
	return w.fd, nil
}

// uniform returns a draw in [−a, a].
func (w *workspace) uniform(a float64) float64 { return a * (2*w.rng.Float64() - 1) }

// walkSteps is the number of random steps from q0 to each sampled state.
const walkSteps = 8

// walk samples the next state: a random walk of walkSteps steps of the independent
// coordinates from q0, tracked on the closure manifold. Restarting from q0 keeps every
// state in the seed's neighbourhood (and on its assembly branch).
//
// A model with closure rows and more than DenseReferenceMaxNV velocity coordinates (e0
// set) has the steps summed and taken as one:
// the independent coordinates of q0 moved by the sum, the dependent ones corrected with
// them held (Data.Reset, keeping q0's partition): one correction instead of eight steps,
// each of which may re-decide the partition (a pivoted QR of C, O(n³)).
func (w *workspace) walk() error {
	if w.e0 != nil {
		return w.jump()
	}
	if err := w.d.Place(w.q0, w.p); err != nil {
		return err
	}
	w.kd = w.d.Kin
	du := make([]float64, w.p.Mobility)
	for range walkSteps {
		for k, c := range w.p.Independent {
			du[k] = w.uniform(w.opts.Walk * w.cs[c])
		}
		if err := w.d.Track(du); err != nil {
			return err
		}
	}
	return nil
}

// jump is walk's single corrected step of a large model: predicted along q0's lift,
// corrected by Data.Reset.
func (w *workspace) jump() error {
	d := w.p.Mobility
	du := make([]float64, d)
	for range walkSteps {
		for k, c := range w.p.Independent {
			du[k] += w.uniform(w.opts.Walk * w.cs[c])
		}
	}
	// Predicted by q0's lift E0 (its independent rows are the identity).
	dv := make([]float64, w.m.NV)
	for i := range dv {
		s := 0.0
		for k, e := range w.e0[i*d : i*d+d] {
			s += e * du[k]
		}
		dv[i] = s
	}
	q := make([]float64, w.m.NQ)
	w.m.Integrate(w.q0, dv, 1, q)
	if err := w.d.Reset(q); err != nil {
		return err
	}
	w.kd = w.d.Kin
	return nil
}

// state evaluates every witness at the tracker's current configuration.
func (w *workspace) state(rep *Report) error {
	q := w.d.Q
	worst(&rep.JacobianFDRelMax, w.differentials(q))
	p := w.d.Partition()
	u := make([]float64, p.Mobility)
	for k, c := range p.Independent {
		u[k] = w.uniform(w.opts.Speed * w.cs[c])
	}
	if err := w.d.SetState(u, nil); err != nil {
		return err
	}
	w.d.Interfaces()
	lift, cols := w.liftResidual(float64(rep.States) / float64(w.opts.States))
	worst(&rep.LiftResidualMax, lift)
	if rep.States == 0 || cols < rep.LiftColumns {
		rep.LiftColumns = cols
	}
	worst(&rep.VirtualPowerDefectMaxW, w.virtualPower(q, u))
	dy, err := w.dynamics(q, u, true, true)
	if err != nil {
		return err
	}
	worst(&rep.DeltaAMax, dy.deltaA)
	worst(&rep.CondMrMax, w.condMrOf(dy.mr))
	rep.DeltaATarget = deltaATarget(w.m.NV, rep.CondMrMax)
	worst(&rep.DeltaFMax, dy.deltaF)
	worst(&rep.ConstraintAccelResidualMax, dy.rc)
	cfd, evaluated, err := w.curvatureFD(q, u)
	if err != nil {
		return err
	}
	worst(&rep.CurvatureFDRelMax, cfd)
	if evaluated {
		rep.CurvatureFDStates++
	}
	return w.omission(q, u, rep)
}

// condMr returns the 1-norm condition estimate of the diagonally scaled reduced mass
// matrix M_r at the last Dynamics (for a tree form, treeCond's 2-norm estimate) (1 when there is no independent speed, +Inf when M_r is not positive
// definite).
func (w *workspace) condMr() float64 { return w.condMrOf(nil) }

// condMrOf is condMr with M_r (D × D) already formed at the last Dynamics, or nil.
func (w *workspace) condMrOf(mr []float64) float64 {
	r := w.d.Reduced
	if r.D == 0 {
		return 1
	}
	if r.Tree {
		return w.treeCond(w.d.Q)
	}
	// Cholesky's error depends on M_r only through its diagonally scaled form
	// S M_r S, S = diag(M_r)^(-1/2) (van der Sluis), so that is the one estimated.
	if mr == nil {
		mr = w.reducedMass()
	}
	if mr == nil {
		return math.Inf(1)
	}
	n := r.D
	s := make([]float64, n)
	for i := range s {
		s[i] = 1 / math.Sqrt(mr[i*n+i])
	}
	scaled := make([]float64, n*n)
	for i := range n {
		for j := range n {
			scaled[i*n+j] = s[i] * mr[i*n+j] * s[j]
		}
	}
	var ch mat.Cholesky
	if !ch.Factorize(mat.NewSymDense(n, scaled)) {
		return math.Inf(1)
	}
	return ch.Cond()
}

// LiftMaxProducts bounds the multiply-adds of the lift witness at one state: C E over
// the enforced rows costs rows·nnz(E) (E's zeros are skipped); above the bound an evenly
// spaced subset of E's columns is checked, as many as fit (Report.LiftColumns), so that
// the witness stays O(rows·n) on a large model whose E has dense columns.
const LiftMaxProducts = 200_000_000

// liftResidual returns max |C E| / max(1, max |E|) over the enforced rows at the last
// evaluation, and the number of E's columns it covered (LiftMaxProducts; phase as for
// liftResidualOf).
func (w *workspace) liftResidual(phase float64) (float64, int) {
	m, kd := w.m, w.kd
	d := kd.Mobility()
	if m.Rows == 0 || d == 0 {
		return 0, d
	}
	E, err := w.liftAt()
	if err != nil {
		return math.NaN(), 0 // a singular lift: the witness fails
	}
	return liftResidualOf(w.closureAt().C.RawMatrix(), E, w.rows, phase)
}

// liftResidualOf returns max |C E| / max(1, max |E|) over the rows of C (Rows × NV) and
// the columns of E (NV × D), all of them or an evenly spaced subset of LiftMaxProducts
// multiply-adds, shifted by phase ∈ [0, 1) of their spacing (Run moves it from state to
// state, so that the states check different columns), and the number of columns it
// covered. The products are summed in
// float64 over E's nonzeros: on the 1,000-loop ladder (terms up to 80, up to 1,900 of them)
// that differs from the exact sum of the same products by at most 2e-14.
func liftResidualOf(C, E blas64.General, rows []int, phase float64) (float64, int) {
	nv, d := E.Rows, E.Cols
	// The nonzeros of every column of E: (row, value) pairs.
	type entry struct {
		i int
		e float64
	}
	nz := make([][]entry, d)
	emax, total := 1.0, 0
	for i := range nv {
		for k, x := range E.Data[i*E.Stride : i*E.Stride+d] {
			emax = math.Max(emax, math.Abs(x))
			if x != 0 {
				nz[k] = append(nz[k], entry{i, x})
				total++
			}
		}
	}
	cols := evenlySpaced(d, d)
	if work := len(rows) * total; work > LiftMaxProducts {
		cols = shiftedColumns(d, max(1, int(int64(d)*LiftMaxProducts/int64(work))), phase)
	}
	worstCE := 0.0
	for _, r := range rows { // C is read once, row by row
		row := C.Data[r*C.Stride : r*C.Stride+nv]
		for _, k := range cols {
			s := 0.0
			for _, t := range nz[k] {
				s += row[t.i] * t.e
			}
			worstCE = math.Max(worstCE, math.Abs(s))
		}
	}
	return worstCE / emax, len(cols)
}

// shiftedColumns returns min(n, k) of n indices, evenly spaced and shifted by phase ∈
// [0, 1) of their spacing: ⌊(i + phase)·n/k⌋.
func shiftedColumns(n, k int, phase float64) []int {
	k = min(n, k)
	out := make([]int, k)
	for i := range out {
		out[i] = min(n-1, int((float64(i)+phase)*float64(n)/float64(k)))
	}
	return out
}

// closureAt returns a closure workspace holding C and the drift γ at the walk's state
// (Q, V): the tracker's, or in the loop form, which forms no C, dk's evaluated there.
func (w *workspace) closureAt() *closure.Data {
	if !w.d.LoopForm() {
		return w.d.Kin.Closure
	}
	c := w.dk.Closure
	c.Drift(w.d.Q, w.d.V)
	return c
}

// liftAt returns the lift E (NV × D) at the walk's state: the tracker's, or in the loop
// form, which forms no E, DenseLift's (formed once per configuration and partition).
func (w *workspace) liftAt() (blas64.General, error) {
	if !w.d.LoopForm() {
		return w.d.Lift().E.RawMatrix(), nil
	}
	nv, d, p := w.m.NV, w.d.Mobility(), w.d.Partition()
	if w.eP == p && slices.Equal(w.eQ, w.d.Q) {
		return w.e, nil
	}
	if len(w.e.Data) != nv*d {
		w.e = blas64.General{Rows: nv, Cols: d, Stride: d, Data: make([]float64, nv*d)}
	}
	w.eP = nil
	if err := w.d.DenseLift(w.e.Data); err != nil {
		return w.e, err
	}
	w.eQ, w.eP = append(w.eQ[:0], w.d.Q...), p
	return w.e, nil
}

// virtualPower returns |τ_Tᵀ v_T − τ_rᵀ u| for random port efforts at the last evaluation.
func (w *workspace) virtualPower(q, u []float64) float64 {
	kd, m := w.kd, w.m
	f := make([]float64, len(kd.Ports))
	for i := range f {
		f[i] = w.uniform(1)
	}
	tauT, tauR := make([]float64, m.NVT), make([]float64, len(u))
	kd.TreeEffort(q, f, tauT)
	kd.ReducedEffort(f, tauR)
	pt, pr := 0.0, 0.0
	for i, x := range tauT {
		pt += x * kd.V[i]
	}
	for k, x := range tauR {
		pr += x * u[k]
	}
	return math.Abs(pt - pr)
}

// externalWrench returns a random ground-axes wrench at the heaviest body's origin as the
// per-node body-frame forces dyn takes, after kinematics at the current q.
func (w *workspace) externalWrench() []spatial.Vec6 {
	fext := make([]spatial.Vec6, len(w.m.Bodies)+1)
	var ww spatial.Vec6
	for i := range ww {
		ww[i] = w.uniform(w.opts.Wrench)
	}
	fext[w.heavy] = w.kd.Dyn.WorldWrench(w.heavy, spatial.Vec3{}, ww)
	return fext
}
