package tasks

import (
	"fmt"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/sim"
	"gonum.org/v1/gonum/mat"
)

// jointCT is computed-torque tracking of a set of scalar coordinates y = q[Y] (one per
// independent speed) in any partition: ÿ* = ÿ_ref + Kp (y_ref − y) + Kd (ẏ_ref − ẏ),
// u̇* from E_Y u̇ + c_Y = ÿ* (E_Y the rows Y of the lift, c the curvature), the reduced
// effort τ_r = M_r u̇* + h_r (eq. 14) and the least-norm efforts of the connected ports
// with L_cᵀ f_c = τ_r. The physical efforts do not depend on the partition.
type jointCT struct {
	kp, kd     float64 // 1/s², 1/s
	coords, q0 []int   // tracked velocity indices and their configuration indices
	connected  []int   // ports that may carry effort
	ref        *reference
	ff         *sim.Feedforward

	y, yd, ydd, rhs, udot, tau, fc []float64
	ey, lc                         *mat.Dense
}

// newJointCT allocates the controller of mobility d tracking ref on coords (velocity
// indices, configuration indices q0) with efforts on the connected ports.
func newJointCT(kp, kd float64, coords, q0, connected []int, ref *reference, ff *sim.Feedforward, d int) (*jointCT, error) {
	if len(coords) != d {
		return nil, fmt.Errorf("computed_torque tracks %d coordinates for %d independent speeds; it needs one per independent speed", len(coords), d)
	}
	return &jointCT{kp: kp, kd: kd, coords: coords, q0: q0, connected: connected, ff: ff, ref: ref,
		y: make([]float64, d), yd: make([]float64, d), ydd: make([]float64, d), rhs: make([]float64, d),
		udot: make([]float64, d), tau: make([]float64, d), ey: mat.NewDense(d, d, nil),
		fc: make([]float64, len(connected)), lc: mat.NewDense(len(connected), d, nil)}, nil
}

// Control implements sim.Controller.
func (c *jointCT) Control(s *sim.State, data *robocompiler.Data, cmd *sim.Command) error {
	k := data.Kin
	c.ref.eval(s.T, c.y, c.yd, c.ydd)
	d := len(c.coords)
	for i, v := range c.coords {
		c.rhs[i] = c.ydd[i] + c.kp*(c.y[i]-s.Q[c.q0[i]]) + c.kd*(c.yd[i]-k.V[v]) - k.Curv[v]
		for j := range d {
			c.ey.Set(i, j, k.Lift.E.At(v, j))
		}
	}
	var x mat.VecDense
	if err := x.SolveVec(c.ey, mat.NewVecDense(d, c.rhs)); err != nil {
		return fmt.Errorf("the tracked coordinates do not parametrise the motion here (E_Y singular): %w", err)
	}
	copy(c.udot, x.RawVector().Data)
	if err := c.ff.EffortAtState(s, data, c.udot, cmd.Fext, c.tau); err != nil {
		return err
	}
	for i, p := range c.connected {
		for j := range d {
			c.lc.Set(i, j, k.L.At(p, j))
		}
	}
	if err := portEfforts(c.lc, c.tau, c.fc); err != nil {
		return err
	}
	for i, p := range c.connected {
		cmd.F[p] = c.fc[i]
	}
	return nil
}
