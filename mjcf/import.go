package mjcf

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/robocompiler/robocompiler/cmg"
)

// ImportOptions adjust how an MJCF model is converted.
type ImportOptions struct {
	// MergeConnectPairs replaces every two connect equalities between the same two
	// bodies by the one revolute or universal loop cut their geometry implies (see
	// builder.mergeConnectPairs); off, each connect is a point cut.
	MergeConnectPairs bool
	// SnapPlanarLoops makes loops closed by a point cut that are planar to within 1e-5
	// rad exactly planar (see builder.snapPlanarLoops), so that the cut's out-of-plane
	// row is exactly redundant instead of near-redundant; it warns which loops it
	// snapped.
	SnapPlanarLoops bool
}

// ImportFile reads the MJCF model at path (resolving its includes) and returns its
// canonical mechanism graph and the warnings raised while importing it.
func ImportFile(path string) (*cmg.Graph, []string, error) {
	return ImportFileWith(path, ImportOptions{})
}

// ImportFileWith reads the MJCF model at path with the given options.
func ImportFileWith(path string, opts ImportOptions) (*cmg.Graph, []string, error) {
	data, err := readModelFile(path)
	if err != nil {
		return nil, nil, &Error{File: path, Msg: fmt.Sprintf("cannot read model: %v", err)}
	}
	return importModel(data, filepath.Dir(path), path, path, opts)
}

// Import reads an MJCF document held in memory. dir is the directory that includes are
// resolved against and source names the document in errors and warnings.
func Import(data []byte, dir, source string) (*cmg.Graph, []string, error) {
	return ImportWith(data, dir, source, ImportOptions{})
}

// ImportWith is Import with the given options.
func ImportWith(data []byte, dir, source string, opts ImportOptions) (*cmg.Graph, []string, error) {
	return importModel(data, dir, source, "", opts)
}

// builder accumulates one import.
type builder struct {
	g        *cmg.Graph
	warnings []string
	ground   string
	opts     ImportOptions
	connects []connectRec

	comp       compilerOpts
	gravity    [3]float64
	gravityOff bool

	classes   map[string]*defaultClass
	rootClass *defaultClass

	bodies         map[string]*bodyInfo
	bodyIDs        map[string]bool
	reservedBodies map[string]bool
	joints         []*jointInfo
	jointByName    map[string]*jointInfo
	jointIDs       map[string]bool
	reservedJoints map[string]bool
	sites          map[string]*siteInfo
	siteIDs        map[string]bool
	reservedSites  map[string]bool
	tendons        map[string]*tendon
	eqIDs          map[string]bool
	actIDs         map[string]bool

	nbody, nsite, neq, ntendon, nact int

	visuals []Visual             // drawable geoms (VisualsFile)
	meshes  map[string]meshAsset // <asset><mesh> by name (VisualsFile)
}

// warn records a warning located at element n.
func (b *builder) warn(n *node, format string, args ...any) {
	b.warnings = append(b.warnings, where(n)+": "+fmt.Sprintf(format, args...))
}

// importModel runs the import; mainPath is the model file when known (registered so that
// including it again is caught).
func importModel(data []byte, dir, source, mainPath string, opts ImportOptions) (*cmg.Graph, []string, error) {
	b := newBuilder(source)
	b.opts = opts
	if err := b.run(data, dir, source, mainPath); err != nil {
		return nil, b.warnings, err
	}
	return b.g, b.warnings, nil
}

// newBuilder returns an empty builder for the document source.
func newBuilder(source string) *builder {
	return &builder{
		g:       &cmg.Graph{Schema: cmg.SchemaVersion, Ground: cmg.DefaultGround, Source: source},
		ground:  cmg.DefaultGround,
		comp:    defaultCompiler(),
		gravity: [3]float64{0, 0, -9.81},
		classes: map[string]*defaultClass{},
		bodies:  map[string]*bodyInfo{}, bodyIDs: map[string]bool{}, reservedBodies: map[string]bool{},
		jointByName: map[string]*jointInfo{}, jointIDs: map[string]bool{}, reservedJoints: map[string]bool{},
		sites: map[string]*siteInfo{}, siteIDs: map[string]bool{}, reservedSites: map[string]bool{},
		tendons: map[string]*tendon{}, eqIDs: map[string]bool{}, actIDs: map[string]bool{},
	}
}

