// Command readme regenerates the tables of figures in README.md from the commands that
// produce them, so that the figures stay true: it builds the CLI (with -tags mujoco when
// MuJoCo is installed), runs it with --json for each table, and writes each table between
// the README's markers
//
//	<!-- figures:NAME (the command that makes it) -->
//	...
//	<!-- /figures -->
//
// Usage (from the repository root; scripts/readme-figures.sh wraps it):
//
//	go run ./experiments/readme [--write] [TABLE...]
//
// Without --write the tables are printed; with it README.md is rewritten in place
// (atomically). Tables: models, bench, tasks, native, crosscheck, python (default: all). The
// simulation tables run every task at its own duration and take minutes.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/robocompiler/robocompiler/internal/cli"
	"github.com/robocompiler/robocompiler/robots"
)

// table is one generated table: its marker name, the command line shown beside it, and
// the function that runs it.
type table struct {
	name, command string
	make          func(r *runner) (string, error)
}

var tables = []table{
	{"models", "compile --json, assemble --json", models},
	{"bench", "bench kangaroo kangaroo_floating --count 3 --json, built with -tags mujoco", bench},
	{"tasks", "simulate MODEL --task NAME --json, each task at its own duration", func(r *runner) (string, error) { return tasks(r, false) }},
	{"native", "simulate MODEL --task NAME --json with -tags mujoco, each at its own duration", func(r *runner) (string, error) { return tasks(r, true) }},
	{"crosscheck", "go test -tags mujoco ./backend/mujoco -run TestCrossConstrainedAccel -v", crosscheck},
	{"python", "scripts/build-python.sh, then examples/python/timing.py", python},
}

func main() {
	write := flag.Bool("write", false, "rewrite README.md in place instead of printing the tables")
	flag.Parse()
	want := map[string]bool{}
	for _, a := range flag.Args() {
		want[a] = true
	}
	r, err := newRunner()
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(r.dir)
	out := map[string]string{}
	for _, t := range tables {
		if len(want) > 0 && !want[t.name] {
			continue
		}
		fmt.Fprintf(os.Stderr, "readme: %s ...\n", t.name)
		body, err := t.make(r)
		if err != nil {
			fail(fmt.Errorf("%s: %w", t.name, err))
		}
		out[t.name] = body
		if !*write {
			fmt.Printf("<!-- figures:%s (%s) -->\n%s<!-- /figures -->\n\n", t.name, t.command, body)
		}
	}
	if *write {
		if err := rewrite("README.md", out); err != nil {
			fail(err)
		}
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "readme:", err)
	os.Exit(1)
}

// runner runs the CLI built once into a temporary directory.
type runner struct {
	dir, bin string
	mujoco   bool
}

func newRunner() (*runner, error) {
	dir, err := os.MkdirTemp("", "readme-")
	if err != nil {
		return nil, err
	}
	r := &runner{dir: dir, bin: filepath.Join(dir, "robocompiler"), mujoco: true}
	if err := exec.Command("go", "build", "-tags", "mujoco", "-o", r.bin, "./cmd/robocompiler").Run(); err != nil {
		r.mujoco = false
		if out, err := exec.Command("go", "build", "-o", r.bin, "./cmd/robocompiler").CombinedOutput(); err != nil {
			return nil, fmt.Errorf("go build: %v\n%s", err, out)
		}
	}
	return r, nil
}

