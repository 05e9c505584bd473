package mjcf

import (
	"fmt"

	"github.com/robocompiler/robocompiler/cmg"
)

// tendon is an MJCF tendon as far as actuators need it: a fixed tendon's length is the
// linear combination Σ coef·q of its joints.
type tendon struct {
	n       *node
	spatial bool
	terms   []cmg.TransmissionTerm
	// damping and friction are the tendon's damping and frictionloss, carried by the
	// first actuator driving it (lossOwner; see importDrive's file).
	damping, friction float64
	lossOwner         string
}

// readTendons imports a <tendon> section. Fixed tendons are kept for the actuators that
// drive them (a tendon alone adds no CMG record); their damping and frictionloss go to
// the port of the actuator driving them, their limits and stiffness have no CMG
// counterpart and are reported. Spatial tendons are reported and
// skipped.
func (b *builder) readTendons(sec *node) error {
	if len(sec.Attrs) > 0 {
		b.warn(sec, "the tendon section takes no attributes; ignored")
	}
	for _, n := range sec.Children {
		b.ntendon++
		switch n.Tag {
		case "fixed":
			if err := b.readFixedTendon(n); err != nil {
				return err
			}
		case "spatial":
			b.warn(n, "spatial tendons are not supported; not imported")
			if name := n.Name(); name != "" {
				b.tendons[name] = &tendon{n: n, spatial: true}
			}
		default:
			b.warn(n, "unknown element in <tendon>; ignored")
		}
	}
	return nil
}

// readFixedTendon imports one <fixed> tendon.
func (b *builder) readFixedTendon(n *node) error {
	a, err := b.resolve(n, "tendon", "")
	if err != nil {
		return err
	}
	b.checkAttrs(n, "tendon/fixed")
	name := n.Name()
	if name == "" {
		name = fmt.Sprintf("tendon%d", b.ntendon-1)
	} else if b.tendons[name] != nil {
		return errAt(n, "name", "tendon name %q is used twice", name)
	}
	t := &tendon{n: n}
	if t.damping, err = a.float("damping", 0); err != nil {
		return err
	}
	if t.friction, err = a.float("frictionloss", 0); err != nil {
		return err
	}
	if t.damping < 0 || t.friction < 0 {
		return errAt(n, "damping", "damping %g and frictionloss %g must be >= 0", t.damping, t.friction)
	}
	for _, c := range n.Children {
		if c.Tag != "joint" {
			b.warn(c, "unknown element in a fixed tendon; ignored")
			continue
		}
		b.checkAttrs(c, "fixed/joint")
		a := ownAttrs(c)
		jn, ok := a.str("joint")
		if !ok {
			return errAt(c, "joint", "required attribute missing")
		}
		if !a.has("coef") {
			return errAt(c, "coef", "required attribute missing")
		}
		coef, err := a.float("coef", 0)
		if err != nil {
			return err
		}
		ji, err := b.scalarJoint(c, "joint", jn)
		if err != nil {
			return err
		}
		t.terms = append(t.terms, cmg.TransmissionTerm{Joint: ji.id, Coef: coef})
	}
	if len(t.terms) == 0 {
		return errAt(n, "", "fixed tendon has no joints")
	}
	b.tendons[name] = t
	return nil
}
