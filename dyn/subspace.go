package dyn

import "github.com/robocompiler/robocompiler/spatial"

// WorldSubspace returns column k (0 ≤ k < NVT) of the tree motion subspace as a spatial
// motion vector in ground axes about the ground origin, [ω; v_O]: the twist the body carried
// by tree velocity k would have per unit of that velocity. Summing WorldSubspace(k)·v_k over
// the tree velocities on a body's root path gives that body's spatial velocity. It reads the
// poses and subspaces of the last kinematic evaluation at q.
func (d *Data) WorldSubspace(k int) spatial.Vec6 {
	return d.pose[d.vnode[k]].ActMotion(d.s[k])
}

// VelocityNode returns the node carried by tree velocity k (0 ≤ k < NVT): the child node
// of that velocity's tree edge.
func (d *Data) VelocityNode(k int) int { return d.vnode[k] }
