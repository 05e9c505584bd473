package view

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
)

// post sends body to path and returns the status and the decoded reply.
func post(t *testing.T, url, path, body string) (int, map[string]any) {
	t.Helper()
	r, err := http.Post(url+path, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	var out map[string]any
	b, _ := io.ReadAll(r.Body)
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatalf("POST %s %.80q: reply %q is not JSON: %v", path, body, b, err)
	}
	return r.StatusCode, out
}

func TestMalformedRequestsGet400AndTheServerKeepsServing(t *testing.T) {
	_, ts := serve(t, "stewart")
	huge := `{"u": {"leg_0_length": 0.7, "pad": "` + strings.Repeat("x", MaxRequestBytes) + `"}}`
	for _, c := range []struct{ name, body, want string }{
		{"bad JSON", `{"u": {"leg_0_length": }`, "malformed JSON"},
		{"NaN", `{"u": {"leg_0_length": NaN}}`, "malformed JSON"},
		{"overflow", `{"u": {"leg_0_length": 1e999}}`, "malformed JSON"},
		{"null value", `{"u": {"leg_0_length": null}}`, "finite number"},
		{"missing u", `{}`, `missing "u"`},
		{"unknown field", `{"u": {}, "v": 1}`, "unknown field"},
		{"two values", `{"u": {}} {"u": {}}`, "more than one value"},
		{"unknown coordinate", `{"u": {"leg_9_length": 0.7}}`, `"leg_9_length" is not an independent coordinate`},
		{"dependent coordinate", `{"u": {"leg_0_ball[0]": 0.1}}`, "is not an independent coordinate"},
		{"huge payload", huge, "larger than"},
	} {
		code, out := post(t, ts.URL, "/api/track", c.body)
		msg, _ := out["error"].(string)
		if code != http.StatusBadRequest || !strings.Contains(msg, c.want) {
			t.Errorf("%s: status %d, error %q; want 400 with %q", c.name, code, msg, c.want)
		}
		r, err := http.Get(ts.URL + "/api/state")
		if err != nil || r.StatusCode != http.StatusOK {
			t.Fatalf("%s: the server stopped serving: %v %v", c.name, err, r)
		}
		r.Body.Close()
	}
	if r, _ := http.Get(ts.URL + "/api/track"); r.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET /api/track: status %d, want 405", r.StatusCode)
	}
}

// rawGet sends a request line verbatim (no client-side path cleaning) and returns the
// status code.
func rawGet(t *testing.T, addr, target string) int {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", target, addr)
	r, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("GET %s: %v", target, err)
	}
	r.Body.Close()
	return r.StatusCode
}

func TestServesNothingOutsideTheModelDirectoryAndAssets(t *testing.T) {
	_, ts := serve(t, "testdata/arm.xml")
	addr := strings.TrimPrefix(ts.URL, "http://")
	for _, p := range []string{
		"/../go.mod", "/assets/../../go.mod", "/assets/../server.go", "/files/../arm.xml",
		"/files/meshes/../arm.xml", "/%2e%2e/go.mod", "/assets/%2e%2e/%2e%2e/go.mod", "/files/..%2farm.xml",
		"/files/arm.xml", "/files/meshes/", "/assets/", "/server.go", "/etc/passwd", "//etc/passwd",
		"/assets/..\\..\\go.mod",
	} {
		if code := rawGet(t, addr, p); code != http.StatusNotFound {
			t.Errorf("GET %s: status %d, want 404", p, code)
		}
	}
	for _, p := range []string{"/", "/assets/viewer.js", "/assets/three/three.module.min.js", "/assets/three/LICENSE", "/files/meshes/tetra.stl", "/api/scene"} {
		if code := rawGet(t, addr, p); code != http.StatusOK {
			t.Errorf("GET %s: status %d, want 200", p, code)
		}
	}
}

func TestMoveKeepsEveryLoopClosed(t *testing.T) {
	s, _ := serve(t, "stewart")
	st0 := s.Session.State()
	c := st0.Coordinates[0]
	target := c.Value + 0.04
	st, err := s.Session.Move(map[string]float64{c.Name: target})
	if err != nil {
		t.Fatal(err)
	}
	if st.Refused != "" {
		t.Fatalf("move refused: %s", st.Refused)
	}
	if got := st.Coordinates[0].Value; got != target && (got-target > 1e-12 || target-got > 1e-12) {
		t.Errorf("%s = %.15g after the move, want %.15g", c.Name, got, target)
	}
	if st.GapM > 1e-9 || st.GapRad > 1e-9 {
		t.Errorf("closure gap %.3g m %.3g rad after the move, want <= 1e-9", st.GapM, st.GapRad)
	}
	if len(st.Cuts) != 5 {
		t.Errorf("%d cut residuals, want 5", len(st.Cuts))
	}
	moved := false
	for n := range st.Poses {
		if st.Poses[n] != st0.Poses[n] {
			moved = true
		}
	}
	if !moved {
		t.Error("no node moved")
	}
	back, _ := s.Session.Reset()
	if back.Coordinates[0].Value != c.Value {
		t.Errorf("after reset %s = %g, want %g", c.Name, back.Coordinates[0].Value, c.Value)
	}
}

func TestRefusedMoveStaysClosedAndSaysWhy(t *testing.T) {
	s, _ := serve(t, "testdata/arm.xml")
	st, err := s.Session.Move(map[string]float64{"elbow": 3})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(st.Refused, `joint "elbow" reached its limits`) {
		t.Errorf("refused %q, want the elbow's limit", st.Refused)
	}
	for _, c := range st.Coordinates {
		if c.Name == "elbow" && (c.Value > 2+1e-9 || c.Value < 1.9) {
			t.Errorf("elbow stopped at %g, want at its limit 2 (within 1e-9)", c.Value)
		}
	}
	// A leg of the Stewart platform cannot be stretched 4 m: the tracker refuses a step
	// somewhere and the state stays on the closure manifold.
	s, _ = serve(t, "stewart")
	st, _ = s.Session.Move(map[string]float64{"leg_0_length": 4})
	if st.Refused == "" {
		t.Error("stretching a leg to 4 m was not refused")
	}
	if st.GapM > 1e-9 {
		t.Errorf("closure gap %.3g m after a refused move", st.GapM)
	}
}

// TestConcurrentRequestsShareOneWorkspace: moves and reads from many clients at once are
// serialised on the one workspace (run with -race), and every reply is closed.
func TestConcurrentRequestsShareOneWorkspace(t *testing.T) {
	s, ts := serve(t, "stewart")
	names := []string{}
	for _, c := range s.Session.State().Coordinates {
		names = append(names, c.Name)
	}
	errs := make(chan error, 16)
	for g := range 8 {
		go func() {
			for k := range 5 {
				body := fmt.Sprintf(`{"u": {%q: %g}}`, names[(g+k)%len(names)], 0.68+0.01*float64(k))
				r, err := http.Post(ts.URL+"/api/track", "application/json", strings.NewReader(body))
				if err != nil {
					errs <- err
					return
				}
				var st State
				err = json.NewDecoder(r.Body).Decode(&st)
				r.Body.Close()
				if err != nil || r.StatusCode != http.StatusOK || st.GapM > 1e-9 || st.Refused != "" {
					errs <- fmt.Errorf("status %d, gap %g, refused %q, %v", r.StatusCode, st.GapM, st.Refused, err)
					return
				}
			}
			errs <- nil
		}()
		go func() {
			for range 5 {
				r, err := http.Get(ts.URL + "/api/state")
				if err == nil {
					r.Body.Close()
				}
			}
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}
