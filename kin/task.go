package kin

import (
	"fmt"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/spatial"
	"gonum.org/v1/gonum/mat"
)

// Task is a task map x = f_x(q) (eq. 12) on a site or body: a point site gives the
// ground-frame position (3 rows, m); a frame site or a body gives the SE(3) log chart
// x = Log(Ref⁻¹ T(q)) around the reference pose Ref (6 rows, [rad; m], angular first).
type Task struct {
	// ID is the site or body id.
	ID string
	// Point selects the 3-row point task.
	Point bool
	// Node is the body node the task frame is fixed to, and Frame the task frame in that
	// body (frame coordinates → body coordinates).
	Node  int
	Frame spatial.Transform
	// Ref is the reference pose of the log chart (ground ← reference); identity unless set.
	Ref spatial.Transform
}

// NewTask resolves id as a site of m, else as a body (a frame at its origin).
func NewTask(m *compile.Model, id string) (*Task, error) {
	if s := m.Site(id); s != nil {
		return &Task{ID: id, Point: s.Kind == compile.SitePoint, Node: s.Node, Frame: s.Frame, Ref: spatial.Identity()}, nil
	}
	if n := m.BodyNode(id); n > 0 {
		return &Task{ID: id, Node: n, Frame: spatial.Identity(), Ref: spatial.Identity()}, nil
	}
	return nil, fmt.Errorf("task %q: no site or body with that id", id)
}

// Dim is the task dimension: 3 for a point, 6 for a frame.
func (t *Task) Dim() int {
	if t.Point {
		return 3
	}
	return 6
}

// Pose returns the task frame's ground pose at the last Kinematics.
func (d *Data) Pose(t *Task) spatial.Transform { return d.Dyn.Pose(t.Node).Mul(t.Frame) }

// TaskValue writes x (len Dim) at the last Kinematics. A frame task returns an error when
// Ref⁻¹T leaves the logarithm's principal branch (rotation by π).
func (d *Data) TaskValue(t *Task, x []float64) error {
	T := d.Pose(t)
	if t.Point {
		copy(x, T.P[:])
		return nil
	}
	xi, err := spatial.LogSE3(t.Ref.Inv().Mul(T))
	if err != nil {
		return fmt.Errorf("task %q: %w", t.ID, err)
	}
	copy(x, xi[:])
	return nil
}

// TaskJacobian writes J_x = D f_x N (Dim × NV) and, unless J is nil, J = J_x E (Dim × D;
// eq. 12) at the last Kinematics (J_x alone after Kinematics). For a frame task J_x = J_r⁻¹(x)·J_body with J_body the frame's body Jacobian.
func (d *Data) TaskJacobian(t *Task, Jx, J *mat.Dense) error {
	m := d.m
	jx := Jx.RawMatrix()
	if t.Point {
		for i := range 3 {
			row := jx.Data[i*jx.Stride : i*jx.Stride+m.NV]
			for k := range row {
				row[k] = 0
			}
		}
		d.PointJacobian(t.Node, t.Frame.P, 1, jx.Data, jx.Stride, 0)
	} else {
		var x [6]float64
		if err := d.TaskValue(t, x[:]); err != nil {
			return err
		}
		d.FrameJacobian(t.Node, t.Frame, jx.Data, jx.Stride)
		jr := spatial.JrInvSE3(spatial.Vec6(x))
		for k := d.last[t.Node]; k >= 0; k = d.Dyn.VelocityParent(k) {
			var col spatial.Vec6
			for i := range 6 {
				col[i] = jx.Data[i*jx.Stride+k]
			}
			col = jr.MulVec(col)
			for i := range 6 {
				jx.Data[i*jx.Stride+k] = col[i]
			}
		}
	}
	switch {
	case J == nil || d.Mobility() == 0:
	case d.Lift.IdentityOnly():
		J.Copy(Jx)
	default:
		J.Mul(Jx, d.Lift.E)
	}
	return nil
}
