package check

import (
	"math"

	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/internal/kktref"
)

// arbitrate is the δ_a above which the float64 reference is replaced by the
// extended-precision one.
const arbitrate = 1e-13

// dynWitness are the eq. 21 metrics at one state.
type dynWitness struct {
	deltaA, deltaF, rc float64
	// rcScale is the magnitude of the terms of the constraint-acceleration residual,
	// max over the enforced rows of Σ_j |C_rj a_j| + |γ_r|: rc's round-off is ε·rcScale.
	rcScale float64
	// mr is M_r (D × D) when the reference formed it (nullSpaceDynamics), for condMr.
	mr []float64
}

// DenseReferenceMaxNV is the largest number of velocity coordinates for which the dynamics
// witness solves the dense KKT/null-space reference of eq. 22 (kktref.Solve in float64,
// arbitrated by kktref.SolveBig in 192-bit arithmetic: O((nv+rows)³), minutes at 400
// coordinates). A larger model takes an O(n)-per-column reference instead (treeDynamics
// for a tree form, nullSpaceDynamics otherwise), without extended precision, and the
// report says so (DynamicsReference, ExtendedReferenceSkipped, Notes). It equals
// closure.DenseIdentityMax and robocompiler.LoopFormMin, the size above which the front
// door leaves the dense forms.
const DenseReferenceMaxNV = closure.DenseIdentityMax

// Dynamics references (Report.DynamicsReference).
const (
	// RefDenseKKT is the dense KKT/null-space solve of eq. 22 (at most DenseReferenceMaxNV
	// velocity coordinates).
	RefDenseKKT = "kkt"
	// RefTreeRefinement is treeDynamics: the RNEA residual of a tree form and one step of
	// iterative refinement by the articulated-body algorithm.
	RefTreeRefinement = "tree_refinement"
	// RefNullSpaceRefinement is nullSpaceDynamics: the RNEA residual projected by E and
	// one step of iterative refinement on M_r.
	RefNullSpaceRefinement = "null_space_refinement"
)

// dynamicsReference names the reference the dynamics witness uses for a model with nv
// velocity coordinates in the given form.
func dynamicsReference(nv int, tree bool) string {
	switch {
	case nv <= DenseReferenceMaxNV:
		return RefDenseKKT
	case tree:
		return RefTreeRefinement
	}
	return RefNullSpaceRefinement
}

// dynamics solves the reduced forward dynamics at the last Update under random port
// efforts and a random external wrench, and the same problem by the KKT/null-space
// reference of eq. 22 on the augmented coordinates (the cut joints' coordinates carry no
// inertia and no effort; the constraint rows are the enforced rows of C with their drift γ). With curvature
// false the term M_T c_T is omitted from h_r (the ablation the omission ratio measures).
//
// Without reference only the constraint residual is computed (the omission ratio needs
// nothing else). Above DenseReferenceMaxNV velocity coordinates a tree form (a large
// loop-free model) takes the O(n) reference of treeDynamics and any other form that of
// nullSpaceDynamics instead of the dense KKT system.
func (w *workspace) dynamics(q, u []float64, curvature, reference bool) (dynWitness, error) {
	kd, m, red := w.kd, w.m, w.d.Reduced
	n, nv := m.NVT, m.NV
	f := make([]float64, len(kd.Ports))
	for i := range f {
		f[i] = w.uniform(w.opts.Effort)
	}
	fext := w.externalWrench()
	// The front door's stages at the evaluated state; the ablation runs them with the
	// curvature zeroed (and restores it).
	d := w.d
	if !curvature {
		saved := append([]float64(nil), d.Curv...)
		clear(d.Curv)
		defer copy(d.Curv, saved)
	}
	if err := d.Dynamics(fext); err != nil {
		return dynWitness{}, err
	}
	if err := d.Accelerations(f, nil); err != nil {
		return dynWitness{}, err
	}
	a := append([]float64(nil), d.A...)

	var out dynWitness
	out.rc, out.rcScale = w.constraintResidual(a)
	if !reference || nv == 0 { // nothing moves: the reference has no unknowns
		return out, nil
	}

	// Reference on the augmented coordinates.
	tauT := make([]float64, n)
	kd.TreeEffort(q, f, tauT)
	var err error
	switch dynamicsReference(nv, red.Tree) {
	case RefTreeRefinement:
		out.deltaA, out.deltaF, err = w.treeDynamics(q, d.V, a[:n], tauT, fext)
		return out, err
	case RefNullSpaceRefinement:
		out.deltaA, out.deltaF, out.mr, err = w.nullSpaceDynamics(q, d.V, a, tauT, fext)
		return out, err
	}
	nr := len(w.rows)
	Jc, gamma := w.enforcedRows()
	MT := w.treeMass()
	M, h, tau := augmented(MT, red.HT, tauT, n, nv)
	solve := kktref.Solve
	if w.opts.Extended {
		solve = kktref.SolveBig
	}
	aref, _, err := solve(M, h, tau, Jc, gamma, nv, nr, 0)
	if err != nil {
		return dynWitness{}, err
	}
	if !w.opts.Extended && kktref.DeltaA(a[:n], aref[:n]) > arbitrate {
		// The float64 reference carries its own cond·ε error on badly conditioned
		// mechanisms; the extended-precision solve decides.
		if aref, _, err = kktref.SolveBig(M, h, tau, Jc, gamma, nv, nr, 0); err != nil {
			return dynWitness{}, err
		}
	}
	out.deltaA = kktref.DeltaA(a[:n], aref[:n])
	out.deltaF = kktref.DeltaF(MT, a[:n], aref[:n], tauT, red.HT)
	return out, nil
}

