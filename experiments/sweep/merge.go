package sweep

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/robocompiler/robocompiler/internal/cli"
)

// MergedDir is the directory, inside a sweep's output directory, that Merge writes.
const MergedDir = "merged"

// Names of the merged table files.
const (
	TableJSONL = "sweep.jsonl"
	TableCSV   = "sweep.csv"
	// TimingsJSONL gathers the shards' timings lines (wall time, bench) in index order.
	TimingsJSONL = "timings.jsonl"
)

// MergeReport summarises a merge.
type MergeReport struct {
	// Dir is the merged directory; Shards the shard files read.
	Dir    string
	Shards []string
	// Variants counts the rows; the others count them by status.
	Variants, OK, Invalid, Numerical, Internal int
	// Files are the files written (table, CSV, plots), base names.
	Files []string
}

// MissingError is a merge that lacks some variants: their indices, and the shard of the
// sharding in use (when every shard file has the same N) that holds each.
type MissingError struct {
	Dir      string
	Total    int
	Missing  []int
	Sharding int // the N of the shard files read (0 when they mix several N)
}

// Error lists the missing variants as index ranges, with the shards to rerun.
func (e *MissingError) Error() string {
	msg := fmt.Sprintf("%s: %d of %d variants are missing: %s", e.Dir, len(e.Missing), e.Total, ranges(e.Missing))
	if e.Sharding > 0 {
		shards := map[int]bool{}
		for _, i := range e.Missing {
			shards[i%e.Sharding] = true
		}
		var list []string
		for s := range e.Sharding {
			if shards[s] {
				list = append(list, fmt.Sprintf("%d/%d", s, e.Sharding))
			}
		}
		msg += fmt.Sprintf(" (rerun --shard %s)", strings.Join(list, ", --shard "))
	}
	return msg
}

// ranges formats sorted indices compactly: "3, 7-9, 12".
func ranges(idx []int) string {
	var parts []string
	for k := 0; k < len(idx); {
		j := k
		for j+1 < len(idx) && idx[j+1] == idx[j]+1 {
			j++
		}
		if j == k {
			parts = append(parts, strconv.Itoa(idx[k]))
		} else {
			parts = append(parts, fmt.Sprintf("%d-%d", idx[k], idx[j]))
		}
		k = j + 1
	}
	return strings.Join(parts, ", ")
}

// shardName matches a shard's rows file and captures its shard and N.
var shardName = regexp.MustCompile(`^shard-(\d+)-of-(\d+)\.jsonl$`)

