package sweep

import (
	"fmt"
	"image/color"
	"math"
	"path/filepath"
	"slices"
	"strconv"

	gonum "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Plot sizes, cm.
const plotWidth, plotHeight = 14, 9

// wideRange is the max/min ratio above which a positive metric is drawn on a log scale.
const wideRange = 1e3

// maxGroups bounds the distinct values of the parameter the scatter plots colour by.
const maxGroups = 8

// groupColors are the scatter colours, cycled.
var groupColors = []color.Color{
	color.RGBA{0x1f, 0x77, 0xb4, 0xff}, color.RGBA{0xd6, 0x27, 0x28, 0xff}, color.RGBA{0x2c, 0xa0, 0x2c, 0xff},
	color.RGBA{0xff, 0x7f, 0x0e, 0xff}, color.RGBA{0x94, 0x67, 0xbd, 0xff}, color.RGBA{0x8c, 0x56, 0x4b, 0xff},
	color.RGBA{0xe3, 0x77, 0xc2, 0xff}, color.RGBA{0x7f, 0x7f, 0x7f, 0xff},
}

// Plots writes the summary plots of the rows into dir and returns their base names: for
// every metric that takes at least two values, its histogram (hist-METRIC.png; of
// log10 of the values when they are positive and span more than three decades) and its
// scatter against every parameter that takes at least two values
// (METRIC-vs-PARAM.png), coloured by the first other parameter with 2 to 8 values (and
// joined by lines where each colour has one point per abscissa, as on a grid).
// Rows whose metric is null or absent are left out.
func Plots(dir string, man *Manifest, rows []*Row, metrics []string) ([]string, error) {
	var files []string
	varied := []string{}
	for _, p := range man.Parameters {
		if distinct(rows, func(r *Row) (float64, bool) { return r.Params[p], true }) >= 2 {
			varied = append(varied, p)
		}
	}
	for _, m := range metrics {
		get := func(r *Row) (float64, bool) {
			x := r.Metrics[m]
			if x == nil {
				return 0, false
			}
			return *x, true
		}
		if distinct(rows, get) < 2 {
			continue
		}
		logScale := wide(rows, get)
		name := "hist-" + m + ".png"
		if err := histogram(filepath.Join(dir, name), m, rows, get, logScale); err != nil {
			return nil, err
		}
		files = append(files, name)
		for _, p := range varied {
			name := m + "-vs-" + p + ".png"
			if err := scatter(filepath.Join(dir, name), m, p, groupBy(varied, p, rows), rows, get, logScale); err != nil {
				return nil, err
			}
			files = append(files, name)
		}
	}
	return files, nil
}

// distinct counts the distinct values get gives over rows (where it gives one).
func distinct(rows []*Row, get func(*Row) (float64, bool)) int {
	seen := map[float64]bool{}
	for _, r := range rows {
		if x, ok := get(r); ok {
			seen[x] = true
		}
	}
	return len(seen)
}

// wide reports positive values spanning more than wideRange.
func wide(rows []*Row, get func(*Row) (float64, bool)) bool {
	lo, hi := math.Inf(1), 0.0
	for _, r := range rows {
		if x, ok := get(r); ok {
			if x <= 0 {
				return false
			}
			lo, hi = math.Min(lo, x), math.Max(hi, x)
		}
	}
	return hi > wideRange*lo
}

// groupBy returns the first varied parameter other than p with at most maxGroups
// values, or "".
func groupBy(varied []string, p string, rows []*Row) string {
	for _, q := range varied {
		if q != p && distinct(rows, func(r *Row) (float64, bool) { return r.Params[q], true }) <= maxGroups {
			return q
		}
	}
	return ""
}

// histogram draws the histogram of the metric.
func histogram(path, metric string, rows []*Row, get func(*Row) (float64, bool), logScale bool) error {
	var vals plotter.Values
	for _, r := range rows {
		if x, ok := get(r); ok {
			if logScale {
				x = math.Log10(x)
			}
			vals = append(vals, x)
		}
	}
	pl := gonum.New()
	pl.Title.Text = fmt.Sprintf("%s (%d variants)", metric, len(vals))
	pl.X.Label.Text = metric
	if logScale {
		pl.X.Label.Text = "log10 " + metric
	}
	pl.Y.Label.Text = "variants"
	h, err := plotter.NewHist(vals, min(20, max(2, len(vals)/4)))
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	h.FillColor = groupColors[0]
	pl.Add(plotter.NewGrid(), h)
	return pl.Save(plotWidth*vg.Centimeter, plotHeight*vg.Centimeter, path)
}

// scatter draws the metric against parameter p, one colour per value of parameter
// group ("" for one colour).
func scatter(path, metric, p, group string, rows []*Row, get func(*Row) (float64, bool), logScale bool) error {
	pl := gonum.New()
	pl.Title.Text = metric + " against " + p
	pl.X.Label.Text, pl.Y.Label.Text = p, metric
	if logScale {
		pl.Y.Scale = gonum.LogScale{}
		pl.Y.Tick.Marker = gonum.LogTicks{Prec: 2}
	}
	pl.Add(plotter.NewGrid())
	pts := map[float64]plotter.XYs{}
	for _, r := range rows {
		if y, ok := get(r); ok {
			key := 0.0
			if group != "" {
				key = r.Params[group]
			}
			pts[key] = append(pts[key], plotter.XY{X: r.Params[p], Y: y})
		}
	}
	keys := make([]float64, 0, len(pts))
	for k := range pts {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for i, k := range keys {
		xy := pts[k]
		slices.SortFunc(xy, func(a, b plotter.XY) int { return cmpFloat(a.X, b.X) })
		c := groupColors[i%len(groupColors)]
		sc, err := plotter.NewScatter(xy)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		sc.GlyphStyle.Color, sc.GlyphStyle.Shape, sc.GlyphStyle.Radius = c, draw.CircleGlyph{}, vg.Points(2)
		pl.Add(sc)
		if group != "" && curve(xy) {
			line, err := plotter.NewLine(xy)
			if err != nil {
				return fmt.Errorf("%s: %w", path, err)
			}
			line.Color, line.Width = c, vg.Points(1)
			pl.Add(line)
		}
		if group != "" {
			pl.Legend.Add(group+" = "+strconv.FormatFloat(k, 'g', 4, 64), sc)
		}
	}
	if group != "" {
		placeLegend(pl, pts, len(keys), logScale)
	}
	return pl.Save(plotWidth*vg.Centimeter, plotHeight*vg.Centimeter, path)
}

// placeLegend puts the legend at the top, on the side where the points are lower, and
// on a linear scale raises the top of the y axis by a line of headroom per entry.
func placeLegend(pl *gonum.Plot, pts map[float64]plotter.XYs, entries int, logScale bool) {
	xlo, xhi, ylo, yhi := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, xy := range pts {
		for _, p := range xy {
			xlo, xhi = math.Min(xlo, p.X), math.Max(xhi, p.X)
			ylo, yhi = math.Min(ylo, p.Y), math.Max(yhi, p.Y)
		}
	}
	var left, right, nl, nr float64
	for _, xy := range pts {
		for _, p := range xy {
			if p.X < (xlo+xhi)/2 {
				left, nl = left+p.Y, nl+1
			} else {
				right, nr = right+p.Y, nr+1
			}
		}
	}
	pl.Legend.Top = true
	pl.Legend.Left = nl == 0 || nr == 0 || left/nl <= right/nr
	if !logScale && yhi > ylo {
		pl.Y.Max = yhi + (yhi-ylo)*math.Min(0.8, 0.09*float64(entries))
	}
}

// curve reports whether the points, sorted by x, have distinct x values (one value per
// x: a line through them is a curve of the grid).
func curve(xy plotter.XYs) bool {
	for i := 1; i < len(xy); i++ {
		if xy[i].X == xy[i-1].X {
			return false
		}
	}
	return len(xy) > 1
}

// cmpFloat orders two numbers.
func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
