package tasks

import (
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/experiments/plot"
	"github.com/robocompiler/robocompiler/sim"
)

// TestEventFiles: a run with a partition switch gets an events file and markers on the
// figure plotting its log; a run without events gets neither.
func TestEventFiles(t *testing.T) {
	a, b := &sim.Log{Columns: []string{"t", "y"}}, &sim.Log{Columns: []string{"t", "y"}}
	ev := sim.Event{T: 0.25, Step: 249, Kind: sim.EventReconfiguration, From: []string{"rocker_pivot"}, To: []string{"crank_pivot"}, RCond: 0.009}
	res := &Result{
		Runs: []Run{{Name: "switching", Log: a, Events: []sim.Event{ev}}, {Name: "quiet", Log: b}},
		Figures: []Figure{
			{File: "a.png", Plot: plot.Plot{Series: []plot.Series{{Log: a, X: "t", Y: "y"}}}},
			{File: "b.png", Plot: plot.Plot{Series: []plot.Series{{Log: b, X: "t", Y: "y"}}}},
		},
	}
	names, contents := res.EventFiles()
	if len(names) != 1 || names[0] != "switching_events.csv" {
		t.Fatalf("files %v", names)
	}
	want := "t,step,kind,from,to,rcond\n0.25,249,reconfiguration,rocker_pivot,crank_pivot,0.009\n"
	if string(contents[0]) != want {
		t.Errorf("events file\n%s\nwant\n%s", contents[0], want)
	}
	if m := res.Figures[0].Plot.Markers; len(m) != 1 || m[0].X != 0.25 || !strings.Contains(m[0].Label, "crank_pivot") {
		t.Errorf("markers %+v", m)
	}
	if m := res.Figures[1].Plot.Markers; len(m) != 0 {
		t.Errorf("markers on the quiet run's figure: %+v", m)
	}
}
