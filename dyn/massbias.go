package dyn

import (
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/joint"
	"github.com/robocompiler/robocompiler/spatial"
)

// edgeRec is the static data of one tree edge that the fused passes read, laid out
// together: the child and parent nodes, the edge joint's first tree velocity and count,
// its armature and damping.
type edgeRec struct {
	child, parent, v0, nv int
	// pedge is the edge whose child is parent (−1 when parent is the ground).
	pedge             int
	armature, damping float64
	// biased reports a joint whose motion subspace varies with its coordinates, so that
	// its velocity-product acceleration (compile.Model.EdgeBias, from
	// joint.Model.BiasTwist) can be nonzero: universal and planar joints.
	biased bool
	// leaf reports a child node without children: its composite inertia is its own.
	leaf bool
}

// edgeRecs builds the fused passes' edge table of m, in topological edge order.
func edgeRecs(m *compile.Model) []edgeRec {
	recs := make([]edgeRec, len(m.Edges))
	parent := make([]bool, len(m.Bodies)+1) // the node has a child
	for _, ed := range m.Edges {
		parent[ed.Parent] = true
	}
	for e, ed := range m.Edges {
		j := &m.Joints[ed.Joint]
		pe := -1
		if ed.Parent != compile.Ground {
			pe = m.Bodies[ed.Parent-1].Edge
		}
		k := j.Model.Kind
		recs[e] = edgeRec{child: ed.Child, parent: ed.Parent, v0: j.V0, nv: j.NV, pedge: pe,
			armature: j.Armature, damping: j.Damping, biased: k == joint.Universal || k == joint.Planar,
			leaf: !parent[ed.Child]}
	}
	return recs
}

// massBias evaluates, at the current placement and twists (and the joints' twists S v the
// kinematics kept with them), the tree mass matrix M_T on
// its branch-induced pattern into H (as CRBATree) and the bias h_T − Σ Jᵀ fext into h
// (len NVT, as RNEA with zero acceleration) in one forward and one backward sweep over the
// edges: the composite inertias are accumulated in the sweep that accumulates the joint
// forces. The bias takes the arithmetic of rnea operation for operation (equal bit for
// bit); the composite inertias take that of composite but for the lower triangle of
// their rotational inertia, mirrored from the upper one (transformedAdd; equal to
// round-off), and so M_T's entries within one joint are CRBATree's to round-off. An entry coupling column k to a velocity r of an ancestor joint is S_rᵀ X*ᵀ…
// (I^c S_k): the momentum I^c S_k is formed in the body frame as in crbaTree, then moved
// to ground coordinates once and paired with the ground-frame subspaces (WorldSubspace),
// instead of one transform per ancestor — equal to round-off (the composite inertia
// itself never enters ground coordinates, so no large lever arm cancels in it; the
// pairing loses about log10(|p|/ℓ) digits for a mechanism of size ℓ at distance |p| from
// the ground origin, 1e-16 relative on the models of the oracle tests). The
// spatial operations are written on pointers and scalars (Go passes arrays in memory,
// so the value forms of package spatial copy their operands on every call).
func (d *Data) massBias(H *TreeMatrix, q, v []float64, fext []spatial.Vec6, h []float64) {
	m := d.m
	g := m.Gravity
	d.accG[compile.Ground] = spatial.NewVec6(spatial.Vec3{}, g.Neg())
	for e := range d.edges {
		er := &d.edges[e]
		c := er.child
		// Joint twist S v (kept by the kinematics) and acceleration X⁻¹ a_parent + Ṡ v +
		// twist × S v.
		jt := &d.jt[c]
		s0, s1, s2, s3, s4, s5 := jt[0], jt[1], jt[2], jt[3], jt[4], jt[5]
		ac := &d.accG[c]
		invActMotion(ac, &d.xup[c], &d.accG[er.parent])
		if er.biased {
			if b := m.EdgeBias(e, q, v); b != (spatial.Vec6{}) {
				*ac = ac.Add(b)
			}
		}
		// + twist × S v (spatial.CrossMotion on scalars; zero for a joint without velocities).
		tw := &d.twist[c]
		if er.nv > 0 {
			a0, a1, a2, a3, a4, a5 := tw[0], tw[1], tw[2], tw[3], tw[4], tw[5]
			ac[0] += a1*s2 - a2*s1
			ac[1] += a2*s0 - a0*s2
			ac[2] += a0*s1 - a1*s0
			ac[3] += (a1*s5 - a2*s4) + (a4*s2 - a5*s1)
			ac[4] += (a2*s3 - a0*s5) + (a5*s0 - a3*s2)
			ac[5] += (a0*s4 - a1*s3) + (a3*s1 - a4*s0)
		}
		// Net force I a + twist ×* I twist − fext, and the body's own inertia as the start
		// of its composite.
		in := &m.Bodies[c-1].Inertia
		f := &d.force[c]
		netForce(f, in, tw, ac)
		if fext != nil {
			*f = f.Sub(fext[c])
		}
		if !er.leaf {
			d.ic[c] = *in
		}
	}
	for e := len(d.edges) - 1; e >= 0; e-- {
		er := &d.edges[e]
		c, p := er.child, er.parent
		f := &d.force[c]
		for k := er.v0; k < er.v0+er.nv; k++ {
			h[k] = dot6(&d.s[k], f) + er.damping*v[k]
		}
		if p != compile.Ground {
			x := &d.xup[c]
			actForceAdd(&d.force[p], x, f)
			transformedAdd(&d.ic[p], d.compositeOf(er), x)
		}
	}
	sw := d.worldSubspaces()
	for e := range d.edges {
		er := &d.edges[e]
		in := d.compositeOf(er)
		for col := er.v0; col < er.v0+er.nv; col++ {
			var F spatial.Vec6
			mulMotion(&F, in, &d.s[col])
			row := H.Val[H.Off[col]:H.Off[col+1]]
			row[0] = dot6(&d.s[col], &F) + er.armature // the diagonal, with the armature
			p := 1
			for r := col - 1; r >= er.v0; r-- {
				row[p] = dot6(&d.s[r], &F)
				p++
			}
			if er.pedge < 0 {
				continue
			}
			actForce(&F, &d.pose[er.child], &F)
			for r := d.vparent[er.v0]; r >= 0; r = d.vparent[r] {
				row[p] = dot6(&sw[r], &F)
				p++
			}
		}
	}
}

