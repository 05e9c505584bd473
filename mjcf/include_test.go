package mjcf

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeFiles creates files (path → content) under dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for p, c := range files {
		full := filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestIncludes checks includes at top level, inside <asset> and inside a body, nested
// includes resolved relative to the including file, and settings from included files.
func TestIncludes(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"main.xml": `<mujoco model="inc">
  <include file="sub/common.xml"/>
  <asset><include file="sub/assets.xml"/></asset>
  <worldbody>
    <body name="base"><joint name="j0"/><geom size="1"/>
      <include file="parts/leg.xml"/>
    </body>
  </worldbody>
  <include file="sub/eq.xml"/>
</mujoco>`,
		"sub/common.xml": `<mujoco><compiler angle="radian"/><include file="nested.xml"/></mujoco>`,
		"sub/nested.xml": `<mujocoinclude><default><joint damping="3"/></default></mujocoinclude>`,
		"sub/assets.xml": `<mujoco><mesh name="m" file="absent.stl"/></mujoco>`,
		"sub/eq.xml":     `<mujoco><equality><connect name="c" body1="leg" anchor="0 0 1"/></equality></mujoco>`,
		"parts/leg.xml":  `<mujoco><body name="leg" pos="0 0 1"><joint name="j1" range="-1 1"/><geom size="1"/></body></mujoco>`,
	})
	g, warns, err := ImportFile(filepath.Join(dir, "main.xml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(warns) != 0 {
		t.Errorf("warnings: %v", warns)
	}
	j1 := g.Joint("j1")
	if j1 == nil || j1.BodyA != "base" || j1.Damping != 3 || j1.Limits == nil || j1.Limits.Upper[0] != 1 {
		t.Errorf("j1 = %+v (radian range and damping come from included files)", j1)
	}
	if c := g.LoopCut("c"); c == nil || c.BodyA != "leg" || c.FrameB.Pos != [3]float64{0, 0, 2} {
		t.Errorf("connect from an included file: %+v", c)
	}
	if g.Name != "inc" {
		t.Errorf("model name %q", g.Name)
	}
}

func TestIncludeErrors(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"twice.xml":   `<mujoco><include file="a.xml"/><include file="a.xml"/></mujoco>`,
		"a.xml":       `<mujoco><option/></mujoco>`,
		"cycle.xml":   `<mujoco><include file="cycle.xml"/></mujoco>`,
		"missing.xml": `<mujoco>` + "\n" + `<include file="nowhere.xml"/></mujoco>`,
		"empty.xml":   `<mujoco><include file="e.xml"/></mujoco>`,
		"e.xml":       `<mujoco></mujoco>`,
		"bad.xml":     `<mujoco><include file="broken.xml"/></mujoco>`,
		"broken.xml":  "<mujoco>\n<worldbody>\n<body name=\"x\"\n</mujoco>",
	})
	for _, tc := range []struct{ file, where, phrase string }{
		{"twice.xml", "twice.xml:1", "more than once"},
		{"cycle.xml", "cycle.xml:1", "more than once"},
		{"missing.xml", "missing.xml:2", "not found"},
		{"empty.xml", "empty.xml:1", "no elements"},
		{"bad.xml", "broken.xml:4", "malformed XML"},
	} {
		_, _, err := ImportFile(filepath.Join(dir, tc.file))
		if err == nil || !strings.Contains(err.Error(), tc.where) || !strings.Contains(err.Error(), tc.phrase) {
			t.Errorf("%s: error %v, want %q and %q", tc.file, err, tc.where, tc.phrase)
		}
	}
}
