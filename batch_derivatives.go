package robocompiler

import "fmt"

// ForwardDerivatives is Forward followed, for every state, by the partial derivatives of
// its reduced forward dynamics (Data.ForwardDerivatives: ∂u̇/∂q_I, ∂u̇/∂U, ∂u̇/∂f) into
// the result's DUdotDq, DUdotDU and DUdotDf. States with tree forces TauT are refused
// (their derivatives are not computed). Results are independent of the worker count, bit
// for bit, as Forward's are.
func (b *Batch) ForwardDerivatives(states []BatchState, out []BatchResult, reduced bool) {
	if len(out) != len(states) {
		panic(fmt.Sprintf("robocompiler: Batch.ForwardDerivatives: len(out) = %d; want len(states) = %d", len(out), len(states)))
	}
	b.run(len(states), func(w *batchWorker, i int) {
		r, s := &out[i], &states[i]
		r.Err = w.forward(b, s, r, reduced)
		if r.Err == nil && s.TauT != nil {
			r.Err = fmt.Errorf("Batch.ForwardDerivatives: the derivatives take port efforts only; the state has tree forces TauT")
		}
		if r.Err == nil {
			r.Err = w.derivatives(s, r)
		}
		if r.Err != nil {
			w.moved = true
		}
	})
}

// derivatives fills r's partials at the worker's state (left by forward).
func (w *batchWorker) derivatives(s *BatchState, r *BatchResult) error {
	d := w.d
	if w.der == nil || w.der.D != d.Mobility() {
		w.der = d.NewDerivatives()
	}
	if err := d.ForwardDerivatives(w.der, s.F, nil); err != nil {
		return err
	}
	r.DUdotDq = append(r.DUdotDq[:0], w.der.DUdotDq...)
	r.DUdotDU = append(r.DUdotDU[:0], w.der.DUdotDU...)
	r.DUdotDf = append(r.DUdotDf[:0], w.der.DUdotDf...)
	return nil
}
