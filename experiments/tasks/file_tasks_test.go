package tasks

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/experiments/taskfile"
	"github.com/robocompiler/robocompiler/internal/testfix"
	"github.com/robocompiler/robocompiler/internal/testmodels"
	"github.com/robocompiler/robocompiler/mjcf"
	"github.com/robocompiler/robocompiler/sim"
)

// TestFiveBarCircle: the five-bar, which has no Go task, tracks a 3-cm circle with its
// tool point from the task file alone: with the feedforward the tool stays within 0.5 mm
// RMS of the circle after the fade-in (0.24 mm), more than ten times closer than without
// it (7.2 mm); the loop closes to round-off and the energy balance holds.
func TestFiveBarCircle(t *testing.T) {
	res, err := runFile(t, "fivebar_circle", testfix.Builtin(t, "fivebar"), 0)
	if err != nil {
		t.Fatal(err)
	}
	ff, pd := metric(t, res, "tool_rms_mm_pd_ff"), metric(t, res, "tool_rms_mm_pd")
	t.Logf("tool RMS over [1, 4] s: PD+FF %.3g mm, PD %.3g mm", ff, pd)
	if !(ff < 0.5 && pd > 10*ff) {
		t.Errorf("tool RMS PD+FF %.3g mm, PD %.3g mm: want under 0.5 mm and ten times better than PD", ff, pd)
	}
	checkGaps(t, res, 1e-12)
	for _, r := range res.Runs {
		if d, s := balanceDrift(t, r.Log); !(d < 1e-6*s) {
			t.Errorf("run %s: energy balance drifts by %.3g J against %.3g J", r.Name, d, s)
		}
	}
}

