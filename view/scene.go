package view

import (
	"sort"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/spatial"
)

// Pose is a rigid placement for the page: position (m) then unit quaternion (w, x, y, z),
// mapping the local frame into its parent's.
type Pose [7]float64

// poseOf converts a transform to a Pose.
func poseOf(x spatial.Transform) Pose {
	q := spatial.QuatFromMat3(x.R)
	return Pose{x.P[0], x.P[1], x.P[2], q[0], q[1], q[2], q[3]}
}

// Scene is the static description of a mechanism the pages draw. Node indices are the
// compiled model's: 0 is the ground, body i is node i+1.
type Scene struct {
	// Model names the mechanism; Source the file or built-in name it was read from.
	Model  string `json:"model"`
	Source string `json:"source"`
	// Nodes are the ground and the bodies, in node order.
	Nodes []Node `json:"nodes"`
	// Joints are the physical joints (tree and cut); Cuts the closure comparisons (cut
	// joints and declared loop cuts); Sites and Ports the task sites and actuator ports.
	Joints []Joint `json:"joints"`
	Cuts   []Cut   `json:"cuts"`
	Sites  []Site  `json:"sites"`
	Ports  []Port  `json:"ports"`
	// Rows is the number of closure rows, CycleRank the number of independent loops.
	Rows      int `json:"rows"`
	CycleRank int `json:"cycle_rank"`
	// Length is the drawing scale (m): the extent of the assembled mechanism.
	Length float64 `json:"length_m"`
	// Warnings say what could not be drawn as described (missing mesh files, ...).
	Warnings []string `json:"warnings"`
}

// Node is the ground or a body with the shapes that draw it (in its frame).
type Node struct {
	ID string `json:"id"`
	// Parent is the parent node in the spanning tree (-1 for the ground).
	Parent int     `json:"parent"`
	Mass   float64 `json:"mass_kg"`
	Shapes []Shape `json:"shapes"`
}

// Shape is one drawable primitive or mesh in its node's frame.
type Shape struct {
	// Type is sphere, capsule, cylinder, box, ellipsoid, plane or mesh.
	Type string `json:"type"`
	// Size are MJCF-style sizes (m): the radius of spheres, capsules and cylinders, the
	// half sizes of boxes, ellipsoids and planes; Half the half-length of capsules and
	// cylinders along the shape's z axis.
	Size [3]float64 `json:"size"`
	Half float64    `json:"half"`
	Pose Pose       `json:"pose"`
	RGBA [4]float64 `json:"rgba"`
	// Group is the MJCF visibility group (3 and above are hidden unless asked for).
	Group int `json:"group"`
	// Mesh is the address of the mesh file (a path below the server's root or a data
	// URL), with its Scale; Format is "stl" or "obj".
	Mesh   string     `json:"mesh,omitempty"`
	Format string     `json:"format,omitempty"`
	Scale  [3]float64 `json:"scale"`
	// Role says what a generated shape shows: "inertia" (the equivalent ellipsoid or box),
	// "link" (a stick between joint frames), "fallback" (stands in for a missing mesh),
	// "" for a shape of the model's own.
	Role string `json:"role,omitempty"`

	file string // the mesh file on disk
}

// Joint is a physical joint: frame FrameA on NodeA and FrameB on NodeB, its axis (and
// second axis for universal joints) in the joint frame, and the names of its velocity
// coordinates.
type Joint struct {
	ID     string     `json:"id"`
	Kind   string     `json:"kind"`
	Tree   bool       `json:"tree"`
	NodeA  int        `json:"node_a"`
	NodeB  int        `json:"node_b"`
	FrameA Pose       `json:"frame_a"`
	FrameB Pose       `json:"frame_b"`
	Axis   [3]float64 `json:"axis"`
	Axis2  [3]float64 `json:"axis2"`
	Coords []string   `json:"coords"`
}

// Cut is a closure comparison: the frame on NodeA and the frame on NodeB that the loop
// brings together (joint cut) or compares (declared loop cut).
type Cut struct {
	ID     string `json:"id"`
	Source string `json:"source"`
	NodeA  int    `json:"node_a"`
	NodeB  int    `json:"node_b"`
	FrameA Pose   `json:"frame_a"`
	FrameB Pose   `json:"frame_b"`
	Rows   int    `json:"rows"`
}

