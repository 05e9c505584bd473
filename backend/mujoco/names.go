//go:build mujoco

package mujoco

/*
#include <stdlib.h>
#include <mujoco/mujoco.h>
*/
import "C"

import (
	"strings"
	"unsafe"
)

// objKind describes one kind of named MuJoCo object.
type objKind struct {
	obj   C.int // mjtObj
	label string
	count func(*C.mjModel) C.int
}

var (
	kindBody     = objKind{C.mjOBJ_BODY, "body", func(p *C.mjModel) C.int { return p.nbody }}
	kindJoint    = objKind{C.mjOBJ_JOINT, "joint", func(p *C.mjModel) C.int { return p.njnt }}
	kindActuator = objKind{C.mjOBJ_ACTUATOR, "actuator", func(p *C.mjModel) C.int { return p.nu }}
	kindEquality = objKind{C.mjOBJ_EQUALITY, "equality", func(p *C.mjModel) C.int { return p.neq }}
	kindSite     = objKind{C.mjOBJ_SITE, "site", func(p *C.mjModel) C.int { return p.nsite }}
	kindKey      = objKind{C.mjOBJ_KEY, "keyframe", func(p *C.mjModel) C.int { return p.nkey }}
)

// names lists the names of all objects of kind k in id order ("" for unnamed ones).
func (m *Model) names(k objKind) []string {
	p := m.ptr()
	if p == nil {
		return nil
	}
	n := int(k.count(p))
	out := make([]string, n)
	for i := range out {
		if s := C.mj_id2name(p, k.obj, C.int(i)); s != nil {
			out[i] = C.GoString(s)
		}
	}
	return out
}

// id looks up the object of kind k called name; the error lists the valid names.
func (m *Model) id(k objKind, name string) (int, error) {
	p := m.ptr()
	if p == nil {
		return -1, ErrClosed
	}
	if name != "" && strings.IndexByte(name, 0) < 0 {
		cname := C.CString(name)
		id := C.mj_name2id(p, k.obj, cname)
		C.free(unsafe.Pointer(cname))
		if id >= 0 {
			return int(id), nil
		}
	}
	valid := m.names(k)
	named := valid[:0:0]
	for _, s := range valid {
		if s != "" {
			named = append(named, s)
		}
	}
	list := strings.Join(named, ", ")
	if len(named) > 30 {
		list = strings.Join(named[:30], ", ") + ", ..."
	}
	if len(named) == 0 {
		list = "none"
	}
	return -1, errorf("no %s named %q in the model (named %ss: %s)", k.label, name, k.label, list)
}

// BodyNames returns the names of all NBody bodies in id order; index 0 is "world".
func (m *Model) BodyNames() []string { return m.names(kindBody) }

// JointNames returns the names of all NJnt joints in id order ("" if unnamed).
func (m *Model) JointNames() []string { return m.names(kindJoint) }

// ActuatorNames returns the names of all NU actuators in id (= ctrl) order.
func (m *Model) ActuatorNames() []string { return m.names(kindActuator) }

// EqualityNames returns the names of all NEq equality constraints in id order.
func (m *Model) EqualityNames() []string { return m.names(kindEquality) }

// SiteNames returns the names of all NSite sites in id order.
func (m *Model) SiteNames() []string { return m.names(kindSite) }

// KeyframeNames returns the names of all NKey keyframes in id order.
func (m *Model) KeyframeNames() []string { return m.names(kindKey) }

// BodyID returns the id (0..NBody-1) of the body called name.
func (m *Model) BodyID(name string) (int, error) { return m.id(kindBody, name) }

// JointID returns the id (0..NJnt-1) of the joint called name.
func (m *Model) JointID(name string) (int, error) { return m.id(kindJoint, name) }

// ActuatorID returns the id (0..NU-1, the ctrl index) of the actuator called name.
func (m *Model) ActuatorID(name string) (int, error) { return m.id(kindActuator, name) }

// EqualityID returns the id (0..NEq-1) of the equality constraint called name.
func (m *Model) EqualityID(name string) (int, error) { return m.id(kindEquality, name) }

// SiteID returns the id (0..NSite-1) of the site called name.
func (m *Model) SiteID(name string) (int, error) { return m.id(kindSite, name) }
