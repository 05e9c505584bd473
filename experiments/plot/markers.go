package plot

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/robocompiler/robocompiler/sim"
	gonum "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// Marker is a vertical line at X (in the x column's units) with a legend label; markers
// with the same label share one legend entry.
type Marker struct {
	X     float64
	Label string
}

// markerColor is the colour of the event markers.
var markerColor = color.RGBA{0x40, 0x40, 0x40, 0xff}

// EventMarkers returns a marker at the time of each event (s, for plots against the
// log's t column): "switch a → b" for reconfigurations, "mode a → b" for mode switches.
func EventMarkers(events []sim.Event) []Marker {
	out := make([]Marker, len(events))
	for i, e := range events {
		kind := "switch"
		if e.Kind == sim.EventMode {
			kind = "mode"
		}
		out[i] = Marker{X: e.T, Label: fmt.Sprintf("%s %s → %s", kind, strings.Join(e.From, ","), strings.Join(e.To, ","))}
	}
	return out
}

// addMarkers draws the markers as dashed vertical lines over the y range of the data
// already added to pl (a marker beyond the data widens the x range).
func addMarkers(pl *gonum.Plot, ms []Marker) error {
	seen := map[string]bool{}
	for _, m := range ms {
		line, err := plotter.NewLine(plotter.XYs{{X: m.X, Y: pl.Y.Min}, {X: m.X, Y: pl.Y.Max}})
		if err != nil {
			return fmt.Errorf("marker %q at %g: %w", m.Label, m.X, err)
		}
		line.Color, line.Width, line.Dashes = markerColor, vg.Points(0.75), []vg.Length{vg.Points(3), vg.Points(2)}
		pl.Add(line)
		if !seen[m.Label] {
			seen[m.Label] = true
			pl.Legend.Add(m.Label, line)
		}
	}
	return nil
}
