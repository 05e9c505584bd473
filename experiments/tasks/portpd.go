package tasks

import (
	"fmt"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/sim"
)

// portPD is PD control of the port displacements with optional reduced-dynamics
// feedforward:
//
//	f = Kp (ℓ_ref − ℓ) + Kd (ℓ̇_ref − L u) + τ_ff,   τ_ff = M_r u̇_ref + h_r   (eq. 14),
//
// for a partition whose independent coordinates are the ports' joints in port order with
// unit gear, so that L = I, u_ref = ℓ_ref and the reduced effort is the port effort
// (checkPortsIndependent). Load, when set, applies external wrenches to the plant; the
// feedforward includes them (a measured load).
type portPD struct {
	kp, kd float64
	ref    *reference
	ff     *sim.Feedforward
	load   func(s *sim.State, d *robocompiler.Data, cmd *sim.Command)

	y, yd, ydd, tau []float64
}

// newPortPD allocates the controller for nf ports tracking ref; ff may be nil.
func newPortPD(nf int, kp, kd float64, ref *reference, ff *sim.Feedforward) *portPD {
	return &portPD{kp: kp, kd: kd, ref: ref, ff: ff,
		y: make([]float64, nf), yd: make([]float64, nf), ydd: make([]float64, nf), tau: make([]float64, nf)}
}

// Control implements sim.Controller.
func (c *portPD) Control(s *sim.State, data *robocompiler.Data, cmd *sim.Command) error {
	k := data.Kin
	if c.load != nil {
		c.load(s, data, cmd)
	}
	c.ref.eval(s.T, c.y, c.yd, c.ydd)
	for i := range cmd.F {
		cmd.F[i] = c.kp*(c.y[i]-k.Ell[i]) + c.kd*(c.yd[i]-s.U[i])
	}
	if c.ff == nil {
		return nil
	}
	if err := c.ff.EffortAt(data, c.ydd, cmd.Fext, c.tau); err != nil {
		return err
	}
	for i, x := range c.tau {
		cmd.F[i] += x
	}
	return nil
}

// checkPortsIndependent verifies that the independent velocities are the joints of the
// ports in port order, each a single-joint port with unit gear, so that L = I.
func checkPortsIndependent(m *compile.Model, ports []compile.Port, independent []int) error {
	if len(ports) != len(independent) {
		return fmt.Errorf("%d ports for %d independent speeds; port PD needs one port per independent coordinate", len(ports), len(independent))
	}
	for i, p := range ports {
		if p.TwoPoint || len(p.Terms) != 1 || p.Terms[0].Coef != 1 || m.Joints[p.Terms[0].Joint].V0 != independent[i] {
			return fmt.Errorf("port %q is not the unit-gear joint port of independent coordinate %d", p.ID, i)
		}
	}
	return nil
}