// compositeOf returns the composite inertia of edge er's child in massBias after its
// backward sweep: the body's own inertia at a leaf, else the accumulated one.
func (d *Data) compositeOf(er *edgeRec) *spatial.Inertia {
	if er.leaf {
		return &d.m.Bodies[er.child-1].Inertia
	}
	return &d.ic[er.child]
}

// dot6 is spatial.Vec6.Dot on pointers.
func dot6(a, b *spatial.Vec6) float64 {
	return 0.0 + a[0]*b[0] + a[1]*b[1] + a[2]*b[2] + a[3]*b[3] + a[4]*b[4] + a[5]*b[5]
}

// invActMotion writes t.InvActMotion(*m) into out (which may alias m).
func invActMotion(out *spatial.Vec6, t *spatial.Transform, m *spatial.Vec6) {
	r, p := &t.R, &t.P
	m0, m1, m2, m3, m4, m5 := m[0], m[1], m[2], m[3], m[4], m[5]
	v0 := m3 - (p[1]*m2 - p[2]*m1)
	v1 := m4 - (p[2]*m0 - p[0]*m2)
	v2 := m5 - (p[0]*m1 - p[1]*m0)
	out[0] = r[0][0]*m0 + r[1][0]*m1 + r[2][0]*m2
	out[1] = r[0][1]*m0 + r[1][1]*m1 + r[2][1]*m2
	out[2] = r[0][2]*m0 + r[1][2]*m1 + r[2][2]*m2
	out[3] = r[0][0]*v0 + r[1][0]*v1 + r[2][0]*v2
	out[4] = r[0][1]*v0 + r[1][1]*v1 + r[2][1]*v2
	out[5] = r[0][2]*v0 + r[1][2]*v1 + r[2][2]*v2
}

// actForceAdd adds t.ActForce(*f) to out (which must not alias f).
func actForceAdd(out *spatial.Vec6, t *spatial.Transform, f *spatial.Vec6) {
	r, p := &t.R, &t.P
	n0, n1, n2, l0, l1, l2 := f[0], f[1], f[2], f[3], f[4], f[5]
	f0 := r[0][0]*l0 + r[0][1]*l1 + r[0][2]*l2
	f1 := r[1][0]*l0 + r[1][1]*l1 + r[1][2]*l2
	f2 := r[2][0]*l0 + r[2][1]*l1 + r[2][2]*l2
	out[0] += r[0][0]*n0 + r[0][1]*n1 + r[0][2]*n2 + (p[1]*f2 - p[2]*f1)
	out[1] += r[1][0]*n0 + r[1][1]*n1 + r[1][2]*n2 + (p[2]*f0 - p[0]*f2)
	out[2] += r[2][0]*n0 + r[2][1]*n1 + r[2][2]*n2 + (p[0]*f1 - p[1]*f0)
	out[3] += f0
	out[4] += f1
	out[5] += f2
}

