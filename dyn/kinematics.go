package dyn

import (
	"fmt"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/spatial"
)

// positions computes the edge transforms, world poses and motion subspaces at q.
func (d *Data) positions(q []float64) {
	m := d.m
	d.kinematic, d.swValid = false, false
	for e := range m.Edges {
		j := &m.Joints[m.Edges[e].Joint]
		x := m.EdgePlacement(e, q, d.s[j.V0:j.V0+j.NV])
		d.placeEdge(e, &x)
	}
}

// placeEdge stores the transform x of edge e and the world pose of its child.
func (d *Data) placeEdge(e int, x *spatial.Transform) {
	er := &d.edges[e]
	d.xup[er.child] = *x
	d.pose[er.child].SetMul(&d.pose[er.parent], x)
}

// kinematicsFor evaluates the poses at q and the twists at v for dynamics that follow
// kinematics (ReducedDynamics and ForwardDynamics): it keeps the poses of the last
// ForwardKinematics when no other evaluation came since and q's tree coordinates are
// unchanged bit for bit, and its twists when v's tree velocities are too. Every other
// entry point evaluates afresh, so repeated calls at one state do the full work each time.
func (d *Data) kinematicsFor(q, v []float64) {
	m := d.m
	if !d.kinematic || !compile.SameConfig(q[:m.NQT], d.kinQ) {
		d.positions(q)
		d.velocities(v)
		return
	}
	if !compile.SameConfig(v[:m.NVT], d.kinV) {
		d.velocities(v)
		copy(d.kinV, v[:m.NVT])
	}
}

// jointTwist returns S·v for the tree joint of edge e (the child's twist relative to
// its parent, child frame).
func (d *Data) jointTwist(j *compile.Joint, v []float64) spatial.Vec6 {
	var vj spatial.Vec6
	for k := range j.NV {
		vj = vj.Add(d.s[j.V0+k].Scale(v[j.V0+k]))
	}
	return vj
}

// velocities computes the body twists from v after positions: twist = X⁻¹ twist_parent + S v
// (and keeps each joint's S v for massBias).
func (d *Data) velocities(v []float64) {
	for e := range d.edges {
		er := &d.edges[e]
		tw := &d.twist[er.child]
		invActMotion(tw, &d.xup[er.child], &d.twist[er.parent])
		var s0, s1, s2, s3, s4, s5 float64
		for k := er.v0; k < er.v0+er.nv; k++ {
			s, x := &d.s[k], v[k]
			s0, s1, s2, s3, s4, s5 = s0+s[0]*x, s1+s[1]*x, s2+s[2]*x, s3+s[3]*x, s4+s[4]*x, s5+s[5]*x
		}
		tw[0], tw[1], tw[2], tw[3], tw[4], tw[5] = tw[0]+s0, tw[1]+s1, tw[2]+s2, tw[3]+s3, tw[4]+s4, tw[5]+s5
		jt := &d.jt[er.child]
		jt[0], jt[1], jt[2], jt[3], jt[4], jt[5] = s0, s1, s2, s3, s4, s5
	}
}

// accelerations writes into out the body accelerations for tree acceleration a (nil
// means zero) and ground acceleration a0, after positions and velocities.
func (d *Data) accelerations(q, v, a []float64, a0 spatial.Vec6, out []spatial.Vec6) {
	m := d.m
	out[compile.Ground] = a0
	for e := range m.Edges {
		ed := &m.Edges[e]
		j := &m.Joints[ed.Joint]
		c := ed.Child
		ac := d.xup[c].InvActMotion(out[ed.Parent])
		if b := m.EdgeBias(e, q, v); b != (spatial.Vec6{}) {
			ac = ac.Add(b)
		}
		ac = ac.Add(spatial.CrossMotion(d.twist[c], d.jointTwist(j, v)))
		if a != nil {
			for k := range j.NV {
				ac = ac.Add(d.s[j.V0+k].Scale(a[j.V0+k]))
			}
		}
		out[c] = ac
	}
}

// ForwardKinematics evaluates, at the augmented configuration q (len NQ) and velocity v
// (len NV), the world pose of every body (Pose) and its body twist (Twist). Only the tree
// coordinates are read.
func (d *Data) ForwardKinematics(q, v []float64) {
	d.checkQ("dyn: ForwardKinematics", q)
	d.checkV("dyn: ForwardKinematics", "v", v)
	d.positions(q)
	d.velocities(v)
	d.kinematicAt(q, v)
}

// ForwardKinematicsPlaced is ForwardKinematics with the tree already placed at q: x[e]
// is compile.Model.EdgeTransform(e, q) for every edge e and s[:NVT] holds the tree
// subspace columns of compile.Model.EdgePlacement at q, as closure.Data.EdgePlacements
// returns them (the joints are not evaluated a second time). Its results are those of
// ForwardKinematics(q, v).
func (d *Data) ForwardKinematicsPlaced(q, v []float64, x []spatial.Transform, s []spatial.Vec6) {
	d.ForwardKinematicsGround(q, v, x, s, nil, nil, nil)
}

