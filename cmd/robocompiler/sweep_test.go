package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sweepCLIFile is a small sweep: two Stewart anchor radii by two platform masses, one of
// them invalid (variants 0 and 2, in shard 0 of 2).
const sweepCLIFile = `schema: robocompiler.sweep/1
name: cli
model: stewart
parameters:
  - {name: radius, stewart: base_radius, list: [0.45, 0.55]}
  - {name: mass, record: platform, field: mass, list: [-1, 12]}
run:
  assemble: {partition: lengths}
metrics: [assemble.static_effort_max]
`

// TestSweepCLI runs a sweep as two shards and merges them: JSON reports, per-variant
// statuses, the table in CSV; a merge with a shard missing exits 1 naming the variants.
func TestSweepCLI(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "s.yaml")
	if err := os.WriteFile(file, []byte(sweepCLIFile), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	stdout, errOut, code := run(t, "sweep", file, "--out", out, "--shard", "1/2", "--json")
	if code != 0 {
		t.Fatalf("sweep exit %d: %s", code, errOut)
	}
	var rep sweepJSON
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Variants != 4 || rep.ShardVariants != 2 || rep.Invalid != 0 || rep.OK != 2 || rep.Shard != 1 || rep.Of != 2 {
		t.Fatalf("report %+v", rep)
	}
	stdout, _, code = run(t, "sweep-merge", out, "--json")
	var merged sweepMergeJSON
	if err := json.Unmarshal([]byte(stdout), &merged); err != nil {
		t.Fatal(err)
	}
	if code != 1 || len(merged.Missing) != 2 || merged.Missing[0] != 0 || merged.Missing[1] != 2 || merged.Error == nil ||
		!strings.Contains(merged.Error.Message, "rerun --shard 0/2") {
		t.Fatalf("merge without shard 0: exit %d, %+v", code, merged)
	}
	if _, errOut, code := run(t, "sweep", file, "--out", out, "--shard", "0/2"); code != 0 {
		t.Fatalf("shard 0: exit %d: %s", code, errOut)
	}
	stdout, errOut, code = run(t, "sweep-merge", out, "--json")
	if code != 0 {
		t.Fatalf("merge exit %d: %s", code, errOut)
	}
	merged = sweepMergeJSON{}
	if err := json.Unmarshal([]byte(stdout), &merged); err != nil {
		t.Fatal(err)
	}
	if merged.Variants != 4 || merged.OK != 2 || merged.Invalid != 2 || len(merged.Shards) != 2 {
		t.Fatalf("merge %+v", merged)
	}
	csv, err := os.ReadFile(filepath.Join(out, "merged", "sweep.csv"))
	if err != nil {
		t.Fatal(err)
	}
	rows := strings.Split(strings.TrimSpace(string(csv)), "\n")
	if len(rows) != 5 || rows[0] != "variant,model,radius,mass,status,message,assemble.static_effort_max" ||
		!strings.HasPrefix(rows[1], "0,stewart,0.45,-1,invalid_input,") || !strings.HasPrefix(rows[2], "1,stewart,0.45,12,ok,,") {
		t.Fatalf("csv:\n%s", csv)
	}
}

// TestSweepCLIErrors: a bad sweep file exits 1 with the file, line and field in the
// error object; a bad --shard or a missing --out exits 2.
func TestSweepCLIErrors(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "bad.yaml")
	bad := strings.Replace(sweepCLIFile, "field: mass", "field: mas", 1)
	if err := os.WriteFile(file, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, errOut, code := run(t, "sweep", file, "--out", filepath.Join(dir, "out"), "--json")
	var obj struct {
		Error struct {
			Code  int
			File  string
			Field string
			Line  int
		}
	}
	if err := json.Unmarshal([]byte(stdout), &obj); err != nil {
		t.Fatalf("%v: %q", err, stdout)
	}
	if code != 1 || obj.Error.Code != 1 || obj.Error.File != file || obj.Error.Line != 6 || obj.Error.Field != "parameters[1].field" {
		t.Fatalf("exit %d, %+v, stderr %s", code, obj.Error, errOut)
	}
	for _, args := range [][]string{
		{"sweep", file, "--out", dir, "--shard", "2/2"},
		{"sweep", file, "--out", dir, "--shard", "x"},
		{"sweep", file},
		{"sweep", file, "--out", dir, "--workers", "-1"},
	} {
		if _, errOut, code := run(t, args...); code != 2 {
			t.Errorf("%v: exit %d (%s), want 2", args, code, errOut)
		}
	}
	if _, errOut, code := run(t, "sweep-merge", dir); code != 1 || !strings.Contains(errOut, "not a sweep output directory") {
		t.Errorf("merge of a non-sweep directory: exit %d, %s", code, errOut)
	}
}
