package tasks

import (
	"slices"
	"strings"
	"testing"
)

// TestTaskList: Names lists every shipped task file once, sorted; Get parses each (a
// shipped file is valid, with a model, a description and a positive duration); an
// unknown name is an error that lists the valid ones.
func TestTaskList(t *testing.T) {
	names := Names()
	if len(names) < 9 || !slices.IsSorted(names) || len(slices.Compact(slices.Clone(names))) != len(names) {
		t.Fatalf("names %v: want the shipped tasks once each, sorted", names)
	}
	for _, n := range names {
		f, err := Get(n)
		if err != nil {
			t.Fatal(err)
		}
		if f.Name != n || !(f.Duration > 0) || f.Model == "" || f.Description == "" {
			t.Errorf("task %q: name %q, duration %g, model %q, description %q", n, f.Name, f.Duration, f.Model, f.Description)
		}
	}
	if _, err := Get("nope"); err == nil || !strings.Contains(err.Error(), names[0]) {
		t.Errorf("unknown task: error %v does not list the valid names", err)
	}
}
