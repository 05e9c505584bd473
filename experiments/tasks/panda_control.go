package tasks

import (
	"fmt"
	"math"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/kin"
	"github.com/robocompiler/robocompiler/sim"
	"github.com/robocompiler/robocompiler/spatial"
)

// pandaCtrl tracks the tool path with the redundancy resolution: the task command
// w = [ṗ_ref + K(p_ref − p); ℓ̇_g,ref + K(ℓ_g,ref − ℓ_g)] is resolved into independent
// speeds u* (eq. 16 or 17), which a speed servo with reduced-dynamics feedforward
// realises: τ_r = M_r K_v (u* − u) + h_r, and f the least-norm port efforts with Lᵀf = τ_r.
type pandaCtrl struct {
	rig *pandaRig
	res *redundancy
	cov *covariance // nil: no covariance check

	calls               int
	x                   [3]float64
	w, ustar, udot, tau []float64
	posErr, gripE       float64 // last tool and gripper errors (m)
	margin, ratio       float64 // last stroke margin (rad) and speed ratio
	active, iters       int     // last QP active rows and iterations

	solves, activeSolves, maxActive, iterSum int
	covMax                                   float64
}

// newPandaCtrl allocates the controller for kd's partition.
func newPandaCtrl(rig *pandaRig, kd *kin.Data, closed bool, cov *covariance) *pandaCtrl {
	d := kd.Mobility()
	return &pandaCtrl{rig: rig, res: rig.resolver(kd, closed), cov: cov,
		w: make([]float64, 4), ustar: make([]float64, d), udot: make([]float64, d), tau: make([]float64, d)}
}

// Control implements sim.Controller.
func (c *pandaCtrl) Control(s *sim.State, data *robocompiler.Data, cmd *sim.Command) error {
	k := data.Kin
	rig := c.rig
	if err := data.Dynamics(nil); err != nil {
		return err
	}
	r := data.Reduced
	if err := k.TaskValue(rig.tool, c.x[:]); err != nil {
		return err
	}
	d, dd, grip, gripd := pandaPath(s.T)
	p0, R0 := rig.toolPose.P, rig.toolPose.R
	ref, vel := p0.Add(R0.MulVec(d)), R0.MulVec(dd)
	for i := range 3 {
		c.w[i] = vel[i] + pandaTaskGain*(ref[i]-c.x[i])
	}
	c.posErr = spatial.Vec3(c.x).Sub(ref).Norm()
	c.gripE = grip - k.Ell[rig.gripper]
	c.w[3] = gripd + pandaTaskGain*c.gripE
	res, err := c.res.solve(k, r.Mr, c.w, c.ustar)
	if err != nil {
		return err
	}
	c.active, c.iters = len(res.Active), res.Iterations
	c.solves++
	c.iterSum += res.Iterations
	c.maxActive = max(c.maxActive, c.active)
	if c.active > 0 {
		c.activeSolves++
	}
	if c.cov != nil && c.calls%pandaCovEvery == 0 {
		e, err := c.cov.compare(s.Q, k, c.ustar, c.w)
		if err != nil {
			return err
		}
		c.covMax = math.Max(c.covMax, e)
	}
	c.calls++
	for a := range c.udot {
		c.udot[a] = pandaSpeedFB * (c.ustar[a] - s.U[a])
	}
	r.Inverse(c.udot, c.tau)
	if err := portEfforts(k.L, c.tau, cmd.F); err != nil {
		return fmt.Errorf("panda: %w", err)
	}
	c.margin, c.ratio = c.res.margin(k), c.res.speedRatio(k, s.U)
	return nil
}

// pandaColumns are the probe's log columns.
var pandaColumns = []string{"tool_pos_err_m", "grip_err_m", "stroke_margin_rad", "speed_ratio", "qp_active", "qp_iterations"}

// pandaProbe logs the controller's last errors and QP statistics.
type pandaProbe struct{ c *pandaCtrl }

// Columns implements sim.Probe.
func (p pandaProbe) Columns() []string { return pandaColumns }

// Sample implements sim.Probe.
func (p pandaProbe) Sample(_ *sim.State, _ *robocompiler.Data, _ *sim.Command, out []float64) {
	c := p.c
	copy(out, []float64{c.posErr, c.gripE, c.margin, c.ratio, float64(c.active), float64(c.iters)})
}
