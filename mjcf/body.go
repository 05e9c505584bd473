package mjcf

import (
	"fmt"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/spatial"
)

// bodyInfo records an imported MJCF body.
type bodyInfo struct {
	id    string            // CMG id of the body (the last of its chain)
	world spatial.Transform // pose in the world at the reference configuration qpos0
	n     *node
}

// jointInfo records an MJCF joint in MuJoCo's qpos order.
type jointInfo struct {
	id    string
	spec  *jointSpec
	qpos0 []float64
}

// scope is the context of elements inside a body: the enclosing body, its pose at
// qpos0, the placement accumulated through <frame> elements, and the active childclass.
type scope struct {
	body  string
	world spatial.Transform
	frame spatial.Transform
	class string
}

// placed is a child element with the frame placement and class active where it sits.
type placed struct {
	n     *node
	frame spatial.Transform
	class string
}

// content sorts the children of a body (through nested <frame> elements) by kind, in
// document order.
type content struct {
	inertial *placed
	joints   []placed
	geoms    []placed
	sites    []placed
	bodies   []placed
}

// collect walks the children of n (a body, the worldbody or a frame) into c.
func (b *builder) collect(n *node, sc scope, world bool, c *content) error {
	for _, ch := range n.Children {
		p := placed{n: ch, frame: sc.frame, class: sc.class}
		switch ch.Tag {
		case "inertial":
			if world {
				return errAt(ch, "", "the world body cannot have an inertial")
			}
			if c.inertial != nil {
				return errAt(ch, "", "second <inertial> in one body")
			}
			c.inertial = &p
		case "joint", "freejoint":
			if world {
				return errAt(ch, "", "the world body cannot have joints")
			}
			c.joints = append(c.joints, p)
		case "geom":
			c.geoms = append(c.geoms, p)
		case "site":
			c.sites = append(c.sites, p)
		case "body":
			c.bodies = append(c.bodies, p)
		case "frame":
			b.checkAttrs(ch, "frame")
			cls, err := b.childClass(ch, sc.class)
			if err != nil {
				return err
			}
			local, _, err := b.pose(ownAttrs(ch))
			if err != nil {
				return err
			}
			inner := sc
			inner.frame = sc.frame.Mul(local)
			inner.class = cls
			if err := b.collect(ch, inner, world, c); err != nil {
				return err
			}
		case "camera", "light":
			// rendering only
		case "composite", "flexcomp", "plugin", "replicate", "attach", "skin":
			b.warn(ch, "<%s> is not supported; its contents are not imported", ch.Tag)
		default:
			b.warn(ch, "unknown element in %s; ignored", elementLabel(n.Tag, n.Name()))
		}
	}
	return nil
}

// readWorld imports a <worldbody>: its sites and named sphere geoms attach to the
// ground; its bodies are imported recursively.
func (b *builder) readWorld(n *node) error {
	if len(n.Attrs) > 0 {
		b.warn(n, "the world body takes no attributes; ignored")
	}
	sc := scope{body: b.ground, world: spatial.Identity(), frame: spatial.Identity()}
	var c content
	if err := b.collect(n, sc, true, &c); err != nil {
		return err
	}
	geoms, err := b.readGeoms(c.geoms)
	if err != nil {
		return err
	}
	if err := b.attachSites(c.sites, geoms, b.ground); err != nil {
		return err
	}
	if err := b.keepVisuals(b.ground, geoms); err != nil {
		return err
	}
	for _, p := range c.bodies {
		if err := b.readBody(p, sc); err != nil {
			return err
		}
	}
	return nil
}

