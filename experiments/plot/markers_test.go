package plot

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/sim"
)

// TestEventMarkers: a partition switch and a mode switch become dashed vertical lines
// with one legend entry per label.
func TestEventMarkers(t *testing.T) {
	l := &sim.Log{Columns: []string{"t", "y"}, Data: []float64{0, 1, 1, 2, 2, 0}}
	evs := []sim.Event{
		{T: 0.5, Kind: sim.EventReconfiguration, From: []string{"rocker_pivot"}, To: []string{"crank_pivot"}},
		{T: 1.5, Kind: sim.EventMode, From: []string{"stand"}, To: []string{"step"}},
		{T: 1.7, Kind: sim.EventReconfiguration, From: []string{"rocker_pivot"}, To: []string{"crank_pivot"}},
	}
	ms := EventMarkers(evs)
	if len(ms) != 3 || ms[0].X != 0.5 || ms[0].Label != "switch rocker_pivot → crank_pivot" || ms[1].Label != "mode stand → step" {
		t.Fatalf("markers %+v", ms)
	}
	ms = append(ms, Marker{X: 2.5, Label: "late"})
	p := Plot{Title: "y", XLabel: "t (s)", YLabel: "y", Series: []Series{{Log: l, X: "t", Y: "y", Label: "y"}}, Markers: ms}
	path := filepath.Join(t.TempDir(), "y.svg")
	if err := p.Save(path, 10, 6); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	svg := string(b)
	for _, want := range []string{"switch rocker_pivot → crank_pivot", "mode stand → step", "late", "stroke-dasharray"} {
		if !strings.Contains(svg, want) {
			t.Errorf("the SVG lacks %q", want)
		}
	}
	if n := strings.Count(svg, "switch rocker_pivot"); n != 1 {
		t.Errorf("the repeated switch has %d legend entries, want 1", n)
	}
}
