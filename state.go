package robocompiler

import (
	"fmt"
	"math"

	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/dyn"
)

// Assemble places the workspace at a feasible configuration assembled from the model's
// named seed ("" for the default), holding the requested independent coordinates at their
// seed values, partitions there and sets the speeds to rest. See AssembleFrom.
func (d *Data) Assemble(seed string) error {
	q0, err := d.m.Seed(seed)
	if err != nil {
		return err
	}
	return d.AssembleFrom(q0)
}

// ProjectSeed moves every coordinate of q (len NQ) that lies outside its joint's limits
// onto the nearest limit, in place, and returns one warning per joint moved, naming it
// with its old and new values (nil when nothing moved). It is the one rule for seeds of
// every format (a CMG seed, an MJCF qpos0 or keyframe, a URDF's zero configuration):
// AssembleFrom applies it before assembling. Spherical and free joints have no limits.
func (m *Model) ProjectSeed(q []float64) []string {
	var warnings []string
	for i := range m.Joints {
		j := &m.Joints[i]
		if j.NQ == 0 || j.Model.WithinLimits(q[j.Q0:j.Q0+j.NQ], 0) {
			continue
		}
		old := append([]float64(nil), q[j.Q0:j.Q0+j.NQ]...)
		for k := range min(j.NQ, 3) {
			q[j.Q0+k] = math.Min(math.Max(q[j.Q0+k], j.Model.Lower[k]), j.Model.Upper[k])
		}
		n := min(j.NQ, 3)
		warnings = append(warnings, fmt.Sprintf("%s: seed value of joint %q %s is outside its limits [%s, %s]; projected to %s",
			m.Graph.Source, j.ID, values(old), values(j.Model.Lower[:n]), values(j.Model.Upper[:n]), values(q[j.Q0:j.Q0+j.NQ])))
	}
	return warnings
}

// AssembleFrom assembles a feasible configuration from q0 (len NQ) by defect-homotopy
// continuation, after projecting q0 into the joint limits (ProjectSeed; the warnings are
// in Warnings), holding the independent coordinates — those of the current partition
// after a first assembly, else the model's request — at their values in q0. It checks
// that every eliminated cut joint's implied coordinates are within its limits, chooses the
// partition there (the model's request, or the automatic one), evaluates the closure and
// the lift, and sets the speeds to rest. Numerical failure is a *closure.AssemblyError (or
// the partition's error); on failure the workspace keeps its previous state.
func (d *Data) AssembleFrom(q0 []float64) error {
	m := d.m
	if err := checkLen("AssembleFrom", "q0", len(q0), m.NQ); err != nil {
		return err
	}
	q0 = append([]float64(nil), q0...)
	warnings := m.ProjectSeed(q0)
	hold := m.Request
	if d.Tracker != nil {
		hold = d.Partition().Independent
	}
	a, err := closure.Assemble(m.Model, q0, closure.AssembleOptions{Hold: hold})
	if err != nil {
		if perr := m.diagnoseHold(q0, hold); perr != nil {
			return perr
		}
		return err
	}
	if _, err := m.EliminatedValues(a.Q); err != nil {
		return fmt.Errorf("%s: assembled configuration rejected: %w", m.Graph.Source, err)
	}
	p, err := closure.PartitionAt(m.Model, a.Q, m.Request)
	if err != nil {
		return err
	}
	if err := d.install(a.Q, p); err != nil {
		return err
	}
	d.Assembly, d.Warnings = a, warnings
	return nil
}

// diagnoseHold explains a failed assembly that held the coordinates hold: when the
// mechanism assembles with nothing held and hold cannot be independent there (e.g. more
// coordinates than the mobility), the partition's error says so, naming them; otherwise
// nil (the failure is not the request's).
func (m *Model) diagnoseHold(q0 []float64, hold []int) error {
	if len(hold) == 0 {
		return nil
	}
	a, err := closure.Assemble(m.Model, q0, closure.AssembleOptions{})
	if err != nil {
		return nil
	}
	if _, err := closure.PartitionAt(m.Model, a.Q, hold); err != nil {
		return fmt.Errorf("%s: the held independent coordinates cannot be independent: %w", m.Graph.Source, err)
	}
	return nil
}