// ForwardKinematicsGround is ForwardKinematicsPlaced with, besides, the ground poses g
// (X_ground←n per node) and ground-frame subspace columns sb (Ad_g s per tree velocity) of
// the nodes n where placed[n] is set, as closure.Data.GroundPlacements returns them at q
// (placed nil: none): those nodes' poses and world subspaces (WorldSubspaces) are copied
// instead of composed again, with the same arithmetic. Its results are those of
// ForwardKinematics(q, v).
func (d *Data) ForwardKinematicsGround(q, v []float64, x []spatial.Transform, s []spatial.Vec6, g []spatial.Transform, sb []spatial.Vec6, placed []bool) {
	m := d.m
	d.checkQ("dyn: ForwardKinematicsPlaced", q)
	d.checkV("dyn: ForwardKinematicsPlaced", "v", v)
	if len(x) != len(m.Edges) || len(s) < m.NVT {
		panic(fmt.Sprintf("dyn: ForwardKinematicsPlaced: len(x), len(s) = %d, %d; want %d, at least %d", len(x), len(s), len(m.Edges), m.NVT))
	}
	if placed != nil && (len(placed) != len(d.pose) || len(g) != len(d.pose) || len(sb) < m.NVT) {
		panic(fmt.Sprintf("dyn: ForwardKinematicsGround: len(placed), len(g), len(sb) = %d, %d, %d; want %d, %d, at least %d",
			len(placed), len(g), len(sb), len(d.pose), len(d.pose), m.NVT))
	}
	copy(d.s, s[:m.NVT])
	// One sweep over the edges: the edge transform and subspace columns, the child's pose,
	// its twist X⁻¹ twist_parent + S v and the world subspaces of the edge's velocities
	// (the arithmetic of placeEdge, velocities and worldSubspaces).
	for e := range d.edges {
		er := &d.edges[e]
		c := er.child
		xe := &x[e]
		d.xup[c] = *xe
		pc := &d.pose[c]
		ground := placed != nil && placed[c]
		if ground {
			*pc = g[c]
		} else {
			pc.SetMul(&d.pose[er.parent], xe)
		}
		tw := &d.twist[c]
		invActMotion(tw, xe, &d.twist[er.parent])
		var s0, s1, s2, s3, s4, s5 float64
		for k := er.v0; k < er.v0+er.nv; k++ {
			sk, vk := &d.s[k], v[k]
			s0, s1, s2, s3, s4, s5 = s0+sk[0]*vk, s1+sk[1]*vk, s2+sk[2]*vk, s3+sk[3]*vk, s4+sk[4]*vk, s5+sk[5]*vk
		}
		tw[0], tw[1], tw[2], tw[3], tw[4], tw[5] = tw[0]+s0, tw[1]+s1, tw[2]+s2, tw[3]+s3, tw[4]+s4, tw[5]+s5
		jt := &d.jt[c]
		jt[0], jt[1], jt[2], jt[3], jt[4], jt[5] = s0, s1, s2, s3, s4, s5
		if ground {
			copy(d.sw[er.v0:er.v0+er.nv], sb[er.v0:er.v0+er.nv])
			continue
		}
		for k := er.v0; k < er.v0+er.nv; k++ {
			pc.ActMotionTo(&d.sw[k], &d.s[k])
		}
	}
	d.swValid = true
	d.kinematicAt(q, v)
}

// kinematicAt records that the poses and twists are those of ForwardKinematics at (q, v).
func (d *Data) kinematicAt(q, v []float64) {
	copy(d.kinQ, q[:d.m.NQT])
	copy(d.kinV, v[:d.m.NVT])
	d.kinematic = true
}

// ForwardKinematicsAcc is ForwardKinematics followed by the body accelerations
// (Acceleration) for the augmented acceleration a (len NV; only a[:NVT] is read).
func (d *Data) ForwardKinematicsAcc(q, v, a []float64) {
	d.ForwardKinematics(q, v)
	d.checkV("dyn: ForwardKinematicsAcc", "a", a)
	d.accelerations(q, v, a, spatial.Vec6{}, d.acc)
}

// Pose returns X_ground←node, mapping the body frame of node into the ground frame
// (identity for the ground), as of the last ForwardKinematics, RNEA, CRBA, Bias or energy
// evaluation.
func (d *Data) Pose(node int) spatial.Transform { return d.pose[node] }

// Twist returns the body twist [ω; v] of node in its own frame (rad/s, m/s; v is the
// velocity of the body-frame origin), as of the last ForwardKinematics, RNEA, Bias or
// KineticEnergy.
func (d *Data) Twist(node int) spatial.Vec6 { return d.twist[node] }

// Acceleration returns the body acceleration of node in its own frame, the time
// derivative of the coordinates of Twist(node) (rad/s², m/s²; the classical acceleration
// of the origin is the linear part plus ω × v), as of the last ForwardKinematicsAcc.
func (d *Data) Acceleration(node int) spatial.Vec6 { return d.acc[node] }
