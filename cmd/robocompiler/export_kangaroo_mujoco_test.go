//go:build mujoco

package main

import (
	"encoding/json"
	"math"
	"path/filepath"
	"testing"

	"github.com/robocompiler/robocompiler/backend/mujoco"
	"github.com/robocompiler/robocompiler/internal/testmodels"
	"github.com/robocompiler/robocompiler/robots"
)

// TestExportKangarooMuJoCo: the named Kangaroo (with universal cuts, which no MuJoCo
// equality expresses) exports with its universal joints in the file's tree and the loops
// they closed cut at revolute joints (connect pairs); MuJoCo 2.2.2 loads it, and at the
// assembled configuration (qpos0) every equality residual is at round-off.
func TestExportKangarooMuJoCo(t *testing.T) {
	t.Setenv(robots.ModelsEnv, testmodels.Dir(t))
	for _, name := range []string{"kangaroo", "kangaroo_floating"} {
		xml := filepath.Join(t.TempDir(), name+".xml")
		stdout, stderr, code := run(t, "export", name, "--format", "mjcf", "-o", xml, "--json")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", name, code, stderr)
		}
		var out struct {
			Cuts []struct{ ID, Source, Kind, Equality string } `json:"cuts"`
		}
		if err := json.Unmarshal([]byte(stdout), &out); err != nil {
			t.Fatal(err)
		}
		kinds := map[string]int{}
		for _, c := range out.Cuts {
			kinds[c.Kind+"→"+c.Equality]++
		}
		if len(out.Cuts) != 24 || kinds["point→connect"] != 20 || kinds["revolute→connect pair"] != 4 {
			t.Errorf("%s: export cuts %v", name, kinds)
		}
		m, err := mujoco.LoadXML(xml)
		if err != nil {
			t.Fatal(err)
		}
		d, err := m.NewData()
		if err != nil {
			t.Fatal(err)
		}
		if err := d.Forward(); err != nil {
			t.Fatal(err)
		}
		res := make([]float64, d.EqualityRows())
		if err := d.EqualityResiduals(res); err != nil {
			t.Fatal(err)
		}
		worst := 0.0
		for _, r := range res {
			worst = math.Max(worst, math.Abs(r))
		}
		t.Logf("%s: %d equality rows, largest residual %.3g m", name, len(res), worst)
		if len(res) != 20*3+4*6 || worst > 1e-10 {
			t.Errorf("%s: %d equality rows, largest residual %.3g", name, len(res), worst)
		}
		d.Close()
		m.Close()
	}
}
