package sweep

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// mixedSweep has generated Stewart variants, a random payload, and a platform mass list
// whose first value makes every third variant invalid input; the stroke limit makes
// some assemble out of range (numerical failures).
const mixedSweep = `schema: robocompiler.sweep/1
name: mixed
variants: {model: stewart, count: 6, seed: 3}
seed: 11
draws: 2
parameters:
  - name: platform_mass
    record: platform
    field: mass
    list: [-1, 12, 20]
  - name: payload
    record: payload
    field: mass
    uniform: {low: 1, high: 30}
  - name: stroke_max
    record: leg_0_length
    field: limits.upper[0]
    list: [0.6, 0.91]
run:
  assemble: {}
  check: {states: 1, seed: 2}
metrics: [assemble.closure_gap_m, assemble.static_effort_max, check.delta_a_max]
`

// writeSweep writes text to a sweep file in a new temporary directory and loads it.
func writeSweep(t *testing.T, text string) *Sweep {
	t.Helper()
	path := filepath.Join(t.TempDir(), "sweep.yaml")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// runShard runs one shard into dir and returns its rows file's bytes.
func runShard(t *testing.T, s *Sweep, dir string, shard, n, workers int) []byte {
	t.Helper()
	rep, err := RunShard(s, dir, ShardOptions{Shard: shard, Of: n, Workers: workers})
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(rep.File)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// lines splits JSON Lines into lines (with their newlines).
func lines(data []byte) []string {
	out := strings.SplitAfter(string(data), "\n")
	return out[:len(out)-1] // the empty string after the last newline
}

// TestShardingExact: for N = 1…5 the shards' rows, put together, are the unsharded
// run's rows line for line, each variant once and in the shard index mod N, whatever
// the number of workers; the sweep has ok, invalid and numerical rows.
func TestShardingExact(t *testing.T) {
	s := writeSweep(t, mixedSweep)
	if s.Count() != 6*3*2*2 {
		t.Fatalf("count %d, want 72", s.Count())
	}
	whole := lines(runShard(t, s, t.TempDir(), 0, 1, 1))
	if len(whole) != s.Count() {
		t.Fatalf("%d rows, want %d", len(whole), s.Count())
	}
	status := map[string]int{}
	for i, l := range whole {
		var r Row
		if err := json.Unmarshal([]byte(l), &r); err != nil || r.Variant != i {
			t.Fatalf("row %d: %v, variant %d", i, err, r.Variant)
		}
		status[r.Status]++
	}
	if status[StatusOK] == 0 || status[StatusInvalid] != s.Count()/3 || status[StatusNumerical] == 0 || status[StatusInternal] != 0 {
		t.Fatalf("statuses %v: want ok, numerical and a third invalid", status)
	}
	for n := 1; n <= 5; n++ {
		dir := t.TempDir()
		got := make([]string, len(whole))
		for shard := range n {
			for _, l := range lines(runShard(t, s, dir, shard, n, 1+shard%3)) {
				var r Row
				if err := json.Unmarshal([]byte(l), &r); err != nil {
					t.Fatal(err)
				}
				if r.Variant%n != shard || got[r.Variant] != "" {
					t.Fatalf("N=%d: variant %d in shard %d (or twice)", n, r.Variant, shard)
				}
				got[r.Variant] = l
			}
		}
		for i := range whole {
			if got[i] != whole[i] {
				t.Fatalf("N=%d: variant %d differs:\n%s\n%s", n, i, got[i], whole[i])
			}
		}
		rep, err := Merge(dir)
		if err != nil {
			t.Fatalf("N=%d: merge: %v", n, err)
		}
		merged, err := os.ReadFile(filepath.Join(rep.Dir, TableJSONL))
		if err != nil || string(merged) != strings.Join(whole, "") {
			t.Fatalf("N=%d: merged table differs from the unsharded rows (%v)", n, err)
		}
	}
}

// TestShardRerunIdentical: rerunning one shard writes the same bytes; a run killed
// midway resumes from its checkpoint (a cut-off last line included) to the same bytes.
func TestShardRerunIdentical(t *testing.T) {
	s := writeSweep(t, mixedSweep)
	dir := t.TempDir()
	first := runShard(t, s, dir, 1, 3, 2)
	if again := runShard(t, s, dir, 1, 3, 1); !bytes.Equal(first, again) {
		t.Fatal("rerun of shard 1/3 differs")
	}
	// A checkpoint of the first 5 rows and half of the sixth, as a killed run leaves it.
	rows := lines(first)
	var ckpt bytes.Buffer
	for k, l := range rows[:6] {
		var r Row
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		data, err := json.Marshal(result{Row: r, Timing: Timing{Variant: r.Variant}})
		if err != nil {
			t.Fatal(err)
		}
		if k == 5 {
			data = data[:len(data)/2]
		} else {
			data = append(data, '\n')
		}
		ckpt.Write(data)
	}
	name := ShardFile(1, 3)
	if err := os.Remove(filepath.Join(dir, name)); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, partialName(name)), ckpt.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	rep, err := RunShard(s, dir, ShardOptions{Shard: 1, Of: 3, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Resumed != 5 {
		t.Errorf("resumed %d rows, want 5", rep.Resumed)
	}
	if got, _ := os.ReadFile(rep.File); !bytes.Equal(got, first) {
		t.Fatal("resumed shard differs from the uninterrupted run")
	}
	if _, err := os.Stat(filepath.Join(dir, partialName(name))); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("checkpoint left behind: %v", err)
	}
}

// TestMergeMissingAndDuplicates: a merge without shard 1 of 3 names exactly its
// variants and the shard to rerun, and writes nothing; shards of two shardings are
// refused as duplicates; another sweep file's shards are refused.
func TestMergeMissingAndDuplicates(t *testing.T) {
	s := writeSweep(t, mixedSweep)
	dir := t.TempDir()
	runShard(t, s, dir, 0, 3, 2)
	runShard(t, s, dir, 2, 3, 2)
	_, err := Merge(dir)
	var miss *MissingError
	if !errors.As(err, &miss) {
		t.Fatalf("got %v, want a MissingError", err)
	}
	var want []int
	for i := 1; i < s.Count(); i += 3 {
		want = append(want, i)
	}
	if !slices.Equal(miss.Missing, want) || !strings.Contains(err.Error(), "rerun --shard 1/3") {
		t.Fatalf("missing %v (%v), want %v", miss.Missing, err, want)
	}
	if _, err := os.Stat(filepath.Join(dir, MergedDir)); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a failed merge wrote %s", MergedDir)
	}
	runShard(t, s, dir, 0, 1, 2)
	if _, err := Merge(dir); err == nil || !strings.Contains(err.Error(), "is also in") {
		t.Fatalf("duplicates: got %v", err)
	}
	other := writeSweep(t, strings.Replace(mixedSweep, "seed: 11", "seed: 12", 1))
	if _, err := RunShard(other, dir, ShardOptions{Shard: 0, Of: 1}); err == nil || !strings.Contains(err.Error(), "use another --out") {
		t.Fatalf("another sweep into the same directory: got %v", err)
	}
}

// TestExpandDeterministic: the grid is row-major (last parameter fastest), ranges hit
// their ends exactly, and random draws depend on the seed and the index only.
func TestExpandDeterministic(t *testing.T) {
	s := writeSweep(t, `schema: robocompiler.sweep/1
model: stewart
seed: 5
draws: 2
parameters:
  - {name: r, stewart: base_radius, range: {from: 0.4, to: 0.7, steps: 4}}
  - {name: p, stewart: payload_mass, list: [0, 10]}
  - {name: h, stewart: height, normal: {mean: 0.6, stddev: 0.01}}
`)
	vs := s.Expand()
	if len(vs) != 16 {
		t.Fatalf("%d variants, want 16", len(vs))
	}
	for i, v := range vs {
		g := i / 2
		wantR := []float64{0.4, 0.5, 0.6, 0.7}[g/2]
		wantP := []float64{0, 10}[g%2]
		if v.Index != i || v.Values[1] != wantP || abs(v.Values[0]-wantR) > 1e-15 {
			t.Fatalf("variant %d: %v, want r %v p %v", i, v.Values, wantR, wantP)
		}
		if again := s.variant(i); !slices.Equal(again.Values, v.Values) {
			t.Fatalf("variant %d is not reproducible", i)
		}
	}
	if vs[15].Values[0] != 0.7 {
		t.Errorf("last range value %v, want exactly 0.7", vs[15].Values[0])
	}
	if vs[0].Values[2] == vs[1].Values[2] {
		t.Error("two draws of one grid point are equal")
	}
}

// abs is |x|.
func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// TestSimulateAndBenchSteps: the simulate step adds the task's metrics, and the bench
// step's timings go to the timings file only, so reruns still write the same rows.
func TestSimulateAndBenchSteps(t *testing.T) {
	s := writeSweep(t, `schema: robocompiler.sweep/1
model: stewart
parameters:
  - {name: payload, stewart: payload_mass, list: [5, 30]}
run:
  bench: {repeats: 3}
  simulate: {task: inspection, duration: 0.04}
`)
	dir := t.TempDir()
	first := runShard(t, s, dir, 0, 1, 2)
	if again := runShard(t, s, dir, 0, 1, 1); !bytes.Equal(first, again) {
		t.Fatal("rerun differs")
	}
	for _, l := range lines(first) {
		var r Row
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		if r.Status != StatusOK || r.Metrics["simulate.steps"] == nil || *r.Metrics["simulate.steps"] != 80 ||
			r.Metrics["simulate.platform_rms_mm_pd"] == nil || r.Metrics["assemble.static_effort_max"] == nil {
			t.Fatalf("row %s", l)
		}
		for k := range r.Metrics {
			if strings.Contains(k, "_ns") || strings.Contains(k, "wall") {
				t.Errorf("timing %s in a row", k)
			}
		}
	}
	tm, err := os.ReadFile(filepath.Join(dir, "shard-0-of-1.timings.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lines(tm) {
		var x Timing
		if err := json.Unmarshal([]byte(l), &x); err != nil || x.ForwardNs <= 0 || x.InverseNs <= 0 || x.WallS <= 0 {
			t.Fatalf("timing %s (%v)", l, err)
		}
	}
	rep, err := Merge(dir)
	if err != nil {
		t.Fatal(err)
	}
	if merged, err := os.ReadFile(filepath.Join(rep.Dir, TimingsJSONL)); err != nil || !bytes.Equal(merged, tm) {
		t.Fatalf("merged timings differ from the shard's (%v)", err)
	}
}
