package tasks

import (
	"fmt"
	"math"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/kin"
	"github.com/robocompiler/robocompiler/sim"
	"github.com/robocompiler/robocompiler/spatial"
	"gonum.org/v1/gonum/mat"
)

// go2Ctrl tracks the base pose and the swing feet of the active support mode. In a mode
// with n feet on the ground the task — the base frame (6 rows) and the 4 − n swing feet
// (3 rows each) — has exactly D = 18 − 3n rows, so its map J = J_x E is square: the
// commanded speeds are u* = J⁻¹ (ẋ_ref + K e), realised by a speed servo with
// reduced-dynamics feedforward τ_r = M_r K_v (u* − u) + h_r and the least-squares,
// least-norm port efforts with Lᵀ f = τ_r (the support reactions are the ideal
// constraints of the mode). On two point feet the roll about the line through them moves
// no joint: it is unactuated, and its share of τ_r is dropped (the body balances
// passively over the support line for the short two-foot phase).
type go2Ctrl struct {
	gait *go2Gait
	base *kin.Task // base frame, Ref = its home pose
	ref  *reference

	d                     int
	jx, J                 *mat.Dense
	w, udot, tau          []float64
	shift, shiftd, shdd   []float64
	x                     [6]float64
	posErr, rotErr, swing float64 // last base (m, rad) and largest swing-foot (m) errors
	passive               int     // unactuated directions of the mode (roll about a two-foot line)
}

// resize allocates the workspaces for mobility d.
func (c *go2Ctrl) resize(d, nv, nvt int) {
	if c.d == d {
		return
	}
	c.d = d
	c.jx, c.J = mat.NewDense(d, nv, nil), mat.NewDense(d, d, nil)
	c.w, c.udot, c.tau = make([]float64, d), make([]float64, d), make([]float64, d)
	c.shift, c.shiftd, c.shdd = make([]float64, 3), make([]float64, 3), make([]float64, 3)
}

// Control implements sim.Controller.
func (c *go2Ctrl) Control(s *sim.State, data *robocompiler.Data, cmd *sim.Command) error {
	k := data.Kin
	seg := c.gait.cur
	m := k.Model()
	d := k.Mobility()
	if rows := 6 + 3*len(seg.swing); rows != d {
		return fmt.Errorf("go2: support %v leaves %d independent speeds for %d task rows", seg.support, d, rows)
	}
	c.resize(d, m.NV, m.NVT)
	if err := data.Dynamics(nil); err != nil {
		return err
	}
	r := data.Reduced

	// Base rows: the log chart around the home pose, reference [0; R0ᵀ shift].
	if err := k.TaskJacobian(c.base, c.jx.Slice(0, 6, 0, m.NV).(*mat.Dense), nil); err != nil {
		return err
	}
	if err := k.TaskValue(c.base, c.x[:]); err != nil {
		return err
	}
	c.ref.eval(s.T, c.shift, c.shiftd, c.shdd)
	R0 := c.base.Ref.R.T()
	lin, lind := R0.MulVec(spatial.Vec3(c.shift)), R0.MulVec(spatial.Vec3(c.shiftd))
	for i := range 3 {
		c.w[i] = -go2TaskGain * c.x[i]
		c.w[3+i] = lind[i] + go2TaskGain*(lin[i]-c.x[3+i])
	}
	refPose := c.base.Ref.Mul(spatial.ExpSE3(spatial.NewVec6(spatial.Vec3{}, lin)))
	pose := k.Dyn.Pose(c.base.Node)
	rel, err := spatial.LogSE3(refPose.Inv().Mul(pose))
	if err != nil {
		return err
	}
	c.posErr, c.rotErr = pose.P.Sub(refPose.P).Norm(), rel.Angular().Norm()

	// Swing rows.
	c.swing = 0
	for i, t := range seg.tasks {
		r0 := 6 + 3*i
		if err := k.TaskJacobian(t, c.jx.Slice(r0, r0+3, 0, m.NV).(*mat.Dense), nil); err != nil {
			return err
		}
		p := k.WorldPoint(t.Node, t.Frame.P)
		pr, vr := seg.swingRef(i, s.T)
		for a := range 3 {
			c.w[r0+a] = vr[a] + go2TaskGain*(pr[a]-p[a])
		}
		c.swing = math.Max(c.swing, pr.Sub(p).Norm())
	}
	c.J.Mul(c.jx, k.Lift.E)
	var sol mat.VecDense
	if err := sol.SolveVec(c.J, mat.NewVecDense(d, c.w)); err != nil {
		return fmt.Errorf("go2: task map singular in support %v: %w", seg.support, err)
	}
	for a := range d {
		c.udot[a] = go2SpeedFB * (sol.AtVec(a) - s.U[a])
	}
	r.Inverse(c.udot, c.tau)
	c.passive = leastSquaresEfforts(k.L, c.tau, cmd.F)
	return nil
}

// go2Columns are the probe's log columns.
var go2Columns = []string{"base_pos_err_m", "base_rot_err_rad", "swing_err_m", "support_feet", "unactuated_dims"}

// go2Probe logs the controller's last errors and the size of the support set.
type go2Probe struct{ c *go2Ctrl }

// Columns implements sim.Probe.
func (p go2Probe) Columns() []string { return go2Columns }

// Sample implements sim.Probe.
func (p go2Probe) Sample(_ *sim.State, _ *robocompiler.Data, _ *sim.Command, out []float64) {
	c := p.c
	copy(out, []float64{c.posErr, c.rotErr, c.swing, float64(len(c.gait.cur.support)), float64(c.passive)})
}