// Site is a task or contact site on a node.
type Site struct {
	ID    string `json:"id"`
	Node  int    `json:"node"`
	Pose  Pose   `json:"pose"`
	Frame bool   `json:"frame"`
}

// Port is an actuator port: a two-point port between PointA on NodeA and PointB on
// NodeB, or a joint port acting on Joints.
type Port struct {
	ID       string     `json:"id"`
	TwoPoint bool       `json:"two_point"`
	NodeA    int        `json:"node_a"`
	NodeB    int        `json:"node_b"`
	PointA   [3]float64 `json:"point_a"`
	PointB   [3]float64 `json:"point_b"`
	Joints   []string   `json:"joints"`
}

// NewScene describes the model m for drawing, placed at the configuration q (len NQ) to
// size the generated drawing. When the model was read from an MJCF file its geoms draw
// the bodies; mesh files that do not exist are replaced by the body's inertia-equivalent
// box, with a warning.
func NewScene(m *robocompiler.Model, q []float64) (*Scene, error) {
	cm := m.Model
	s := &Scene{Model: cm.Graph.Name, Source: cm.Graph.Source, Rows: cm.Rows, CycleRank: cm.CycleRank,
		Joints: []Joint{}, Cuts: []Cut{}, Sites: []Site{}, Ports: []Port{}, Warnings: []string{}}
	s.Nodes = make([]Node, len(cm.Bodies)+1)
	s.Nodes[0] = Node{ID: cm.GroundName, Parent: -1, Shapes: []Shape{}}
	for i, b := range cm.Bodies {
		s.Nodes[i+1] = Node{ID: b.ID, Parent: b.Parent, Mass: b.Inertia.Mass, Shapes: []Shape{}}
	}
	names := cm.CoordinateNames()
	for _, j := range cm.Joints {
		sj := Joint{ID: j.ID, Kind: j.Model.Kind.String(), Tree: j.Tree, NodeA: j.NodeA, NodeB: j.NodeB,
			FrameA: poseOf(j.A), FrameB: poseOf(j.B), Axis: j.Model.Axis, Axis2: j.Model.Axis2, Coords: []string{}}
		for k := range j.NV {
			sj.Coords = append(sj.Coords, names[j.V0+k])
		}
		s.Joints = append(s.Joints, sj)
	}
	for _, c := range cm.Comparisons {
		s.Cuts = append(s.Cuts, Cut{ID: c.ID, Source: c.Source, NodeA: c.NodeA, NodeB: c.NodeB,
			FrameA: poseOf(c.FrameA), FrameB: poseOf(c.FrameB), Rows: c.Rows()})
	}
	for _, st := range cm.Sites {
		s.Sites = append(s.Sites, Site{ID: st.ID, Node: st.Node, Pose: poseOf(st.Frame), Frame: st.Kind == compile.SiteFrame})
	}
	for _, p := range cm.Ports {
		sp := Port{ID: p.ID, TwoPoint: p.TwoPoint, NodeA: p.NodeA, NodeB: p.NodeB, PointA: p.PointA, PointB: p.PointB, Joints: []string{}}
		for _, t := range p.Terms {
			sp.Joints = append(sp.Joints, cm.Joints[t.Joint].ID)
		}
		s.Ports = append(s.Ports, sp)
	}
	poses := NewPoser(m).Poses(q)
	s.Length = extent(poses)
	if err := s.drawBodies(m); err != nil {
		return nil, err
	}
	sort.Strings(s.Warnings)
	return s, nil
}

// extent is the diameter of the node origins (m), at least 0.1 m.
func extent(poses []Pose) float64 {
	lo := [3]float64{1e300, 1e300, 1e300}
	hi := [3]float64{-1e300, -1e300, -1e300}
	for _, p := range poses {
		for k := range 3 {
			lo[k], hi[k] = min(lo[k], p[k]), max(hi[k], p[k])
		}
	}
	d := spatial.Vec3{hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]}.Norm()
	return max(d, 0.1)
}