// omission evaluates, at four times the state's independent speeds, the constraint-
// acceleration residual with and without the curvature term and records their ratio.
// A state whose residual without curvature is at round-off has no drift to omit, and the
// ratio is not evaluated there (counted in CurvatureRoundOffStates): below 1e-13, or,
// with the curvature as without it, below OmissionRatio·ε·s, s the magnitude of the
// residual's terms (dynWitness.rcScale): a ratio of Targets.OmissionRatio between two
// residuals at that level is out of reach of float64 whatever the curvature, and a
// curvature term that matters makes one of them larger.
func (w *workspace) omission(q, u []float64, rep *Report) error {
	u4 := make([]float64, len(u))
	for k, x := range u {
		u4[k] = 4 * x
	}
	if err := w.d.SetState(u4, nil); err != nil {
		return err
	}
	w.d.Interfaces()
	with, err := w.dynamics(q, u4, true, false)
	if err != nil {
		return err
	}
	without, err := w.dynamics(q, u4, false, false)
	if err != nil {
		return err
	}
	if len(w.rows) == 0 {
		return nil
	}
	if without.rc <= 1e-13 || math.Max(with.rc, without.rc) <= Targets.OmissionRatio*0x1p-52*math.Max(with.rcScale, without.rcScale) {
		rep.CurvatureRoundOffStates++
		return nil
	}
	ratio := without.rc / math.Max(with.rc, math.SmallestNonzeroFloat64)
	if rep.CurvatureStates == 0 || ratio < rep.CurvatureOmissionRatioMin {
		rep.CurvatureOmissionRatioMin = ratio
	}
	rep.CurvatureStates++
	return nil
}

// constraintResidual returns ‖C a + γ‖∞ over the enforced rows at the last evaluation and
// the magnitude of its terms, max_r Σ_j |C_rj a_j| + |γ_r|, reading C in place (a large
// model's C is not copied).
func (w *workspace) constraintResidual(a []float64) (rc, scale float64) {
	if len(w.rows) == 0 {
		return 0, 0
	}
	cl := w.closureAt()
	C, nv := cl.C.RawMatrix(), w.m.NV
	for _, r := range w.rows {
		row := C.Data[r*C.Stride : r*C.Stride+nv]
		s, mag := cl.Gamma[r], math.Abs(cl.Gamma[r])
		for j, c := range row {
			s += c * a[j]
			mag += math.Abs(c * a[j])
		}
		rc, scale = math.Max(rc, math.Abs(s)), math.Max(scale, mag)
	}
	return rc, scale
}
