package tasks

import (
	"bytes"

	"github.com/robocompiler/robocompiler/experiments/plot"
	"github.com/robocompiler/robocompiler/sim"
)

// EventFiles returns, for every run with events (partition or mode switches), the
// file name <run>_events.csv and its content (sim.WriteEventsCSV), and adds the
// events as vertical markers to every figure that plots that run's log against t.
func (r *Result) EventFiles() (names []string, contents [][]byte) {
	for _, run := range r.Runs {
		if len(run.Events) == 0 {
			continue
		}
		var b bytes.Buffer
		_ = sim.WriteEventsCSV(&b, run.Events) // a bytes.Buffer does not fail
		names, contents = append(names, run.Name+"_events.csv"), append(contents, b.Bytes())
		for i := range r.Figures {
			p := &r.Figures[i].Plot
			for _, s := range p.Series {
				if s.Log == run.Log && s.X == "t" {
					p.Markers = append(p.Markers, plot.EventMarkers(run.Events)...)
					break
				}
			}
		}
	}
	return names, contents
}
