package sweep

import (
	"fmt"
	"math"
	"os"
	"slices"
	"strings"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/check"
	"github.com/robocompiler/robocompiler/experiments/tasks"
	"github.com/robocompiler/robocompiler/internal/yamlfile"
	"github.com/robocompiler/robocompiler/robots"
)

// reserved are the row keys a parameter may not be named.
var reserved = []string{"variant", "model", "status", "message", "generated"}

// validate checks the decoded sweep against its document doc: every error names the
// field and its line.
func (s *Sweep) validate(doc *yamlfile.Doc) error {
	bad := func(format string, args []any, path ...any) error {
		return doc.Errorf(fieldPath(path), format, args...)
	}
	if s.Schema != SchemaVersion {
		return bad("schema must be %q, got %q", []any{SchemaVersion, s.Schema}, "schema")
	}
	if g := s.Variants; g != nil {
		if g.Model != "stewart" && g.Model != "excavator" {
			return bad("no variant generator for model %q (valid: excavator, stewart)", []any{g.Model}, "variants", "model")
		}
		if g.Count < 1 {
			return bad("count must be at least 1, got %d", []any{g.Count}, "variants", "count")
		}
		if s.Model != "" && s.Model != g.Model {
			return bad("model %q differs from the generator's model %q (leave model out)", []any{s.Model, g.Model}, "model")
		}
	} else if s.Model == "" {
		return bad("a sweep needs a base model: a built-in name (%s) or a model file path", []any{strings.Join(robots.Names(), ", ")}, "model")
	} else if _, err := robots.Get(s.Model); err != nil {
		if _, serr := os.Stat(s.resolve(s.Model)); serr != nil {
			return bad("%q is neither a built-in model (%s) nor a model file (%v)", []any{s.Model, strings.Join(robots.Names(), ", "), serr}, "model")
		}
	}
	if s.Draws < 0 {
		return bad("draws must be at least 1, got %d", []any{s.Draws}, "draws")
	}
	if err := s.validateParameters(bad); err != nil {
		return err
	}
	if s.Draws > 1 && !s.random() {
		return bad("draws %d repeats identical variants: no parameter is random (uniform or normal)", []any{s.Draws}, "draws")
	}
	if err := s.validateRun(bad); err != nil {
		return err
	}
	if err := s.validateMetrics(bad); err != nil {
		return err
	}
	if n := s.countFloat(); n > MaxVariants {
		return bad("the sweep expands to %.0f variants, more than %d: split it into several sweep files", []any{n, MaxVariants}, "parameters")
	}
	return s.validateTargets(bad)
}

// badFunc reports an error at a path of the document.
type badFunc func(format string, args []any, path ...any) error

// fieldPath formats a document path as "parameters[1].range".
func fieldPath(path []any) string {
	var b strings.Builder
	for _, p := range path {
		switch k := p.(type) {
		case string:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(k)
		case int:
			fmt.Fprintf(&b, "[%d]", k)
		}
	}
	return b.String()
}

// validateParameters checks each parameter's name, target and value source.
func (s *Sweep) validateParameters(bad badFunc) error {
	seen := map[string]bool{}
	for j, p := range s.Parameters {
		at := func(f string) []any { return []any{"parameters", j, f} }
		switch {
		case p.Name == "":
			return bad("every parameter needs a name (its column in the table)", nil, "parameters", j)
		case seen[p.Name]:
			return bad("parameter name %q is used twice", []any{p.Name}, at("name")...)
		case slices.Contains(reserved, p.Name):
			return bad("parameter name %q is a column of every row (reserved: %s)", []any{p.Name, strings.Join(reserved, ", ")}, at("name")...)
		}
		seen[p.Name] = true
		switch {
		case p.Stewart != "" && (p.Record != "" || p.Field != ""):
			return bad("a parameter sets either a Stewart geometry field or a record field, not both", nil, at("stewart")...)
		case p.Stewart != "":
			if _, ok := StewartFields[p.Stewart]; !ok {
				return bad("unknown Stewart geometry field %q (valid: %s)", []any{p.Stewart, strings.Join(stewartFieldNames(), ", ")}, at("stewart")...)
			}
			if s.Model != "stewart" || s.Variants != nil {
				return bad("Stewart geometry fields need model: stewart (and no variants generator)", nil, at("stewart")...)
			}
			if p.Op != "" && p.Op != "set" {
				return bad("a Stewart geometry field is set, not %q", []any{p.Op}, at("op")...)
			}
		case p.Record == "":
			return bad("a parameter needs a target: record and field, or stewart", nil, "parameters", j)
		case p.Field == "":
			return bad("parameter %q names record %q but no field (e.g. mass, frame_a.pos[2], effort_limits[1])", []any{p.Name, p.Record}, at("record")...)
		}
		if p.Kind != "" {
			if _, ok := RecordKinds[p.Kind]; !ok {
				return bad("unknown record kind %q (valid: %s)", []any{p.Kind, strings.Join(sortedKinds(), ", ")}, at("kind")...)
			}
		}
		if p.Op != "" && p.Op != "set" && p.Op != "add" && p.Op != "scale" {
			return bad("unknown op %q (valid: set, add, scale)", []any{p.Op}, at("op")...)
		}
		if err := validateSource(p, func(format string, args []any, f ...any) error {
			return bad(format, args, append([]any{"parameters", j}, f...)...)
		}); err != nil {
			return err
		}
	}
	return nil
}

