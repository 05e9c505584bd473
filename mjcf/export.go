package mjcf

import (
	"encoding/xml"
	"fmt"
	"io"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/spatial"
)

// ExportOptions tune the MJCF that Export writes.
type ExportOptions struct {
	// Timestep is <option timestep> in s; 0 means 0.001.
	Timestep float64
	// SolRef (timeconst s, dampratio) and SolImp (dmin, dmax, width m, midpoint, power)
	// are given to every equality. Zero values mean the stiff defaults SolRef = {2·Timestep,
	// 1} (critically damped at the shortest time constant MuJoCo integrates stably) and
	// SolImp = {0.99, 0.999, 0.001, 0.5, 2} (impedance near 1 for any violation).
	SolRef [2]float64
	SolImp [5]float64
	// HingeAxisLength is the spacing (m) of the two connects that write a revolute
	// closure; 0 means the model's declared length scale, or 0.1 m.
	HingeAxisLength float64
	// Contacts, when set, adds a ground plane and contact spheres at point sites (the
	// export has no geoms otherwise, so nothing else collides).
	Contacts *ContactOptions
}

// ContactOptions describe the ground and the contact spheres that Export adds: a plane
// "floor" (normal +z, at height FloorZ) and, for each site in Sites, a sphere named
// <site>__contact of Radius centred at the site. Floor and spheres share condim 3,
// Friction, SolRef and SolImp, so MuJoCo's mixing leaves them unchanged.
type ContactOptions struct {
	// FloorZ is the plane's height (m, world z).
	FloorZ float64
	// Sites are the ids of the sites that touch the ground; Radius (m) is positive.
	Sites  []string
	Radius float64
	// Friction is (sliding, torsional, rolling); only sliding acts at condim 3.
	Friction [3]float64
	// SolRef (timeconst s, dampratio) and SolImp (dmin, dmax, width m, midpoint, power)
	// are the contacts' softness; zero values mean MuJoCo's defaults {0.02, 1} and
	// {0.9, 0.95, 0.001, 0.5, 2}.
	SolRef [2]float64
	SolImp [5]float64
	// Elliptic selects elliptic friction cones (else MuJoCo's pyramidal ones), and
	// ImpRatio (0: MuJoCo's 1) is the ratio of frictional to normal impedance; both are
	// model-wide options. A large ImpRatio with elliptic cones makes friction nearly hard,
	// so a loaded foot creeps far less under a steady tangential force.
	Elliptic bool
	ImpRatio float64
}

// withDefaults fills the zero fields of o.
func (o ExportOptions) withDefaults(m *compile.Model) ExportOptions {
	if o.Timestep == 0 {
		o.Timestep = 0.001
	}
	if o.SolRef == [2]float64{} {
		o.SolRef = [2]float64{2 * o.Timestep, 1}
	}
	if o.SolImp == [5]float64{} {
		o.SolImp = [5]float64{0.99, 0.999, 0.001, 0.5, 2}
	}
	if o.HingeAxisLength == 0 {
		o.HingeAxisLength = hingeAxisLength(m)
	}
	return o
}

