package view

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"image/color/palette"
)

// The browser tests drive one headless Chromium per test binary (a tab per test), with
// WebGL on SwiftShader. They skip only when no Chromium is installed. Timeouts are
// generous: CI is a loaded 2-core machine rendering on the CPU.
const (
	browserTimeout = 4 * time.Minute
	pollTimeout    = 2 * time.Minute
)

var browser struct {
	once   sync.Once
	ctx    context.Context
	cancel []context.CancelFunc
	skip   string
	err    error
}

// TestMain closes the browser after the tests.
func TestMain(m *testing.M) {
	code := m.Run()
	for i := len(browser.cancel) - 1; i >= 0; i-- {
		browser.cancel[i]()
	}
	os.Exit(code)
}

// chromiumPath finds the Chromium executable.
func chromiumPath() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// tab opens a browser tab (starting the browser on first use) with a deadline.
func tab(t *testing.T) context.Context {
	t.Helper()
	browser.once.Do(func() {
		path := chromiumPath()
		if path == "" {
			browser.skip = "chromium is not installed (apt-get install chromium)"
			return
		}
		opts := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(path),
			chromedp.NoSandbox, // the tests may run as root
			chromedp.Flag("use-angle", "swiftshader"),
			chromedp.Flag("enable-unsafe-swiftshader", true),
			chromedp.Flag("ignore-gpu-blocklist", true),
			chromedp.Flag("disable-gpu", false),
			chromedp.WindowSize(900, 560),
		)
		actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
		bctx, bcancel := chromedp.NewContext(actx)
		browser.cancel = append(browser.cancel, acancel, bcancel)
		browser.err = chromedp.Run(bctx) // starts the browser, which lives as long as bctx
		browser.ctx = bctx
	})
	if browser.skip != "" {
		t.Skip(browser.skip)
	}
	if browser.err != nil {
		t.Fatalf("starting chromium: %v", browser.err)
	}
	ctx, cancel := chromedp.NewContext(browser.ctx)
	t.Cleanup(cancel)
	ctx, cancel2 := context.WithTimeout(ctx, browserTimeout)
	t.Cleanup(cancel2)
	return ctx
}

// run runs actions, failing the test with what it was doing.
func run(t *testing.T, ctx context.Context, what string, actions ...chromedp.Action) {
	t.Helper()
	if err := chromedp.Run(ctx, actions...); err != nil {
		var msg string
		_ = chromedp.Run(ctx, chromedp.Evaluate(`String((window.__viewer && window.__viewer.error) || "")`, &msg))
		t.Fatalf("%s: %v (page error: %q)", what, err, msg)
	}
}

// poll waits until the JavaScript expression is true.
func poll(expr string) chromedp.Action {
	return chromedp.Poll(expr, nil, chromedp.WithPollingTimeout(pollTimeout), chromedp.WithPollingInterval(50*time.Millisecond))
}

// summary is the page's own account of what it draws (Viewer.summary).
type summary struct {
	Bodies        int      `json:"bodies"`
	BodyIDs       []string `json:"bodyIds"`
	DrawnBodies   int      `json:"drawnBodies"`
	Cuts          []string `json:"cuts"`
	Joints        int      `json:"joints"`
	Shapes        int      `json:"shapes"`
	MeshesLoaded  int      `json:"meshesLoaded"`
	MeshesPending int      `json:"meshesPending"`
	MeshErrors    []string `json:"meshErrors"`
	Frames        int      `json:"frames"`
	WebGL         bool     `json:"webgl"`
}

// screenshot captures the scene element and returns the decoded image.
func screenshot(t *testing.T, ctx context.Context, sel string) (image.Image, []byte) {
	t.Helper()
	var buf []byte
	run(t, ctx, "screenshot", chromedp.Screenshot(sel, &buf, chromedp.ByQuery))
	img, err := png.Decode(bytes.NewReader(buf))
	if err != nil {
		t.Fatal(err)
	}
	return img, buf
}

// grey returns the grey levels of img.
func grey(img image.Image) []float64 {
	b := img.Bounds()
	out := make([]float64, 0, b.Dx()*b.Dy())
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			out = append(out, float64(r+g+bl)/3/257)
		}
	}
	return out
}

