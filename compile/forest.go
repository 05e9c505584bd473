package compile

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/joint"
)

// Tree-preference classes: a joint of a lower class is placed in the spanning forest
// before any joint of a higher class, so that cuts fall on the highest classes.
const (
	classHintTree  = iota // hints.tree_joints
	classRigid            // fixed and free joints: cutting them would only add rows
	classDriven           // actuated, coupled or requested-independent joints
	classScalar           // other revolute, prismatic and helical joints
	classPlanar           // other planar and universal joints
	classSpherical        // passive spherical joints: the cheapest cuts (3 point rows)
)

// chooseForest selects the spanning forest deterministically: Kruskal's algorithm over
// the joints ordered by (preference class, distance of the nearer endpoint from the
// ground, id). Hinted cut joints are never placed in the tree; a hinted cut that the
// forest cannot do without is an error at hints.cut_joints[k]. The result keeps fixed
// joints and driven or requested coordinates in the tree, cuts passive spherical and
// universal joints first, and keeps closure paths short within a class. It then orients
// the forest from the ground and orders its edges topologically.
func (m *Model) chooseForest() error {
	class := m.treeClasses()
	depth := m.graphDepths()
	order := make([]int, len(m.Joints))
	for i := range order {
		order[i] = i
	}
	near := make([]int, len(m.Joints))
	for i, j := range m.Joints {
		near[i] = min(depth[j.NodeA], depth[j.NodeB])
	}
	// Joints are in id order, so the index breaks ties by id.
	slices.SortFunc(order, func(a, b int) int {
		return cmp.Or(cmp.Compare(class[a], class[b]), cmp.Compare(near[a], near[b]), cmp.Compare(a, b))
	})
	forced := map[string]bool{}
	if h := m.Graph.Hints; h != nil {
		for _, id := range h.CutJoints {
			forced[id] = true
		}
	}
	uf := newUnionFind(len(m.Bodies) + 1)
	for _, j := range order {
		jt := &m.Joints[j]
		if forced[jt.ID] {
			continue
		}
		if uf.union(jt.NodeA, jt.NodeB) {
			jt.Tree = true
		}
	}
	if err := m.checkCutHints(uf); err != nil {
		return err
	}
	return m.orientForest()
}

// checkCutHints reports the first hints.cut_joints entry (in list order) whose joint
// the forest built without the hinted joints does not bridge: cutting it would leave a
// body without a path to the ground.
func (m *Model) checkCutHints(uf *unionFind) error {
	if m.Graph.Hints == nil {
		return nil
	}
	for k, id := range m.Graph.Hints.CutJoints {
		j := m.JointIndex(id)
		if j < 0 {
			continue // cmg validation reports unknown joints
		}
		a, b := m.Joints[j].NodeA, m.Joints[j].NodeB
		if uf.find(a) == uf.find(b) {
			continue
		}
		lost := b
		if uf.find(a) != uf.find(Ground) {
			lost = a
		}
		return &cmg.FieldError{File: m.Graph.Source, Record: "hints", Field: fmt.Sprintf("cut_joints[%d]", k),
			Message: fmt.Sprintf("joint %q cannot be cut: without it (and the other hinted cuts) body %q has no path to the ground %q; cut a joint that closes a loop",
				id, m.Node(lost), m.GroundName)}
	}
	return nil
}

// drivenJoints returns the ids of the joints whose coordinates the records refer to:
// actuated (directly or through a transmission), coupled, or requested independent.
func (m *Model) drivenJoints() map[string]bool {
	driven := map[string]bool{}
	for _, a := range m.Graph.Actuators {
		driven[a.Joint] = true
		for _, t := range a.Transmission {
			driven[t.Joint] = true
		}
	}
	for _, c := range m.Graph.Couplings {
		driven[c.Master] = true
		driven[c.Slave] = true
	}
	for _, ids := range m.Graph.PartitionRequests {
		for _, id := range ids {
			driven[id] = true
		}
	}
	return driven
}

func (m *Model) treeClasses() []int {
	driven := m.drivenJoints()
	hinted := map[string]bool{}
	if h := m.Graph.Hints; h != nil {
		for _, id := range h.TreeJoints {
			hinted[id] = true
		}
	}
	class := make([]int, len(m.Joints))
	for i, j := range m.Joints {
		k := j.Model.Kind
		switch {
		case hinted[j.ID]:
			class[i] = classHintTree
		case k == joint.Fixed || k == joint.Free:
			class[i] = classRigid
		case driven[j.ID]:
			class[i] = classDriven
		case k == joint.Revolute || k == joint.Prismatic || k == joint.Helical:
			class[i] = classScalar
		case k == joint.Planar || k == joint.Universal:
			class[i] = classPlanar
		default:
			class[i] = classSpherical
		}
	}
	return class
}

// graphDepths returns the breadth-first distance of every node from the ground over all
// joints (unreachable nodes get len(nodes)).
func (m *Model) graphDepths() []int {
	n := len(m.Bodies) + 1
	adj := make([][]int, n)
	for _, j := range m.Joints {
		adj[j.NodeA] = append(adj[j.NodeA], j.NodeB)
		adj[j.NodeB] = append(adj[j.NodeB], j.NodeA)
	}
	depth := make([]int, n)
	for i := range depth {
		depth[i] = n
	}
	depth[Ground] = 0
	queue := []int{Ground}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		for _, y := range adj[x] {
			if depth[y] == n {
				depth[y] = depth[x] + 1
				queue = append(queue, y)
			}
		}
	}
	return depth
}

// orientForest walks the chosen tree joints breadth-first from the ground, fixing each
// body's parent, depth and edge, and lists the edges in that (topological) order.
func (m *Model) orientForest() error {
	n := len(m.Bodies) + 1
	adj := make([][]int, n) // joint indices
	for i, j := range m.Joints {
		if j.Tree {
			adj[j.NodeA] = append(adj[j.NodeA], i)
			adj[j.NodeB] = append(adj[j.NodeB], i)
		}
	}
	m.Edges = m.Edges[:0]
	seen := make([]bool, n)
	seen[Ground] = true
	queue := []int{Ground}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		for _, ji := range adj[x] {
			j := &m.Joints[ji]
			child, rev := j.NodeB, false
			if j.NodeB == x {
				child, rev = j.NodeA, true
			}
			if seen[child] {
				continue
			}
			seen[child] = true
			b := &m.Bodies[child-1]
			b.Parent, b.Edge = x, len(m.Edges)
			if x != Ground {
				b.Depth = m.Bodies[x-1].Depth + 1
			} else {
				b.Depth = 1
			}
			m.Edges = append(m.Edges, Edge{Joint: ji, Parent: x, Child: child, Reversed: rev})
			m.Edges[len(m.Edges)-1].placeScrew(j)
			queue = append(queue, child)
		}
	}
	for i := range m.Bodies {
		if !seen[i+1] {
			return m.errorf("body", m.Bodies[i].ID, "id",
				"body is not connected to the ground %q through the spanning forest; connect it by a joint, or give it a free joint if it floats", m.GroundName)
		}
	}
	return nil
}
