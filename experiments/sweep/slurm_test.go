package sweep

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// slurmSweep is the integration test's sweep: 17 random payloads on each of the 12
// built-in Stewart variants (204 variants), assembled and checked at two states.
const slurmSweep = `schema: robocompiler.sweep/1
name: slurm-stewart
variants: {model: stewart, count: 12, seed: 1}
seed: 5
draws: 17
parameters:
  - name: payload_kg
    record: payload
    field: mass
    uniform: {low: 0, high: 40}
run:
  assemble: {}
  check: {states: 2, seed: 1}
metrics: [assemble.closure_gap_m, assemble.static_effort_max, check.delta_a_max, check.jacobian_fd_rel_max, check.passed]
`

// TestSlurmArraySweep starts a single-node Slurm on localhost, submits the sweep as a
// 4-task job array (scripts/slurm/sweep.sbatch) and the dependent merge job, and checks
// that the merged table is byte for byte the table of a single-process run. It logs its
// wall time and the per-variant throughput.
func TestSlurmArraySweep(t *testing.T) {
	t0 := time.Now()
	c := newCluster(t)
	t.Logf("cluster up in %.1f s", time.Since(t0).Seconds())
	bin := buildCommand(t, c.dir)
	t.Logf("robocompiler built in %.1f s", time.Since(t0).Seconds())
	sweepFile := filepath.Join(c.dir, "sweep.yaml")
	if err := os.WriteFile(sweepFile, []byte(slurmSweep), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := Load(sweepFile)
	if err != nil {
		t.Fatal(err)
	}
	if s.Count() < 200 {
		t.Fatalf("%d variants, want at least 200", s.Count())
	}
	scripts, err := filepath.Abs("../../scripts/slurm")
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(c.dir, "out")
	c.env = append(c.env, "ROBOCOMPILER="+bin)
	start := time.Now()
	array := c.submit("--array=0-3", "--chdir="+c.dir, "--output="+filepath.Join(c.dir, "shard-%a.log"),
		filepath.Join(scripts, "sweep.sbatch"), sweepFile, out)
	merge := c.submit("--dependency=afterany:"+array, "--chdir="+c.dir, "--output="+filepath.Join(c.dir, "merge.log"),
		filepath.Join(scripts, "sweep-merge.sbatch"), out)
	c.waitJobs(5*time.Minute, array, merge)
	wall := time.Since(start)
	merged, err := os.ReadFile(filepath.Join(out, MergedDir, TableJSONL))
	if err != nil {
		for _, f := range []string{"shard-0.log", "shard-1.log", "shard-2.log", "shard-3.log", "merge.log"} {
			c.dump(f)
		}
		t.Fatalf("no merged table after the jobs finished: %v", err)
	}
	for i := range 4 {
		if _, err := os.Stat(filepath.Join(out, ShardFile(i, 4))); err != nil {
			t.Errorf("shard %d/4: %v", i, err)
		}
	}
	single := filepath.Join(c.dir, "single")
	rep, err := RunShard(s, single, ShardOptions{Shard: 0, Of: 1})
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(rep.File)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(merged, want) {
		t.Fatalf("the merged table of the Slurm array differs from the single-process run (%d and %d bytes)", len(merged), len(want))
	}
	if rep.OK < s.Count()/2 {
		t.Errorf("only %d of %d variants ok", rep.OK, s.Count())
	}
	msg := fmt.Sprintf("Slurm: %d variants in a 4-task array + merge: %.1f s wall (%.1f variants/s; single process %.1f s, %.1f variants/s)",
		s.Count(), wall.Seconds(), float64(s.Count())/wall.Seconds(), rep.WallS, float64(s.Count())/rep.WallS)
	t.Log(msg)
	fmt.Fprintln(os.Stderr, msg)
}

// buildCommand builds the robocompiler command into dir and returns its path.
func buildCommand(t *testing.T, dir string) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to build robocompiler: %v", err)
	}
	bin := filepath.Join(dir, "robocompiler")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, goTool, "build", "-o", bin, "github.com/robocompiler/robocompiler/cmd/robocompiler")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}
