package sim

import (
	"fmt"

	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/dyn"
	"github.com/robocompiler/robocompiler/internal/dense"
	"github.com/robocompiler/robocompiler/kin"
)

// Mode is one support mode: a compiled model with the same coordinates as the
// simulator's (for example compiled from dyn.SupportGraph, whose ideal supports are
// declared loop cuts adding closure rows and no coordinates) and the partition request
// to use in it (velocity indices; nil lets closure.ChoosePartition choose).
type Mode struct {
	// Name labels the mode in errors and logs.
	Name    string
	Model   *compile.Model
	Request []int
}

// ModeSchedule returns the mode active from time t (s) on, at the feasible
// configuration q (len NQ) reached by then. It is consulted at the start of every step;
// returning the pointer it returned before keeps the mode, another pointer switches to
// it, so a schedule may build a mode lazily when it becomes active (a support anchored
// where the foot is at touchdown).
type ModeSchedule func(t float64, q []float64) (*Mode, error)

// switchMode installs mo at the current configuration: it assembles the closure of the
// new mode from Q (a support anchored at the current pose holds already), partitions
// there, and projects the velocity as by an ideal inelastic impact, u' = M_r'⁻¹ E_T'ᵀ
// M_T v_T. It allocates the new mode's workspaces.
func (s *Sim) switchMode(mo *Mode) error {
	m := mo.Model
	if m.NQ != s.m.NQ || m.NV != s.m.NV || m.NVT != s.m.NVT || len(m.Graph.Actuators) != len(s.cmd.F) {
		return fmt.Errorf("sim: mode %q has NQ, NV, NVT, ports = %d, %d, %d, %d; the rollout has %d, %d, %d, %d",
			mo.Name, m.NQ, m.NV, m.NVT, len(m.Graph.Actuators), s.m.NQ, s.m.NV, s.m.NVT, len(s.cmd.F))
	}
	vT := make([]float64, m.NVT)
	if err := s.kd.Update(s.tr.Q, s.u); err != nil {
		return err
	}
	copy(vT, s.kd.V[:m.NVT])
	a, err := closure.Assemble(m, s.tr.Q, closure.AssembleOptions{})
	if err != nil {
		return fmt.Errorf("sim: switching to mode %q at t = %g s: %w", mo.Name, s.t, err)
	}
	p, err := closure.PartitionAt(m, a.Q, mo.Request)
	if err != nil {
		return fmt.Errorf("sim: mode %q: %w", mo.Name, err)
	}
	s.counts.add(s.tr)
	tr, err := closure.NewTracker(m, a.Q, p)
	if err != nil {
		return fmt.Errorf("sim: mode %q: %w", mo.Name, err)
	}
	kd, err := kin.NewData(m, p)
	if err != nil {
		return err
	}
	d := p.Mobility
	r := dyn.NewReduced(m.NVT, d)
	u := make([]float64, d)
	if err := kd.Update(a.Q, u); err != nil {
		return err
	}
	kd.Dyn.ReducedDynamics(r, a.Q, kd.V, kd.Lift.E, kd.Curv, nil)
	// b = E_Tᵀ M_T v_T; Forward solves M_r u = b + h_r − h_r.
	n := m.NVT
	mv, b := make([]float64, n), make([]float64, d)
	dense.MulVec(r.MT, n, vT[:n], mv)
	e := kd.Lift.E.RawMatrix()
	dense.MulTransVec(e.Data, e.Stride, mv, b)
	for k := range d {
		b[k] += r.Hr[k]
	}
	if err := r.Forward(b, u); err != nil {
		return fmt.Errorf("sim: mode %q: %w", mo.Name, err)
	}
	s.m, s.mode, s.tr, s.kd, s.r, s.linear = m, mo, tr, kd, r, closure.RowLinear(m)
	s.resize(d)
	copy(s.u, u)
	s.modeSwitches++
	return nil
}
