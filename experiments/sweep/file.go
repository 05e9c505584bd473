package sweep

import (
	"fmt"
	"github.com/robocompiler/robocompiler/internal/yamlfile"
	"os"
	"path/filepath"
)

// SchemaVersion is the only value of a sweep file's schema field this version reads.
const SchemaVersion = "robocompiler.sweep/1"

// Sweep is a parsed and validated sweep file (docs/sweep-format.md).
type Sweep struct {
	// Schema must equal SchemaVersion.
	Schema string `yaml:"schema"`
	// Name labels the sweep (plots, the manifest).
	Name string `yaml:"name"`
	// Model is the base model: a built-in model name or a model file path (relative to
	// the sweep file's directory). It may be left out when Variants names the model.
	Model string `yaml:"model"`
	// Variants, when set, makes the built-in variant generator one dimension of the
	// grid: variant k of robots.Variants(Model, Count, Seed), k = 0…Count-1.
	Variants *Generator `yaml:"variants"`
	// Seed seeds the random draws (PCG; variant i draws from the stream (Seed, i)).
	Seed uint64 `yaml:"seed"`
	// Draws is the number of random draws per grid point (default 1); it only matters
	// when some parameter is random.
	Draws int `yaml:"draws"`
	// Parameters are the varied quantities, in column order.
	Parameters []Parameter `yaml:"parameters"`
	// Run says what is evaluated on each variant.
	Run Run `yaml:"run"`
	// Metrics selects the metrics kept in the rows (step.metric names, MetricNames);
	// empty keeps every metric of the steps run.
	Metrics []string `yaml:"metrics"`

	// File is the path the sweep was read from; Digest the SHA-256 of its bytes (hex).
	File   string `yaml:"-"`
	Digest string `yaml:"-"`
}

// Generator selects a built-in variant generator (robots.Variants).
type Generator struct {
	// Model is "stewart" or "excavator".
	Model string `yaml:"model"`
	// Count is the number of generated variants (≥ 1).
	Count int `yaml:"count"`
	// Seed is the generator's seed.
	Seed uint64 `yaml:"seed"`
}

// Parameter is one varied quantity: a target (exactly one of Stewart, or Record with
// Field) and a value source (exactly one of List, Range, Uniform, Normal).
type Parameter struct {
	// Name is the parameter's column name (unique in the sweep).
	Name string `yaml:"name"`
	// Stewart names a field of the built-in Stewart geometry (StewartFields); the base
	// model must then be "stewart".
	Stewart string `yaml:"stewart"`
	// Record is the id of a record of the model (body, joint, loop cut, coupling,
	// actuator or site); Kind (body, joint, loop_cut, coupling, actuator, site) is needed
	// only when the id is shared by records of several kinds.
	Record string `yaml:"record"`
	Kind   string `yaml:"kind"`
	// Field is the path of a number inside the record, as in the CMG JSON file:
	// "mass", "frame_a.pos[2]", "effort_limits[1]", "limits.upper[0]".
	Field string `yaml:"field"`
	// Op is how the value applies to the field: set (default), add or scale.
	Op string `yaml:"op"`
	// List are the values, in order.
	List []float64 `yaml:"list"`
	// Range are Steps evenly spaced values from From to To (both included).
	Range *Range `yaml:"range"`
	// Uniform draws from [Low, High); Normal from a normal distribution.
	Uniform *Uniform `yaml:"uniform"`
	Normal  *Normal  `yaml:"normal"`
}

// Range is Steps evenly spaced values from From to To, both included (Steps ≥ 1; one
// step is From alone).
type Range struct {
	From  float64 `yaml:"from"`
	To    float64 `yaml:"to"`
	Steps int     `yaml:"steps"`
}

// Uniform is a uniform random draw in [Low, High).
type Uniform struct {
	Low  float64 `yaml:"low"`
	High float64 `yaml:"high"`
}

