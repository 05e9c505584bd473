package mjcf

import (
	"fmt"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/joint"
)

// ExportCut is one closure of an MJCF export: the comparison's id, the record it comes
// from ("joint" for a cut joint, "loop_cut" for a declared cut), its kind and the MJCF
// equality that writes it (connect, two connects, weld; "" for a free cut joint).
type ExportCut struct {
	ID       string `json:"id"`
	Source   string `json:"source"`
	Kind     string `json:"kind"`
	Equality string `json:"equality"`
}

// ExportCuts lists the closures Export writes for m, in comparison order.
func ExportCuts(m *compile.Model) ([]ExportCut, error) {
	out := make([]ExportCut, 0, len(m.Comparisons))
	for i := range m.Comparisons {
		c := &m.Comparisons[i]
		s, err := shape(m, c)
		if err != nil {
			return nil, err
		}
		kind := c.Kind.String()
		if c.Source == "joint" {
			kind = m.Joints[m.JointIndex(c.ID)].Model.Kind.String()
		}
		eq := map[closureShape]string{shapeNone: "", shapeConnect: "connect", shapeHinge: "connect pair", shapeWeld: "weld"}[s]
		out = append(out, ExportCut{ID: c.ID, Source: c.Source, Kind: kind, Equality: eq})
	}
	return out, nil
}

// ExportGraph returns the records of m re-cut so that MuJoCo's equalities express every
// closure: each universal loop cut (which no MuJoCo 2.2.2 equality represents) becomes a
// universal joint of the same frames and axes, so the file's tree carries it, and the
// loop it closed is cut instead at a joint of that loop that MuJoCo writes exactly — a
// spherical (connect), fixed (weld) or revolute joint (two connects on its axis), the
// first such joint on the tree path from the cut's body A that no other closure took —
// named in hints.cut_joints. The constraint manifold is unchanged: the same bodies are
// joined by the same joints. changed is false (and g is m.Graph) when nothing needed
// re-cutting. An error names the universal cut whose loop has no such joint.
func ExportGraph(m *compile.Model) (g *cmg.Graph, changed bool, err error) {
	src := m.Graph
	taken := map[int]bool{}
	for _, ji := range m.CutJoints() {
		taken[ji] = true
	}
	var cuts []string
	var joints []cmg.Joint
	var keep []cmg.LoopCut
	for _, lc := range src.LoopCuts {
		if lc.Type != cmg.CutUniversal {
			keep = append(keep, lc)
			continue
		}
		factors, _ := m.Path(m.BodyNode(lc.BodyA), m.BodyNode(lc.BodyB))
		pick, up := -1, false
		for _, want := range []joint.Kind{joint.Spherical, joint.Fixed, joint.Revolute} {
			for _, f := range factors {
				ji := m.Edges[f.Edge].Joint
				if !taken[ji] && m.Joints[ji].Model.Kind == want {
					pick, up = ji, f.Up
					break
				}
			}
			if pick >= 0 {
				break
			}
		}
		if pick < 0 {
			return nil, false, exportError(m, "loop_cut", lc.ID, "type",
				"MuJoCo 2.2.2 has no universal equality, and the loop this cut closes has no spherical, fixed or revolute tree joint left to cut instead")
		}
		taken[pick] = true
		cuts = append(cuts, m.Joints[pick].ID)
		// The universal joint turns about Axis on body A and Axis2 on body B; MJCF joints
		// move the child, so when the new cut leaves body A below it (on A's side of
		// the path), body B is the parent and the joint is written from B.
		a, b := *lc.Axis, *lc.Axis2
		uj := cmg.Joint{ID: uniqueJointID(src, lc.ID), Type: "universal", BodyA: lc.BodyA, BodyB: lc.BodyB,
			FrameA: lc.FrameA, FrameB: lc.FrameB, Axis: &a, Axis2: &b}
		if up {
			uj.BodyA, uj.BodyB, uj.FrameA, uj.FrameB, uj.Axis, uj.Axis2 = lc.BodyB, lc.BodyA, lc.FrameB, lc.FrameA, &b, &a
		}
		joints = append(joints, uj)
	}
	if len(joints) == 0 {
		return src, false, nil
	}
	g = src.Clone()
	g.LoopCuts = keep
	g.Joints = append(g.Joints, joints...)
	if g.Hints == nil {
		g.Hints = &cmg.Hints{}
	}
	g.Hints.CutJoints = append(append([]string(nil), g.Hints.CutJoints...), cuts...)
	return g, true, nil
}

// uniqueJointID returns id, or id with a numbered suffix, unused by g's joints.
func uniqueJointID(g *cmg.Graph, id string) string {
	out := id
	for k := 2; g.Joint(out) != nil; k++ {
		out = fmt.Sprintf("%s_%d", id, k)
	}
	return out
}