// Place places the workspace at the feasible configuration q (len NQ, taken as it is) with
// the partition p (closure.PartitionAt on this model, e.g. another workspace's partition,
// to evaluate a second model with the same coordinates at the same state), evaluates the
// closure and the lift there and sets the speeds to rest.
func (d *Data) Place(q []float64, p *closure.Partition) error {
	if err := checkVec("Place", "q", q, d.m.NQ); err != nil {
		return err
	}
	return d.install(q, p)
}

// SetConfiguration sets Q to the feasible configuration q (len NQ) as it is, without
// correction (see SetFullState for a checked one), and evaluates the closure and the lift
// there (Constraints), keeping the partition and U.
func (d *Data) SetConfiguration(q []float64) error {
	if err := d.assembled("SetConfiguration"); err != nil {
		return err
	}
	if err := checkVec("SetConfiguration", "q", q, d.m.NQ); err != nil {
		return err
	}
	copy(d.Q, q)
	return d.refresh()
}

// EliminatedValues returns, by joint id, the coordinates that the tree implies at the
// feasible configuration q (len NQ) for every eliminated cut joint (which owns none in q),
// angles on the branch nearest the middle of the joint's limits. A value outside the
// joint's limits is an error naming the joint.
func (m *Model) EliminatedValues(q []float64) (map[string][]float64, error) {
	out := map[string][]float64{}
	var d *dyn.Data
	for i := range m.Joints {
		j := &m.Joints[i]
		if !j.Eliminated {
			continue
		}
		if d == nil {
			d = dyn.NewData(m.Model)
			d.ForwardKinematics(q, make([]float64, m.NV))
		}
		v := make([]float64, j.Model.NQ())
		d.JointCoordinates(i, nil, v)
		if !j.Model.WithinLimits(v, 1e-9) {
			return nil, fmt.Errorf("eliminated cut joint %q = %.6g is outside its limits [%.6g, %.6g]", j.ID, v, j.Model.Lower[:len(v)], j.Model.Upper[:len(v)])
		}
		out[j.ID] = v
	}
	return out, nil
}

// SetState sets the independent speeds u (len D) and, unless udot is nil, their
// accelerations udot (len D, for Inverse). Non-finite values are refused.
func (d *Data) SetState(u, udot []float64) error {
	if err := d.assembled("SetState"); err != nil {
		return err
	}
	if err := checkVec("SetState", "u", u, len(d.U)); err != nil {
		return err
	}
	if udot != nil {
		if err := checkVec("SetState", "udot", udot, len(d.Udot)); err != nil {
			return err
		}
		copy(d.Udot, udot)
	}
	copy(d.U, u)
	return nil
}

// FeasibleTol is the relative bound within which SetFullState accepts a configuration
// and a velocity as feasible (the closure and the lift reproduce them).
const FeasibleTol = 1e-9

// SetFullState sets the configuration q (len NQ) and the velocity v (len NV), which must
// be feasible: q is corrected onto the closure manifold with the independent coordinates
// held, and refused when a coordinate moves by more than FeasibleTol (relative, at least
// absolute); u is read from v's independent coordinates and refused when E u does not
// reproduce v to the same bound. On failure the state is unchanged.
func (d *Data) SetFullState(q, v []float64) error {
	if err := d.assembled("SetFullState"); err != nil {
		return err
	}
	if err := checkVec("SetFullState", "q", q, d.m.NQ); err != nil {
		return err
	}
	if err := checkVec("SetFullState", "v", v, d.m.NV); err != nil {
		return err
	}
	prevQ, prevU := append([]float64(nil), d.Q...), append([]float64(nil), d.U...)
	if err := d.Tracker.Reset(q); err != nil {
		return err
	}
	if err := d.feasible(q, v); err != nil {
		copy(d.U, prevU)
		if rerr := d.Tracker.Reset(prevQ); rerr != nil {
			return fmt.Errorf("%w (and the previous state could not be restored: %v)", err, rerr)
		}
		return err
	}
	return nil
}