// Export writes the compiled model m at the assembled configuration q (len NQ) as an
// MJCF document that MuJoCo 2.2.2 loads:
//
//   - The spanning tree becomes nested bodies named by their ids, in the compiled body
//     frames (sites are copied unchanged; inertials are written as principal moments and axes), placed at the
//     assembled configuration: qpos0 (hinge and slide ref) and the keyframe "assembled"
//     are q, so every closure holds when the file is loaded. Layout says where each
//     coordinate lands in qpos and qvel.
//   - Tree joints: revolute → hinge, prismatic → slide, spherical → ball, free → free
//     (its parent must be the ground), universal → two hinges and planar → two slides
//     and a hinge in the child body (named <id>__0, <id>__1, …). A joint whose
//     body_a is the child in the tree is written reversed (axis negated) when it has
//     one coordinate, and rejected otherwise. Helical joints and massless moving bodies
//     (which MuJoCo 2.2.2 rejects) are errors. Armature, damping and friction loss are
//     written per joint (a free joint with armature or damping needs frame_b at the
//     body origin, where MuJoCo applies them); limits as range.
//   - Closures (equalities with SolRef, SolImp): a spherical cut joint or point cut →
//     connect at its frame; a revolute cut → two connects, at the frame origin and
//     HingeAxisLength along the axis (6 rows of rank 5); a fixed cut joint or weld cut →
//     weld anchored at the body2 frame; a free cut joint constrains nothing and is left
//     out; universal, prismatic, planar and helical closures are errors (MuJoCo 2.2.2
//     has no equality for them: ExportGraph re-cuts a model with universal cuts so that
//     its universal joints are tree joints). The first body of each equality is never the ground.
//   - Couplings → joint equalities (joint1 the slave, joint2 the master, linear polycoef).
//   - Actuators → motors (see actuators); sites → sites.
//   - Contacts, when set: a floor plane and contact spheres at sites (ContactOptions);
//     without them the document has no geoms.
//
// Errors name the model file, the record and the field.
func Export(m *compile.Model, q []float64, w io.Writer, opts ExportOptions) error {
	if len(q) != m.NQ {
		return fmt.Errorf("mjcf: export: configuration has %d entries, the model has NQ = %d", len(q), m.NQ)
	}
	opts = opts.withDefaults(m)
	t, err := buildTree(m, q)
	if err != nil {
		return err
	}
	for i := range m.Bodies {
		if id := m.Bodies[i].ID; id == "world" {
			return exportError(m, "body", id, "id", "\"world\" is MuJoCo's name for the ground; rename the body")
		}
	}
	eqs, err := equalities(m, q, nums(opts.SolRef[:]...), nums(opts.SolImp[:]...), opts.HingeAxisLength)
	if err != nil {
		return err
	}
	siteNames := newNamer()
	for _, s := range m.Graph.Sites {
		siteNames[s.ID] = true
	}
	act, err := actuators(m, siteNames)
	if err != nil {
		return err
	}
	qpos := make([]float64, t.layout.NQ)
	if err := t.layout.QPos(q, qpos); err != nil {
		return err
	}
	g := m.Gravity
	sites := t.sites(act)
	geoms, err := t.contactGeoms(opts.Contacts)
	if err != nil {
		return err
	}
	doc := mjDoc{
		Model:    m.Graph.Name,
		Compiler: mjCompiler{Angle: "radian", InertiaFromGeom: "false"},
		Option:   opts.Contacts.option(mjOption{Timestep: nums(opts.Timestep), Gravity: nums(g[0], g[1], g[2])}),
		Size:     mjSize{NJMax: max(500, constraintRows(t, eqs)+tendonFrictionRows(act.tendons))},
		World:    mjBody{Geoms: geoms[-1], Sites: sites[-1]},
		Keyframe: mjKeyframe{Keys: []mjKey{{Name: "assembled", Qpos: nums(qpos...)}}},
	}
	for i, b := range t.bodies {
		if m.Bodies[b.node-1].Parent == compile.Ground {
			doc.World.Bodies = append(doc.World.Bodies, t.element(i, sites, geoms))
		}
	}
	if len(act.tendons) > 0 {
		doc.Tendons = &mjTendons{Items: act.tendons}
	}
	if len(eqs) > 0 {
		doc.Equality = &mjEquality{Items: eqs}
	}
	if len(act.motors) > 0 {
		doc.Actuator = &mjActuator{Motors: act.motors}
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return err
	}
	_, err = io.WriteString(w, "\n")
	return err
}

// sites gathers the model's sites and the actuators' tendon sites by exported body
// index (-1 for the world).
func (t *xtree) sites(act *actuation) map[int][]mjSite {
	out := map[int][]mjSite{}
	place := func(node int, s mjSite) {
		out[t.at[node]] = append(out[t.at[node]], s)
	}
	for _, s := range t.m.Graph.Sites {
		f := s.Frame.Transform()
		place(t.m.BodyNode(s.Body), mjSite{Name: s.ID, Pos: vec(f.P), Quat: rotation(f.R)})
	}
	for node, ss := range act.sites {
		for _, s := range ss {
			place(node, s)
		}
	}
	return out
}