// run imports the document section by section: compiler and option settings first (they
// govern how everything else is read), then defaults, the body tree, tendons, equality
// constraints, actuators and keyframes.
func (b *builder) run(data []byte, dir, source, mainPath string) error {
	root, err := parseXML(data, source)
	if err != nil {
		return err
	}
	if root.Tag != "mujoco" {
		hint := ""
		if root.Tag == "robot" {
			hint = " (this looks like URDF: use package urdf)"
		}
		return errAt(root, "", "the root element must be <mujoco>%s", hint)
	}
	inc := &includer{mainDir: dir, seen: map[string]string{}}
	if mainPath != "" {
		if abs, err := filepath.Abs(mainPath); err == nil {
			inc.seen[abs] = "the main model"
		}
	}
	if err := inc.expand(root, dir, 0); err != nil {
		return err
	}
	b.checkAttrs(root, "mujoco")
	b.g.Name = root.Name()
	if m, ok := root.Attr("model"); ok {
		b.g.Name = m
	}

	for _, s := range root.Children {
		var err error
		switch s.Tag {
		case "compiler":
			err = b.readCompiler(s)
		case "option":
			err = b.readOption(s)
		case "default":
			err = b.readDefault(s, nil)
		case "worldbody":
			b.reserveNames(s)
		}
		if err != nil {
			return err
		}
	}
	for _, s := range root.Children {
		if s.Tag == "worldbody" {
			if err := b.readWorld(s); err != nil {
				return err
			}
		}
	}
	for _, s := range root.Children {
		if s.Tag == "tendon" {
			if err := b.readTendons(s); err != nil {
				return err
			}
		}
	}
	var keys []*node
	for _, s := range root.Children {
		var err error
		switch s.Tag {
		case "compiler", "option", "default", "worldbody", "tendon":
		case "equality":
			err = b.readEquality(s)
		case "actuator":
			err = b.readActuators(s)
		case "keyframe":
			keys = append(keys, s)
		case "sensor":
			b.warn(s, "%d sensor(s) not imported (sensors have no CMG counterpart)", len(s.Children))
		case "deformable", "extension":
			b.warn(s, "<%s> is not supported; its contents are not imported", s.Tag)
		case "asset":
			b.readAssets(s)
		case "size", "visual", "statistic", "contact", "custom":
			// rendering, collision filtering, memory sizing and user data only
		default:
			b.warn(s, "unknown top-level element; ignored")
		}
		if err != nil {
			return err
		}
	}
	b.undrivenTendonLosses()
	if b.opts.MergeConnectPairs {
		if err := b.mergeConnectPairs(); err != nil {
			return err
		}
	}
	if b.opts.SnapPlanarLoops {
		if ids := b.snapPlanarLoops(); len(ids) > 0 {
			b.warnings = append(b.warnings, fmt.Sprintf("%s: %d planar loop(s) snapped to exact planarity (hinge axes made parallel, slide axes put in their plane): %s",
				b.g.Source, len(ids), strings.Join(ids, ", ")))
		}
	}
	b.setTotalMass()
	if b.gravityOff {
		b.gravity = [3]float64{}
	}
	g := b.gravity
	b.g.Gravity = &g
	return b.readKeyframes(keys)
}

// reserveNames records every body, joint and site name in the body tree, so that ids the
// importer generates never take a name that appears later in the file.
func (b *builder) reserveNames(n *node) {
	for _, c := range n.Children {
		if name := c.Name(); name != "" {
			switch c.Tag {
			case "body":
				b.reservedBodies[name] = true
			case "joint", "freejoint":
				b.reservedJoints[name] = true
			case "site":
				b.reservedSites[name] = true
			}
		}
		b.reserveNames(c)
	}
}

// setTotalMass applies compiler settotalmass: all masses and inertias are scaled so the
// total mass equals the setting.
func (b *builder) setTotalMass() {
	if b.comp.setTotalMass <= 0 {
		return
	}
	total := 0.0
	for _, bd := range b.g.Bodies {
		total += bd.Mass
	}
	if total <= 0 {
		return
	}
	s := b.comp.setTotalMass / total
	for i := range b.g.Bodies {
		bd := &b.g.Bodies[i]
		bd.Mass *= s
		for k := range bd.Inertia {
			bd.Inertia[k] *= s
		}
	}
}
