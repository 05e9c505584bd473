package robocompiler_test

import (
	"os"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler"
)

// LoadBytes compiles the same model as Load from the file's text, and names the source
// and the valid formats in its errors.
func TestLoadBytes(t *testing.T) {
	path := "robots/data/excavator.json"
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	a, err := robocompiler.Load(path, robocompiler.Options{Partition: "joint_space"})
	if err != nil {
		t.Fatal(err)
	}
	b, err := robocompiler.LoadBytes(text, "cmg", "mem.json", robocompiler.Options{Partition: "joint_space"})
	if err != nil {
		t.Fatal(err)
	}
	if a.NQ != b.NQ || a.NV != b.NV || a.Rows != b.Rows || len(a.Request) != len(b.Request) {
		t.Fatalf("sizes differ: %d %d %d vs %d %d %d", a.NQ, a.NV, a.Rows, b.NQ, b.NV, b.Rows)
	}
	xml, err := os.ReadFile("../shared/models/menagerie/franka_emika_panda/panda.xml")
	if err == nil {
		if _, err := robocompiler.LoadBytes(xml, "mjcf", "panda.xml", robocompiler.Options{}); err != nil && !strings.Contains(err.Error(), "mesh") {
			t.Logf("panda from memory: %v (meshes resolve against the current directory)", err)
		}
	}
	if _, err := robocompiler.LoadBytes([]byte("{"), "cmg", "broken.json", robocompiler.Options{}); err == nil || !strings.Contains(err.Error(), "broken.json") {
		t.Fatalf("malformed JSON: %v", err)
	}
	if _, err := robocompiler.LoadBytes(text, "sdf", "x", robocompiler.Options{}); err == nil || !strings.Contains(err.Error(), "valid: cmg, mjcf, urdf") {
		t.Fatalf("unknown format: %v", err)
	}
	if _, err := robocompiler.LoadBytes([]byte(`<robot name="r"><link name="a"/></robot>`), "urdf", "r.urdf", robocompiler.Options{}); err != nil {
		t.Fatalf("one-link URDF: %v", err)
	}
}