// validateSource checks that parameter p has exactly one value source, and that it is
// non-empty and finite.
func validateSource(p Parameter, bad badFunc) error {
	n := 0
	for _, set := range []bool{p.List != nil, p.Range != nil, p.Uniform != nil, p.Normal != nil} {
		if set {
			n++
		}
	}
	if n != 1 {
		return bad("parameter %q needs exactly one of list, range, uniform, normal (has %d)", []any{p.Name, n})
	}
	finite := func(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
	switch {
	case p.List != nil:
		if len(p.List) == 0 {
			return bad("the list is empty: give at least one value", nil, "list")
		}
		for k, x := range p.List {
			if !finite(x) {
				return bad("%v is not a finite number", []any{x}, "list", k)
			}
		}
	case p.Range != nil:
		r := p.Range
		if r.Steps < 1 {
			return bad("the range is empty: steps must be at least 1, got %d", []any{r.Steps}, "range", "steps")
		}
		if !finite(r.From) || !finite(r.To) {
			return bad("from and to must be finite numbers", nil, "range")
		}
	case p.Uniform != nil:
		u := p.Uniform
		if !finite(u.Low) || !finite(u.High) || !(u.Low < u.High) {
			return bad("the uniform interval is empty: low (%v) must be below high (%v)", []any{u.Low, u.High}, "uniform")
		}
	case p.Normal != nil:
		if !finite(p.Normal.Mean) || !finite(p.Normal.Stddev) || p.Normal.Stddev < 0 {
			return bad("mean must be finite and stddev finite and ≥ 0", nil, "normal")
		}
	}
	return nil
}

// validateRun checks the steps' options.
func (s *Sweep) validateRun(bad badFunc) error {
	r := s.Run
	if r.Check != nil {
		if r.Check.States < 0 || r.Check.States > check.MaxStates {
			return bad("states must be between 1 and %d (0 or absent: 5), got %d", []any{check.MaxStates, r.Check.States}, "run", "check", "states")
		}
	}
	if r.Bench != nil && r.Bench.Repeats < 0 {
		return bad("repeats must be at least 1, got %d", []any{r.Bench.Repeats}, "run", "bench", "repeats")
	}
	if sim := r.Simulate; sim != nil {
		if strings.HasSuffix(sim.Task, ".yaml") || strings.HasSuffix(sim.Task, ".yml") {
			return bad("task file %q: a sweep runs shipped tasks by name only (%s); run a task file with simulate TASK.yaml",
				[]any{sim.Task, strings.Join(tasks.Names(), ", ")}, "run", "simulate", "task")
		}
		t, err := tasks.Get(sim.Task)
		if err != nil {
			return bad("%v", []any{err}, "run", "simulate", "task")
		}
		if tasks.IsNative(t) {
			return bad("task %q runs natively in MuJoCo; a sweep runs the library's own rollouts (choose a task without the -native suffix)", []any{sim.Task}, "run", "simulate", "task")
		}
		base := s.Model
		if s.Variants != nil {
			base = s.Variants.Model
		}
		if _, err := robots.Get(t.Model); err == nil && base != t.Model {
			return bad("task %q is written for model %q, not %q", []any{sim.Task, t.Model, s.base()}, "run", "simulate", "task")
		}
		if sim.Duration < 0 || math.IsNaN(sim.Duration) || math.IsInf(sim.Duration, 0) {
			return bad("duration must be a finite number of seconds ≥ 0, got %v", []any{sim.Duration}, "run", "simulate", "duration")
		}
	}
	return nil
}

// validateMetrics checks that every selected metric is produced by a step that runs.
func (s *Sweep) validateMetrics(bad badFunc) error {
	known := s.metricNames()
	for k, name := range s.Metrics {
		if slices.Contains(known, name) {
			continue
		}
		if strings.HasPrefix(name, "simulate.") && s.Run.Simulate != nil {
			continue // task metrics are known once the task ran
		}
		step, _, _ := strings.Cut(name, ".")
		if all := allMetricNames(); slices.Contains(all, name) || step == "simulate" {
			return bad("metric %q needs the %s step: add run.%s", []any{name, step, step}, "metrics", k)
		}
		return bad("unknown metric %q (valid for this run: %s)", []any{name, strings.Join(known, ", ")}, "metrics", k)
	}
	return nil
}

// countFloat returns the variant count as a float (no integer overflow on huge grids).
func (s *Sweep) countFloat() float64 {
	n := float64(s.draws())
	for _, d := range s.grid() {
		n *= float64(d.size)
	}
	return n
}

// validateTargets checks, on the base model, that every record-field target exists and
// is a number, and that the assemble step's seed and partition exist.
func (s *Sweep) validateTargets(bad badFunc) error {
	b, err := s.newBuilder()
	if err != nil {
		return bad("%v", []any{err}, "model")
	}
	base := b.base
	switch {
	case b.generated != nil:
		base = b.generated[0].Graph
	case b.stewart:
		base = robots.NewStewart(robots.DefaultStewartParams())
	}
	tree, err := toTree(base)
	if err != nil {
		return bad("%v", []any{err}, "model")
	}
	for _, j := range b.edits {
		p := &s.Parameters[j]
		if _, _, err := locate(tree, p); err != nil {
			f := "field"
			if strings.HasPrefix(err.Error(), "the model has") || strings.HasPrefix(err.Error(), "several records") {
				f = "record"
			}
			return bad("%s: %v", []any{s.base(), err}, "parameters", j, f)
		}
	}
	if a := s.Run.Assemble; a != nil {
		m, err := robocompiler.Compile(base, robocompiler.Options{})
		if err != nil {
			return bad("%v", []any{err}, "model")
		}
		if a.Seed != "" {
			if _, err := m.Seed(a.Seed); err != nil {
				return bad("%v", []any{err}, "run", "assemble", "seed")
			}
		}
		if a.Partition != "" {
			if _, err := m.PartitionRequest(a.Partition); err != nil {
				return bad("%v", []any{err}, "run", "assemble", "partition")
			}
		}
	}
	return nil
}