// Merge reads every shard file of dir, checks that each variant of the manifest is
// present exactly once (a *MissingError names the missing ones; a duplicate or a row in
// the wrong shard is an error naming the files), and writes dir/merged: the combined
// table (sweep.jsonl, sweep.csv), the shards' timings (timings.jsonl, index order) and
// the summary plots (Plots). Nothing is written when the check fails.
func Merge(dir string) (*MergeReport, error) {
	man, err := readManifest(dir)
	if err != nil {
		return nil, fmt.Errorf("%s is not a sweep output directory (run robocompiler sweep --out %s first): %w", dir, dir, err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	rep := &MergeReport{Dir: filepath.Join(dir, MergedDir)}
	rows := make([]*Row, man.Variants)
	from := make([]string, man.Variants)
	timings := make([][]byte, man.Variants)
	ns := map[int]bool{}
	for _, e := range entries {
		m := shardName.FindStringSubmatch(e.Name())
		if m == nil || e.IsDir() {
			continue
		}
		shard, _ := strconv.Atoi(m[1])
		n, _ := strconv.Atoi(m[2])
		ns[n] = true
		path := filepath.Join(dir, e.Name())
		rep.Shards = append(rep.Shards, e.Name())
		got, err := ReadRows(path)
		if err != nil {
			return nil, err
		}
		for k := range got {
			r := &got[k]
			switch {
			case r.Variant < 0 || r.Variant >= man.Variants:
				return nil, &cli.LocatedError{File: path, Line: k + 1, Field: "variant",
					Message: fmt.Sprintf("variant %d is not one of the sweep's %d", r.Variant, man.Variants)}
			case n < 1 || r.Variant%n != shard:
				return nil, &cli.LocatedError{File: path, Line: k + 1, Field: "variant",
					Message: fmt.Sprintf("variant %d does not belong to shard %d of %d (index mod N)", r.Variant, shard, n)}
			case rows[r.Variant] != nil:
				return nil, &cli.LocatedError{File: path, Line: k + 1, Field: "variant",
					Message: fmt.Sprintf("variant %d is also in %s: remove the shard files of the other sharding", r.Variant, from[r.Variant])}
			}
			rows[r.Variant], from[r.Variant] = r, e.Name()
		}
		if err := readTimings(filepath.Join(dir, timingsName(e.Name())), timings); err != nil {
			return nil, err
		}
	}
	var missing []int
	for i, r := range rows {
		if r == nil {
			missing = append(missing, i)
		}
	}
	if len(missing) > 0 {
		e := &MissingError{Dir: dir, Total: man.Variants, Missing: missing}
		if len(ns) == 1 {
			for n := range ns {
				e.Sharding = n
			}
		}
		return nil, e
	}
	cols := columns(man, rows)
	jsonl, csvData, err := tables(rows, man, cols)
	if err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp(dir, ".merged-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	for name, data := range map[string][]byte{TableJSONL: jsonl, TableCSV: csvData, TimingsJSONL: bytes.Join(timings, nil)} {
		if err := os.WriteFile(filepath.Join(tmp, name), data, 0o644); err != nil {
			return nil, err
		}
	}
	plots, err := Plots(tmp, man, rows, cols)
	if err != nil {
		return nil, err
	}
	if err := cli.ReplaceDir(tmp, rep.Dir); err != nil {
		return nil, err
	}
	rep.Files = append([]string{TableJSONL, TableCSV, TimingsJSONL}, plots...)
	for _, r := range rows {
		rep.Variants++
		switch r.Status {
		case StatusOK:
			rep.OK++
		case StatusInvalid:
			rep.Invalid++
		case StatusNumerical:
			rep.Numerical++
		default:
			rep.Internal++
		}
	}
	return rep, nil
}

// readTimings stores each line of a shard's timings file (absent: none) under its
// variant in timings.
func readTimings(path string, timings [][]byte) error {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	for k, line := range bytes.SplitAfter(data, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var tm Timing
		if err := json.Unmarshal(line, &tm); err != nil || tm.Variant < 0 || tm.Variant >= len(timings) {
			return &cli.LocatedError{File: path, Line: k + 1, Message: fmt.Sprintf("not a timings line of this sweep (%v)", err)}
		}
		timings[tm.Variant] = line
	}
	return nil
}

// columns returns the metric columns: the manifest's, then any other metric a row has
// (task metrics of the simulate step), in name order.
func columns(man *Manifest, rows []*Row) []string {
	cols := slices.Clone(man.Metrics)
	extra := map[string]bool{}
	for _, r := range rows {
		for k := range r.Metrics {
			if !slices.Contains(cols, k) {
				extra[k] = true
			}
		}
	}
	var more []string
	for k := range extra {
		more = append(more, k)
	}
	sort.Strings(more)
	return append(cols, more...)
}

// tables encodes the rows as JSON Lines (the shard files' bytes, in index order) and as
// CSV: variant, model, the parameters, status, message, the metrics (empty: null or
// absent).
func tables(rows []*Row, man *Manifest, metrics []string) (jsonl, csvData []byte, err error) {
	var jb, cb bytes.Buffer
	w := csv.NewWriter(&cb)
	head := slices.Concat([]string{"variant", "model"}, man.Parameters, []string{"status", "message"}, metrics)
	if err := w.Write(head); err != nil {
		return nil, nil, err
	}
	num := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	for _, r := range rows {
		line, err := r.Encode()
		if err != nil {
			return nil, nil, err
		}
		jb.Write(line)
		rec := []string{strconv.Itoa(r.Variant), r.Model}
		for _, p := range man.Parameters {
			rec = append(rec, num(r.Params[p]))
		}
		rec = append(rec, r.Status, r.Message)
		for _, m := range metrics {
			if x := r.Metrics[m]; x != nil {
				rec = append(rec, num(*x))
			} else {
				rec = append(rec, "")
			}
		}
		if err := w.Write(rec); err != nil {
			return nil, nil, err
		}
	}
	w.Flush()
	return jb.Bytes(), cb.Bytes(), w.Error()
}
