package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/internal/cli"
	"github.com/robocompiler/robocompiler/internal/testmodels"
	"github.com/robocompiler/robocompiler/urdf"
)

// dualArm is the URDF test model of package urdf.
var dualArm = filepath.Join("..", "..", "urdf", "testdata", "dual_arm.urdf")

// TestImportCommand runs import on the URDF test model: to a file, to stdout, with
// --json both ways, with --floating, and on bad input.
func TestImportCommand(t *testing.T) {
	dir := t.TempDir()
	g, warns, err := urdf.ImportFile(dualArm)
	if err != nil {
		t.Fatal(err)
	}
	want, err := g.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if len(warns) != 1 {
		t.Fatalf("the test model should draw exactly the <transmission> warning, got %v", warns)
	}
	warnLine := "warning: " + warns[0]

	t.Run("file", func(t *testing.T) {
		out := filepath.Join(dir, "arm.json")
		stdout, stderr, code := run(t, "import", dualArm, "-o", out)
		if code != 0 || !strings.Contains(stdout, dualArm+" → "+out+`: "dual_arm": 15 bodies, 15 joints`) || !strings.Contains(stdout, "1 warning") {
			t.Fatalf("exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
		}
		if strings.TrimSpace(stderr) != warnLine {
			t.Errorf("stderr %q, want the warning %q", stderr, warnLine)
		}
		got, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("written CMG differs from the importer's graph:\n%s", got)
		}
		if _, err := cmg.Parse(got, out); err != nil {
			t.Errorf("written CMG does not parse: %v", err)
		}
	})
	t.Run("stdout", func(t *testing.T) {
		for _, args := range [][]string{{"import", dualArm}, {"import", dualArm, "-o", "-"}} {
			stdout, stderr, code := run(t, args...)
			if code != 0 || stdout != string(want) || strings.TrimSpace(stderr) != warnLine {
				t.Errorf("%v: exit %d, stdout is the CMG: %v, stderr %q", args, code, stdout == string(want), stderr)
			}
		}
	})
	t.Run("json", func(t *testing.T) {
		out := filepath.Join(dir, "arm2.json")
		stdout, stderr, code := run(t, "import", "--json", dualArm, "-o", out)
		m := decodeOne(t, stdout)
		if code != 0 || m["output"] != out || m["model"] != dualArm || m["bodies"] != 15.0 || m["joints"] != 15.0 ||
			m["couplings"] != 2.0 || m["loop_cuts"] != 0.0 || strings.TrimSpace(stderr) != warnLine {
			t.Errorf("exit %d: %v\nstderr %s", code, m, stderr)
		}
		if w, _ := m["warnings"].([]any); len(w) != 1 || w[0] != warns[0] {
			t.Errorf("warnings %v, want %q", m["warnings"], warns[0])
		}
		if _, ok := m["cmg"]; ok {
			t.Error("the CMG went to a file: the report must not hold it")
		}
		if got, err := os.ReadFile(out); err != nil || string(got) != string(want) {
			t.Errorf("written CMG: %v", err)
		}
		stdout, _, code = run(t, "import", "--json", dualArm)
		var report struct {
			Output string          `json:"output"`
			CMG    json.RawMessage `json:"cmg"`
		}
		if err := json.Unmarshal([]byte(decodeOneRaw(t, stdout)), &report); err != nil || code != 0 || report.Output != "-" {
			t.Fatalf("exit %d: %v: report %s", code, err, stdout)
		}
		back, err := cmg.Parse(report.CMG, "embedded")
		if err != nil {
			t.Fatalf("embedded CMG does not parse: %v", err)
		}
		if again, _ := back.Marshal(); string(again) != string(want) {
			t.Errorf("embedded CMG differs from the importer's graph")
		}
	})
	t.Run("floating", func(t *testing.T) {
		stdout, _, code := run(t, "import", "--floating", dualArm)
		back, err := cmg.Parse([]byte(stdout), "floating")
		if code != 0 || err != nil {
			t.Fatalf("exit %d: %v", code, err)
		}
		if j := back.Joint("torso__free"); j == nil || j.Type != "free" || back.Joint("torso__fixed") != nil {
			t.Errorf("--floating: root joint %+v", j)
		}
		if _, stderr, code := run(t, "import", "--floating", "fourbar"); code != 2 || !strings.Contains(stderr, "URDF") {
			t.Errorf("--floating on a non-URDF model: exit %d, %s", code, stderr)
		}
	})
	t.Run("built-in", func(t *testing.T) {
		stdout, _, code := run(t, "import", "fourbar")
		if _, err := cmg.Parse([]byte(stdout), "fourbar"); code != 0 || err != nil {
			t.Errorf("built-in model: exit %d, %v", code, err)
		}
	})
	t.Run("errors", func(t *testing.T) {
		bad := filepath.Join(dir, "bad.urdf")
		if err := os.WriteFile(bad, []byte("<robot name=\"r\">\n  <link name=\"a\"/>\n  <joint name=\"j\" type=\"hinge\"/>\n</robot>\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, "never.json")
		stdout, stderr, code := run(t, "import", bad, "-o", out, "--json")
		var obj cli.ErrorObject
		jerr := json.Unmarshal([]byte(stdout), &obj)
		if code != 1 || jerr != nil || obj.Error.Code != 1 || obj.Error.File != bad || obj.Error.Line != 3 || obj.Error.Field != "type" ||
			!strings.Contains(stderr, bad+`:3: joint "j": <joint> attribute "type": "hinge" is not a URDF joint type`) {
			t.Errorf("bad URDF: exit %d\nstdout %q\nstderr %s", code, stdout, stderr)
		}
		if _, err := os.Stat(out); err == nil {
			t.Error("a failed import wrote its output")
		}
		if _, stderr, code := run(t, "import", filepath.Join(dir, "missing.urdf")); code != 1 || !strings.Contains(stderr, "missing.urdf") {
			t.Errorf("missing file: exit %d, %s", code, stderr)
		}
		if _, stderr, code := run(t, "import", dualArm, "-o", filepath.Join(dir, "no", "such", "dir.json")); code != 1 || !strings.Contains(stderr, "cannot write") {
			t.Errorf("unwritable output: exit %d, %s", code, stderr)
		}
		for _, args := range [][]string{{"import"}, {"import", dualArm, dualArm}, {"import", dualArm, "-o"}} {
			if _, stderr, code := run(t, args...); code != 2 {
				t.Errorf("%v: exit %d, want 2 (%s)", args, code, stderr)
			}
		}
	})
}

// decodeOneRaw requires stdout to be exactly one JSON object and returns it.
func decodeOneRaw(t *testing.T, stdout string) string {
	t.Helper()
	decodeOne(t, stdout)
	return stdout
}

// roundTripCase is one model file of the round-trip tests with what its import must give:
// record counts (bodies, joints, loop cuts, couplings, actuators, sites), seed names, the
// residual rows, and the rank and mobility after assembling from seed.
type roundTripCase struct {
	path           string
	counts         [6]int
	seeds          []string
	rows           int
	seed           string
	rank, mobility int
}

// roundTripCases lists the shared MJCF models and the URDF test model.
func roundTripCases(t *testing.T) []roundTripCase {
	return []roundTripCase{
		// Panda: 7 revolute + 2 prismatic, the finger equality as one coupling row.
		{testmodels.Path(t, testmodels.Panda), [6]int{12, 12, 0, 1, 8, 0}, []string{"default", "home"}, 1, "home", 1, 8},
		{testmodels.Path(t, testmodels.Go2), [6]int{13, 13, 0, 0, 12, 5}, []string{"default", "home"}, 0, "home", 0, 18},
		// Kangaroo: 28 connects (84 rows, 24 of them redundant) leave the 12 linear
		// motors' coordinates free (+6 floating).
		{testmodels.Path(t, testmodels.Kangaroo), [6]int{74, 74, 28, 0, 12, 0}, []string{"default", "home"}, 84, "home", 60, 18},
		{testmodels.Path(t, testmodels.KangarooFixed), [6]int{75, 75, 28, 0, 12, 0}, []string{"default"}, 84, "default", 60, 12},
		{dualArm, [6]int{15, 15, 0, 2, 0, 0}, []string{}, 2, "", 2, 10},
	}
}

// TestImportRoundTrip: for each model file, import → CMG JSON → cmg.Parse → compile gives
// the same compiled model, record for record and number for number, as compiling the
// file directly; and the residuals, Jacobians and assembly at every seed agree bit for bit.
func TestImportRoundTrip(t *testing.T) {
	for _, tc := range roundTripCases(t) {
		t.Run(filepath.Base(tc.path), func(t *testing.T) {
			g, _, err := robocompiler.LoadGraph(tc.path, false)
			if err != nil {
				t.Fatal(err)
			}
			data, err := g.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			back, err := cmg.Parse(data, "roundtrip.json")
			if err != nil {
				t.Fatalf("the imported CMG does not parse: %v", err)
			}
			direct, err := compile.Compile(g, compile.Options{})
			if err != nil {
				t.Fatal(err)
			}
			via, err := compile.Compile(back, compile.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if d := diffModels(direct, via); d != "" {
				t.Fatalf("compiled from CMG JSON differs from compiled from the file: %s", d)
			}
			gr := direct.Graph
			counts := [6]int{len(gr.Bodies), len(gr.Joints), len(gr.LoopCuts), len(gr.Couplings), len(gr.Actuators), len(gr.Sites)}
			if counts != tc.counts || direct.Rows != tc.rows {
				t.Errorf("bodies, joints, loop cuts, couplings, actuators, sites = %v, want %v; %d residual rows, want %d", counts, tc.counts, direct.Rows, tc.rows)
			}
			if names := direct.SeedNames(); !slices.Equal(names, tc.seeds) && !(len(names) == 0 && len(tc.seeds) == 0) {
				t.Errorf("seeds %v, want %v", names, tc.seeds)
			}
			for _, s := range append(direct.SeedNames(), "") {
				if d := diffAtSeed(direct, via, s); d != "" {
					t.Errorf("seed %q: %s", s, d)
				}
			}
			q0, err := direct.Seed(tc.seed)
			if err != nil {
				t.Fatal(err)
			}
			a, err := closure.Assemble(direct, q0, closure.AssembleOptions{})
			if err != nil {
				t.Fatalf("assemble from %q: %v", tc.seed, err)
			}
			d := closure.NewData(direct)
			d.Jacobian(a.Q)
			p, err := closure.ChoosePartition(direct, d.C, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			if p.Rank != tc.rank || p.Mobility != tc.mobility || a.GapM > 1e-12 || a.GapRad > 1e-12 {
				t.Errorf("assembled from %q: rank %d mobility %d (want %d, %d), gap %.3g m %.3g rad", tc.seed, p.Rank, p.Mobility, tc.rank, tc.mobility, a.GapM, a.GapRad)
			}
		})
	}
}

// diffModels returns the first difference between two compiled models, part by part
// (the source file name aside), or "".
func diffModels(a, b *compile.Model) string {
	ga, gb := *a.Graph, *b.Graph
	ga.Source, gb.Source = "", ""
	parts := []struct {
		name string
		x, y any
	}{
		{"bodies", a.Bodies, b.Bodies}, {"joints", a.Joints, b.Joints}, {"tree", a.Edges, b.Edges},
		{"cuts", a.Comparisons, b.Comparisons}, {"couplings", a.Couplings, b.Couplings},
		{"sizes", [6]int{a.NQ, a.NV, a.NQT, a.NVT, a.Rows, a.CycleRank}, [6]int{b.NQ, b.NV, b.NQT, b.NVT, b.Rows, b.CycleRank}},
		{"gravity", a.Gravity, b.Gravity}, {"actuators", ga.Actuators, gb.Actuators}, {"sites", ga.Sites, gb.Sites},
		{"seeds", ga.Seeds, gb.Seeds}, {"graph", ga, gb},
	}
	for _, p := range parts {
		if !reflect.DeepEqual(p.x, p.y) {
			return fmt.Sprintf("%s: %+v\nvs %+v", p.name, p.x, p.y)
		}
	}
	ca, cb := *a, *b
	ca.Graph, cb.Graph = nil, nil
	if !reflect.DeepEqual(ca, cb) {
		return "the compiled models differ outside the listed parts"
	}
	return ""
}

// diffAtSeed compares the seed configuration, residual and Jacobian of two models at the
// named seed ("" is the default), bit for bit.
func diffAtSeed(a, b *compile.Model, seed string) string {
	qa, errA := a.Seed(seed)
	qb, errB := b.Seed(seed)
	if errA != nil || errB != nil {
		return fmt.Sprintf("seed errors %v, %v", errA, errB)
	}
	if !slices.Equal(qa, qb) {
		return fmt.Sprintf("q %v vs %v", qa, qb)
	}
	da, db := closure.NewData(a), closure.NewData(b)
	da.Jacobian(qa)
	db.Jacobian(qb)
	if !slices.Equal(da.Rho, db.Rho) {
		return fmt.Sprintf("residual %v vs %v", da.Rho, db.Rho)
	}
	if da.C != nil && !reflect.DeepEqual(da.C.RawMatrix(), db.C.RawMatrix()) {
		return "closure Jacobians differ"
	}
	return ""
}

// TestImportRoundTripCLI: `import FILE -o OUT.json` then compile and assemble of OUT.json
// print exactly what they print for FILE.
func TestImportRoundTripCLI(t *testing.T) {
	dir := t.TempDir()
	for i, tc := range roundTripCases(t) {
		t.Run(filepath.Base(tc.path), func(t *testing.T) {
			out := filepath.Join(dir, fmt.Sprintf("%d.json", i))
			if _, stderr, code := run(t, "import", tc.path, "-o", out); code != 0 {
				t.Fatalf("import: exit %d: %s", code, stderr)
			}
			for _, cmd := range [][]string{{"compile", "--json"}, {"assemble", "--json", "--seed", tc.seed}} {
				fromFile, stderr, code := run(t, append(cmd, tc.path)...)
				if code != 0 {
					t.Fatalf("%v %s: exit %d: %s", cmd, tc.path, code, stderr)
				}
				fromJSON, stderr, code := run(t, append(cmd, out)...)
				if code != 0 {
					t.Fatalf("%v %s: exit %d: %s", cmd, out, code, stderr)
				}
				if fromFile != fromJSON {
					t.Errorf("%v differs:\n%s\nvs\n%s", cmd, fromFile, fromJSON)
				}
			}
		})
	}
}

// TestRoundTripDetects makes sure the round-trip comparison can fail: one ulp of one
// joint position, or one renamed seed, is a difference.
func TestRoundTripDetects(t *testing.T) {
	g, _, err := robocompiler.LoadGraph(dualArm, false)
	if err != nil {
		t.Fatal(err)
	}
	g.Seeds = map[string]map[string]cmg.Values{"s": {"left_elbow": {0.5}}}
	for _, edit := range []func(*cmg.Graph){
		func(h *cmg.Graph) {
			h.Joint("left_elbow").FrameA.Pos[2] = math.Nextafter(h.Joint("left_elbow").FrameA.Pos[2], 0)
		},
		func(h *cmg.Graph) { h.Seeds = map[string]map[string]cmg.Values{"t": {"left_elbow": {0.5}}} },
		func(h *cmg.Graph) { h.Seeds["s"]["left_elbow"][0] = 0.5000001 },
	} {
		h := g.Clone()
		edit(h)
		a, errA := compile.Compile(g, compile.Options{})
		b, errB := compile.Compile(h, compile.Options{})
		if errA != nil || errB != nil {
			t.Fatal(errA, errB)
		}
		if diffModels(a, b) == "" {
			t.Error("an edited graph compiled to an equal model")
		}
	}
	a, _ := compile.Compile(g, compile.Options{})
	if diffModels(a, a) != "" || diffAtSeed(a, a, "s") != "" {
		t.Error("a model differs from itself")
	}
}
