//go:build mujoco

package mujoco

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLoadMalformedXML(t *testing.T) {
	_, err := LoadXMLString(`<mujoco><worldbody><body></worldbody></mujoco>`, nil)
	var le *LoadError
	if !errors.As(err, &le) {
		t.Fatalf("malformed XML: err = %v, want *LoadError", err)
	}
	if !strings.Contains(le.Msg, "XML parse error") {
		t.Errorf("message is not MuJoCo's parse error: %q", le.Msg)
	}
	t.Logf("malformed: %v", err)
}

func TestLoadCompileError(t *testing.T) {
	_, err := LoadXMLString(`<mujoco><worldbody><body><joint type="hinge"/></body></worldbody>
<equality><connect body1="nope" anchor="0 0 0"/></equality></mujoco>`, nil)
	var le *LoadError
	if !errors.As(err, &le) || !strings.Contains(le.Msg, "nope") {
		t.Fatalf("unknown body in connect: err = %v, want MuJoCo's message naming it", err)
	}
	t.Logf("compile: %v", err)
	_, err = LoadXMLString(`<mujoco><worldbody><body><joint type="hinge" bogus="1"/></body></worldbody></mujoco>`, nil)
	if err == nil || !strings.Contains(err.Error(), "bogus") {
		t.Fatalf("unknown attribute: err = %v", err)
	}
	t.Logf("schema: %v", err)
}

func TestLoadMissingFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "missing.xml")
	_, err := LoadXML(path)
	var le *LoadError
	if !errors.As(err, &le) || le.Msg == "" {
		t.Fatalf("missing file: err = %v, want *LoadError with MuJoCo's message", err)
	}
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: errors.Is(err, fs.ErrNotExist) is false: %v", err)
	}
	if le.Path != path {
		t.Errorf("LoadError.Path = %q, want %q", le.Path, path)
	}
	t.Logf("missing: %v", err)
}

func TestLoadXMLFromDisk(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pendulum.xml")
	must(t, os.WriteFile(path, []byte(pendulumXML), 0o644))
	m, err := LoadXML(path)
	must(t, err)
	defer m.Close()
	if m.NQ() != 1 || m.JointNames()[0] != "hinge" {
		t.Errorf("loaded nq=%d joints=%q", m.NQ(), m.JointNames())
	}
}

// An include and a mesh, both only in memory, resolve through the VFS.
func TestLoadXMLStringAssets(t *testing.T) {
	mesh := "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n"
	body := `<mujoco><worldbody><body name="inc"><joint type="slide"/>
<geom type="mesh" mesh="tet"/></body></worldbody></mujoco>`
	xml := `<mujoco><compiler meshdir="meshes"/>
<asset><mesh name="tet" file="Tet.obj"/></asset>
<include file="parts/body.xml"/></mujoco>`
	m, err := LoadXMLString(xml, map[string][]byte{
		"meshes/tet.obj": []byte(mesh),
		"body.xml":       []byte(body),
	})
	if err != nil {
		t.Fatalf("load with in-memory mesh and include: %v", err)
	}
	defer m.Close()
	if _, err := m.BodyID("inc"); err != nil {
		t.Error(err)
	}

	// Keys that collide in MuJoCo's VFS (base name, lower case) are rejected.
	_, err = LoadXMLString(xml, map[string][]byte{"a/tet.obj": []byte(mesh), "b/TET.obj": []byte(mesh)})
	if err == nil || !strings.Contains(err.Error(), "collides") {
		t.Errorf("colliding asset names: err = %v", err)
	}
	for _, bad := range []map[string][]byte{{"dir/": []byte("x")}, {"empty.obj": nil}} {
		if _, err := LoadXMLString(xml, bad); err == nil {
			t.Errorf("invalid assets %q: no error", bad)
		}
	}
	// A missing mesh is MuJoCo's error.
	_, err = LoadXMLString(xml, map[string][]byte{"body.xml": []byte(body)})
	if err == nil {
		t.Fatal("missing mesh: no error")
	}
	t.Logf("missing mesh: %v", err)
}

func TestCloseLifecycle(t *testing.T) {
	m, err := LoadXMLString(pendulumXML, nil)
	must(t, err)
	d, err := m.NewData()
	must(t, err)
	m.Close() // deferred: d is still open
	must(t, d.SetQpos([]float64{0.2}))
	must(t, d.Forward())
	M := make([]float64, 1)
	must(t, d.FullM(M))
	d.Close()
	d.Close()
	if err := d.Forward(); !errors.Is(err, ErrClosed) {
		t.Errorf("Forward after Close: %v", err)
	}
	if _, err := m.NewData(); !errors.Is(err, ErrClosed) {
		t.Errorf("NewData after Model.Close: %v", err)
	}
	if m.NQ() != 0 || m.JointNames() != nil {
		t.Errorf("closed model still answers: nq=%d", m.NQ())
	}
	m.Close()
}

func TestVersion(t *testing.T) {
	if LibraryVersion() != HeaderVersion {
		t.Errorf("linked MuJoCo %s (%d) differs from headers %d", Version(), LibraryVersion(), HeaderVersion)
	}
	t.Logf("MuJoCo %s", Version())
}
