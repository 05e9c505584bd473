package urdf

import (
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/robocompiler/robocompiler/cmg"
)

// ImportOptions adjust how a URDF model is attached to the ground.
type ImportOptions struct {
	// Floating joins the root link to the ground by a free joint (<root>__free) instead of
	// a fixed one (<root>__fixed). It has no effect when the model has a link named
	// "world", which is then the ground itself.
	Floating bool
}

// ImportFile reads the URDF model at path with the root link fixed to the ground.
func ImportFile(path string) (*cmg.Graph, []string, error) {
	return ImportFileWith(path, ImportOptions{})
}

// ImportFileWith reads the URDF model at path with the given options.
func ImportFileWith(path string, opts ImportOptions) (*cmg.Graph, []string, error) {
	st, err := os.Stat(path)
	if err == nil && !st.Mode().IsRegular() {
		err = fmt.Errorf("not a regular file")
	}
	if err != nil {
		return nil, nil, &Error{File: path, Msg: fmt.Sprintf("cannot read model: %v", err)}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, &Error{File: path, Msg: fmt.Sprintf("cannot read model: %v", err)}
	}
	return ImportWith(data, path, opts)
}

// Import reads a URDF document held in memory with the root link fixed to the ground;
// source names it in errors and warnings.
func Import(data []byte, source string) (*cmg.Graph, []string, error) {
	return ImportWith(data, source, ImportOptions{})
}

// ImportWith reads a URDF document held in memory with the given options.
func ImportWith(data []byte, source string, opts ImportOptions) (*cmg.Graph, []string, error) {
	b := &builder{file: source, opts: opts, links: map[string]*node{}, joints: map[string]*node{}}
	g, err := b.run(data)
	if err != nil {
		return nil, b.warnings, err
	}
	return g, b.warnings, nil
}

// builder accumulates one import.
type builder struct {
	file     string
	opts     ImportOptions
	warnings []string

	links     map[string]*node
	linkOrder []string
	joints    map[string]*node
	jointList []*node
}

// errf returns an error located at element n of the named record.
func (b *builder) errf(n *node, record, attr, format string, args ...any) *Error {
	e := &Error{File: b.file, Record: record, Attr: attr, Msg: fmt.Sprintf(format, args...)}
	if n != nil {
		e.Line, e.Element = n.Line, n.Tag
	}
	return e
}

// warn records a warning located at element n of the named record.
func (b *builder) warn(n *node, record, format string, args ...any) {
	where := b.file
	if n != nil {
		where = fmt.Sprintf("%s:%d", b.file, n.Line)
	}
	if record != "" {
		where += ": " + record
	}
	if n != nil {
		where += ": <" + n.Tag + ">"
	}
	b.warnings = append(b.warnings, where+": "+fmt.Sprintf(format, args...))
}

// linkRecord and jointRecord name records in messages.
func linkRecord(name string) string  { return cmg.RecordName("link", name) }
func jointRecord(name string) string { return cmg.RecordName("joint", name) }

// groundLink is the conventional name of a URDF link that stands for the world.
const groundLink = cmg.DefaultGround