// TestGo2SupportSchedule: the Go2 steps from a support schedule written in a task file:
// five mode changes (the first support set and four switches), logged as events and
// marked on the figures; the point supports hold to round-off, the base tracks to a tenth
// of a millimetre and the swing feet to two millimetres (against the model's joint
// friction), within the Go2's torque limits; the support count visits 3 and 4 feet.
func TestGo2SupportSchedule(t *testing.T) {
	g, _, err := mjcf.ImportFile(testmodels.Path(t, testmodels.Go2))
	if err != nil {
		t.Fatal(err)
	}
	res, err := runFile(t, "go2_support", g, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range res.Metrics {
		t.Logf("%s = %.6g", m.Name, m.Value)
	}
	modes := 0
	for _, e := range res.Runs[0].Events {
		if e.Kind == sim.EventMode {
			modes++
		}
	}
	if n := metric(t, res, "mode_switches"); n != 5 || modes != 5 {
		t.Errorf("%g mode switches, %d mode events; want 5", n, modes)
	}
	if g := metric(t, res, "support_gap_max_m"); !(g < 1e-10) {
		t.Errorf("support gap %.3g m", g)
	}
	if e := metric(t, res, "base_rms_mm"); !(e < 0.2) {
		t.Errorf("base RMS %.3g mm", e)
	}
	if e := metric(t, res, "swing_err_max_mm"); !(e < 2.5) {
		t.Errorf("swing-foot error up to %.3g mm", e)
	}
	if f := metric(t, res, "peak_torque_Nm"); !(f > 1 && f < 23.7) {
		t.Errorf("peak torque %.3g N·m", f)
	}
	l := res.Runs[0].Log
	col, feet := l.Index("supports"), map[float64]bool{}
	for r := range l.Rows() {
		feet[l.Row(r)[col]] = true
	}
	if !feet[3] || !feet[4] || len(feet) != 2 {
		t.Errorf("support sets visited: %v, want 3 and 4 feet", feet)
	}
	// The five mode events are written to the run's events file and marked on its figures.
	names, _ := res.EventFiles()
	if len(names) != 1 || names[0] != res.Runs[0].Name+"_events.csv" {
		t.Errorf("event files %v", names)
	}
	for _, fig := range res.Figures {
		if fig.File == "go2_tracking.png" && (len(fig.Plot.Series) != 3 || len(fig.Plot.Markers) != 5) {
			t.Errorf("go2_tracking.png: %d series and %d markers, want 3 errors and 5 event markers", len(fig.Plot.Series), len(fig.Plot.Markers))
		}
	}
}

// fourBarRocker is a four-bar whose requested independent coordinate is the rocker angle
// while computed torque drives the crank through a full turn: the rocker's extreme
// position makes the request singular within the first second.
const fourBarRocker = `
model: fourbar
partition: [rocker_pivot]
duration: 2
step: 0.001
reconfigure: off
references:
  - name: crank
    coordinates: [crank_pivot]
    relative: true
    values:
      waypoints: {times: [0, 2], values: [[0], [6.283185307179586]]}
controller: {kind: computed_torque, reference: crank, kp: 400, kd: 40}
`

// TestRolloutFailsMidway: a rollout that cannot go on returns a RolloutError naming the
// run and the time, with the rows logged up to there.
func TestRolloutFailsMidway(t *testing.T) {
	f, err := taskfile.Parse(filepath.Join(t.TempDir(), "rocker.yaml"), []byte(fourBarRocker))
	if err != nil {
		t.Fatal(err)
	}
	res, err := RunFile(f, testfix.Builtin(t, "fourbar"), Options{})
	var re *RolloutError
	if !errors.As(err, &re) || re.Run != "rocker" || !strings.Contains(err.Error(), "t = ") {
		t.Fatalf("error %v: want a RolloutError of run rocker naming the time", err)
	}
	t.Log(err)
	if res == nil || len(res.Runs) != 1 || res.Runs[0].Log.Rows() < 10 {
		t.Fatalf("the failed run's log is missing: %+v", res)
	}
	tc, _ := res.Runs[0].Log.Column("t")
	if last := tc[len(tc)-1]; !(last > 0.1 && last < 2) {
		t.Errorf("the log ends at t = %g s", last)
	}
}

// TestReconfigureThroughFile: with the tracker re-deciding before the rocker's fold
// (rcond_tol: 0.01), reconfigure: off stops the run with sim's SingularPartitionError of
// the rocker angle, naming the crank angle it would have switched to.
func TestReconfigureThroughFile(t *testing.T) {
	src := strings.Replace(fourBarRocker, "reconfigure: off\n", "reconfigure: off\nrcond_tol: 0.01\n", 1)
	f, err := taskfile.Parse(filepath.Join(t.TempDir(), "rocker.yaml"), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	_, err = RunFile(f, testfix.Builtin(t, "fourbar"), Options{Duration: 1})
	var sp *sim.SingularPartitionError
	if !errors.As(err, &sp) || len(sp.Independent) != 1 || sp.Independent[0] != "rocker_pivot" {
		t.Fatalf("reconfigure off: %v; want a SingularPartitionError of rocker_pivot", err)
	}
	if len(sp.Alternative) != 1 || sp.Alternative[0] != "crank_pivot" {
		t.Errorf("alternative %v, want crank_pivot", sp.Alternative)
	}
	t.Log(err)
}

// TestTaskFileCSVReference: a reference read from a CSV file (time column and value
// columns, linear interpolation) runs, and one naming a missing column is refused before
// anything runs, naming the file, the field and the columns the CSV has.
func TestTaskFileCSVReference(t *testing.T) {
	dir := t.TempDir()
	csv := "t,crank\n0,0\n0.5,0.2\n1,0.2\n"
	if err := os.WriteFile(filepath.Join(dir, "ref.csv"), []byte(csv), 0o644); err != nil {
		t.Fatal(err)
	}
	task := `
model: fourbar
partition: crank
duration: 1
step: 0.001
references:
  - name: crank
    coordinates: [crank_pivot]
    relative: true
    values: {csv: {file: ref.csv, columns: [COLUMN], interpolation: cubic}}
controller: {kind: computed_torque, reference: crank, kp: 400, kd: 40}
metrics: [{name: crank_rms_rad, rms: "err:crank"}]
`
	path := filepath.Join(dir, "csv.yaml")
	f, err := taskfile.Parse(path, []byte(strings.Replace(task, "COLUMN", "crank", 1)))
	if err != nil {
		t.Fatal(err)
	}
	res, err := RunFile(f, testfix.Builtin(t, "fourbar"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if e := metric(t, res, "crank_rms_rad"); !(e < 1e-4) {
		t.Errorf("crank RMS %.3g rad", e)
	}
	f, err = taskfile.Parse(path, []byte(strings.Replace(task, "COLUMN", "rocker", 1)))
	if err != nil {
		t.Fatal(err)
	}
	_, err = RunFile(f, testfix.Builtin(t, "fourbar"), Options{})
	var te *taskfile.Error
	if !errors.As(err, &te) || te.Field != "references[0].values.csv.columns[0]" || te.Line != 10 ||
		!strings.Contains(te.Message, `no column "rocker"`) || !strings.Contains(te.Message, "t, crank") {
		t.Errorf("missing CSV column: %v (%+v)", err, te)
	}
	for _, c := range []struct{ csv, msg string }{
		{"t,crank\n0,0\n0.5,0.2\n0.5,0.3\n", "ref.csv:4: time 0.5 s does not increase"},
		{"t,crank\n0,0\n0.5,nan\n", `ref.csv:3: column "crank": "nan" is not a finite number`},
		{"t,crank\n", "no data rows"},
	} {
		if err := os.WriteFile(filepath.Join(dir, "ref.csv"), []byte(c.csv), 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := taskfile.Parse(path, []byte(strings.Replace(task, "COLUMN", "crank", 1)))
		if err != nil {
			t.Fatal(err)
		}
		_, err = RunFile(f, testfix.Builtin(t, "fourbar"), Options{})
		if !errors.As(err, &te) || te.Field != "references[0].values.csv.file" || !strings.Contains(te.Message, c.msg) {
			t.Errorf("CSV %q: %v; want %q", c.csv, err, c.msg)
		}
	}
}

// TestTaskFileNamesChecked: names the model lacks are refused before anything runs, as
// task file errors naming the line and field and listing the valid names.
func TestTaskFileNamesChecked(t *testing.T) {
	base, err := Get("fivebar_circle")
	if err != nil {
		t.Fatal(err)
	}
	src := string(base.Source)
	for _, c := range []struct {
		from, to, field, msg string
	}{
		{"site: tool ", "site: toool ", "references[0].site", `"toool": no such site or body (sites and bodies: tool, left_proximal`},
		{"partition: cranks", "partition: crank", "partition", `"crank"`},
		{"partition: cranks", "partition: [left_shoulder, elbow]", "partition[1]", `"elbow": no such joint (joints: left_shoulder, right_shoulder`},
		{"model: fivebar", "model: fivebar\nstart: {seed: up}", "start.seed", `"up": no such seed or keyframe in fivebar (has: default)`},
		{"controller:", "disturbances: [{body: hand, force: [1, 0, 0], start: 0, end: 1}]\ncontroller:", "disturbances[0].body", `"hand": no such body (bodies: left_proximal`},
		{"controller:", "add_ports: [{id: m, joint: wristt}]\ncontroller:", "add_ports[0].joint", `"wristt": no such joint`},
		{`rms: "err:tool"`, `rms: "err:tol"`, "metrics[0].rms", `"err:tol": no such log column (columns: t, gap_m`},
		{`peak: ["f:"]`, `peak: ["force:"]`, "metrics[1].peak[0]", `"force:": no log column starts with it`},
		{"targets: [tool]", "targets: [tool]\n  ports: [left_motor, middle_motor]", "controller.ports[1]", `"middle_motor": no such port (ports: left_motor, right_motor)`},
		{"  - {name: pd, feedforward: false}", "  - {name: pd, feedforward: false, payload: [{body: nope, mass: 1}]}", "runs[1].payload[0].body", `"nope": no such body`},
	} {
		mod := strings.Replace(src, c.from, c.to, 1)
		if mod == src {
			t.Fatalf("mutation %q did not apply", c.from)
		}
		f, err := taskfile.Parse("tasks/bad.yaml", []byte(mod))
		if err != nil {
			t.Fatalf("%s: %v", c.to, err)
		}
		res, err := RunFile(f, testfix.Builtin(t, "fivebar"), Options{Duration: 0.01})
		var te *taskfile.Error
		if !errors.As(err, &te) || te.Field != c.field || te.Line == 0 || !strings.Contains(te.Message, c.msg) || res != nil {
			t.Errorf("%s: %v (field %q); want field %q with %q and no result", c.to, err, fieldOf(te), c.field, c.msg)
		}
	}
	// An unknown coordinate and an unknown port of a reference list the valid ones.
	dig, err := Get("dig_cycle")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ from, to, field, msg string }{
		{"coordinates: [q23,", "coordinates: [q99,", "references[0].coordinates[0]", `"q99": not a 1-DoF joint (coordinates: p0, p1`},
		{"ports: [drive_p1,", "ports: [drive_p9,", "controller.ports[0]", `"drive_p9": no such port (ports: drive_p0, drive_p1`},
	} {
		f, err := taskfile.Parse("tasks/bad.yaml", []byte(strings.Replace(string(dig.Source), c.from, c.to, 1)))
		if err != nil {
			t.Fatal(err)
		}
		_, err = RunFile(f, testfix.Builtin(t, "excavator"), Options{Duration: 0.01})
		var te *taskfile.Error
		if !errors.As(err, &te) || te.Field != c.field || !strings.Contains(te.Message, c.msg) {
			t.Errorf("%s: %v; want field %q with %q", c.to, err, c.field, c.msg)
		}
	}
	// A port_pd whose ports are not the independent coordinates is refused.
	kangaroo := strings.Replace(src, "kind: task_pd", "kind: port_pd\n  reference: tool\n  legs: [{port: left_motor, ground: left_shoulder, body: left_elbow}]", 1)
	f, err := taskfile.Parse("tasks/bad.yaml", []byte(kangaroo))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := RunFile(f, testfix.Builtin(t, "fivebar"), Options{Duration: 0.01}); err == nil || !strings.Contains(err.Error(), "controller.legs") {
		t.Errorf("port_pd on legs of a site that is not a body: %v", err)
	}
}

// fieldOf returns the field of a task file error (or "").
func fieldOf(e *taskfile.Error) string {
	if e == nil {
		return ""
	}
	return e.Field
}

// pandaQP is a Panda task file: a tool point added to the hand traces a 10-cm circle,
// resolved by the redundancy QP with every arm joint's speed bounded by SPEED rad/s.
const pandaQP = `
model: MODEL
start: {seed: home}
add_sites: [{id: tool, body: hand, point: [0, 0, 0.1034]}]
duration: 4
step: 0.001
integrator: euler
log_every: 10
references:
  - name: tool
    site: tool
    relative: true
    position:
      fade_in: 0.5
      sine:
        - {amplitude: 0.10, frequency: 0.5}
        - {amplitude: 0.10, frequency: 0.5, shape: 1-cos}
        - {amplitude: 0, frequency: 0}
controller:
  kind: task_pd
  targets: [tool]
  task_gain: 20
  speed_gain: 60
  qp:
    ports: [actuator1, actuator2, actuator3, actuator4, actuator5, actuator6, actuator7]
    speed: [SPEED, SPEED, SPEED, SPEED, SPEED, SPEED, SPEED]
    barrier: 0.05
metrics:
  - {name: tool_rms_mm, rms: "err:tool", scale: 1000}
  - {name: qp_active_max, peak: [qp_active]}
  - {name: joint_speed_max, peak: ["v:joint"]}
`

// TestTaskFileQP: the redundancy QP of a task file keeps every arm joint of the Panda
// within its speed bound (1 rad/s, where the unbounded resolution reaches 1.87 rad/s) by
// using the arm's redundancy, with bounds active, while the tool still tracks its circle
// to a millimetre.
func TestTaskFileQP(t *testing.T) {
	g, _, err := mjcf.ImportFile(testmodels.Path(t, testmodels.Panda))
	if err != nil {
		t.Fatal(err)
	}
	run := func(speed string) *Result {
		src := strings.ReplaceAll(strings.Replace(pandaQP, "MODEL", "panda.xml", 1), "SPEED", speed)
		f, err := taskfile.Parse("panda_qp.yaml", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		res, err := RunFile(f, g, Options{})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	free, bounded := run("100"), run("1")
	fs, bs := metric(t, free, "joint_speed_max"), metric(t, bounded, "joint_speed_max")
	t.Logf("largest joint speed: unbounded %.4g rad/s, bounded %.4g rad/s; tool RMS %.3g mm, %.3g mm", fs, bs,
		metric(t, free, "tool_rms_mm"), metric(t, bounded, "tool_rms_mm"))
	if !(fs > 1.5 && bs <= 1+1e-6) {
		t.Errorf("largest joint speed: unbounded %.4g, bounded %.4g rad/s; want above 1.5 and within 1", fs, bs)
	}
	if metric(t, free, "qp_active_max") != 0 || metric(t, bounded, "qp_active_max") < 1 {
		t.Errorf("active bounds: unbounded %g, bounded %g", metric(t, free, "qp_active_max"), metric(t, bounded, "qp_active_max"))
	}
	if e := metric(t, bounded, "tool_rms_mm"); !(e < 1) {
		t.Errorf("bounded tool RMS %.3g mm", e)
	}
}

// TestTaskFileStartSpeeds: start.v sets the speeds of independent coordinates (the first
// logged row has them, the other speeds from the closure); a dependent joint is refused
// naming the independent ones.
func TestTaskFileStartSpeeds(t *testing.T) {
	src := "model: fourbar\npartition: [PART]\nduration: 0.01\nstep: 0.001\nstart: {v: {crank_pivot: [8]}}\ncontroller: {kind: none}\n"
	f, err := taskfile.Parse("spin.yaml", []byte(strings.Replace(src, "PART", "crank_pivot", 1)))
	if err != nil {
		t.Fatal(err)
	}
	res, err := RunFile(f, testfix.Builtin(t, "fourbar"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	l := res.Runs[0].Log
	if v := l.Row(0)[l.Index("v:crank_pivot")]; v != 8 || l.Row(0)[l.Index("v:rocker_pivot")] == 0 {
		t.Errorf("start speeds: crank %g rad/s, rocker %g rad/s", v, l.Row(0)[l.Index("v:rocker_pivot")])
	}
	f, err = taskfile.Parse("spin.yaml", []byte(strings.Replace(src, "PART", "rocker_pivot", 1)))
	if err != nil {
		t.Fatal(err)
	}
	_, err = RunFile(f, testfix.Builtin(t, "fourbar"), Options{})
	var te *taskfile.Error
	if !errors.As(err, &te) || te.Field != "start.v.crank_pivot" || te.Line != 5 || !strings.Contains(te.Message, "(rocker_pivot;") {
		t.Errorf("a dependent start speed: %v", err)
	}
}

// TestRelativeToSite: a position relative to a fixed body's origin (the five-bar's right
// crank, on its ground pivot) is tracked as the same position in the world (the metrics
// agree to 1e-9); on the Panda, a tool point tracks a circle relative to the origin of
// link4, which moves, through J_tool − J_link4, to 1.05 mm RMS (under the 2-mm bound; the
// same circle in the world: 0.94 mm).
func TestRelativeToSite(t *testing.T) {
	base, err := Get("fivebar_circle")
	if err != nil {
		t.Fatal(err)
	}
	run := func(src string, g *cmg.Graph, name string) float64 {
		f, err := taskfile.Parse("rel.yaml", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		res, err := RunFile(f, g, Options{Duration: 2})
		if err != nil {
			t.Fatal(err)
		}
		return metric(t, res, name)
	}
	fb := testfix.Builtin(t, "fivebar")
	world := run(string(base.Source), fb, "tool_rms_mm_pd_ff")
	fixed := run(strings.Replace(string(base.Source), "    relative: true ", "    relative_to: right_proximal\n    relative: true ", 1), fb, "tool_rms_mm_pd_ff")
	if !(math.Abs(fixed-world) < 1e-9*world) {
		t.Errorf("relative to a fixed origin: %.17g mm, in the world %.17g mm", fixed, world)
	}
	panda, _, err := mjcf.ImportFile(testmodels.Path(t, testmodels.Panda))
	if err != nil {
		t.Fatal(err)
	}
	src := strings.ReplaceAll(strings.Replace(pandaQP, "MODEL", "panda.xml", 1), "SPEED", "100")
	src = strings.Replace(src, "    site: tool\n", "    site: tool\n    relative_to: link4\n", 1)
	src = strings.Replace(src, "  qp:\n", "  qpx:\n", 1)
	src = src[:strings.Index(src, "  qpx:")] + "metrics: [{name: tool_rms_mm, rms: \"err:tool\", scale: 1000}]\n"
	moving := run(src, panda, "tool_rms_mm")
	t.Logf("tool RMS: world %.6g mm, relative to the right crank %.6g mm; Panda relative to link4 %.4g mm", world, fixed, moving)
	if !(moving < 2) {
		t.Errorf("relative to a moving link: RMS %.3g mm", moving)
	}
}

// TestTaskPDPayload: a task_pd run whose plant carries a payload its controller does not
// know (the five-bar's left distal link at 0.5 kg) uses the nominal model's M_r and h_r:
// its tool error lies between the matched feedforward's and PD's on the same plant; a
// "payload" equal to the nominal mass reproduces the nominal run to 1e-9.
func TestTaskPDPayload(t *testing.T) {
	base, err := Get("fivebar_circle")
	if err != nil {
		t.Fatal(err)
	}
	g := testfix.Builtin(t, "fivebar")
	nominal := g.Body("left_distal").Mass
	runs := fmt.Sprintf(`  - {name: pd, feedforward: false}
  - {name: same, payload: [{body: left_distal, mass: %v}]}
  - {name: heavy, payload: [{body: left_distal, mass: 0.5}]}
  - {name: pd_heavy, feedforward: false, payload: [{body: left_distal, mass: 0.5}]}`, nominal)
	src := strings.Replace(string(base.Source), "  - {name: pd, feedforward: false}", runs, 1)
	f, err := taskfile.Parse("heavy.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	res, err := RunFile(f, g, Options{Duration: 2})
	if err != nil {
		t.Fatal(err)
	}
	ff, same := metric(t, res, "tool_rms_mm_pd_ff"), metric(t, res, "tool_rms_mm_same")
	heavy, pdHeavy := metric(t, res, "tool_rms_mm_heavy"), metric(t, res, "tool_rms_mm_pd_heavy")
	t.Logf("tool RMS: matched %.4g mm, nominal-mass payload %.4g mm, 0.5-kg link with nominal feedforward %.4g mm, PD %.4g mm", ff, same, heavy, pdHeavy)
	if !(math.Abs(same-ff) < 1e-9*ff) {
		t.Errorf("a payload of the nominal mass: %.17g mm, nominal %.17g mm", same, ff)
	}
	if !(heavy > 2*ff && heavy < 0.8*pdHeavy) {
		t.Errorf("0.5-kg link: nominal feedforward %.3g mm, PD %.3g mm, matched %.3g mm", heavy, pdHeavy, ff)
	}
}

// passiveRocker is a four-bar task file whose requested independent coordinate is the
// rocker angle, falling from rest for 10 s without control or damping: the rocker's dead
// centre makes the requested partition singular.
const passiveRocker = `
model: fourbar
partition: [rocker_pivot]
duration: 10
step: 0.001
integrator: rk4
rcond_tol: 0.01
controller: {kind: none}
`

// TestPassiveRockerThroughDeadCentre: the passive rocker file runs 10 s through the
// rocker's dead centres with reconfigure on, logging the switches, holding the closure to
// 1e-10 and the energy to 1e-6 relative; with reconfigure off it stops at the first dead
// centre with sim's SingularPartitionError.
func TestPassiveRockerThroughDeadCentre(t *testing.T) {
	f, err := taskfile.Parse(filepath.Join(t.TempDir(), "rocker.yaml"), []byte(passiveRocker))
	if err != nil {
		t.Fatal(err)
	}
	res, err := RunFile(f, testfix.Builtin(t, "fourbar"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	r := res.Runs[0]
	switches := 0
	for _, e := range r.Events {
		if e.Kind == sim.EventReconfiguration {
			switches++
		}
	}
	if switches == 0 {
		t.Errorf("no partition switch logged in 10 s through the dead centre")
	}
	checkGaps(t, res, 1e-10)
	if d, s := balanceDrift(t, r.Log); !(d <= 1e-6*s) {
		t.Errorf("energy drift %.3g J against %.3g J", d, s)
	}
	t.Logf("%d switches, gap %.3g m / %.3g rad", switches, r.Stats.GapMaxM, r.Stats.GapMaxRad)

	off, err := taskfile.Parse(filepath.Join(t.TempDir(), "rocker.yaml"), []byte(passiveRocker+"reconfigure: off\n"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = RunFile(off, testfix.Builtin(t, "fourbar"), Options{})
	var sp *sim.SingularPartitionError
	if !errors.As(err, &sp) || len(sp.Independent) != 1 || sp.Independent[0] != "rocker_pivot" {
		t.Errorf("reconfigure off: %v; want a SingularPartitionError of rocker_pivot", err)
	}
}