// json runs the CLI with --json and decodes its object.
func (r *runner) json(args ...string) (map[string]any, error) {
	cmd := exec.Command(r.bin, append(args, "--json")...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("robocompiler %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	var v map[string]any
	if err := json.Unmarshal(stdout.Bytes(), &v); err != nil {
		return nil, fmt.Errorf("robocompiler %s: %v", strings.Join(args, " "), err)
	}
	return v, nil
}

// shared are the shared models of the models table, with the seed they assemble from.
var shared = []struct{ path, seed string }{
	{"../shared/models/menagerie/franka_emika_panda/panda.xml", "home"},
	{"../shared/models/menagerie/unitree_go2/go2.xml", "home"},
	{"../shared/models/kangaroo/kangaroo.xml", ""},
	{"../shared/models/kangaroo/kangaroo_fixed_base.xml", ""},
}

// models is the structure table: compile and assemble of every built-in and shared model.
func models(r *runner) (string, error) {
	type entry struct{ model, seed, partition string }
	list := []entry{{"fourbar", "", ""}, {"fivebar", "", ""}, {"stewart", "", ""},
		{"excavator", "", "joint_space"}, {"excavator", "", "cylinder_space"}}
	for _, s := range shared {
		list = append(list, entry{s.path, s.seed, ""})
	}
	var b strings.Builder
	b.WriteString("| model | cycle rank | cuts | tree coordinates | residual rows | rank | mobility | closure gap (m) | modules (dependent sizes) |\n|---|---|---|---|---|---|---|---|---|\n")
	for _, e := range list {
		part := []string{}
		if e.partition != "" {
			part = []string{"--partition", e.partition}
		}
		c, err := r.json(append([]string{"compile", e.model}, part...)...)
		if err != nil {
			return "", err
		}
		args := append([]string{"assemble", e.model}, part...)
		if e.seed != "" {
			args = append(args, "--seed", e.seed)
		}
		a, err := r.json(args...)
		if err != nil {
			return "", err
		}
		name := filepath.Base(e.model)
		if e.partition != "" {
			name += " `" + e.partition + "`"
		}
		fmt.Fprintf(&b, "| %s | %v | %s | %v | %v | %v | %v | %.2g | %s |\n", name, c["cycle_rank"], cuts(c),
			c["tree_coordinates"], c["residual_rows"], a["rank"], a["mobility"], a["closure_gap_m"], modules(c))
	}
	return b.String(), nil
}

// cuts summarises compile's cuts: cut joints by joint type and comparison form ("5
// spherical (se3)"), declared loop cuts by row kind ("28 declared point").
func cuts(c map[string]any) string {
	count := map[string]int{}
	for _, x := range c["cuts"].([]any) {
		cut := x.(map[string]any)
		key := fmt.Sprintf("%v (%v)", cut["joint_type"], cut["type"])
		if cut["source"] == "loop_cut" {
			key = fmt.Sprintf("declared %v", cut["type"])
		}
		count[key]++
	}
	if len(count) == 0 {
		return "—"
	}
	var parts []string
	for k, n := range count {
		parts = append(parts, fmt.Sprintf("%d %s", n, k))
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}

// modules lists compile's module sizes, or "—".
func modules(c map[string]any) string {
	var sizes []string
	for _, x := range c["modules"].([]any) {
		sizes = append(sizes, fmt.Sprint(x.(map[string]any)["size"]))
	}
	if len(sizes) == 0 {
		return "—"
	}
	return "[" + strings.Join(sizes, ",") + "]"
}

// bench is the timing table of the bench command, with ratios to mj_forward: the
// built-ins, then the two Kangaroo files when the shared models are found (robots.ModelsDir).
func bench(r *runner) (string, error) {
	args := []string{"bench", "--count", "3"}
	if _, err := robots.ModelsDir(); err == nil {
		args = append(args, robots.SharedNames()...)
	}
	v, err := r.json(args...)
	if err != nil {
		return "", err
	}
	ops := []string{"residual_jacobian", "lift", "reduced_forward_dynamics", "tracking_step", "mujoco_forward"}
	var b strings.Builder
	b.WriteString("| model | NV / rows / D | residual+Jacobian | lift E | reduced forward dynamics | tracking step | MuJoCo `mj_forward` |\n|---|---|---|---|---|---|---|\n")
	for _, x := range v["models"].([]any) {
		m := x.(map[string]any)
		fmt.Fprintf(&b, "| %s | %v / %v / %v |", m["model"], m["velocities"], m["residual_rows"], m["mobility"])
		o := m["operations"].(map[string]any)
		for _, op := range ops {
			t, _ := o[op].(map[string]any)
			if t == nil {
				b.WriteString(" — |")
				continue
			}
			fmt.Fprintf(&b, " %s", micro(t["ns_per_op"].(float64)))
			if ratio, ok := t["ratio_vs_mujoco"].(float64); ok && op != "mujoco_forward" {
				fmt.Fprintf(&b, " (%.1f×)", ratio)
			}
			b.WriteString(" |")
		}
		b.WriteString("\n")
	}
	return b.String(), nil
}

// micro formats nanoseconds as microseconds with two significant digits (whole
// microseconds from 100 µs on, not in exponent form).
func micro(ns float64) string {
	if us := ns / 1e3; us >= 99.5 {
		return fmt.Sprintf("%.0f µs", us)
	}
	return fmt.Sprintf("%.2g µs", ns/1e3)
}

// taskModels are the models the shipped tasks run on.
var taskModels = map[string]string{
	"inspection": "stewart", "dig_cycle": "excavator", "panda": shared[0].path, "go2": shared[1].path,
	"fixed_pelvis":      shared[3].path,
	"inspection_native": "stewart", "dig_cycle_native": "excavator", "go2_native": shared[1].path,
	"fixed_pelvis_native": shared[3].path,
}

// tasks runs the shipped reduced-dynamics tasks (native: the MuJoCo ones) at their own
// durations and lists every metric they report.
func tasks(r *runner, native bool) (string, error) {
	if native && !r.mujoco {
		return "", fmt.Errorf("the native tasks need MuJoCo (libmujoco-dev)")
	}
	var names []string
	for n := range taskModels {
		if strings.HasSuffix(n, "_native") == native {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString("| task (model) | metric | value |\n|---|---|---|\n")
	for _, n := range names {
		v, err := r.json("simulate", taskModels[n], "--task", n, "--out", filepath.Join(r.dir, n))
		if err != nil {
			return "", err
		}
		var keys []string
		for k, x := range v {
			if _, ok := x.(float64); ok && k != "wall_s" && k != "wall_per_sim_s" && k != "simulated_s" && k != "steps" && k != "step_s" {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		first := fmt.Sprintf("`%s` (%s, %v steps)", n, filepath.Base(taskModels[n]), v["steps"])
		for _, k := range keys {
			fmt.Fprintf(&b, "| %s | `%s` | %.4g |\n", first, k, v[k])
			first = ""
		}
	}
	return b.String(), nil
}

// row is a line of the cross-check test's printed table: the model, then the equality
// settings, then seven numbers.
var row = regexp.MustCompile(`^\s+(\S+)\s+(.+?)\s+((?:\S+\s+){6}\S+)\s*$`)

// crosscheck runs the MuJoCo acceleration cross-check test and turns its printed table
// into Markdown.
func crosscheck(r *runner) (string, error) {
	if !r.mujoco {
		return "", fmt.Errorf("the cross-check needs MuJoCo (libmujoco-dev)")
	}
	out, err := exec.Command("go", "test", "-tags", "mujoco", "-count=1", "./backend/mujoco", "-run", "TestCrossConstrainedAccel$", "-v").CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("go test: %v\n%s", err, out)
	}
	var b strings.Builder
	b.WriteString("| model | MuJoCo equalities | δ_a rest | δ_a moving | r_c MuJoCo rest | r_c MuJoCo moving | ‖γ_c‖ moving | eq pos (m) | r_c ours |\n|---|---|---|---|---|---|---|---|---|\n")
	started := false
	for _, line := range strings.Split(string(out), "\n") {
		if strings.Contains(line, "δ_a rest") {
			started = true
			continue
		}
		m := row.FindStringSubmatch(line)
		if !started || m == nil || strings.HasPrefix(strings.TrimSpace(line), "---") {
			continue
		}
		fmt.Fprintf(&b, "| %s | %s | %s |\n", m[1], m[2], strings.Join(strings.Fields(m[3]), " | "))
	}
	return b.String(), nil
}

// timing is a measured line of examples/python/timing.py: a label, then microseconds.
var timing = regexp.MustCompile(`^\s+(.+?)\s+(-?[0-9.]+) us$`)

// python builds the C library and runs the Python timing script (call overheads on the
// excavator and a 1-kHz control loop), tabulating its measured lines.
func python(r *runner) (string, error) {
	if out, err := exec.Command("bash", "scripts/build-python.sh").CombinedOutput(); err != nil {
		return "", fmt.Errorf("build-python: %v\n%s", err, out)
	}
	cmd := exec.Command("/usr/bin/python3", "examples/python/timing.py")
	cmd.Env = append(os.Environ(), "PYTHONPATH=python")
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("timing.py: %v\n%s", err, out)
	}
	var b strings.Builder
	b.WriteString("| measurement (excavator) | value |\n|---|---|\n")
	for _, line := range strings.Split(string(out), "\n") {
		switch m := timing.FindStringSubmatch(line); {
		case strings.HasPrefix(line, "  compute") || strings.HasPrefix(line, "  deadlines"):
			fmt.Fprintf(&b, "| 1-kHz loop | %s |\n", strings.ReplaceAll(strings.TrimSpace(line), " us", " µs"))
		case m != nil:
			fmt.Fprintf(&b, "| %s | %s µs |\n", strings.Join(strings.Fields(m[1]), " "), m[2])
		}
	}
	return b.String(), nil
}

// marker matches a generated region of the README.
var marker = regexp.MustCompile(`(?s)(<!-- figures:([a-z]+) \([^)]*\) -->\n).*?(<!-- /figures -->)`)

// rewrite replaces the bodies of the named regions of the file at path.
func rewrite(path string, bodies map[string]string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	b = marker.ReplaceAllFunc(b, func(m []byte) []byte {
		s := marker.FindSubmatch(m)
		name := string(s[2])
		body, ok := bodies[name]
		if !ok {
			return m
		}
		seen[name] = true
		return []byte(string(s[1]) + body + string(s[3]))
	})
	for name := range bodies {
		if !seen[name] {
			return fmt.Errorf("%s has no <!-- figures:%s (...) --> region", path, name)
		}
	}
	return cli.WriteFile(path, b)
}
