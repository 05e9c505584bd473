package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestViewServesUntilInterrupted starts view on a free port, reads the printed URL, gets
// the state from the server and stops it with an interrupt (exit 0).
func TestViewServesUntilInterrupted(t *testing.T) {
	for _, asJSON := range []bool{false, true} {
		t.Run(fmt.Sprintf("json=%v", asJSON), func(t *testing.T) { serveAndInterrupt(t, asJSON) })
	}
}

// serveAndInterrupt runs view on a free port (with --json: the first line is one JSON
// object with the URL), gets the state and interrupts it.
func serveAndInterrupt(t *testing.T, asJSON bool) {
	args := []string{"view", "stewart", "--port", "0"}
	if asJSON {
		args = append(args, "--json")
	}
	cmd := exec.Command(pipelineBinary(t), args...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	var url string
	if asJSON {
		var v struct{ Model, URL string }
		if err := json.NewDecoder(out).Decode(&v); err != nil || v.Model != "stewart" {
			t.Fatalf("--json: stdout is not the object {model, url}: %v (stderr %s)", err, stderr.String())
		}
		url = v.URL
	} else {
		line, err := bufio.NewReader(out).ReadString('\n')
		if err != nil {
			t.Fatalf("reading the URL: %v (stderr %s)", err, stderr.String())
		}
		url = regexp.MustCompile(`http://[0-9.]+:\d+/`).FindString(line)
	}
	if !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Fatalf("no loopback URL: %q", url)
	}
	r, err := http.Get(url + "api/state")
	if err != nil || r.StatusCode != http.StatusOK {
		t.Fatalf("GET api/state: %v %v", err, r)
	}
	r.Body.Close()
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { _, _ = io.Copy(io.Discard, out); done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("view exited with %v after an interrupt (stderr %s)", err, stderr.String())
		}
	case <-time.After(2 * time.Minute):
		t.Fatal("view did not stop after an interrupt")
	}
}

// TestViewPortInUse: a port taken by another server is a clear error (exit 1).
func TestViewPortInUse(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
	_, stderr, code := run(t, "view", "stewart", "--port", port)
	if code != 1 || !strings.Contains(stderr, "127.0.0.1:"+port) || !strings.Contains(stderr, "port in use") {
		t.Errorf("exit %d, stderr %q; want 1 naming the address and the port in use", code, stderr)
	}
}

// TestViewBadInput: an invalid model fails like every other command (exit 1 naming the
// file); a port out of range is a usage error (exit 2).
func TestViewBadInput(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, []byte(`{"schema": "robocompiler.cmg/1", "bodies": [`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := run(t, "view", bad, "--port", "0"); code != 1 || !strings.Contains(stderr, "bad.json") {
		t.Errorf("invalid model: exit %d, stderr %q; want 1 naming the file", code, stderr)
	}
	if _, stderr, code := run(t, "view", "no_such_model", "--port", "0"); code != 1 {
		t.Errorf("unknown model: exit %d, stderr %q; want 1", code, stderr)
	}
	if _, stderr, code := run(t, "view", "stewart", "--port", "70000"); code != 2 {
		t.Errorf("--port 70000: exit %d, stderr %q; want 2", code, stderr)
	}
}

// TestSimulateWritesReplay: simulate --out also writes replay.html, a page with its
// scripts and trajectory inlined.
func TestSimulateWritesReplay(t *testing.T) {
	dir := t.TempDir()
	_, stderr, code := run(t, "simulate", "stewart", "--task", "inspection", "--out", dir, "--duration", "0.1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	page, err := os.ReadFile(filepath.Join(dir, "replay.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<script type="importmap">`, "data:text/javascript;base64,", `"runs":[{"name":"pd"`, `"poses":[[`} {
		if !strings.Contains(string(page), want) {
			t.Errorf("replay.html lacks %q", want)
		}
	}
}
