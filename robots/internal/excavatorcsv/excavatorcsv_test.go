package excavatorcsv

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
)

func TestParseReadmeTables(t *testing.T) {
	seed, err := parseSeed("x\n<!-- seed -->\n| joint | seed |\n|---|---|\n| p0 | -2.5e-13 |\n| q1 | 0.0 |\n<!-- /seed -->\n")
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]cmg.Values{"p0": {-2.5e-13}, "q1": {0}}; !reflect.DeepEqual(seed, want) {
		t.Errorf("seed %v, want %v", seed, want)
	}
	req, err := parseRequests("| request | joints |\n|---|---|\n| `a` | q1, p2 |\n")
	if err != nil || !reflect.DeepEqual(req, map[string][]string{"a": {"q1", "p2"}}) {
		t.Errorf("requests %v, %v", req, err)
	}
	g, err := parseGravity("(0, 0, −9.81) m/s² in the world frame.")
	if err != nil || *g != [3]float64{0, 0, -9.81} {
		t.Errorf("gravity %v, %v", g, err)
	}
	bw, err := parseBranchWindow("revolute joints within ±3.0 rad of their seed, prismatic joints within ±1.8 m.")
	if err != nil || *bw != (cmg.BranchWindow{RevoluteRad: 3, PrismaticM: 1.8}) {
		t.Errorf("branch window %v, %v", bw, err)
	}
	if _, err := parseSeed("no markers"); err == nil {
		t.Error("seed without markers parsed")
	}
}

func TestFrameOfRows(t *testing.T) {
	f := frameOfRows([]float64{1, 0, 0, 1, 0, 1, 0, 2, 0, 0, 1, 3})
	if f.Pos != [3]float64{1, 2, 3} || f.Rot != nil {
		t.Errorf("identity block: %+v", f)
	}
	f = frameOfRows([]float64{0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0})
	if f.Rot == nil || *f.Rot != [9]float64{0, -1, 0, 1, 0, 0, 0, 0, 1} {
		t.Errorf("rotation block: %+v", f)
	}
}

func TestConvertReportsBadCell(t *testing.T) {
	src := filepath.Join("..", "..", "..", "..", "shared", "models", "excavator")
	if _, err := os.Stat(src); err != nil {
		t.Skipf("excavator figures not found at %s", src)
	}
	dir := t.TempDir()
	for _, f := range []string{"bodies.csv", "joints.csv", "actuators.csv", "README.md"} {
		b, err := os.ReadFile(filepath.Join(src, f))
		if err != nil {
			t.Fatal(err)
		}
		if f == "bodies.csv" {
			b = []byte(strings.Replace(string(b), "60.95193087991505", "60.9x", 1))
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, err := Convert(dir)
	if err == nil || !strings.Contains(err.Error(), "bodies.csv: line 2, column mass_kg") {
		t.Errorf("error %v, want it to locate bodies.csv line 2 mass_kg", err)
	}
}