// readBody imports one <body> placed in parent. Unnamed bodies are named body<i> (i the
// MuJoCo body index), unnamed free joints <body>__free and other unnamed joints
// <body>__joint<k> (k the joint's index within the body). A body without joints is welded to its
// parent by a "fixed" CMG joint named <body>__fixed. A body with several joints is
// chained through massless intermediate bodies, one per joint but the last, named
// <body>__<joint>: joint k moves intermediate body k relative to body k-1 (the parent
// for k = 1) and the real body comes last, carrying the mass, sites and children. This
// reproduces MuJoCo, which applies a body's joints in order, each about its own anchor
// and axis in the body frame.
func (b *builder) readBody(p placed, parent scope) error {
	n := p.n
	b.checkAttrs(n, "body")
	b.nbody++
	a := ownAttrs(n)
	name := n.Name()
	if name == "" {
		name = b.uniqueBodyID(fmt.Sprintf("body%d", b.nbody))
	} else if name == b.ground {
		return errAt(n, "name", "%q is reserved for the ground", name)
	}
	if _, dup := b.bodies[name]; dup {
		return errAt(n, "name", "body name %q is used twice", name)
	}
	cls, err := b.childClass(n, p.class)
	if err != nil {
		return err
	}
	local, _, err := b.pose(a)
	if err != nil {
		return err
	}
	P := p.frame.Mul(local) // body frame in the parent body frame
	world := parent.world.Mul(P)
	mocap, err := a.boolean("mocap", false)
	if err != nil {
		return err
	}

	var c content
	inner := scope{body: name, world: world, frame: spatial.Identity(), class: cls}
	if err := b.collect(n, inner, false, &c); err != nil {
		return err
	}
	if mocap {
		if parent.body != b.ground {
			return errAt(n, "mocap", "a mocap body must be a child of the world body")
		}
		b.warn(n, "mocap body imported as fixed to the ground at its reference pose")
		if len(c.joints) > 0 {
			return errAt(n, "mocap", "a mocap body cannot have joints")
		}
	}

	joints := make([]*jointSpec, 0, len(c.joints))
	for _, jp := range c.joints {
		j, err := b.readJoint(jp.n, jp.frame, jp.class)
		if err != nil {
			return err
		}
		if j.typ == "free" {
			if parent.body != b.ground {
				return errAt(jp.n, "type", "a free joint is only allowed in a child of the world body")
			}
			if len(c.joints) > 1 {
				return errAt(jp.n, "type", "a free joint must be the only joint of its body")
			}
		}
		joints = append(joints, j)
	}

	geoms, err := b.readGeoms(c.geoms)
	if err != nil {
		return err
	}
	mp, err := b.bodyMass(n, c.inertial, geoms)
	if err != nil {
		return err
	}
	if err := b.addChain(name, n, parent.body, P, world, joints, mp); err != nil {
		return err
	}
	b.bodies[name] = &bodyInfo{id: name, world: world, n: n}
	if err := b.attachSites(c.sites, geoms, name); err != nil {
		return err
	}
	if err := b.keepVisuals(name, geoms); err != nil {
		return err
	}
	for _, cp := range c.bodies {
		if err := b.readBody(cp, inner); err != nil {
			return err
		}
	}
	return nil
}

// addChain emits the CMG bodies and joints of one MJCF body (see readBody).
func (b *builder) addChain(name string, n *node, parentID string, P, world spatial.Transform, joints []*jointSpec, mp massProps) error {
	if len(joints) == 0 {
		id := b.uniqueJointID(name + "__fixed")
		b.addBody(name, mp)
		b.g.Joints = append(b.g.Joints, cmg.Joint{ID: id, Type: "fixed", BodyA: parentID, BodyB: name, FrameA: cmgFrame(P), FrameB: cmgFrame(spatial.Identity())})
		return nil
	}
	prev := parentID
	for k, j := range joints {
		id := j.name
		if id == "" && j.typ == "free" {
			id = b.uniqueJointID(name + "__free")
		} else if id == "" {
			id = b.uniqueJointID(fmt.Sprintf("%s__joint%d", name, k))
		} else if b.jointIDs[id] {
			return errAt(j.n, "name", "joint name %q is used twice", id)
		}
		b.jointIDs[id] = true
		bodyB := name
		if k < len(joints)-1 {
			bodyB = b.uniqueBodyID(name + "__" + id)
			b.addBody(bodyB, massProps{})
		} else {
			b.addBody(name, mp)
		}
		var A spatial.Transform
		switch {
		case j.typ == "free":
			A = spatial.Identity()
		case k == 0:
			A = P.Mul(spatial.Transform{R: spatial.Identity3(), P: j.pos})
		default:
			A = spatial.Transform{R: spatial.Identity3(), P: j.pos}
		}
		cj := j.toCMG(id, prev, bodyB, A)
		if j.typ == "free" {
			cj.FrameB = cmgFrame(spatial.Identity())
		}
		b.g.Joints = append(b.g.Joints, cj)
		ji := &jointInfo{id: id, spec: j, qpos0: j.qpos0(world)}
		b.joints = append(b.joints, ji)
		if j.name != "" {
			b.jointByName[j.name] = ji
		}
		prev = bodyB
	}
	return nil
}

// addBody appends a CMG body.
func (b *builder) addBody(id string, mp massProps) {
	b.bodyIDs[id] = true
	b.g.Bodies = append(b.g.Bodies, cmg.Body{ID: id, Mass: mp.mass, COM: [3]float64(mp.com), Inertia: mp.cmgInertia()})
}

// uniqueBodyID returns base, or base with a numeric suffix, unused as a body id.
func (b *builder) uniqueBodyID(base string) string {
	id := base
	for i := 2; b.bodyIDs[id] || b.reservedBodies[id] || id == b.ground; i++ {
		id = fmt.Sprintf("%s_%d", base, i)
	}
	return id
}

// uniqueJointID returns base, or base with a numeric suffix, unused as a joint id.
func (b *builder) uniqueJointID(base string) string {
	id := base
	for i := 2; b.jointIDs[id] || b.reservedJoints[id]; i++ {
		id = fmt.Sprintf("%s_%d", base, i)
	}
	b.jointIDs[id] = true
	return id
}