// actForce writes t.ActForce(*f) into out (which may alias f).
func actForce(out *spatial.Vec6, t *spatial.Transform, f *spatial.Vec6) {
	r, p := &t.R, &t.P
	n0, n1, n2, l0, l1, l2 := f[0], f[1], f[2], f[3], f[4], f[5]
	f0 := r[0][0]*l0 + r[0][1]*l1 + r[0][2]*l2
	f1 := r[1][0]*l0 + r[1][1]*l1 + r[1][2]*l2
	f2 := r[2][0]*l0 + r[2][1]*l1 + r[2][2]*l2
	out[0] = r[0][0]*n0 + r[0][1]*n1 + r[0][2]*n2 + (p[1]*f2 - p[2]*f1)
	out[1] = r[1][0]*n0 + r[1][1]*n1 + r[1][2]*n2 + (p[2]*f0 - p[0]*f2)
	out[2] = r[2][0]*n0 + r[2][1]*n1 + r[2][2]*n2 + (p[0]*f1 - p[1]*f0)
	out[3], out[4], out[5] = f0, f1, f2
}

// mulMotion writes a.MulMotion(*v) into out (which must not alias v).
func mulMotion(out *spatial.Vec6, a *spatial.Inertia, v *spatial.Vec6) {
	i, h, m := &a.I, &a.H, a.Mass
	out[0] = i[0][0]*v[0] + i[0][1]*v[1] + i[0][2]*v[2] + (h[1]*v[5] - h[2]*v[4])
	out[1] = i[1][0]*v[0] + i[1][1]*v[1] + i[1][2]*v[2] + (h[2]*v[3] - h[0]*v[5])
	out[2] = i[2][0]*v[0] + i[2][1]*v[1] + i[2][2]*v[2] + (h[0]*v[4] - h[1]*v[3])
	out[3] = m*v[3] - (h[1]*v[2] - h[2]*v[1])
	out[4] = m*v[4] - (h[2]*v[0] - h[0]*v[2])
	out[5] = m*v[5] - (h[0]*v[1] - h[1]*v[0])
}

// netForce writes a body's net force a.MulMotion(*acc) + spatial.CrossForce(*tw,
// a.MulMotion(*tw)) into out (which must alias neither), equal to spatial's bit for bit
// (TestNetForceMatchesSpatial) with the inertia read once: RNEA's and massBias's.
func netForce(out *spatial.Vec6, a *spatial.Inertia, tw, acc *spatial.Vec6) {
	i, h, m := &a.I, &a.H, a.Mass
	i00, i01, i02, i10, i11, i12, i20, i21, i22 := i[0][0], i[0][1], i[0][2], i[1][0], i[1][1], i[1][2], i[2][0], i[2][1], i[2][2]
	h0, h1, h2 := h[0], h[1], h[2]
	v0, v1, v2, v3, v4, v5 := tw[0], tw[1], tw[2], tw[3], tw[4], tw[5]
	// I tw.
	t0 := i00*v0 + i01*v1 + i02*v2 + (h1*v5 - h2*v4)
	t1 := i10*v0 + i11*v1 + i12*v2 + (h2*v3 - h0*v5)
	t2 := i20*v0 + i21*v1 + i22*v2 + (h0*v4 - h1*v3)
	t3 := m*v3 - (h1*v2 - h2*v1)
	t4 := m*v4 - (h2*v0 - h0*v2)
	t5 := m*v5 - (h0*v1 - h1*v0)
	// I acc + tw ×* (I tw).
	a0, a1, a2, a3, a4, a5 := acc[0], acc[1], acc[2], acc[3], acc[4], acc[5]
	out[0] = i00*a0 + i01*a1 + i02*a2 + (h1*a5 - h2*a4) + ((v1*t2 - v2*t1) + (v4*t5 - v5*t4))
	out[1] = i10*a0 + i11*a1 + i12*a2 + (h2*a3 - h0*a5) + ((v2*t0 - v0*t2) + (v5*t3 - v3*t5))
	out[2] = i20*a0 + i21*a1 + i22*a2 + (h0*a4 - h1*a3) + ((v0*t1 - v1*t0) + (v3*t4 - v4*t3))
	out[3] = m*a3 - (h1*a2 - h2*a1) + (v1*t5 - v2*t4)
	out[4] = m*a4 - (h2*a0 - h0*a2) + (v2*t3 - v0*t5)
	out[5] = m*a5 - (h0*a1 - h1*a0) + (v0*t4 - v1*t3)
}

