package yamlfile

import (
	"errors"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/internal/cli"
)

type inner struct {
	Gain  float64   `yaml:"gain"`
	Times []float64 `yaml:"times"`
	Count uint      `yaml:"count"`
}

type outer struct {
	Name  string  `yaml:"name"`
	Items []inner `yaml:"items"`
	Flag  bool    `yaml:"flag"`
	Skip  int     `yaml:"-"`
}

const valid = "name: a\nitems:\n  - gain: 1\n    times: [0, 1]\n  - gain: 2\nflag: true\n"

// TestDecodeErrors: every kind of bad file is a *cli.LocatedError with the file, line,
// column, field path and one wording.
func TestDecodeErrors(t *testing.T) {
	for _, c := range []struct {
		name, src     string
		line, column  int
		field, wanted string
	}{
		{"syntax", "name: [\n", 0, 0, "", "YAML syntax: "},
		{"empty", "", 0, 0, "", "the file is empty; expected an outer record"},
		{"not a mapping", "- 1\n", 1, 1, "", "expected an outer record"},
		{"unknown field", strings.Replace(valid, "gain: 2", "gian: 2", 1), 5, 5, "items[1].gian", `unknown field "gian" (valid: count, gain, times)`},
		{"unknown top field", valid + "nmae: b\n", 7, 1, "nmae", `unknown field "nmae" (valid: flag, items, name)`},
		{"text for a number", strings.Replace(valid, "gain: 2", "gain: two", 1), 5, 5, "items[1].gain", "wrong type: the text two where a number is expected"},
		{"text in a list", strings.Replace(valid, "[0, 1]", "[0, x]", 1), 4, 16, "items[0].times[1]", "wrong type: the text x where a number is expected"},
		{"mapping for a list", strings.Replace(valid, "items:\n  - gain: 1\n    times: [0, 1]\n  - gain: 2\n", "items: {a: 1}\n", 1), 2, 1, "items", "wrong type: a mapping where a list is expected"},
		{"negative count", strings.Replace(valid, "gain: 2", "count: -2", 1), 5, 5, "items[1].count", "where a non-negative integer is expected"},
		{"text for a boolean", strings.Replace(valid, "flag: true", "flag: maybe", 1), 6, 1, "flag", "the text maybe where true or false is expected"},
	} {
		var v outer
		_, err := Decode("f.yaml", []byte(c.src), &v, "an outer record")
		var e *cli.LocatedError
		if !errors.As(err, &e) {
			t.Errorf("%s: %v, want a *cli.LocatedError", c.name, err)
			continue
		}
		if e.File != "f.yaml" || e.Line != c.line && c.name != "syntax" || e.Column != c.column && c.name != "syntax" || e.Field != c.field || !strings.Contains(e.Message, c.wanted) {
			t.Errorf("%s: %#v; want line %d column %d field %q message %q", c.name, e, c.line, c.column, c.field, c.wanted)
		}
	}
}

// TestDocLocates: Node, Line and Errorf find fields, list items and the deepest enclosing
// field of a path the file lacks.
func TestDocLocates(t *testing.T) {
	var v outer
	d, err := Decode("f.yaml", []byte(valid), &v, "an outer record")
	if err != nil || v.Items[1].Gain != 2 || !v.Flag {
		t.Fatalf("%v %+v", err, v)
	}
	for field, line := range map[string]int{"": 1, "name": 1, "items": 2, "items[1]": 5, "items[0].times[1]": 4,
		"items[1].gain": 5, "items[1].times": 5, "items[7].gain": 2, "nothing": 1, "flag": 6} {
		if got := d.Line(field); got != line {
			t.Errorf("Line(%q) = %d, want %d", field, got, line)
		}
	}
	err = d.Errorf("items[0].times", "bad %s", "times")
	if err.Error() != `f.yaml:4:5: field "items[0].times": bad times` {
		t.Errorf("Errorf: %q", err)
	}
}