// feasible checks, after the tracker's Reset to q, that Reset moved no coordinate of q
// and sets U from v's independent coordinates, checking that E u reproduces v.
func (d *Data) feasible(q, v []float64) error {
	for i, x := range q {
		if math.Abs(d.Q[i]-x) > FeasibleTol*math.Max(1, math.Abs(x)) {
			return fmt.Errorf("SetFullState: q is off the closure manifold: configuration coordinate %d moves from %.12g to %.12g", i, x, d.Q[i])
		}
	}
	for k, c := range d.Partition().Independent {
		d.U[k] = v[c]
	}
	if err := d.lifted(); err != nil {
		return err
	}
	names := d.m.CoordinateNames()
	for i, x := range v {
		if math.Abs(d.V[i]-x) > FeasibleTol*math.Max(1, math.Abs(x)) {
			return fmt.Errorf("SetFullState: v is not tangent to the closure: %s = %.12g, the lift of the independent speeds gives %.12g", names[i], x, d.V[i])
		}
	}
	return nil
}

// Track moves the independent coordinates by du (len D; for 1-DoF coordinates their
// displacement) along the closure manifold: prediction with E, Newton correction of the
// dependent coordinates, and a computational reconfiguration when the partition's
// dependent block becomes ill-conditioned. After a reconfiguration the speeds U are
// re-expressed in the new independent coordinates through v = E u. A mechanism event (a
// rank change) is a *closure.RankChangeError; on failure the state is unchanged.
func (d *Data) Track(du []float64) error {
	if err := d.assembled("Track"); err != nil {
		return err
	}
	if err := checkVec("Track", "du", du, len(d.U)); err != nil {
		return err
	}
	if err := d.Tracker.Step(du); err != nil {
		return err
	}
	return d.adoptLift()
}

// Reset returns the workspace to the configuration q (len NQ), corrected onto the
// closure manifold with the independent coordinates held (as an integrator returning to
// the start of a step), keeping the partition and U.
func (d *Data) Reset(q []float64) error {
	if err := d.assembled("Reset"); err != nil {
		return err
	}
	if err := checkVec("Reset", "q", q, d.m.NQ); err != nil {
		return err
	}
	return d.Tracker.Reset(q)
}

// adoptLift rebinds the interfaces to the tracker's lift after a reconfiguration and
// re-expresses U in the new partition, u'[k] = (E u)[Independent'[k]] (the independent
// rows of E are the identity).
func (d *Data) adoptLift() error {
	k, l := d.Kin, d.Tracker.Lift
	if k.Lift == l {
		return nil
	}
	err := d.lifted() // with the previous lift
	for i, c := range l.P.Independent {
		d.U[i] = d.V[c]
	}
	if err != nil { // the loop form's previous partition is singular at Q
		clear(d.U)
		err = fmt.Errorf("Track: the partition changed at a singular configuration of the previous one, whose lift cannot re-express the speeds in the new independent coordinates: they are set to rest (%w)", err)
	}
	k.Lift = l
	if d.loop != nil {
		_, _ = d.loop.solver(d) // the solver of the new lift (never an error)
	}
	return err
}

// assembled reports a workspace that holds no state yet.
func (d *Data) assembled(op string) error {
	if d.Tracker == nil {
		return fmt.Errorf("%s: the workspace holds no state; call Assemble first", op)
	}
	return nil
}

// values formats one value bare and several as a list.
func values(x []float64) string {
	if len(x) == 1 {
		return fmt.Sprintf("%.6g", x[0])
	}
	return fmt.Sprintf("%.6g", x)
}
