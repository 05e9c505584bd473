package view

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/sim"
)

// stewartRollout rolls the Stewart platform out for 0.3 s with a proportional
// stiffness on the leg lengths tracking a 4 cm extension of leg 0 (every 5th step logged).
func stewartRollout(t *testing.T) (*robocompiler.Model, *sim.Log) {
	t.Helper()
	m, d := assembled(t, "stewart")
	d.Interfaces()
	ell0 := append([]float64(nil), d.Kin.Ell...)
	pd := sim.ControllerFunc(func(s *sim.State, d *robocompiler.Data, c *sim.Command) error {
		for k, l := range d.Kin.Ell {
			ref := ell0[k]
			if k == 0 {
				ref += 0.04 * math.Min(s.T/0.2, 1)
			}
			c.F[k] = -2e4 * (l - ref) // damping comes from the joints
		}
		return nil
	})
	s, err := sim.New(d, pd, sim.Options{Dt: 2e-3, LogEvery: 5})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Run(150); err != nil {
		t.Fatal(err)
	}
	return m, s.Log()
}

func TestReplayPageIsSelfContained(t *testing.T) {
	m, log := stewartRollout(t)
	page, err := Replay(m, Run{Name: "pd", Log: log})
	if err != nil {
		t.Fatal(err)
	}
	// Everything but the inlined scripts and meshes (data URLs) is the page's own markup,
	// style and data: it must not load anything.
	own := regexp.MustCompile(`data:[a-z/+-]+;base64,[A-Za-z0-9+/=]*`).ReplaceAll(page, nil)
	for _, bad := range []string{"http://", "https://", "src=", "href=", "fetch(", "@import"} {
		if bytes.Contains(own, []byte(bad)) {
			t.Errorf("the replay page refers to %q outside its inlined scripts", bad)
		}
	}
	if !bytes.Contains(page, []byte("data:text/javascript;base64,")) || !bytes.Contains(page, []byte(`"runs":[{"name":"pd"`)) {
		t.Error("scripts or data are not inlined")
	}
	// The trajectory: one pose per node and the cut residuals of every frame, closed.
	start := bytes.Index(page, []byte(`id="replay-data">`)) + len(`id="replay-data">`)
	end := start + bytes.Index(page[start:], []byte("</script>"))
	var data struct {
		Runs []struct {
			T     []float64   `json:"t"`
			Poses [][]float64 `json:"poses"`
			Cuts  [][]float64 `json:"cuts"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(page[start:end], &data); err != nil {
		t.Fatal(err)
	}
	r := data.Runs[0]
	if len(r.T) != log.Rows() || len(r.Poses) != len(r.T) || len(r.Cuts) != len(r.T) {
		t.Fatalf("%d times, %d poses, %d cut residuals for %d logged rows", len(r.T), len(r.Poses), len(r.Cuts), log.Rows())
	}
	for i, c := range r.Cuts {
		if len(r.Poses[i]) != 7*(len(m.Bodies)+1) || len(c) != 2*len(m.Comparisons) {
			t.Fatalf("frame %d: %d pose numbers, %d cut residuals", i, len(r.Poses[i]), len(c))
		}
		for _, x := range c {
			if x > 1e-9 {
				t.Fatalf("frame %d: cut residual %g above 1e-9", i, x)
			}
		}
	}
	if _, err := Replay(m, Run{Name: "empty", Log: &sim.Log{Columns: []string{"t"}}}); err == nil || !strings.Contains(err.Error(), "no column q:") {
		t.Errorf("a log without configurations: %v", err)
	}
}

// TestReplayInBrowser opens a replay of a Stewart rollout from a file (no server) and
// checks that scrubbing moves the scene.
func TestReplayInBrowser(t *testing.T) {
	m, log := stewartRollout(t)
	path := filepath.Join(t.TempDir(), "replay.html")
	if err := WriteReplay(path, m, Run{Name: "pd", Log: log}); err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs(path)
	ctx := tab(t)
	run(t, ctx, "opening the replay", chromedp.EmulateViewport(960, 640), chromedp.Navigate("file://"+abs), poll(`window.__replay && window.__replay.ready`))
	var frames int
	run(t, ctx, "reading the frames", chromedp.Evaluate(`+document.getElementById('scrub').max`, &frames))
	if want := log.Rows() - 1; frames != want {
		t.Errorf("scrub bar has %d steps, want %d", frames, want)
	}
	var glVar float64
	run(t, ctx, "reading pixels", chromedp.Evaluate(`window.__replay.viewer.pixelVariance()`, &glVar))
	if glVar < 20 {
		t.Fatalf("WebGL frame variance %.3g: blank", glVar)
	}
	start, _ := screenshot(t, ctx, "#scene")
	plot0, _ := screenshot(t, ctx, "#plots")
	var rendered int
	run(t, ctx, "reading the frame count", chromedp.Evaluate(`window.__replay.viewer.frames`, &rendered))
	scrub := `(() => { const e = document.getElementById('scrub'); e.value = e.max; e.dispatchEvent(new Event('input')); return window.__replay.frame; })()`
	var frame int
	run(t, ctx, "scrubbing", chromedp.Evaluate(scrub, &frame), poll(fmt.Sprintf(`window.__replay.viewer.frames > %d`, rendered)))
	if frame != frames {
		t.Errorf("scrubbed to frame %d, want %d", frame, frames)
	}
	end, _ := screenshot(t, ctx, "#scene")
	if f := changed(grey(start), grey(end)); f < 1e-3 {
		t.Errorf("only %.2g of the scene's pixels changed when scrubbing to the end", f)
	}
	plot1, _ := screenshot(t, ctx, "#plots")
	if v := variance(grey(plot1)); v < 5 {
		t.Errorf("plots are blank (variance %.3g)", v)
	}
	if f := changed(grey(plot0), grey(plot1)); f == 0 {
		t.Error("the plot cursor did not move")
	}
	if os.Getenv("ROBOCOMPILER_UPDATE_SCREENSHOTS") != "" {
		var full []byte
		run(t, ctx, "full screenshot", chromedp.CaptureScreenshot(&full))
		img, err := png.Decode(bytes.NewReader(full))
		if err != nil {
			t.Fatal(err)
		}
		saveReadmeImage(t, img, "replay-stewart.png")
	}
}

// TestReplayInlinesMeshes: the mesh files a replay draws travel inside the page.
func TestReplayInlinesMeshes(t *testing.T) {
	m, _ := assembled(t, "testdata/arm.xml")
	log := &sim.Log{Columns: []string{"t", "q:elbow", "q:shoulder"}, Data: []float64{0, 0, 0, 0.5, 0.3, -0.2}}
	page, err := Replay(m, Run{Name: "swing", Log: log})
	if err != nil {
		t.Fatal(err)
	}
	stl, err := os.ReadFile("testdata/meshes/tetra.stl")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(page, []byte("data:application/octet-stream;base64,"+base64.StdEncoding.EncodeToString(stl))) {
		t.Error("the mesh file is not inlined")
	}
	if bytes.Contains(page, []byte(`"files/meshes/tetra.stl"`)) {
		t.Error("the page still refers to the mesh file")
	}
}