// Normal is a normal random draw with mean Mean and standard deviation Stddev.
type Normal struct {
	Mean   float64 `yaml:"mean"`
	Stddev float64 `yaml:"stddev"`
}

// Run lists the steps evaluated on each variant. The variant is always compiled; each
// other step runs when present.
type Run struct {
	Assemble *AssembleStep `yaml:"assemble"`
	Check    *CheckStep    `yaml:"check"`
	Simulate *SimulateStep `yaml:"simulate"`
	Bench    *BenchStep    `yaml:"bench"`
}

// AssembleStep assembles the variant from a named seed, holding the coordinates of a
// named partition request.
type AssembleStep struct {
	// Seed names the model's seed ("" the default one).
	Seed string `yaml:"seed"`
	// Partition names a partition request of the model ("" automatic).
	Partition string `yaml:"partition"`
}

// CheckStep runs the consistency witnesses (package check) at States random feasible
// states after assembling (it implies the assemble step).
type CheckStep struct {
	States   int    `yaml:"states"`
	Seed     uint64 `yaml:"seed"`
	Extended bool   `yaml:"extended"`
}

// SimulateStep runs a shipped simulate task on the variant's records.
type SimulateStep struct {
	// Task names a shipped task (experiments/tasks.Names). A value ending in .yaml or
	// .yml is a task file path relative to the sweep file; task files are refused until
	// the simulate command reads them.
	Task string `yaml:"task"`
	// Duration overrides the task's duration, s (0 keeps the task's own).
	Duration float64 `yaml:"duration"`
}

// BenchStep times the forward and inverse dynamics at the assembled state (it implies
// the assemble step). Timings are not reproducible, so they go to the shard's timings
// file, never into the rows.
type BenchStep struct {
	// Repeats is the number of timed evaluations (default 100).
	Repeats int `yaml:"repeats"`
}

// MaxVariants bounds the number of variants a sweep file may expand to.
const MaxVariants = 1_000_000

// Load reads and validates the sweep file at path.
func Load(path string) (*Sweep, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(data, path)
}

// Parse decodes and validates the sweep file data read from file (relative model paths
// are resolved against file's directory). Every error is a *cli.LocatedError naming the
// file, the line and the field.
func Parse(data []byte, file string) (*Sweep, error) {
	s := &Sweep{File: file, Digest: digest(data)}
	doc, err := yamlfile.Decode(file, data, s, "a sweep file: one YAML mapping (schema, model, parameters, run, metrics)")
	if err != nil {
		return nil, err
	}
	if err := s.validate(doc); err != nil {
		return nil, err
	}
	return s, nil
}

// dir returns the directory relative paths in the sweep file are resolved against.
func (s *Sweep) dir() string { return filepath.Dir(s.File) }

// resolve returns path relative to the sweep file's directory (absolute paths as is).
func (s *Sweep) resolve(path string) string {
	if filepath.IsAbs(path) {
		return path
	}
	return filepath.Join(s.dir(), path)
}

// Count returns the number of variants: Draws × the product of the grid dimensions
// (the generator's Count and the list and range lengths).
func (s *Sweep) Count() int {
	n := s.draws()
	for _, d := range s.grid() {
		n *= d.size
	}
	return n
}

// draws returns Draws with its default.
func (s *Sweep) draws() int {
	if s.Draws == 0 || !s.random() {
		return 1
	}
	return s.Draws
}

// random reports whether some parameter is drawn at random.
func (s *Sweep) random() bool {
	for _, p := range s.Parameters {
		if p.Uniform != nil || p.Normal != nil {
			return true
		}
	}
	return false
}

// String is a one-line description: name, model, variant count.
func (s *Sweep) String() string {
	return fmt.Sprintf("sweep %q on %s: %d variants", s.Name, s.base(), s.Count())
}

// base names the base model (or generator).
func (s *Sweep) base() string {
	if s.Variants != nil {
		return s.Variants.Model + " variants"
	}
	return s.Model
}
