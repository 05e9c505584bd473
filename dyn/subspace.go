package dyn

import (
	"github.com/robocompiler/robocompiler/internal/dense"
	"github.com/robocompiler/robocompiler/spatial"
)

// WorldSubspace returns column k (0 ≤ k < NVT) of the tree motion subspace as a spatial
// motion vector in ground axes about the ground origin, [ω; v_O]: the twist the body carried
// by tree velocity k would have per unit of that velocity. Summing WorldSubspace(k)·v_k over
// the tree velocities on a body's root path gives that body's spatial velocity. It reads the
// poses and subspaces of the last kinematic evaluation at q.
func (d *Data) WorldSubspace(k int) spatial.Vec6 {
	var w spatial.Vec6
	d.pose[d.vnode[k]].ActMotionTo(&w, &d.s[k])
	return w
}

// WorldSubspaces writes WorldSubspace(k) for every tree velocity k into w (len NVT). They
// are computed once per placement and shared with the dynamics that follow (ReducedDynamics).
func (d *Data) WorldSubspaces(w []spatial.Vec6) {
	dense.CheckLen("dyn: WorldSubspaces", "w", len(w), d.m.NVT)
	copy(w, d.worldSubspaces())
}

// worldSubspaces returns WorldSubspace(k) for every k (len NVT, aliasing the workspace) at
// the current placement, computing them once per placement.
func (d *Data) worldSubspaces() []spatial.Vec6 {
	if !d.swValid {
		for k := range d.sw {
			d.pose[d.vnode[k]].ActMotionTo(&d.sw[k], &d.s[k])
		}
		d.swValid = true
	}
	return d.sw
}

// VelocityNode returns the node carried by tree velocity k (0 ≤ k < NVT): the child node
// of that velocity's tree edge.
func (d *Data) VelocityNode(k int) int { return d.vnode[k] }
