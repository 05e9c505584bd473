package tasks

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/robocompiler/robocompiler/experiments/taskfile"
)

// interpKind maps a task file's interpolation name to its kind.
func interpKind(name string) int {
	switch name {
	case "linear":
		return interpLinear
	case "cubic":
		return interpCubic
	}
	return interpMinJerk
}

// signal returns the function writing the task file signal s (n components) at time t;
// fld names it in errors of f.
func signal(f *taskfile.File, fld string, s *taskfile.Signal, n int) (func(t float64, y []float64), error) {
	switch {
	case s.Waypoints != nil:
		w := &waypoints{T: s.Waypoints.Times, Y: s.Waypoints.Values, interp: interpKind(s.Waypoints.Interpolation)}
		return w.at, nil
	case s.CSV != nil:
		w, err := csvWaypoints(f, fld+".csv", s.CSV)
		if err != nil {
			return nil, err
		}
		return w.at, nil
	}
	terms, fade := s.Sine, s.FadeIn
	return func(t float64, y []float64) {
		w := 1.0
		if fade > 0 {
			w = minJerk(t / fade)
		}
		for i := range y {
			x := &terms[i]
			arg := 2*math.Pi*x.Frequency*t + x.Phase
			var v float64
			switch x.Shape {
			case "cos":
				v = math.Cos(arg)
			case "1-cos":
				v = 1 - math.Cos(arg)
			default:
				v = math.Sin(arg)
			}
			y[i] = x.Offset + w*x.Amplitude*v
		}
	}, nil
}

// csvWaypoints reads the columns of a CSV reference as waypoints at its time column.
func csvWaypoints(f *taskfile.File, fld string, c *taskfile.CSV) (*waypoints, error) {
	path := f.Resolve(c.File)
	fh, err := os.Open(path)
	if err != nil {
		return nil, f.Errorf(fld+".file", "%v", err)
	}
	defer fh.Close()
	r := csv.NewReader(fh)
	r.Comment = '#'
	head, err := r.Read()
	if err != nil {
		return nil, f.Errorf(fld+".file", "%s: no header row: %v", path, err)
	}
	for i := range head {
		head[i] = strings.TrimSpace(head[i])
	}
	idx := make([]int, len(c.Columns)+1)
	for i, name := range append([]string{c.Time}, c.Columns...) {
		if idx[i] = slices.Index(head, name); idx[i] < 0 {
			field := fld + ".time"
			if i > 0 {
				field = fmt.Sprintf("%s.columns[%d]", fld, i-1)
			}
			return nil, f.Errorf(field, "%s has no column %q (its columns: %s)", path, name, strings.Join(head, ", "))
		}
	}
	w := &waypoints{interp: interpKind(c.Interpolation)}
	for line := 2; ; line++ {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, f.Errorf(fld+".file", "%s: %v", path, err)
		}
		row := make([]float64, len(idx))
		for i, k := range idx {
			x, err := strconv.ParseFloat(strings.TrimSpace(rec[k]), 64)
			if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
				return nil, f.Errorf(fld+".file", "%s:%d: column %q: %q is not a finite number", path, line, head[k], rec[k])
			}
			row[i] = x
		}
		if n := len(w.T); n > 0 && !(row[0] > w.T[n-1]) {
			return nil, f.Errorf(fld+".file", "%s:%d: time %g s does not increase (previous %g s)", path, line, row[0], w.T[n-1])
		}
		w.T, w.Y = append(w.T, row[0]), append(w.Y, row[1:])
	}
	if len(w.T) == 0 {
		return nil, f.Errorf(fld+".file", "%s: no data rows", path)
	}
	return w, nil
}
