package sweep

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/robocompiler/robocompiler/internal/cli"
)

// ManifestFile is the name of the manifest every shard writes into the output directory.
const ManifestFile = "sweep.json"

// ManifestSchema is the schema string of the manifest.
const ManifestSchema = "robocompiler.sweep-manifest/1"

// Manifest describes the sweep whose shards a directory holds: every shard writes the
// same bytes, and Merge reads it to know the variants and columns.
type Manifest struct {
	Schema string `json:"schema"`
	// Name is the sweep's name; File the sweep file's base name and Digest the SHA-256
	// of its bytes (hex): shards of another sweep file are refused.
	Name   string `json:"name"`
	File   string `json:"file"`
	Digest string `json:"digest"`
	// Variants is the number of variants (indices 0…Variants-1).
	Variants int `json:"variants"`
	// Parameters are the parameter columns in file order ("generated" first with a
	// generator); Metrics the fixed metric columns in step order (task metrics of the
	// simulate step follow in name order in the merged table).
	Parameters []string `json:"parameters"`
	Metrics    []string `json:"metrics"`
}

// manifest returns the sweep's manifest.
func (s *Sweep) manifest() Manifest {
	m := Manifest{Schema: ManifestSchema, Name: s.Name, File: filepath.Base(s.File), Digest: s.Digest,
		Variants: s.Count(), Parameters: []string{}, Metrics: []string{}}
	if s.Variants != nil {
		m.Parameters = append(m.Parameters, "generated")
	}
	for _, p := range s.Parameters {
		m.Parameters = append(m.Parameters, p.Name)
	}
	for _, n := range s.metricNames() {
		if s.keep(n) {
			m.Metrics = append(m.Metrics, n)
		}
	}
	for _, n := range s.Metrics { // selected task metrics, in the file's order
		if !slices.Contains(m.Metrics, n) {
			m.Metrics = append(m.Metrics, n)
		}
	}
	return m
}

// ShardFile returns the base name of shard (from 0) of n's rows: shard-I-of-N.jsonl.
// Its timings are in shard-I-of-N.timings.jsonl, and while it runs its completed rows
// are checkpointed in shard-I-of-N.partial.
func ShardFile(shard, n int) string { return fmt.Sprintf("shard-%d-of-%d.jsonl", shard, n) }

// ShardOptions select the shard and the parallelism of RunShard.
type ShardOptions struct {
	// Shard (from 0) of Of: the variants with index mod Of = Shard.
	Shard, Of int
	// Workers evaluate variants in parallel (0: one per core).
	Workers int
	// Progress, when set, is called after each variant with the variants done and the
	// shard's total.
	Progress func(done, total int)
}

// ShardReport summarises a shard run.
type ShardReport struct {
	// File is the shard's rows file; Timings its timings file.
	File, Timings string
	// Variants counts the shard's variants; Resumed those taken from the checkpoint of
	// an interrupted run; the others count rows by status.
	Variants, Resumed, OK, Invalid, Numerical, Internal int
	Workers                                             int
	// WallS is the run's wall time, s.
	WallS float64
}

// RunShard evaluates the variants of one shard and writes, atomically, its rows file
// (one JSON line per variant, in index order: byte-identical on a rerun) and its timings
// file into dir, with the manifest. Rows are checkpointed as they complete, so a run
// that is killed resumes where it stopped. The error is for the run itself (dir not
// writable, dir holding another sweep's results); a variant's failure is its row's
// status.
func RunShard(s *Sweep, dir string, o ShardOptions) (*ShardReport, error) {
	start := time.Now()
	if o.Of < 1 || o.Shard < 0 || o.Shard >= o.Of {
		return nil, fmt.Errorf("shard %d/%d: the shard must be between 0 and N-1 for N ≥ 1", o.Shard, o.Of)
	}
	if o.Workers <= 0 {
		o.Workers = runtime.NumCPU()
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	if err := writeManifest(s, dir); err != nil {
		return nil, err
	}
	b, err := s.newBuilder()
	if err != nil {
		return nil, err
	}
	var todo []int
	for i := o.Shard; i < s.Count(); i += o.Of {
		todo = append(todo, i)
	}
	name := ShardFile(o.Shard, o.Of)
	rep := &ShardReport{File: filepath.Join(dir, name), Timings: filepath.Join(dir, timingsName(name)),
		Variants: len(todo), Workers: o.Workers}
	partial := filepath.Join(dir, partialName(name))
	done, err := resume(partial, o)
	if err != nil {
		return nil, err
	}
	rep.Resumed = len(done)
	if err := evaluateAll(b, todo, done, partial, o); err != nil {
		return nil, err
	}
	rows, timings, err := encodeShard(todo, done, rep)
	if err != nil {
		return nil, err
	}
	if err := cli.WriteFiles([]string{rep.File, rep.Timings}, [][]byte{rows, timings}); err != nil {
		return nil, err
	}
	if err := os.Remove(partial); err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	rep.WallS = time.Since(start).Seconds()
	return rep, nil
}

// timingsName and partialName derive the timings and checkpoint names of a shard file.
func timingsName(shard string) string { return shard[:len(shard)-len(".jsonl")] + ".timings.jsonl" }
func partialName(shard string) string { return shard[:len(shard)-len(".jsonl")] + ".partial" }

// writeManifest writes the sweep's manifest into dir, refusing a dir that holds another
// sweep file's results.
func writeManifest(s *Sweep, dir string) error {
	m := s.manifest()
	path := filepath.Join(dir, ManifestFile)
	if old, err := readManifest(dir); err == nil && old.Digest != m.Digest {
		return fmt.Errorf("%s holds the results of sweep file %s (digest %.12s), not of %s (digest %.12s): use another --out directory",
			dir, old.File, old.Digest, s.File, m.Digest)
	}
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return cli.WriteFile(path, append(data, '\n'))
}

// readManifest reads dir's manifest.
func readManifest(dir string) (*Manifest, error) {
	data, err := os.ReadFile(filepath.Join(dir, ManifestFile))
	if err != nil {
		return nil, err
	}
	var m Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(dir, ManifestFile), err)
	}
	if m.Schema != ManifestSchema {
		return nil, fmt.Errorf("%s: schema %q is not %q", filepath.Join(dir, ManifestFile), m.Schema, ManifestSchema)
	}
	if m.Variants < 1 || m.Variants > MaxVariants {
		return nil, fmt.Errorf("%s: %d variants is outside 1…%d", filepath.Join(dir, ManifestFile), m.Variants, MaxVariants)
	}
	return &m, nil
}

