package urdf

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/joint"
	"github.com/robocompiler/robocompiler/spatial"
)

// closure is one loop closure of the sidecar: frame A on link A and frame B on link B
// coincide in position (3D) or in position and orientation (6D).
type loopClosure struct {
	name, typ      string
	linkA, linkB   string
	frameA, frameB spatial.Transform
}

// ExportClosures writes the loop closures of m, which the URDF of Export cannot hold,
// as a YAML sidecar in the style of Extended URDF: a list of closures, each with its
// two links, the placements of its two frames in the link frames of the URDF (xyz in m,
// quat_wxyz, and rpy in rad) and its type, 3D (the frame origins coincide: Pinocchio's
// CONTACT_3D) or 6D (the frames coincide: CONTACT_6D). A spherical cut joint or point
// cut is 3D; a fixed cut joint or weld cut is 6D; a revolute closure is two 3D closures,
// at the joint frame and one length scale along the axis (<id> and <id>__axis); a free
// cut joint constrains nothing and is left out. Universal, prismatic, planar and
// helical closures are errors: 3D and 6D constraints cannot express them.
func ExportClosures(m *compile.Model, w io.Writer) error {
	t, err := buildTree(m)
	if err != nil {
		return err
	}
	var cs []loopClosure
	for i := range m.Comparisons {
		c := &m.Comparisons[i]
		more, err := t.closures(c)
		if err != nil {
			return err
		}
		cs = append(cs, more...)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# Loop closures of the URDF export of %s (Extended URDF style): each closure keeps\n", yamlString(m.Graph.Name))
	b.WriteString("# frame_a on link_a and frame_b on link_b coincident, in position (3D) or in position\n")
	b.WriteString("# and orientation (6D). Placements are in the URDF link frames: xyz in m, quat_wxyz a\n")
	b.WriteString("# unit quaternion (w, x, y, z), rpy = roll, pitch, yaw in rad.\n")
	fmt.Fprintf(&b, "robot: %s\n", yamlString(m.Graph.Name))
	if len(cs) == 0 {
		b.WriteString("closures: []\n")
	} else {
		b.WriteString("closures:\n")
	}
	for _, c := range cs {
		fmt.Fprintf(&b, "  - name: %s\n    type: %s\n", yamlString(c.name), c.typ)
		fmt.Fprintf(&b, "    link_a: %s\n    frame_a: %s\n", yamlString(c.linkA), placement(c.frameA))
		fmt.Fprintf(&b, "    link_b: %s\n    frame_b: %s\n", yamlString(c.linkB), placement(c.frameB))
	}
	_, err = io.WriteString(w, b.String())
	return err
}

// closures converts comparison c into sidecar closures in link frames.
func (t *utree) closures(c *compile.Comparison) ([]loopClosure, error) {
	m := t.m
	kind := c.Kind.String()
	axis := c.Axis
	if c.Source == "joint" {
		jm := &m.Joints[m.JointIndex(c.ID)].Model
		kind, axis = jm.Kind.String(), jm.Axis
	}
	in := func(n int, f spatial.Transform) spatial.Transform { return t.frame[n].Inv().Mul(f) }
	base := loopClosure{name: c.ID, linkA: m.Node(c.NodeA), linkB: m.Node(c.NodeB),
		frameA: in(c.NodeA, c.FrameA), frameB: in(c.NodeB, c.FrameB)}
	switch kind {
	case joint.Free.String():
		return nil, nil
	case joint.Spherical.String(), compile.RowsPoint.String():
		base.typ = "3D"
		return []loopClosure{base}, nil
	case joint.Fixed.String(), compile.RowsWeld.String():
		base.typ = "6D"
		return []loopClosure{base}, nil
	case joint.Revolute.String(), compile.RowsRevolute.String():
		base.typ = "3D"
		tip := spatial.Transform{R: spatial.Identity3(), P: axis.Scale(lengthScale(m))}
		second := base
		second.name = c.ID + "__axis"
		second.frameA = in(c.NodeA, c.FrameA.Mul(tip))
		second.frameB = in(c.NodeB, c.FrameB.Mul(tip))
		return []loopClosure{base, second}, nil
	}
	record := "loop_cut"
	if c.Source == "joint" {
		record = "joint"
	}
	return nil, exportError(m, record, c.ID, "type",
		"a %s closure cannot be written as 3D or 6D constraints; cut the loop at a spherical, revolute or fixed joint instead (hints.cut_joints)", kind)
}

// lengthScale is the spacing of a revolute closure's two points: the declared length
// scale, or 0.1 m.
func lengthScale(m *compile.Model) float64 {
	if s := m.Graph.Scales; s != nil && s.LengthM > 0 {
		return s.LengthM
	}
	return 0.1
}

// placement formats a transform as a YAML flow mapping.
func placement(f spatial.Transform) string {
	q := spatial.QuatFromMat3(f.R).Normalize()
	r, p, y := rpy(f.R)
	return fmt.Sprintf("{xyz: [%s], quat_wxyz: [%s], rpy: [%s]}", list(f.P[:]...), list(q[:]...), list(r, p, y))
}

// list formats numbers as a YAML flow sequence body.
func list(xs ...float64) string {
	return strings.ReplaceAll(nums(xs...), " ", ", ")
}

// yamlString quotes s as a YAML double-quoted scalar.
func yamlString(s string) string {
	return strconv.QuoteToASCII(s)
}
