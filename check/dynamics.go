package check

import (
	"math"

	"github.com/robocompiler/robocompiler/internal/kktref"
)

// arbitrate is the δ_a above which the float64 reference is replaced by the
// extended-precision one.
const arbitrate = 1e-13

// dynWitness are the eq. 21 metrics at one state.
type dynWitness struct {
	deltaA, deltaF, rc float64
	// bigSkipped reports that the extended-precision reference was not run (the model has
	// more than ExtendedMaxNV velocity coordinates).
	bigSkipped bool
}

// ExtendedMaxNV is the largest number of velocity coordinates for which the KKT reference
// is solved in extended precision (kktref.SolveBig, O(n³) in 192-bit arithmetic: minutes
// on a model of a few thousand coordinates). Above it the float64 reference alone decides
// δ_a, also with Options.Extended, and the report says so (ExtendedReferenceSkipped).
const ExtendedMaxNV = 400

// dynamics solves the reduced forward dynamics at the last Update under random port
// efforts and a random external wrench, and the same problem by the KKT/null-space
// reference of eq. 22 on the augmented coordinates (the cut joints' coordinates carry no
// inertia and no effort; the constraint rows are the enforced rows of C with their drift γ). With curvature
// false the term M_T c_T is omitted from h_r (the ablation the omission ratio measures).
//
// Without reference only the constraint residual is computed (the omission ratio needs
// nothing else). A tree form (a large loop-free model) takes the O(n) reference of
// treeDynamics instead of the dense KKT system.
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

	nr := len(w.rows)
	Jc, gamma := w.enforcedRows()
	var out dynWitness
	if nr > 0 {
		out.rc = kktref.ResidualC(Jc, a, gamma)
	}
	if !reference || nv == 0 { // nothing moves: the reference has no unknowns
		return out, nil
	}

	// Reference on the augmented coordinates.
	tauT := make([]float64, n)
	kd.TreeEffort(q, f, tauT)
	if red.Tree {
		out.bigSkipped = nv > ExtendedMaxNV
		var err error
		out.deltaA, out.deltaF, err = w.treeDynamics(q, d.V, a[:n], tauT, fext)
		return out, err
	}
	MT := w.treeMass()
	M, h, tau := augmented(MT, red.HT, tauT, n, nv)
	big := nv <= ExtendedMaxNV
	out.bigSkipped = !big
	solve := kktref.Solve
	if w.opts.Extended && big {
		solve = kktref.SolveBig
	}
	aref, _, err := solve(M, h, tau, Jc, gamma, nv, nr, 0)
	if err != nil {
		return dynWitness{}, err
	}
	if big && !w.opts.Extended && kktref.DeltaA(a[:n], aref[:n]) > arbitrate {
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
// States whose residual without curvature is at round-off (no drift to omit) are skipped.
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
	if without.rc <= 1e-13 {
		return nil
	}
	ratio := without.rc / math.Max(with.rc, math.SmallestNonzeroFloat64)
	if rep.CurvatureStates == 0 || ratio < rep.CurvatureOmissionRatioMin {
		rep.CurvatureOmissionRatioMin = ratio
	}
	rep.CurvatureStates++
	return nil
}
