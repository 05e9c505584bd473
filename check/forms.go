package check

// treeMass returns M_T (NVT × NVT) of the last Dynamics: the reduced dynamics' own, or,
// in the front door's loop form (which keeps none), formed on request
// (robocompiler.Data.DenseTreeMass).
func (w *workspace) treeMass() []float64 {
	if r := w.d.Reduced; r.MT != nil {
		return r.MT
	}
	n := w.m.NVT
	M := make([]float64, n*n)
	_ = w.d.DenseTreeMass(M) // its only error is a wrong length, right by construction
	return M
}

// reducedMass returns M_r (D × D) of the last Dynamics, formed on request in the loop form
// (robocompiler.Data.DenseReducedMass); nil when it cannot be formed.
func (w *workspace) reducedMass() []float64 {
	if r := w.d.Reduced; r.Mr != nil {
		return r.Mr
	}
	n := w.d.Mobility()
	M := make([]float64, n*n)
	if err := w.d.DenseReducedMass(M); err != nil {
		return nil
	}
	return M
}