// run imports the document.
func (b *builder) run(data []byte) (*cmg.Graph, error) {
	root, err := parseXML(data, b.file)
	if err != nil {
		return nil, err
	}
	if root.Tag != "robot" {
		hint := ""
		if root.Tag == "mujoco" {
			hint = " (this looks like MJCF: use package mjcf)"
		}
		return nil, b.errf(root, "", "", "the root element must be <robot>%s", hint)
	}
	b.checkAttrs(root, "", "robot")
	g := &cmg.Graph{Schema: cmg.SchemaVersion, Ground: cmg.DefaultGround, Source: b.file}
	g.Name, _ = root.Attr("name")

	for _, c := range root.Children {
		if strings.Contains(c.Tag, "xacro") {
			return nil, b.errf(c, "", "", "xacro macros are not URDF: expand the file with xacro first")
		}
		switch c.Tag {
		case "link":
			name, ok := c.Attr("name")
			if !ok || name == "" {
				return nil, b.errf(c, "", "name", "required attribute missing")
			}
			if b.links[name] != nil {
				return nil, b.errf(c, linkRecord(name), "name", "link name is used twice (first at line %d)", b.links[name].Line)
			}
			b.links[name] = c
			b.linkOrder = append(b.linkOrder, name)
		case "joint":
			name, ok := c.Attr("name")
			if !ok || name == "" {
				return nil, b.errf(c, "", "name", "required attribute missing")
			}
			if b.joints[name] != nil {
				return nil, b.errf(c, jointRecord(name), "name", "joint name is used twice (first at line %d)", b.joints[name].Line)
			}
			b.joints[name] = c
			b.jointList = append(b.jointList, c)
		case "material":
			// rendering only
		case "transmission", "gazebo":
			b.warn(c, "", "not imported (actuation and simulator settings have no CMG counterpart here)")
		default:
			b.warn(c, "", "unknown element; ignored")
		}
	}
	if len(b.links) == 0 {
		return nil, b.errf(root, "", "", "the robot has no links")
	}

	parents := map[string][]string{}
	var joints []cmg.Joint
	var couplings []cmg.Coupling
	for _, n := range b.jointList {
		j, cp, err := b.readJoint(n)
		if err != nil {
			return nil, err
		}
		parents[j.BodyB] = append(parents[j.BodyB], j.ID)
		joints = append(joints, j)
		if cp != nil {
			couplings = append(couplings, *cp)
		}
	}
	for _, cp := range couplings {
		if err := b.checkMimic(cp, joints); err != nil {
			return nil, err
		}
	}

	_, hasWorld := b.links[groundLink]
	if ps := parents[groundLink]; hasWorld && len(ps) > 0 {
		return nil, b.errf(b.joints[ps[0]], jointRecord(ps[0]), "", "link %q stands for the ground and cannot be a child", groundLink)
	}
	var roots []string
	for _, l := range b.linkOrder {
		if l == groundLink {
			continue
		}
		switch ps := parents[l]; len(ps) {
		case 0:
			roots = append(roots, l)
		case 1:
		default:
			sort.Strings(ps)
			b.warn(b.links[l], linkRecord(l), "the child of several joints (%s): a closed chain, which URDF does not allow; imported as given", strings.Join(ps, ", "))
		}
	}
	var rootJoint *cmg.Joint
	switch {
	case hasWorld && len(roots) > 0:
		return nil, b.errf(b.links[roots[0]], linkRecord(roots[0]), "", "link is not connected to link %q (links without a parent: %s)", groundLink, strings.Join(roots, ", "))
	case hasWorld:
		if b.opts.Floating {
			b.warn(b.links[groundLink], linkRecord(groundLink), "the model attaches itself to the world link; the Floating option has no effect")
		}
	case len(roots) == 0:
		return nil, b.errf(root, "", "", "no root link: every link is the child of a joint")
	case len(roots) > 1:
		return nil, b.errf(b.links[roots[1]], linkRecord(roots[1]), "", "more than one root link (%s): a URDF robot is one tree", strings.Join(roots, ", "))
	default:
		typ, suffix := "fixed", "__fixed"
		if b.opts.Floating {
			typ, suffix = "free", "__free"
		}
		id := roots[0] + suffix
		for i := 2; b.joints[id] != nil; i++ {
			id = fmt.Sprintf("%s%s_%d", roots[0], suffix, i)
		}
		rootJoint = &cmg.Joint{ID: id, Type: typ, BodyA: cmg.DefaultGround, BodyB: roots[0]}
	}

	for _, l := range b.linkOrder {
		if l == groundLink {
			b.checkLink(b.links[l], l)
			continue
		}
		body, err := b.readLink(b.links[l], l)
		if err != nil {
			return nil, err
		}
		g.Bodies = append(g.Bodies, body)
	}
	if rootJoint != nil {
		g.Joints = append(g.Joints, *rootJoint)
	}
	g.Joints = append(g.Joints, joints...)
	g.Couplings = couplings
	return g, nil
}

// checkMimic checks that a mimic coupling joins two 1-DoF joints.
func (b *builder) checkMimic(cp cmg.Coupling, joints []cmg.Joint) error {
	types := map[string]string{}
	for _, j := range joints {
		types[j.ID] = j.Type
	}
	n := b.joints[cp.Slave].Child("mimic")
	rec := jointRecord(cp.Slave)
	mt, ok := types[cp.Master]
	switch {
	case !ok:
		return b.errf(n, rec, "joint", "unknown joint %q", cp.Master)
	case cp.Master == cp.Slave:
		return b.errf(n, rec, "joint", "a joint cannot mimic itself")
	case mt != "revolute" && mt != "prismatic":
		return b.errf(n, rec, "joint", "joint %q is %s: only revolute, continuous and prismatic joints can be mimicked", cp.Master, mt)
	case types[cp.Slave] != "revolute" && types[cp.Slave] != "prismatic":
		return b.errf(n, rec, "", "only revolute, continuous and prismatic joints can mimic another")
	}
	return nil
}
