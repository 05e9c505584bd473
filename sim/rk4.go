package sim

// rk4Nodes are the stage times c_i of the classical Runge–Kutta scheme.
var rk4Nodes = [4]float64{0, 0.5, 0.5, 1}

// stepRK4 is one classical Runge–Kutta step in the independent-coordinate chart from the
// state whose derivative (s.udot, s.zdot) and powers p1 were just evaluated. A
// reconfiguration at a stage restarts the step from its initial state as an RK4 step in
// the new partition (valid there: the tracker chose it for the nearby stage
// configuration); should that step reconfigure again, it is taken as a semi-implicit
// Euler step.
func (s *Sim) stepRK4(p1 power) error {
	switched, err := s.rk4(p1)
	if err != nil || !switched {
		return err
	}
	s.fallbacks++
	if p1, err = s.restart(); err != nil {
		return err
	}
	if switched, err = s.rk4(p1); err != nil || !switched {
		return err
	}
	if p1, err = s.restart(); err != nil {
		return err
	}
	return s.stepEuler(p1)
}

// rk4 is one RK4 step. Stage i evaluates the dynamics at the feasible configuration of
// chart position x_i = c_i Δt·u_{i−1}, reached by moving the tracker from the previous
// stage's position, with speed u_i = u_n + c_i Δt·u̇_{i−1} and drive states
// z_i = z_n + c_i Δt·ż_{i−1}. It stops, reporting true, when a stage's move reconfigures
// the partition (the tracker then sits at that stage, u and z are unchanged).
func (s *Sim) rk4(p1 power) (bool, error) {
	dt := s.opts.Dt
	copy(s.qn, s.d.Q)
	copy(s.vn, s.d.V) // E u at the step's start, from the evaluation just made
	copy(s.ku[0], s.u)
	copy(s.ka[0], s.udot)
	copy(s.zn, s.z)
	copy(s.kzd[0], s.zdot)
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
		for i := range s.z {
			s.kz[st][i] = s.zn[i] + h*s.kzd[st-1][i]
		}
		if switched, err := s.track(s.du, s.t+h); err != nil || switched {
			return switched, err
		}
		s.x, s.xnext = s.xnext, s.x
		p, err := s.derivative(s.t+h, s.ku[st], s.kz[st])
		if err != nil {
			return false, err
		}
		pw[st] = p
		copy(s.ka[st], s.udot)
		copy(s.kzd[st], s.zdot)
	}
	for i := range s.u {
		s.xnext[i] = dt / 6 * (s.ku[0][i] + 2*s.ku[1][i] + 2*s.ku[2][i] + s.ku[3][i])
		s.u[i] += dt / 6 * (s.ka[0][i] + 2*s.ka[1][i] + 2*s.ka[2][i] + s.ka[3][i])
		s.du[i] = s.xnext[i] - s.x[i]
	}
	for i := range s.z {
		s.z[i] = s.zn[i] + dt/6*(s.kzd[0][i]+2*s.kzd[1][i]+2*s.kzd[2][i]+s.kzd[3][i])
	}
	s.work += dt / 6 * (pw[0].applied + 2*pw[1].applied + 2*pw[2].applied + pw[3].applied)
	s.dissipated += dt / 6 * (pw[0].dissipated + 2*pw[1].dissipated + 2*pw[2].dissipated + pw[3].dissipated)
	return false, s.move(s.du, s.u)
}

// restart returns the tracker to the step's initial configuration after a
// reconfiguration at an RK4 stage, keeping the new partition, re-expresses the initial
// speeds in it (u and z were not advanced) and evaluates the derivative there.
func (s *Sim) restart() (power, error) {
	if err := s.d.Reset(s.qn); err != nil {
		return power{}, err
	}
	s.adopt(s.u)
	return s.derivative(s.t, s.u, s.z)
}
