// Package plot draws line charts of rollout logs (sim.Log columns) with gonum/plot, for
// the experiments' figures. It is presentation, outside the pipeline: no library package
// imports it.
package plot

import (
	"fmt"
	"image/color"
	"strconv"

	"github.com/robocompiler/robocompiler/sim"
	gonum "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// Series is one curve of a Plot: column Y against column X of a log, multiplied by
// Scale (0 means 1), with a legend label.
type Series struct {
	Log   *sim.Log
	X, Y  string
	Scale float64
	Label string
}

// Plot is a line chart of log columns.
type Plot struct {
	Title, XLabel, YLabel string
	Series                []Series
	// LogY draws the y axis logarithmically (non-positive values are clipped to 1e-18).
	LogY bool
	// Markers are drawn as vertical dashed lines across the plot (rollout events such as
	// partition switches; see EventMarkers).
	Markers []Marker
}

// decadeTicks are gonum.LogTicks labelled with two significant digits ("1e-05"), where
// LogTicks' shortest representation prints a computed power such as
// "1.0000000000000004e-05".
type decadeTicks struct{}

// Ticks implements gonum.Ticker.
func (decadeTicks) Ticks(min, max float64) []gonum.Tick {
	ts := gonum.LogTicks{Prec: -1}.Ticks(min, max)
	for i := range ts {
		if ts[i].Label != "" {
			ts[i].Label = strconv.FormatFloat(ts[i].Value, 'g', 2, 64)
		}
	}
	return ts
}

// palette are the line colours, cycled.
var palette = []color.Color{
	color.RGBA{0x1f, 0x77, 0xb4, 0xff}, color.RGBA{0xd6, 0x27, 0x28, 0xff}, color.RGBA{0x2c, 0xa0, 0x2c, 0xff},
	color.RGBA{0xff, 0x7f, 0x0e, 0xff}, color.RGBA{0x94, 0x67, 0xbd, 0xff}, color.RGBA{0x8c, 0x56, 0x4b, 0xff},
	color.RGBA{0xe3, 0x77, 0xc2, 0xff}, color.RGBA{0x7f, 0x7f, 0x7f, 0xff},
}

// Save renders the plot to path (the extension picks the format: .png, .svg, .pdf) at
// width × height centimetres.
func (p *Plot) Save(path string, width, height float64) error {
	pl := gonum.New()
	pl.Title.Text, pl.X.Label.Text, pl.Y.Label.Text = p.Title, p.XLabel, p.YLabel
	pl.Add(plotter.NewGrid())
	if p.LogY {
		pl.Y.Scale = gonum.LogScale{}
		pl.Y.Tick.Marker = decadeTicks{}
	}
	pl.Legend.Top = true
	for i, s := range p.Series {
		x, err := s.Log.Column(s.X)
		if err != nil {
			return err
		}
		y, err := s.Log.Column(s.Y)
		if err != nil {
			return err
		}
		k := s.Scale
		if k == 0 {
			k = 1
		}
		xy := make(plotter.XYs, len(x))
		for j := range x {
			xy[j].X, xy[j].Y = x[j], k*y[j]
			if p.LogY && xy[j].Y < 1e-18 {
				xy[j].Y = 1e-18
			}
		}
		line, err := plotter.NewLine(xy)
		if err != nil {
			return fmt.Errorf("plot: %q, series %q: %w", p.Title, s.Label, err)
		}
		line.Color = palette[i%len(palette)]
		line.Width = vg.Points(1)
		pl.Add(line)
		pl.Legend.Add(s.Label, line)
	}
	if err := addMarkers(pl, p.Markers); err != nil {
		return fmt.Errorf("plot: %q: %w", p.Title, err)
	}
	return pl.Save(vg.Length(width)*vg.Centimeter, vg.Length(height)*vg.Centimeter, path)
}
