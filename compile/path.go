package compile

import "slices"

// Depth returns the number of tree edges between node n and the ground (0 for Ground).
func (m *Model) Depth(n int) int {
	if n == Ground {
		return 0
	}
	return m.Bodies[n-1].Depth
}

// lca returns the lowest common ancestor of nodes a and b in the spanning forest.
func (m *Model) lca(a, b int) int {
	for a != b {
		if m.Depth(a) >= m.Depth(b) {
			a = m.Bodies[a-1].Parent
		} else {
			b = m.Bodies[b-1].Parent
		}
	}
	return a
}

// AppendPath appends to buf the ordered tree path from node a to node b — the edges up
// from a to their lowest common ancestor, then down to b — and returns the extended slice
// and that ancestor. It allocates only when buf lacks the capacity (Depth(a)+Depth(b) is
// always enough), so a caller that reuses its buffer walks paths without allocating; the
// compiled model keeps no paths, whose total size grows like cuts × depth.
func (m *Model) AppendPath(buf []Factor, a, b int) ([]Factor, int) {
	lca := m.lca(a, b)
	up, down := m.Depth(a)-m.Depth(lca), m.Depth(b)-m.Depth(lca)
	n := len(buf)
	buf = slices.Grow(buf, up+down)[:n+up+down]
	// Edges up from a fill the front in order; edges down to b, met from b upwards, fill
	// the back from its end and so end up in top-down order.
	for i := n; a != lca; i++ {
		buf[i] = Factor{Edge: m.Bodies[a-1].Edge, Up: true}
		a = m.Bodies[a-1].Parent
	}
	for i := len(buf) - 1; b != lca; i-- {
		buf[i] = Factor{Edge: m.Bodies[b-1].Edge}
		b = m.Bodies[b-1].Parent
	}
	return buf, lca
}

// Path returns the ordered tree path from node a to node b (a new slice, see AppendPath)
// and their lowest common ancestor.
func (m *Model) Path(a, b int) ([]Factor, int) { return m.AppendPath(nil, a, b) }

// PathLen returns the number of tree edges on comparison c's path (the length of
// AppendPath's result for its nodes), in constant time.
func (m *Model) PathLen(c *Comparison) int {
	return m.Depth(c.NodeA) + m.Depth(c.NodeB) - 2*m.Depth(c.LCA)
}

// AppendColumns appends to buf the velocity indices comparison c's rows depend on, sorted
// (the Jacobian's structural nonzeros in its rows): the path joints' and, in SE(3) form,
// the retained cut joint's. It allocates only when buf lacks the capacity
// (ColumnCount(c) is enough).
func (m *Model) AppendColumns(buf []int, c *Comparison) []int {
	n := len(buf)
	// The path's joints are distinct tree joints and a retained cut joint is none of
	// them, so the columns are distinct.
	for _, x := range [2]int{c.NodeA, c.NodeB} {
		for ; x != c.LCA; x = m.Bodies[x-1].Parent {
			buf = m.appendJoint(buf, m.Edges[m.Bodies[x-1].Edge].Joint)
		}
	}
	if c.Joint >= 0 {
		buf = m.appendJoint(buf, c.Joint)
	}
	slices.Sort(buf[n:])
	return buf
}

// ColumnCount returns the number of columns AppendColumns appends for comparison c.
func (m *Model) ColumnCount(c *Comparison) int {
	n := 0
	for _, x := range [2]int{c.NodeA, c.NodeB} {
		for ; x != c.LCA; x = m.Bodies[x-1].Parent {
			n += m.Joints[m.Edges[m.Bodies[x-1].Edge].Joint].NV
		}
	}
	if c.Joint >= 0 {
		n += m.Joints[c.Joint].NV
	}
	return n
}

// appendJoint appends joint j's velocity indices to buf.
func (m *Model) appendJoint(buf []int, j int) []int {
	for k := m.Joints[j].V0; k < m.Joints[j].V0+m.Joints[j].NV; k++ {
		buf = append(buf, k)
	}
	return buf
}
