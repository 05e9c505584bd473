package robocompiler

import (
	"fmt"

	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/dyn"
	"github.com/robocompiler/robocompiler/internal/dense"
)

// SwitchModel moves the state into next, a model with the same coordinates and ports
// (a support mode: the same mechanism with supports that add closure rows, e.g. from
// SupportModel): it assembles next's closure from Q (a support anchored at the current
// pose holds already), partitions there with next's request, and projects the velocity
// as by an ideal inelastic impact, u' = M_r'⁻¹ E_T'ᵀ M_T v_T. The workspace then belongs to
// next (Model()); its buffers are reallocated when the mobility changes. On failure the
// state is unchanged.
func (d *Data) SwitchModel(next *Model) error {
	if err := d.assembled("SwitchModel"); err != nil {
		return err
	}
	m := d.m
	if next.NQ != m.NQ || next.NV != m.NV || next.NVT != m.NVT || len(next.Ports) != len(d.Kin.Ports) {
		return fmt.Errorf("SwitchModel: the next model has NQ, NV, NVT, ports = %d, %d, %d, %d; the state has %d, %d, %d, %d",
			next.NQ, next.NV, next.NVT, len(next.Ports), m.NQ, m.NV, m.NVT, len(d.Kin.Ports))
	}
	d.Interfaces()
	vT := append([]float64(nil), d.V[:m.NVT]...)
	a, err := closure.Assemble(next.Model, d.Q, closure.AssembleOptions{})
	if err != nil {
		return err
	}
	p, err := closure.PartitionAt(next.Model, a.Q, next.Request)
	if err != nil {
		return err
	}
	nd := &Data{m: next}
	if err := nd.install(a.Q, p); err != nil {
		return err
	}
	nd.Interfaces()
	if err := nd.Dynamics(nil); err != nil {
		return err
	}
	if nd.Reduced.Tree { // E = I: u = v_T
		copy(nd.U, vT)
		nd.Assembly = a
		*d = *nd
		return nil
	}
	if nd.loop != nil {
		if err := nd.loopImpact(vT); err != nil {
			return err
		}
		nd.Assembly = a
		*d = *nd
		return nil
	}
	// b = E_Tᵀ M_T v_T; Forward solves M_r u = (b + h_r) − h_r.
	r, n := nd.Reduced, m.NVT
	e := nd.Tracker.Lift.E.RawMatrix()
	mv, b := make([]float64, n), make([]float64, len(r.Hr))
	dense.MulVec(r.MT, n, vT, mv)
	dense.MulTransVec(e.Data, e.Stride, mv, b)
	for k, h := range r.Hr {
		b[k] += h
	}
	if err := r.Forward(b, nd.U); err != nil {
		return err
	}
	nd.Assembly = a
	*d = *nd
	return nil
}

// WithSupports returns the support mode of m with the named supports anchored to the
// ground at their poses at the feasible configuration q (len NQ): each name is a point
// site (an ideal point foot, 3 rows) or a frame site or body (an ideal sole, a 6-row weld).
// The result has m's coordinates, ports and request, so SwitchModel can move a state into
// it.
func (m *Model) WithSupports(q []float64, supports []string) (*Model, error) {
	if err := checkVec("WithSupports", "q", q, m.NQ); err != nil {
		return nil, err
	}
	cm, err := dyn.SupportModel(m.Model, q, supports)
	if err != nil {
		return nil, err
	}
	return &Model{Model: cm, Request: m.Request, Warnings: m.Warnings, Tracking: m.Tracking}, nil
}
