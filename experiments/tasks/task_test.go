package tasks

import (
	"slices"
	"strings"
	"testing"
)

// TestTaskList: the explicit list names every task once, Names lists them sorted, Get
// finds each by its name with a run function and a positive reference duration, and an
// unknown name is an error that lists the valid ones.
func TestTaskList(t *testing.T) {
	names := Names()
	if len(names) != len(all()) || !slices.IsSorted(names) || len(slices.Compact(slices.Clone(names))) != len(names) {
		t.Fatalf("names %v: want every one of the %d tasks once, sorted", names, len(all()))
	}
	for _, n := range names {
		task, err := Get(n)
		if err != nil {
			t.Fatal(err)
		}
		if task.Name != n || task.Run == nil || !(task.Duration > 0) || task.Model == "" || task.Description == "" {
			t.Errorf("task %q: %+v", n, task)
		}
	}
	if _, err := Get("nope"); err == nil || !strings.Contains(err.Error(), names[0]) {
		t.Errorf("unknown task: error %v does not list the valid names", err)
	}
}
