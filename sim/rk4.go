package sim

// rk4Nodes are the stage times c_i of the classical Runge–Kutta scheme.
var rk4Nodes = [4]float64{0, 0.5, 0.5, 1}

// stepRK4 is one classical Runge–Kutta step in the independent-coordinate chart from the
// state whose derivative (s.udot) and powers p1 were just evaluated. Stage i evaluates
// the dynamics at the feasible configuration of chart position x_i = c_i Δt·u_{i−1},
// reached by moving the tracker from the previous stage's position, with speed
// u_i = u_n + c_i Δt·u̇_{i−1}. A reconfiguration at a stage restarts the step from its
// initial state as a semi-implicit Euler step in the new partition.
func (s *Sim) stepRK4(p1 power) error {
	dt := s.opts.Dt
	copy(s.qn, s.tr.Q)
	mulE(s.kd, s.u, s.vn)
	copy(s.ku[0], s.u)
	copy(s.ka[0], s.udot)
	for i := range s.x {
		s.x[i] = 0
	}
	pw := [4]power{p1}
	for st := 1; st < 4; st++ {
		h := rk4Nodes[st] * dt
		for i := range s.u {
			s.ku[st][i] = s.u[i] + h*s.ka[st-1][i]
			s.xnext[i] = h * s.ku[st-1][i]
			s.du[i] = s.xnext[i] - s.x[i]
		}
		if err := s.tr.Step(s.du); err != nil {
			return err
		}
		if s.tr.Lift.P != s.kd.Lift.P {
			return s.fallback()
		}
		s.x, s.xnext = s.xnext, s.x
		p, err := s.derivative(s.t+h, s.ku[st])
		if err != nil {
			return err
		}
		pw[st] = p
		copy(s.ka[st], s.udot)
	}
	for i := range s.u {
		s.xnext[i] = dt / 6 * (s.ku[0][i] + 2*s.ku[1][i] + 2*s.ku[2][i] + s.ku[3][i])
		s.u[i] += dt / 6 * (s.ka[0][i] + 2*s.ka[1][i] + 2*s.ka[2][i] + s.ka[3][i])
		s.du[i] = s.xnext[i] - s.x[i]
	}
	s.work += dt / 6 * (pw[0].applied + 2*pw[1].applied + 2*pw[2].applied + pw[3].applied)
	s.dissipated += dt / 6 * (pw[0].dissipated + 2*pw[1].dissipated + 2*pw[2].dissipated + pw[3].dissipated)
	return s.move(s.du, s.u)
}

// fallback returns the tracker to the step's initial configuration after a
// reconfiguration at an RK4 stage, re-expresses the initial speeds in the new partition
// and takes one semi-implicit Euler step there.
func (s *Sim) fallback() error {
	s.fallbacks++
	if err := s.tr.Reset(s.qn); err != nil {
		return err
	}
	s.adopt(s.u)
	pw, err := s.derivative(s.t, s.u)
	if err != nil {
		return err
	}
	return s.stepEuler(pw)
}
