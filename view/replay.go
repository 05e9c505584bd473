package view

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/internal/cli"
	"github.com/robocompiler/robocompiler/sim"
)

// Replay limits: frames kept per run (the log is subsampled evenly), series per plot
// strip, and the mesh bytes inlined into a page (beyond it meshes are left out).
const (
	replayFrames     = 800
	replayMaxSeries  = 12
	replayMeshBudget = 24 << 20
)

// Run is one logged rollout to replay: its name and its log (sim.Log columns).
type Run struct {
	Name string
	Log  *sim.Log
}

// replayData is the JSON the replay page reads.
type replayData struct {
	Scene *Scene      `json:"scene"`
	Runs  []replayRun `json:"runs"`
}

type replayRun struct {
	Name  string `json:"name"`
	T     nums   `json:"t"`
	Poses []nums `json:"poses"` // per frame: the node poses, flattened (7 per node)
	// Cuts are per frame the cuts' residuals, flattened (m then rad per cut, in the
	// scene's cut order); empty when the log lacks the coordinates of a retained cut joint.
	Cuts   []nums        `json:"cuts"`
	Strips []replayStrip `json:"strips"`
}

// replayStrip is one plot under the scene: a few signals sharing a unit.
type replayStrip struct {
	Title  string         `json:"title"`
	Series []replaySeries `json:"series"`
}

type replaySeries struct {
	Name   string `json:"name"`
	Values nums   `json:"values"`
}

// nums encodes with 6 significant digits (non-finite values as null).
type nums []float64

// MarshalJSON writes the numbers compactly.
func (x nums) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 10*len(x)+2)
	b = append(b, '[')
	for i, v := range x {
		if i > 0 {
			b = append(b, ',')
		}
		if math.IsNaN(v) || math.IsInf(v, 0) {
			b = append(b, "null"...)
			continue
		}
		b = strconv.AppendFloat(b, v, 'g', 6, 64)
	}
	return append(b, ']'), nil
}

// WriteReplay writes to path (atomically) a self-contained HTML page that replays the
// runs of model m: the scene moving through each log's configurations (columns q:<coordinate>),
// play/pause, a scrub bar, the playback speed, and the logged signals (port displacements
// and efforts, closure gap, energies, task probes) plotted under the scene with a cursor
// at the current time. The page loads nothing: scripts, data and meshes are inlined.
func WriteReplay(path string, m *robocompiler.Model, runs ...Run) error {
	page, err := Replay(m, runs...)
	if err != nil {
		return err
	}
	return cli.WriteFile(path, page)
}

// Replay returns the page WriteReplay writes.
func Replay(m *robocompiler.Model, runs ...Run) ([]byte, error) {
	if len(runs) == 0 {
		return nil, fmt.Errorf("replay of %s: no runs", m.Graph.Name)
	}
	poser := NewPoser(m)
	cd, lin := closure.NewData(m.Model), closure.RowLinear(m.Model)
	data := replayData{}
	q := make([]float64, m.NQ)
	for _, r := range runs {
		cols, err := treeColumns(m, r)
		if err != nil {
			return nil, err
		}
		rows := r.Log.Rows()
		if rows == 0 {
			return nil, fmt.Errorf("replay of run %q: the log has no rows", r.Name)
		}
		stride := (rows + replayFrames - 1) / replayFrames
		var frames []int
		for i := 0; i < rows; i += stride {
			frames = append(frames, i)
		}
		if frames[len(frames)-1] != rows-1 {
			frames = append(frames, rows-1)
		}
		rr := replayRun{Name: r.Name, Cuts: []nums{}}
		full := !slices.Contains(cols, -1) // every coordinate logged: the residuals can be evaluated
		it := r.Log.Index("t")
		for _, i := range frames {
			row := r.Log.Row(i)
			for k, c := range cols {
				if c >= 0 {
					q[k] = row[c]
				}
			}
			if data.Scene == nil {
				if data.Scene, err = NewScene(m, q); err != nil {
					return nil, err
				}
			}
			if it >= 0 {
				rr.T = append(rr.T, row[it])
			} else {
				rr.T = append(rr.T, float64(i))
			}
			var flat nums
			for _, p := range poser.Poses(q) {
				flat = append(flat, p[:]...)
			}
			rr.Poses = append(rr.Poses, flat)
			if full && m.Rows > 0 {
				cd.Residual(q)
				var gaps nums
				for _, g := range cutGaps(m.Model, cd.Rho, lin) {
					gaps = append(gaps, g.M, g.Rad)
				}
				rr.Cuts = append(rr.Cuts, gaps)
			}
		}
		rr.Strips = strips(r.Log, frames)
		data.Runs = append(data.Runs, rr)
	}
	if err := inlineMeshes(data.Scene); err != nil {
		return nil, err
	}
	return replayPage(data)
}