// transformedAddGo adds a.Transformed(*x) to out (which must not alias a): the inertia a,
// given in the child frame of x, re-expressed in its parent frame. It is written on
// scalars entry by entry, with the sums of spatial.Inertia.Transformed in their order for
// the upper triangle of the rotational inertia; the lower triangle takes the same values
// (R I Rᵀ is symmetric: spatial.Inertia.Transformed's lower entries differ from these in
// round-off only), so it costs six entries rather than nine. transformedAdd is this in
// SSE2 assembly on amd64 (transformedadd_amd64.s, equal bit for bit), this elsewhere.
func transformedAddGo(out, a *spatial.Inertia, x *spatial.Transform) {
	r, p, m := &x.R, &x.P, a.Mass
	r00, r01, r02 := r[0][0], r[0][1], r[0][2]
	r10, r11, r12 := r[1][0], r[1][1], r[1][2]
	r20, r21, r22 := r[2][0], r[2][1], r[2][2]
	ah := &a.H
	hr0 := r00*ah[0] + r01*ah[1] + r02*ah[2]
	hr1 := r10*ah[0] + r11*ah[1] + r12*ah[2]
	hr2 := r20*ah[0] + r21*ah[1] + r22*ah[2]
	p0, p1, p2 := p[0], p[1], p[2]
	// The diagonal terms of skew(p)skew(hr) + skew(hr)skew(p): twice one sum (its two
	// halves are equal bit for bit).
	d00 := -p2*hr2 - p1*hr1
	d11 := -p2*hr2 - p0*hr0
	d22 := -p1*hr1 - p0*hr0
	ai := &a.I
	oi := &out.I
	// R I Rᵀ − (skew(p)skew(hr) + skew(hr)skew(p)) − m skew(p)², entry by entry, one row
	// of R I at a time (fewer values live at once).
	ri0, ri1, ri2 := r00*ai[0][0]+r01*ai[1][0]+r02*ai[2][0], r00*ai[0][1]+r01*ai[1][1]+r02*ai[2][1], r00*ai[0][2]+r01*ai[1][2]+r02*ai[2][2]
	i00 := (ri0*r00 + ri1*r01 + ri2*r02) - (d00 + d00) - (-p2*p2-p1*p1)*m
	i01 := (ri0*r10 + ri1*r11 + ri2*r12) - (p1*hr0 + hr1*p0) - (p1*p0)*m
	i02 := (ri0*r20 + ri1*r21 + ri2*r22) - (p2*hr0 + hr2*p0) - (p2*p0)*m
	oi[0][0] += i00
	oi[0][1] += i01
	oi[0][2] += i02
	oi[1][0] += i01
	oi[2][0] += i02
	ri0, ri1, ri2 = r10*ai[0][0]+r11*ai[1][0]+r12*ai[2][0], r10*ai[0][1]+r11*ai[1][1]+r12*ai[2][1], r10*ai[0][2]+r11*ai[1][2]+r12*ai[2][2]
	i11 := (ri0*r10 + ri1*r11 + ri2*r12) - (d11 + d11) - (-p2*p2-p0*p0)*m
	i12 := (ri0*r20 + ri1*r21 + ri2*r22) - (p2*hr1 + hr2*p1) - (p2*p1)*m
	oi[1][1] += i11
	oi[1][2] += i12
	oi[2][1] += i12
	ri0, ri1, ri2 = r20*ai[0][0]+r21*ai[1][0]+r22*ai[2][0], r20*ai[0][1]+r21*ai[1][1]+r22*ai[2][1], r20*ai[0][2]+r21*ai[1][2]+r22*ai[2][2]
	oi[2][2] += (ri0*r20 + ri1*r21 + ri2*r22) - (d22 + d22) - (-p1*p1-p0*p0)*m
	out.Mass += m
	oh := &out.H
	oh[0] += hr0 + m*p0
	oh[1] += hr1 + m*p1
	oh[2] += hr2 + m*p2
}
