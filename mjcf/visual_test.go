package mjcf

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestVisualsFile: the drawable geoms keep their type, sizes, placement in the body
// frame (through <frame> and fromto), colour and group from defaults, and mesh files
// resolved through <asset> and meshdir.
func TestVisualsFile(t *testing.T) {
	dir := t.TempDir()
	doc := `<mujoco model="v">
  <compiler angle="radian" meshdir="parts"/>
  <default><default class="vis"><geom group="2" rgba="0.1 0.2 0.3 0.5"/></default></default>
  <asset><mesh name="shell" file="shell.stl" scale="1 -1 1"/><mesh file="bare.obj"/></asset>
  <worldbody>
    <geom name="floor" type="plane" size="2 2 0.1"/>
    <body name="link" pos="0 0 1">
      <joint name="j" type="hinge"/>
      <frame pos="0 0 0.5"><geom name="rod" class="vis" type="capsule" fromto="0 0 0 0.4 0 0" size="0.05"/></frame>
      <geom name="skin" type="mesh" mesh="shell"/>
      <geom name="plain" type="mesh" mesh="bare"/>
      <geom name="ghost" type="mesh" mesh="nowhere"/>
    </body>
  </worldbody>
</mujoco>`
	path := filepath.Join(dir, "v.xml")
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	vis, warnings, err := VisualsFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(vis) != 4 {
		t.Fatalf("%d visuals, want 4 (the undeclared mesh left out): %+v", len(vis), vis)
	}
	floor, rod, skin, plain := vis[0], vis[1], vis[2], vis[3]
	if floor.Body != "world" || floor.Type != "plane" || floor.Size != [3]float64{2, 2, 0.1} {
		t.Errorf("floor %+v", floor)
	}
	if rod.Body != "link" || rod.Type != "capsule" || rod.Group != 2 || rod.RGBA != [4]float64{0.1, 0.2, 0.3, 0.5} {
		t.Errorf("rod %+v", rod)
	}
	if p := rod.Frame.P; math.Abs(p[0]-0.2) > 1e-15 || math.Abs(p[2]-0.5) > 1e-15 || math.Abs(rod.HalfLength-0.2) > 1e-15 {
		t.Errorf("rod placed at %v with half-length %g, want (0.2, 0, 0.5) and 0.2", p, rod.HalfLength)
	}
	if z := rod.Frame.R.MulVec([3]float64{0, 0, 1}); math.Abs(z[0]-1) > 1e-12 {
		t.Errorf("rod axis %v, want x", z)
	}
	if skin.Mesh != filepath.Join(dir, "parts", "shell.stl") || skin.MeshScale != [3]float64{1, -1, 1} {
		t.Errorf("skin mesh %q scale %v", skin.Mesh, skin.MeshScale)
	}
	if plain.Mesh != filepath.Join(dir, "parts", "bare.obj") || plain.MeshScale != [3]float64{1, 1, 1} {
		t.Errorf("unnamed mesh asset: %q %v", plain.Mesh, plain.MeshScale)
	}
	found := false
	for _, w := range warnings {
		found = found || strings.Contains(w, `mesh "nowhere" is not declared`)
	}
	if !found {
		t.Errorf("warnings %q lack the undeclared mesh", warnings)
	}
}
