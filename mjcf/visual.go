package mjcf

import (
	"fmt"
	"path/filepath"

	"github.com/robocompiler/robocompiler/spatial"
)

// Visual is one drawable <geom> of an MJCF model: a primitive shape or a mesh, placed in
// the frame of the CMG body that carries it. The import keeps geoms for drawing only;
// they have no counterpart among the physical records of a CMG.
type Visual struct {
	// Name is the geom's name ("" when unnamed); Body the CMG id of its body (the ground's
	// id for geoms of the world body).
	Name, Body string
	// Type is one of sphere, capsule, cylinder, box, ellipsoid, mesh, plane (hfield and
	// sdf geoms are not kept).
	Type string
	// Size are the MJCF sizes (m): radius for spheres, capsules and cylinders, half sizes
	// for boxes and ellipsoids, half extents for planes. HalfLength is the half-length (m)
	// of capsules and cylinders along the geom's z axis.
	Size       [3]float64
	HalfLength float64
	// Frame is the geom frame in the body frame.
	Frame spatial.Transform
	// RGBA is the colour, components in [0, 1].
	RGBA [4]float64
	// Group is the geom's visibility group (MuJoCo's viewer hides groups 3 to 5).
	Group int
	// Mesh is the mesh file of a mesh geom, resolved against the compiler's meshdir and
	// the model's directory (it need not exist); MeshScale its scale.
	Mesh      string
	MeshScale [3]float64
}

// meshAsset is a resolved <asset><mesh>.
type meshAsset struct {
	file  string
	scale [3]float64
}

// VisualsFile reads the MJCF model at path as ImportFile does and returns its drawable
// geoms in document order, with the import's warnings.
func VisualsFile(path string) ([]Visual, []string, error) {
	data, err := readModelFile(path)
	if err != nil {
		return nil, nil, &Error{File: path, Msg: fmt.Sprintf("cannot read model: %v", err)}
	}
	b := newBuilder(path)
	if err := b.run(data, filepath.Dir(path), path, path); err != nil {
		return nil, b.warnings, err
	}
	return b.resolveVisuals(filepath.Dir(path)), b.warnings, nil
}

// keepVisuals records the drawable geoms of body (a CMG body id or the ground's).
func (b *builder) keepVisuals(body string, geoms []*geom) error {
	for _, g := range geoms {
		if g.typ == "hfield" || g.typ == "sdf" {
			continue
		}
		v := Visual{Name: g.n.Name(), Body: body, Type: g.typ, HalfLength: g.half, Frame: g.X, RGBA: [4]float64{0.5, 0.5, 0.5, 1}}
		copy(v.Size[:], g.size)
		rgba, err := g.a.floats("rgba", 4, 4)
		if err != nil {
			return err
		}
		if rgba != nil {
			copy(v.RGBA[:], rgba)
		}
		grp, err := g.a.float("group", 0)
		if err != nil {
			return err
		}
		v.Group = int(grp)
		if g.typ == "mesh" {
			v.Mesh, _ = g.a.str("mesh") // the asset name, resolved once the assets are read
		}
		b.visuals = append(b.visuals, v)
	}
	return nil
}

// readAssets records the <mesh> elements of an <asset> section (by name; an unnamed mesh
// is named after its file without the extension, as MuJoCo does).
func (b *builder) readAssets(n *node) {
	for _, c := range n.Children {
		if c.Tag != "mesh" {
			continue
		}
		a := ownAttrs(c)
		file, _ := a.str("file")
		name := c.Name()
		if name == "" {
			name = trimExt(filepath.Base(file))
		}
		m := meshAsset{file: file, scale: [3]float64{1, 1, 1}}
		if s, err := a.floats("scale", 3, 3); err == nil && s != nil {
			copy(m.scale[:], s)
		}
		if b.meshes == nil {
			b.meshes = map[string]meshAsset{}
		}
		b.meshes[name] = m
	}
}

// resolveVisuals replaces mesh asset names by their files (relative to meshdir, which is
// relative to dir) and drops mesh geoms whose asset is not declared.
func (b *builder) resolveVisuals(dir string) []Visual {
	out := make([]Visual, 0, len(b.visuals))
	for _, v := range b.visuals {
		if v.Type == "mesh" {
			m, ok := b.meshes[v.Mesh]
			if !ok || m.file == "" {
				b.warnings = append(b.warnings, fmt.Sprintf("geom %q of body %q: mesh %q is not declared in <asset>; not drawn", v.Name, v.Body, v.Mesh))
				continue
			}
			v.Mesh = filepath.Join(dir, b.comp.meshdir, m.file)
			if filepath.IsAbs(m.file) {
				v.Mesh = m.file
			}
			v.MeshScale = m.scale
		}
		out = append(out, v)
	}
	return out
}

// trimExt returns name without its extension.
func trimExt(name string) string { return name[:len(name)-len(filepath.Ext(name))] }
