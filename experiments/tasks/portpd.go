package tasks

import (
	"fmt"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/sim"
)

// portPD is PD control of port displacements with optional reduced-dynamics
// feedforward:
//
//	f_p = Kp (ℓ_ref − ℓ) + Kd (ℓ̇_ref − L u) + τ_ff,   τ_ff = M_r u̇_ref + h_r   (eq. 14),
//
// for a partition whose independent coordinates are the tracked ports' joints with unit
// gear (component i drives port ports[i], whose joint is independent coordinate
// indep[i]), so that L is a permutation, u̇_ref = ℓ̈_ref and the reduced effort is the
// port effort (portsIndependent). The feedforward includes the command's external
// wrenches (a measured load).
type portPD struct {
	kp, kd       float64
	ref          *reference
	ports, indep []int
	ff           *sim.Feedforward

	y, yd, ydd, udot, tau []float64
}

// newPortPD allocates the controller tracking ref on ports (with their independent
// coordinates indep, len D); ff may be nil.
func newPortPD(kp, kd float64, ref *reference, ports, indep []int, ff *sim.Feedforward) *portPD {
	n := len(ports)
	return &portPD{kp: kp, kd: kd, ref: ref, ports: ports, indep: indep, ff: ff,
		y: make([]float64, n), yd: make([]float64, n), ydd: make([]float64, n), udot: make([]float64, n), tau: make([]float64, n)}
}

// Control implements sim.Controller.
func (c *portPD) Control(s *sim.State, data *robocompiler.Data, cmd *sim.Command) error {
	k := data.Kin
	c.ref.eval(s.T, c.y, c.yd, c.ydd)
	for i, p := range c.ports {
		cmd.F[p] = c.kp*(c.y[i]-k.Ell[p]) + c.kd*(c.yd[i]-s.U[c.indep[i]])
	}
	if c.ff == nil {
		return nil
	}
	for i, a := range c.indep {
		c.udot[a] = c.ydd[i]
	}
	if err := c.ff.EffortAtState(s, data, c.udot, cmd.Fext, c.tau); err != nil {
		return err
	}
	for i, p := range c.ports {
		cmd.F[p] += c.tau[c.indep[i]]
	}
	return nil
}

// portsIndependent returns, for each of the ports, the position of its joint among the
// independent velocities; every port must be a single-joint port with unit gear and the
// ports must cover every independent coordinate once, so that L is a permutation.
func portsIndependent(m *compile.Model, ports []int, independent []int) ([]int, error) {
	if len(ports) != len(independent) {
		return nil, fmt.Errorf("%d ports for %d independent speeds; port_pd needs one port per independent coordinate (choose the partition of the ports' joints)", len(ports), len(independent))
	}
	out := make([]int, len(ports))
	seen := map[int]bool{}
	for i, pi := range ports {
		p := m.Ports[pi]
		if p.TwoPoint || len(p.Terms) != 1 || p.Terms[0].Coef != 1 {
			return nil, fmt.Errorf("port %q is not a unit-gear joint port", p.ID)
		}
		v := m.Joints[p.Terms[0].Joint].V0
		out[i] = -1
		for k, x := range independent {
			if x == v {
				out[i] = k
			}
		}
		if out[i] < 0 || seen[out[i]] {
			return nil, fmt.Errorf("port %q: its joint %q is not an independent coordinate of the partition (choose the partition of the ports' joints)", p.ID, m.Joints[p.Terms[0].Joint].ID)
		}
		seen[out[i]] = true
	}
	return out, nil
}