// treeColumns maps each configuration coordinate to its log column (-1 for coordinates
// of cut joints, which the poses do not need); a missing tree coordinate is an error.
func treeColumns(m *robocompiler.Model, r Run) ([]int, error) {
	cols := make([]int, m.NQ)
	for i := range cols {
		cols[i] = -1
	}
	for _, j := range m.Joints {
		for k := range j.NQ {
			name := j.ID
			if j.NQ > 1 {
				name = fmt.Sprintf("%s[%d]", j.ID, k)
			}
			c := r.Log.Index("q:" + name)
			if c < 0 && j.Tree {
				return nil, fmt.Errorf("replay of run %q: the log has no column q:%s for tree joint %q of %s", r.Name, name, j.ID, m.Graph.Name)
			}
			cols[j.Q0+k] = c
		}
	}
	return cols, nil
}

// strips groups the plotted signals: port displacements, port efforts, closure gap,
// energies and the task's probe columns (those after balance_J).
func strips(l *sim.Log, frames []int) []replayStrip {
	groups := []struct {
		title string
		match func(i int, c string) bool
	}{
		{"port displacements ℓ (m, rad)", func(_ int, c string) bool { return strings.HasPrefix(c, "ell:") }},
		{"port efforts f (N, N·m)", func(_ int, c string) bool { return strings.HasPrefix(c, "f:") }},
		{"closure gap (m)", func(_ int, c string) bool { return c == "gap_m" }},
		{"energy (J)", func(_ int, c string) bool { return c == "kinetic_J" || c == "potential_J" }},
		{"task signals", func(i int, _ string) bool { b := l.Index("balance_J"); return b >= 0 && i > b }},
	}
	var out []replayStrip
	for _, g := range groups {
		s := replayStrip{Title: g.title}
		for i, c := range l.Columns {
			if !g.match(i, c) || len(s.Series) == replayMaxSeries {
				continue
			}
			v := make(nums, len(frames))
			for k, f := range frames {
				v[k] = l.Row(f)[i]
			}
			s.Series = append(s.Series, replaySeries{Name: c, Values: v})
		}
		if len(s.Series) > 0 {
			out = append(out, s)
		}
	}
	return out
}

// inlineMeshes turns the scene's mesh files into data URLs, within replayMeshBudget;
// meshes beyond it are left out with a warning.
func inlineMeshes(s *Scene) error {
	total, dropped := 0, 0
	for n := range s.Nodes {
		kept := s.Nodes[n].Shapes[:0]
		for _, sh := range s.Nodes[n].Shapes {
			if sh.file != "" {
				b, err := os.ReadFile(sh.file)
				if err != nil || total+len(b) > replayMeshBudget {
					dropped++
					continue
				}
				total += len(b)
				sh.Mesh = "data:application/octet-stream;base64," + base64.StdEncoding.EncodeToString(b)
			}
			kept = append(kept, sh)
		}
		s.Nodes[n].Shapes = kept
	}
	if dropped > 0 {
		s.Warnings = append(s.Warnings, fmt.Sprintf("%d mesh file(s) left out of the replay (above %d MB of meshes, or unreadable)", dropped, replayMeshBudget>>20))
	}
	return nil
}

// replayPage fills the replay template: the import map points every module at a data
// URL of its embedded source, and the data is a JSON script element.
func replayPage(data replayData) ([]byte, error) {
	js, err := json.Marshal(data)
	if err != nil {
		return nil, err
	}
	imports := map[string]string{}
	for spec, file := range map[string]string{
		"three":                         "three/three.module.min.js",
		"three/addons/OrbitControls.js": "three/OrbitControls.js",
		"three/addons/STLLoader.js":     "three/STLLoader.js",
		"three/addons/OBJLoader.js":     "three/OBJLoader.js",
		"rc/viewer.js":                  "viewer.js",
		"rc/plots.js":                   "plots.js",
	} {
		src, err := assets.ReadFile("assets/" + file)
		if err != nil {
			return nil, err
		}
		imports[spec] = "data:text/javascript;base64," + base64.StdEncoding.EncodeToString(src)
	}
	im, err := json.Marshal(map[string]any{"imports": imports})
	if err != nil {
		return nil, err
	}
	tpl, err := assets.ReadFile("assets/replay.html")
	if err != nil {
		return nil, err
	}
	style, err := assets.ReadFile("assets/style.css")
	if err != nil {
		return nil, err
	}
	script, err := assets.ReadFile("assets/replay.js")
	if err != nil {
		return nil, err
	}
	page := bytes.Replace(tpl, []byte("/*STYLE*/"), style, 1)
	page = bytes.Replace(page, []byte("/*SCRIPT*/"), script, 1)
	page = bytes.Replace(page, []byte(`{"imports":{}}`), im, 1)
	page = bytes.Replace(page, []byte(`{"replay":null}`), js, 1)
	return page, nil
}
