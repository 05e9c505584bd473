package cmg

// checkConnected reports every group of bodies that no chain of joints connects to the
// ground (declared loop cuts do not connect).
func (v *validator) checkConnected() {
	n := len(v.g.Bodies)
	parent := make([]int, n+1) // union-find over the bodies and, at index n, the ground
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	node := func(id string) (int, bool) {
		if id == v.ground {
			return n, true
		}
		i, ok := v.bodies[id]
		return i, ok
	}
	for _, j := range v.g.Joints {
		a, okA := node(j.BodyA)
		b, okB := node(j.BodyB)
		if okA && okB {
			parent[find(a)] = find(b)
		}
	}
	members := map[int][]string{}
	var order []int // first body of each floating component, in document order
	for i, b := range v.g.Bodies {
		if v.bodies[b.ID] != i || b.ID == v.ground {
			continue // duplicates and ground-named bodies are reported by checkBodies
		}
		r := find(i)
		if r == find(n) {
			continue
		}
		if _, seen := members[r]; !seen {
			order = append(order, i)
		}
		members[r] = append(members[r], b.ID)
	}
	for _, first := range order {
		ids := members[find(first)]
		if len(ids) == 1 {
			v.report([]any{"bodies", first}, "not connected to the ground %q through joints (loop cuts do not count); "+
				"add a joint from it to %q or to a connected body — a free joint if it floats", v.ground, v.ground)
			continue
		}
		v.report([]any{"bodies", first}, "not connected to the ground %q through joints (loop cuts do not count), "+
			"nor are the other bodies of its component, %s; add a joint from one of them to %q or to a connected body "+
			"— a free joint if the component floats", v.ground, listNames(ids), v.ground)
	}
}