// variance of the grey levels (0 for a blank image).
func variance(g []float64) float64 {
	var s, s2 float64
	for _, x := range g {
		s += x
		s2 += x * x
	}
	n := float64(len(g))
	return s2/n - (s/n)*(s/n)
}

// changed is the fraction of pixels whose grey level differs by more than 8 levels.
func changed(a, b []float64) float64 {
	if len(a) != len(b) {
		return 1
	}
	n := 0
	for i := range a {
		if math.Abs(a[i]-b[i]) > 8 {
			n++
		}
	}
	return float64(n) / float64(len(a))
}

// saveReadmeImage writes a small paletted PNG of img to docs/img when
// ROBOCOMPILER_UPDATE_SCREENSHOTS is set (scripts/update-viewer-screenshots.sh).
func saveReadmeImage(t *testing.T, img image.Image, name string) {
	if os.Getenv("ROBOCOMPILER_UPDATE_SCREENSHOTS") == "" {
		return
	}
	p := image.NewPaletted(img.Bounds(), palette.Plan9)
	draw.FloydSteinberg.Draw(p, p.Bounds(), img, img.Bounds().Min)
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, p); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("..", "docs", "img", name)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s (%d bytes)", path, buf.Len())
}

// TestViewerInBrowser opens the viewer of each model, checks from the page's state that
// every body and cut is drawn, moves the first slider through the page and checks the
// closure gap the server returned, and that the rendered scene is not blank and changes.
func TestViewerInBrowser(t *testing.T) {
	// Each model moves one slider: the first, or for Kangaroo an ankle bar. (Moving
	// Kangaroo's hip coordinates drifts near-redundant rows that the rank decision
	// dropped, left_hip_yaw_closed among them, to 1e-8..1e-7 m; the page reports that gap.)
	for _, c := range []struct{ name, path, coord, image string }{
		{"stewart", "stewart", "", "view-stewart.png"},
		{"excavator", "excavator", "", "view-excavator.png"},
		{"kangaroo", kangarooPath, "left_4_higher_ankle_bar_joint", "view-kangaroo.png"},
		{"mesh fixture", "testdata/arm.xml", "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, ts := serve(t, c.path)
			ctx := tab(t)
			run(t, ctx, "opening the viewer", chromedp.EmulateViewport(960, 600), chromedp.Navigate(ts.URL), poll(`window.__viewer && (window.__viewer.ready || window.__viewer.error)`))
			var sum summary
			run(t, ctx, "reading the scene", poll(`window.__viewer.viewer.meshesPending === 0`), chromedp.Evaluate(`window.__viewer.viewer.summary()`, &sum))
			if !sum.WebGL {
				t.Fatal("no WebGL context")
			}
			if sum.Bodies != len(s.Scene.Nodes)-1 || sum.DrawnBodies != sum.Bodies {
				t.Errorf("page has %d bodies (%d in the scene graph), want %d", sum.Bodies, sum.DrawnBodies, len(s.Scene.Nodes)-1)
			}
			for i, id := range sum.BodyIDs {
				if id != s.Scene.Nodes[i+1].ID {
					t.Fatalf("body %d is %q on the page, %q in the model", i, id, s.Scene.Nodes[i+1].ID)
				}
			}
			if len(sum.Cuts) != len(s.Scene.Cuts) {
				t.Errorf("page draws %d cuts, want %d", len(sum.Cuts), len(s.Scene.Cuts))
			}
			drawn := map[string]bool{}
			for _, id := range sum.Cuts {
				drawn[id] = true
			}
			for _, cut := range s.Scene.Cuts {
				if !drawn[cut.ID] {
					t.Errorf("cut %q is not drawn", cut.ID)
				}
			}
			if len(sum.MeshErrors) > 0 {
				t.Errorf("mesh errors: %v", sum.MeshErrors)
			}
			if c.path == "testdata/arm.xml" && sum.MeshesLoaded != 1 {
				t.Errorf("%d meshes loaded, want 1", sum.MeshesLoaded)
			}
			// A click in the panel highlights the item in the scene.
			if len(s.Scene.Cuts) > 0 {
				var hi string
				click := `(() => { document.querySelector('li[data-kind="cut"]').click(); const h = window.__viewer.viewer.highlighted; return h ? h.kind + ':' + h.id : ''; })()`
				run(t, ctx, "clicking a cut in the panel", chromedp.Evaluate(click, &hi))
				if hi != "cut:"+s.Scene.Cuts[0].ID {
					t.Errorf("clicking cut %q in the panel highlighted %q", s.Scene.Cuts[0].ID, hi)
				}
				run(t, ctx, "clearing the highlight", chromedp.Evaluate(`document.querySelector('li.on').click()`, nil))
			}
			var glVar float64
			run(t, ctx, "reading pixels", chromedp.Evaluate(`window.__viewer.viewer.pixelVariance()`, &glVar))
			if glVar < 20 {
				t.Fatalf("WebGL frame variance %.3g: the canvas is blank (WebGL does not render)", glVar)
			}
			before, _ := screenshot(t, ctx, "#scene")
			g0 := grey(before)
			if v := variance(g0); v < 20 {
				t.Fatalf("screenshot grey variance %.3g: blank", v)
			}

			// Move the first slider through the page by 0.15 of its range.
			st := s.Session.State()
			co := st.Coordinates[0]
			for _, x := range st.Coordinates {
				if x.Name == c.coord {
					co = x
				}
			}
			target := co.Value + 0.15*(co.Max-co.Value)
			var updates, rendered int
			run(t, ctx, "reading the counts", chromedp.Evaluate(`window.__viewer.updates`, &updates), chromedp.Evaluate(`window.__viewer.viewer.frames`, &rendered))
			move := fmt.Sprintf(`(() => { const e = document.querySelector('input[data-coord=%q]'); e.value = %v; e.dispatchEvent(new Event('input')); return e.value; })()`, co.Name, target)
			var set string
			run(t, ctx, "moving the slider", chromedp.Evaluate(move, &set),
				poll(fmt.Sprintf(`window.__viewer.updates > %d && window.__viewer.inFlight === 0 && !window.__viewer.queued`, updates)))
			var got struct {
				Gap     float64      `json:"closure_gap_m"`
				Refused string       `json:"refused"`
				Coords  []Coordinate `json:"coordinates"`
				Error   string       `json:"error"`
			}
			run(t, ctx, "reading the state", chromedp.Evaluate(`Object.assign({error: window.__viewer.error}, window.__viewer.last)`, &got))
			if got.Error != "" || got.Refused != "" {
				t.Fatalf("move refused: %q %q", got.Error, got.Refused)
			}
			if got.Gap > 1e-9 {
				t.Errorf("closure gap %.3g m after the slider move, want <= 1e-9", got.Gap)
			}
			var moved float64
			for _, x := range got.Coords {
				if x.Name == co.Name {
					moved = x.Value
				}
			}
			if math.Abs(moved-co.Value) < 0.5*math.Abs(target-co.Value) {
				t.Errorf("%s = %g after the move from %g towards %s", co.Name, moved, co.Value, set)
			}
			run(t, ctx, "waiting for the frame", poll(fmt.Sprintf(`window.__viewer.viewer.frames > %d`, rendered)))
			after, _ := screenshot(t, ctx, "#scene")
			f := changed(g0, grey(after))
			if f < 1e-3 {
				t.Errorf("only %.2g of the pixels changed when the slider moved", f)
			}
			t.Logf("%d bodies, %d cuts, %d shapes; WebGL variance %.0f, screenshot variance %.0f; %s %.4g → %.4g: gap %.2g m, %.3g of the pixels changed",
				sum.Bodies, len(sum.Cuts), sum.Shapes, glVar, variance(g0), co.Name, co.Value, moved, got.Gap, f)
			if c.image != "" && os.Getenv("ROBOCOMPILER_UPDATE_SCREENSHOTS") != "" {
				var full []byte
				run(t, ctx, "full screenshot", chromedp.CaptureScreenshot(&full))
				img, err := png.Decode(bytes.NewReader(full))
				if err != nil {
					t.Fatal(err)
				}
				saveReadmeImage(t, img, c.image)
			}
		})
	}
}
