package mjcf

import "strings"

// defaultClass is one MJCF default class: for each element kind (joint, geom, site,
// tendon, equality, actuator) the attribute values it supplies, its ancestors' values
// included (a nested class starts from a copy of its parent and overrides).
type defaultClass struct {
	name  string
	kinds map[string]map[string]string
}

// mainClass is the name of the top-level default class.
const mainClass = "main"

// actuatorTags are the actuator element tags (general and its shortcuts). In defaults
// they all configure one actuator default, as in MuJoCo; the shortcut an element uses
// decides how kp, kv and friends are read.
var actuatorTags = map[string]bool{
	"general": true, "motor": true, "position": true, "velocity": true, "intvelocity": true,
	"damper": true, "cylinder": true, "muscle": true, "adhesion": true, "plugin": true,
}

// defaultKind maps a tag inside <default> to the element kind it configures; ok is
// false for tags MuJoCo does not know. Tags that configure only visual or collision
// objects (mesh, material, camera, ...) map to "".
func defaultKind(tag string) (kind string, ok bool) {
	switch tag {
	case "joint", "geom", "site", "tendon", "equality":
		return tag, true
	case "mesh", "material", "camera", "light", "pair", "texture", "hfield", "skin", "flex":
		return "", true
	}
	if actuatorTags[tag] {
		return "actuator", true
	}
	return "", false
}

// isOrientation reports whether k is an orientation specifier.
func isOrientation(k string) bool {
	return strings.Contains(orientationAttrs, " "+k+" ")
}

// readDefault reads a <default> element (top-level when parent is nil) and its nested
// classes. Element defaults are applied before nested classes are read, so a nested
// class inherits every value of its parent regardless of document order.
func (b *builder) readDefault(n *node, parent *defaultClass) error {
	b.checkAttrs(n, "default")
	name, hasName := n.Attr("class")
	var cls *defaultClass
	if parent == nil {
		if !hasName {
			name = mainClass
		}
		if b.rootClass == nil {
			cls = &defaultClass{name: name, kinds: map[string]map[string]string{}}
			b.classes[name] = cls
			b.rootClass = cls
		} else if name == b.rootClass.name {
			cls = b.rootClass // a second top-level <default> adds to the first
		} else {
			return errAt(n, "class", "top-level default class %q differs from the earlier %q", name, b.rootClass.name)
		}
	} else {
		if !hasName || name == "" {
			return errAt(n, "class", "nested <default> needs a class name")
		}
		if _, dup := b.classes[name]; dup {
			return errAt(n, "class", "default class %q is defined twice", name)
		}
		cls = &defaultClass{name: name, kinds: make(map[string]map[string]string, len(parent.kinds))}
		for k, m := range parent.kinds {
			c := make(map[string]string, len(m))
			for a, v := range m {
				c[a] = v
			}
			cls.kinds[k] = c
		}
		b.classes[name] = cls
	}
	for _, c := range n.Children {
		if c.Tag == "default" {
			continue
		}
		kind, ok := defaultKind(c.Tag)
		if !ok {
			b.warn(c, "unknown element in <default>; ignored")
			continue
		}
		if kind == "" {
			continue
		}
		b.checkAttrs(c, "default/"+kind)
		m := cls.kinds[kind]
		if m == nil {
			m = map[string]string{}
			cls.kinds[kind] = m
		}
		own := ownAttrs(c)
		if hasOrientation(own) {
			for k := range m {
				if isOrientation(k) {
					delete(m, k)
				}
			}
		}
		for k, v := range own.m {
			m[k] = v
		}
	}
	for _, c := range n.Children {
		if c.Tag == "default" {
			if err := b.readDefault(c, cls); err != nil {
				return err
			}
		}
	}
	return nil
}

// hasOrientation reports whether a sets any orientation specifier.
func hasOrientation(a *attrs) bool {
	for k := range a.m {
		if isOrientation(k) {
			return true
		}
	}
	return false
}

// resolve returns the effective attributes of element n of the given kind: the values of
// its class (its own class attribute, else the active childclass, else the top-level
// class) overlaid by its own attributes. An element that specifies any orientation
// replaces the class's orientation altogether.
func (b *builder) resolve(n *node, kind, active string) (*attrs, error) {
	own := ownAttrs(n)
	clsName := active
	if c, ok := own.str("class"); ok {
		clsName = c
	}
	var cls *defaultClass
	if clsName == "" {
		cls = b.rootClass
	} else {
		cls = b.classes[clsName]
		if cls == nil {
			return nil, errAt(n, "class", "unknown default class %q", clsName)
		}
	}
	if cls == nil || cls.kinds[kind] == nil {
		return own, nil
	}
	a := &attrs{n: n, m: make(map[string]string, len(cls.kinds[kind])+len(own.m))}
	ownOrient := hasOrientation(own)
	for k, v := range cls.kinds[kind] {
		if ownOrient && isOrientation(k) {
			continue
		}
		a.m[k] = v
	}
	for k, v := range own.m {
		a.m[k] = v
	}
	return a, nil
}

// childClass returns the class active inside element n (its childclass, else active),
// checking that the class exists.
func (b *builder) childClass(n *node, active string) (string, error) {
	c, ok := n.Attr("childclass")
	if !ok {
		return active, nil
	}
	if b.classes[c] == nil {
		return "", errAt(n, "childclass", "unknown default class %q", c)
	}
	return c, nil
}
