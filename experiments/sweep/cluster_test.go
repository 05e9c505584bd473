package sweep

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// cluster is a single-node Slurm on localhost started by a test: munged with its own
// key and socket, slurmctld and slurmd with a generated slurm.conf, everything under
// one temporary directory. Every daemon it started is stopped by the test's cleanup.
type cluster struct {
	t    *testing.T
	dir  string
	conf string   // slurm.conf
	host string   // the node's name (the short host name)
	env  []string // the environment of the daemons and Slurm commands (SLURM_CONF set)
	// munge is munged's socket, run as the munge user (mungeUID, mungeGID).
	munge              string
	mungeUID, mungeGID int
	// daemons are the started daemons' process ids; exited closes when one exits.
	daemons map[int]bool
	exited  map[string]chan struct{}
	// stops stop each started daemon, by name.
	stops map[string]func()
}

// stopOrder is the order the daemons are stopped in: slurmctld before slurmd (which it
// would otherwise wait for), munged last (both authenticate through it).
var stopOrder = []string{"slurmctld", "slurmd", "munged"}

// slurmBinaries are the programs the cluster needs.
var slurmBinaries = []string{"munged", "slurmctld", "slurmd", "sbatch", "squeue", "scontrol", "sinfo"}

// newCluster starts the cluster, or skips the test naming what is missing.
func newCluster(t *testing.T) *cluster {
	t.Helper()
	for _, b := range slurmBinaries {
		if _, err := exec.LookPath(b); err != nil {
			t.Skipf("Slurm is not installed (%s not found; apt-get install slurm-wlm munge): %v", b, err)
		}
	}
	if os.Geteuid() != 0 {
		t.Skip("the single-node Slurm of this test runs its daemons as root; run the tests as root")
	}
	mu, err := user.Lookup("munge")
	if err != nil {
		t.Skipf("no munge user (the munge package creates it): %v", err)
	}
	c := &cluster{t: t, dir: t.TempDir(), daemons: map[int]bool{}, exited: map[string]chan struct{}{},
		stops: map[string]func(){}}
	t.Cleanup(c.stop)
	c.conf = filepath.Join(c.dir, "slurm.conf")
	c.env = append(os.Environ(), "SLURM_CONF="+c.conf)
	// The munge user must reach the socket and key through every directory on the way.
	for d := c.dir; d != filepath.Dir(d) && strings.HasPrefix(d, os.TempDir()) && d != os.TempDir(); d = filepath.Dir(d) {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	c.mungeUID, _ = strconv.Atoi(mu.Uid)
	c.mungeGID, _ = strconv.Atoi(mu.Gid)
	c.startMunge()
	c.writeConf()
	c.daemon("slurmctld", "slurmctld", "-D", "-c", "-f", c.conf)
	c.daemon("slurmd", "slurmd", "-D", "-N", c.host, "-f", c.conf)
	c.waitIdle()
	return c
}

// startMunge starts munged as the munge user with a generated key and waits for its
// socket.
func (c *cluster) startMunge() {
	t := c.t
	dir := filepath.Join(c.dir, "munge")
	key := filepath.Join(dir, "munge.key")
	secret := make([]byte, 1024)
	f, err := os.Open("/dev/urandom")
	if err == nil {
		_, err = f.Read(secret)
		f.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(key, secret, 0o400); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{dir, key} {
		if err := os.Chown(p, c.mungeUID, c.mungeGID); err != nil {
			t.Fatal(err)
		}
	}
	c.munge = filepath.Join(dir, "munge.socket")
	c.daemon("munged", "munged", "-F", "--key-file="+key, "--socket="+c.munge, "--pid-file="+filepath.Join(dir, "munged.pid"),
		"--log-file="+filepath.Join(dir, "munged.log"), "--seed-file="+filepath.Join(dir, "munged.seed"))
	c.waitFor("munged's socket", 30*time.Second, func() error { _, err := os.Stat(c.munge); return err })
}

// writeConf writes slurm.conf: one node with every CPU, state and spool under the
// temporary directory, no cgroups and no accounting, two free ports.
func (c *cluster) writeConf() {
	host, err := os.Hostname()
	if err != nil {
		c.t.Fatal(err)
	}
	host, _, _ = strings.Cut(host, ".")
	for _, d := range []string{"state", "spool", "log"} {
		if err := os.Mkdir(filepath.Join(c.dir, d), 0o755); err != nil {
			c.t.Fatal(err)
		}
	}
	d := c.dir
	ports := freePorts(c.t, 2)
	c.host = host
	conf := fmt.Sprintf(`ClusterName=rctest%d
SlurmctldHost=%s(127.0.0.1)
SlurmctldPort=%d
SlurmdPort=%d
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=%s
SlurmUser=root
SlurmdUser=root
StateSaveLocation=%s/state
SlurmdSpoolDir=%s/spool
SlurmctldPidFile=%s/slurmctld.pid
SlurmdPidFile=%s/slurmd.pid
SlurmctldLogFile=%s/log/slurmctld.log
SlurmdLogFile=%s/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
MpiDefault=none
SwitchType=switch/none
ReturnToService=2
SlurmdTimeout=300
SlurmctldTimeout=300
MessageTimeout=60
NodeName=%s NodeAddr=127.0.0.1 CPUs=%d State=UNKNOWN
PartitionName=test Nodes=%s Default=YES MaxTime=INFINITE State=UP
`, os.Getpid(), host, ports[0], ports[1], c.munge, d, d, d, d, d, d, host, runtime.NumCPU(), host)
	if err := os.WriteFile(c.conf, []byte(conf), 0o644); err != nil {
		c.t.Fatal(err)
	}
}

// freePorts returns n distinct TCP ports of 127.0.0.1 that were free a moment ago.
func freePorts(t *testing.T, n int) []int {
	var ports []int
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer l.Close() // held until every port is chosen, so they differ
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	return ports
}

// daemon starts a daemon in the foreground in its own process group (its output in
// dir/NAME.out) and keeps its stop for the test's cleanup: SIGTERM, then after 15 s
// SIGKILL to its process group, and SIGKILL to whatever is left in the group.
func (c *cluster) daemon(name, prog string, args ...string) {
	t := c.t
	out, err := os.Create(filepath.Join(c.dir, name+".out"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(prog, args...)
	cmd.Stdout, cmd.Stderr = out, out
	cmd.Env = c.env
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if name == "munged" {
		cmd.SysProcAttr.Credential = &syscall.Credential{Uid: uint32(c.mungeUID), Gid: uint32(c.mungeGID)}
	}
	if err := cmd.Start(); err != nil {
		out.Close()
		t.Fatalf("starting %s: %v", name, err)
	}
	exited := make(chan struct{})
	go func() {
		_ = cmd.Wait()
		close(exited)
	}()
	c.daemons[cmd.Process.Pid] = true
	c.exited[name] = exited
	c.stops[name] = func() {
		defer out.Close()
		pg := -cmd.Process.Pid
		stop := time.Now()
		defer func() { t.Logf("%s stopped in %.1f s", name, time.Since(stop).Seconds()) }()
		_ = cmd.Process.Signal(syscall.SIGTERM) // the daemon stops its own helpers

		select {
		case <-exited:
		case <-time.After(15 * time.Second):
			_ = syscall.Kill(pg, syscall.SIGKILL)
			<-exited
		}
		_ = syscall.Kill(pg, syscall.SIGKILL) // anything left in the group
		if t.Failed() {
			c.dump(name + ".out")
		}
	}
}

// stop kills what the jobs left running and stops every daemon started, in stopOrder.
func (c *cluster) stop() {
	c.killJobs()
	for _, name := range stopOrder {
		if stop, ok := c.stops[name]; ok {
			stop()
		}
	}
}

// killJobs kills what the daemons started (slurmstepd, the job scripts and their
// robocompiler processes) and is still running: every process whose environment holds
// this cluster's SLURM_CONF, outside the daemons' own process groups.
func (c *cluster) killJobs() {
	want := []byte("SLURM_CONF=" + c.conf + "\x00")
	procs, _ := filepath.Glob("/proc/[0-9]*/environ")
	for _, p := range procs {
		pid, err := strconv.Atoi(filepath.Base(filepath.Dir(p)))
		if err != nil || pid == os.Getpid() {
			continue
		}
		if pg, err := syscall.Getpgid(pid); err != nil || c.daemons[pg] {
			continue // a daemon or one of its helpers (slurmscriptd): stopped with it
		}
		if env, err := os.ReadFile(p); err == nil && bytes.Contains(env, want) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	}
	if c.t.Failed() {
		for _, f := range []string{"log/slurmctld.log", "log/slurmd.log", "munge/munged.log"} {
			c.dump(f)
		}
	}
}

// dump logs the last lines of the file (relative to the cluster's directory).
func (c *cluster) dump(name string) {
	data, err := os.ReadFile(filepath.Join(c.dir, name))
	if err != nil {
		c.t.Logf("%s: %v", name, err)
		return
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	c.t.Logf("--- %s (last lines)\n%s", name, strings.Join(lines[max(0, len(lines)-30):], "\n"))
}

// run runs a Slurm command with the cluster's environment (60 s at most) and returns
// its standard output.
func (c *cluster) run(prog string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, prog, args...)
	cmd.Env = c.env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("%s %s: %w: %s", prog, strings.Join(args, " "), err, stderr.String())
	}
	return string(out), nil
}

// waitFor polls ready every half second until it returns nil, failing the test with
// its last error after timeout.
func (c *cluster) waitFor(what string, timeout time.Duration, ready func() error) {
	deadline := time.Now().Add(timeout)
	for {
		err := ready()
		if err == nil {
			return
		}
		for name, ch := range c.exited {
			select {
			case <-ch:
				c.t.Fatalf("waiting for %s: %s exited (%v); see %s.out", what, name, err, name)
			default:
			}
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("waiting %v for %s: %v", timeout, what, err)
		}
		time.Sleep(500 * time.Millisecond)
	}
}

// waitIdle waits until the node is idle in sinfo (slurmctld up, slurmd registered).
func (c *cluster) waitIdle() {
	c.waitFor("the node to be idle", 90*time.Second, func() error {
		out, err := c.run("sinfo", "-h", "-o", "%T")
		if err != nil {
			return err
		}
		if s := strings.TrimSpace(out); s != "idle" {
			return fmt.Errorf("node state %q", s)
		}
		return nil
	})
}

// submit submits a batch script with sbatch --parsable and the extra options, and
// returns the job id.
func (c *cluster) submit(args ...string) string {
	out, err := c.run("sbatch", append([]string{"--parsable"}, args...)...)
	if err != nil {
		c.t.Fatal(err)
	}
	id, _, _ := strings.Cut(strings.TrimSpace(out), ";")
	return id
}

// waitJobs waits until none of the jobs is queued or running.
func (c *cluster) waitJobs(timeout time.Duration, ids ...string) {
	c.waitFor("jobs "+strings.Join(ids, ", "), timeout, func() error {
		out, err := c.run("squeue", "-h", "-j", strings.Join(ids, ","), "-o", "%i %T")
		if err != nil && !strings.Contains(err.Error(), "Invalid job id") {
			return err
		}
		if s := strings.TrimSpace(out); s != "" {
			return errors.New("still queued or running: " + strings.ReplaceAll(s, "\n", "; "))
		}
		return nil
	})
}