// result is one evaluated variant: its row and timing, as checkpointed.
type result struct {
	Row    Row    `json:"row"`
	Timing Timing `json:"timing"`
}

// resume reads the checkpoint of an interrupted run of the shard: every complete line
// for a variant of the shard, up to the first damaged one (a line cut short when the
// node died). A missing checkpoint is an empty one. The file is truncated after the
// last good line, ready for appending.
func resume(path string, o ShardOptions) (map[int]result, error) {
	done := map[int]result{}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if errors.Is(err, os.ErrNotExist) {
		return done, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := bufio.NewReader(f)
	good := int64(0)
	for {
		line, err := r.ReadBytes('\n')
		if err != nil { // EOF, or a last line without its newline: cut off
			break
		}
		var res result
		if json.Unmarshal(line, &res) != nil || !InShard(res.Row.Variant, o.Shard, o.Of) || res.Row.Params == nil {
			break
		}
		done[res.Row.Variant] = res
		good += int64(len(line))
	}
	return done, f.Truncate(good)
}

// evaluateAll evaluates the variants of todo not in done with o.Workers goroutines,
// appending each result to the checkpoint as it completes and adding it to done.
func evaluateAll(b *builder, todo []int, done map[int]result, partial string, o ShardOptions) error {
	var pending []int
	for _, i := range todo {
		if _, ok := done[i]; !ok {
			pending = append(pending, i)
		}
	}
	if len(pending) == 0 {
		return nil
	}
	ckpt, err := os.OpenFile(partial, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	jobs := make(chan int)
	results := make(chan result)
	var wg sync.WaitGroup
	for range min(o.Workers, len(pending)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				row, tm := b.evaluate(b.s.variant(i))
				results <- result{row, tm}
			}
		}()
	}
	go func() {
		for _, i := range pending {
			jobs <- i
		}
		close(jobs)
		wg.Wait()
		close(results)
	}()
	var werr error
	for res := range results {
		done[res.Row.Variant] = res
		if werr == nil {
			werr = appendLine(ckpt, res)
		}
		if o.Progress != nil {
			o.Progress(len(done), len(todo))
		}
	}
	if err := ckpt.Close(); werr == nil {
		werr = err
	}
	return werr
}

// appendLine appends res to the checkpoint as one JSON line and syncs it.
func appendLine(w *os.File, res result) error {
	data, err := json.Marshal(res)
	if err != nil {
		return err
	}
	if _, err := w.Write(append(data, '\n')); err != nil {
		return err
	}
	return w.Sync()
}

// encodeShard returns the rows and timings of todo (in index order) as JSON Lines and
// counts the statuses into rep.
func encodeShard(todo []int, done map[int]result, rep *ShardReport) (rows, timings []byte, err error) {
	var rb, tb bytes.Buffer
	for _, i := range todo {
		res := done[i]
		line, err := res.Row.Encode()
		if err != nil {
			return nil, nil, err
		}
		rb.Write(line)
		tl, err := json.Marshal(res.Timing)
		if err != nil {
			return nil, nil, err
		}
		tb.Write(append(tl, '\n'))
		switch res.Row.Status {
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
	return rb.Bytes(), tb.Bytes(), nil
}

// ReadRows reads a JSON Lines file of rows.
func ReadRows(path string) ([]Row, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var rows []Row
	r := bufio.NewReader(f)
	for n := 1; ; n++ {
		line, err := r.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			var row Row
			if jerr := json.Unmarshal(line, &row); jerr != nil {
				return nil, &cli.LocatedError{File: path, Line: n, Message: "not a sweep row: " + jerr.Error()}
			}
			rows = append(rows, row)
		}
		if err == io.EOF {
			return rows, nil
		}
		if err != nil {
			return nil, err
		}
	}
}