// option adds the friction-cone options of c (none for nil) to o.
func (c *ContactOptions) option(o mjOption) mjOption {
	if c == nil {
		return o
	}
	if c.Elliptic {
		o.Cone = "elliptic"
	}
	if c.ImpRatio != 0 {
		o.ImpRatio = nums(c.ImpRatio)
	}
	return o
}

// contactGeoms builds the floor and the contact spheres of c (none for nil) by exported
// body index (-1 for the world).
func (t *xtree) contactGeoms(c *ContactOptions) (map[int][]mjGeom, error) {
	out := map[int][]mjGeom{}
	if c == nil {
		return out, nil
	}
	if !(c.Radius > 0) {
		return nil, fmt.Errorf("mjcf: export: contact radius %g m; it must be positive", c.Radius)
	}
	ref, imp := c.SolRef, c.SolImp
	if ref == [2]float64{} {
		ref = [2]float64{0.02, 1}
	}
	if imp == [5]float64{} {
		imp = [5]float64{0.9, 0.95, 0.001, 0.5, 2}
	}
	geom := func(name, typ, size string, pos spatial.Vec3) mjGeom {
		return mjGeom{Name: name, Type: typ, Size: size, Pos: vec(pos), Condim: "3",
			Friction: nums(c.Friction[:]...), SolRef: nums(ref[:]...), SolImp: nums(imp[:]...)}
	}
	names := newNamer() // geoms have their own name space, and these are the only geoms
	out[-1] = []mjGeom{geom(names.fresh("floor"), "plane", nums(0, 0, 1), spatial.Vec3{0, 0, c.FloorZ})}
	for _, id := range c.Sites {
		s := t.m.Graph.Site(id)
		if s == nil {
			return nil, fmt.Errorf("mjcf: export: contact site %q is not a site of the model", id)
		}
		p := s.Frame.Transform().P
		i := t.at[t.m.BodyNode(s.Body)]
		out[i] = append(out[i], geom(names.fresh(id+"__contact"), "sphere", nums(c.Radius), p))
	}
	return out, nil
}

// element builds the <body> of exported body i and its subtree.
func (t *xtree) element(i int, sites map[int][]mjSite, geoms map[int][]mjGeom) *mjBody {
	b := &t.bodies[i]
	rec := t.m.Graph.Body(t.m.Node(b.node))
	e := &mjBody{Name: rec.ID, Pos: vec(b.pose.P), Quat: rotation(b.pose.R), Geoms: geoms[i], Sites: sites[i]}
	if rec.Mass > 0 {
		e.Inertial = inertial(rec)
	}
	for _, x := range b.joints {
		j := mjJoint{Name: x.name, Type: x.typ, Armature: optional(x.src.Armature),
			Damping: optional(x.src.Damping), FrictionLoss: optional(x.src.Friction)}
		switch x.typ {
		case "hinge", "slide":
			j.Axis, j.Ref = vec(x.axis), nums(x.ref)
			if x.typ == "hinge" {
				j.Pos = vec(x.pos)
			}
			if x.limited {
				j.Limited, j.Range = "true", nums(x.lo, x.hi)
			}
		case "ball":
			j.Pos = vec(x.pos)
		}
		e.Joints = append(e.Joints, j)
	}
	for _, c := range b.children {
		e.Bodies = append(e.Bodies, t.element(c, sites, geoms))
	}
	return e
}

// constraintRows counts the constraint rows the model can need at once: equality rows,
// one per limited joint and one per degree of freedom with friction loss.
func constraintRows(t *xtree, eqs []mjEq) int {
	n := 0
	for _, e := range eqs {
		n += map[string]int{"connect": 3, "weld": 6, "joint": 1}[e.XMLName.Local]
	}
	for _, b := range t.bodies {
		for _, x := range b.joints {
			if x.limited {
				n++
			}
			if x.src.Friction > 0 {
				n += map[string]int{"hinge": 1, "slide": 1, "ball": 3, "free": 6}[x.typ]
			}
		}
	}
	return n
}
