package sweep

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/internal/cli"
	"github.com/robocompiler/robocompiler/robots"
)

// TestBadSweepFiles: every file of the bad corpus is refused with an error naming the
// file, the line and the field, and saying what is wrong.
func TestBadSweepFiles(t *testing.T) {
	cases := map[string]struct {
		line  int
		field string
		msg   string
	}{
		"unknown-top-field.yaml":            {3, "paramters", `unknown field "paramters" (valid: draws, metrics, model, name, parameters, run, schema, seed, variants)`},
		"unknown-parameter-field.yaml":      {5, "parameters[0].recrod", `unknown field "recrod"`},
		"unknown-record.yaml":               {5, "parameters[0].record", `the model has no record "platfrom"`},
		"unknown-record-field.yaml":         {6, "parameters[0].field", `the record has no "mas"`},
		"index-out-of-range.yaml":           {6, "parameters[0].field", "index 3 is out of range"},
		"empty-range.yaml":                  {6, "parameters[0].range.steps", "the range is empty"},
		"empty-list.yaml":                   {6, "parameters[0].list", "the list is empty"},
		"empty-uniform.yaml":                {6, "parameters[0].uniform", "the uniform interval is empty"},
		"two-sources.yaml":                  {4, "parameters[0]", "exactly one of list, range, uniform, normal (has 2)"},
		"no-target.yaml":                    {4, "parameters[0]", "needs a target"},
		"unknown-stewart-field.yaml":        {5, "parameters[0].stewart", `unknown Stewart geometry field "anchor_radius" (valid: base_radius`},
		"stewart-field-on-other-model.yaml": {5, "parameters[0].stewart", "need model: stewart"},
		"duplicate-name.yaml":               {7, "parameters[1].name", `"r" is used twice`},
		"wrong-schema.yaml":                 {1, "schema", `schema must be "robocompiler.sweep/1"`},
		"unknown-model.yaml":                {2, "model", `"stewrat" is neither a built-in model`},
		"unknown-metric.yaml":               {4, "metrics[0]", `unknown metric "assemble.closure_gap" (valid for this run: compile.bodies`},
		"metric-of-step-not-run.yaml":       {4, "metrics[0]", "needs the check step"},
		"unknown-task.yaml":                 {4, "run.simulate.task", `unknown task "inspektion"`},
		"task-for-other-model.yaml":         {4, "run.simulate.task", `written for model "excavator"`},
		"unknown-seed.yaml":                 {4, "run.assemble.seed", "upright"},
		"bad-type.yaml":                     {6, "parameters[0].range.steps", "wrong type: the text many where an integer is expected"},
		"yaml-syntax.yaml":                  {4, "", "YAML syntax"},
		"bad-generator.yaml":                {2, "variants.model", `no variant generator for model "fourbar"`},
		"bad-op.yaml":                       {7, "parameters[0].op", `unknown op "multiply"`},
		"draws-without-random.yaml":         {3, "draws", "no parameter is random"},
		"ambiguous-kind.yaml":               {5, "parameters[0].record", `the model has no joint "platform"`},
	}
	files, err := filepath.Glob("testdata/bad/*.yaml")
	if err != nil || len(files) != len(cases) {
		t.Fatalf("the corpus has %d files and the table %d cases (%v)", len(files), len(cases), err)
	}
	for _, f := range files {
		want, ok := cases[filepath.Base(f)]
		if !ok {
			t.Errorf("%s: no expectation", f)
			continue
		}
		_, err := Load(f)
		var le *cli.LocatedError
		if !errors.As(err, &le) {
			t.Errorf("%s: got %v, want a located error", f, err)
			continue
		}
		if le.File != f || le.Line != want.line || le.Field != want.field || !strings.Contains(le.Message, want.msg) {
			t.Errorf("%s: got file %q line %d field %q: %s\nwant line %d field %q with %q", f, le.File, le.Line, le.Field, le.Message, want.line, want.field, want.msg)
		}
	}
}

// TestEmptySweepFile: an empty file is refused, naming the file.
func TestEmptySweepFile(t *testing.T) {
	_, err := Parse(nil, "empty.yaml")
	if err == nil || !strings.HasPrefix(err.Error(), "empty.yaml: ") {
		t.Fatalf("got %v", err)
	}
}

// TestExamplesLoad: the shipped example sweeps are valid.
func TestExamplesLoad(t *testing.T) {
	files, _ := filepath.Glob("examples/*.yaml")
	if len(files) == 0 {
		t.Fatal("no examples")
	}
	for _, f := range files {
		if _, err := Load(f); err != nil {
			t.Error(err)
		}
	}
}

// TestModelPathRelative: a model file path is resolved against the sweep file's
// directory.
func TestModelPathRelative(t *testing.T) {
	dir := t.TempDir()
	g, err := robots.Get("fourbar")
	if err != nil {
		t.Fatal(err)
	}
	data, err := g.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "m.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	sweep := "schema: robocompiler.sweep/1\nmodel: m.json\nrun: {assemble: {}}\n"
	if err := os.WriteFile(filepath.Join(dir, "s.yaml"), []byte(sweep), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(filepath.Join(dir, "s.yaml")); err != nil {
		t.Fatal(err)
	}
}
