package mjcf

import (
	"encoding/xml"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/internal/testmodels"
)

// importShared imports a shared model, requires it to validate and to survive a
// Marshal/Parse round trip, and returns it with its warnings.
func importShared(t *testing.T, rel string) (*cmg.Graph, []string) {
	t.Helper()
	path := filepath.Join(testmodels.Dir(t), rel)
	g, warns, err := ImportFile(path)
	if err != nil {
		t.Fatalf("import %s: %v", rel, err)
	}
	if err := g.Validate(); err != nil {
		t.Fatalf("%s does not validate: %v", rel, err)
	}
	data, err := g.Marshal()
	if err != nil {
		t.Fatalf("marshal %s: %v", rel, err)
	}
	if _, err := cmg.Parse(data, rel+".json"); err != nil {
		t.Fatalf("re-parse %s: %v", rel, err)
	}
	return g, warns
}

// wantWarnings requires exactly one warning per phrase, each containing its phrase.
func wantWarnings(t *testing.T, warns []string, phrases ...string) {
	t.Helper()
	if len(warns) != len(phrases) {
		t.Errorf("%d warnings, want %d:\n%s", len(warns), len(phrases), strings.Join(warns, "\n"))
	}
	for _, p := range phrases {
		n := 0
		for _, w := range warns {
			if strings.Contains(w, p) {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%d warnings contain %q, want 1:\n%s", n, p, strings.Join(warns, "\n"))
		}
	}
}

// countTypes counts joints by CMG type.
func countTypes(g *cmg.Graph) map[string]int {
	m := map[string]int{}
	for _, j := range g.Joints {
		m[j.Type]++
	}
	return m
}

// near reports whether a and b agree to tol.
func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// seedValue returns the single value of joint id in seed s.
func seedValue(t *testing.T, g *cmg.Graph, s, id string) float64 {
	t.Helper()
	v, ok := g.Seeds[s][id]
	if !ok || len(v) != 1 {
		t.Fatalf("seed %q: joint %q has %v", s, id, v)
	}
	return v[0]
}

func TestPanda(t *testing.T) {
	g, warns := importShared(t, "menagerie/franka_emika_panda/panda.xml")
	// MuJoCo's qpos0 is 0 for every joint, outside joint4's range.
	wantWarnings(t, warns, `panda.xml:159 <joint name="joint4">: the reference value 0`)
	c := countTypes(g)
	if c["revolute"] != 7 || c["prismatic"] != 2 || c["fixed"] != 3 || len(g.Joints) != 12 {
		t.Errorf("joint types %v, want 7 revolute, 2 prismatic, 3 fixed (link0, link8, hand)", c)
	}
	for _, id := range []string{"link0__fixed", "link8__fixed", "hand__fixed"} {
		if j := g.Joint(id); j == nil || j.Type != "fixed" {
			t.Errorf("want fixed joint %s, got %+v", id, j)
		}
	}
	if j := g.Joint("finger_joint1"); j == nil || j.Type != "prismatic" || *j.Axis != [3]float64{0, 1, 0} ||
		j.Limits == nil || j.Limits.Lower[0] != 0 || j.Limits.Upper[0] != 0.04 || j.Armature != 0.1 || j.Damping != 1 {
		t.Errorf("finger_joint1 (class finger inside childclass panda) = %+v", j)
	}
	if j := g.Joint("joint4"); j.Limits.Lower[0] != -3.0718 || j.Limits.Upper[0] != -0.0698 {
		t.Errorf("joint4 limits %+v", j.Limits)
	}
	// <equality><joint joint1="finger_joint1" joint2="finger_joint2"/>, default polycoef 0 1 0 0 0.
	if len(g.Couplings) != 1 {
		t.Fatalf("couplings %+v", g.Couplings)
	}
	if cp := g.Couplings[0]; cp.Master != "finger_joint2" || cp.Slave != "finger_joint1" || cp.Multiplier != 1 || cp.Offset != 0 {
		t.Errorf("coupling %+v, want finger_joint1 = 1·finger_joint2 + 0", cp)
	}
	if len(g.Actuators) != 8 {
		t.Fatalf("%d actuators, want 8", len(g.Actuators))
	}
	// actuator8 drives tendon split (finger_joint1 and finger_joint2 with coef 0.5 each) with gear 1.
	a8 := g.Actuator("actuator8")
	if a8 == nil || a8.Type != cmg.ActTransmission || len(a8.Transmission) != 2 ||
		a8.Transmission[0] != (cmg.TransmissionTerm{Joint: "finger_joint1", Coef: 0.5}) ||
		a8.Transmission[1] != (cmg.TransmissionTerm{Joint: "finger_joint2", Coef: 0.5}) {
		t.Fatalf("actuator8 = %+v", a8)
	}
	if a8.EffortLimits == nil || *a8.EffortLimits != [2]float64{-100, 100} {
		t.Errorf("actuator8 effort %v, want forcerange ±100", a8.EffortLimits)
	}
	// Servo set point: 0.01568627451·ctrl/100 over ctrlrange 0..255 → 0..0.04 m.
	if a8.StrokeLimits == nil || a8.StrokeLimits[0] != 0 || !near(a8.StrokeLimits[1], 0.04, 1e-9) {
		t.Errorf("actuator8 stroke %v, want [0, 0.04]", a8.StrokeLimits)
	}
	a5 := g.Actuator("actuator5")
	if a5.Type != cmg.ActJoint || a5.Joint != "joint5" || a5.Gear != 1 || *a5.EffortLimits != [2]float64{-12, 12} {
		t.Errorf("actuator5 = %+v", a5)
	}
	if a1 := g.Actuator("actuator1"); *a1.EffortLimits != [2]float64{-87, 87} || *a1.StrokeLimits != [2]float64{-2.8973, 2.8973} {
		t.Errorf("actuator1 = %+v (class panda forcerange, ctrlrange)", a1)
	}
	want := map[string]float64{"joint1": 0, "joint4": -1.57079, "joint6": 1.57079, "joint7": -0.7853, "finger_joint1": 0.04, "finger_joint2": 0.04}
	for id, v := range want {
		if got := seedValue(t, g, "home", id); got != v {
			t.Errorf("home[%s] = %g, want %g", id, got, v)
		}
	}
	if len(g.Seeds["home"]) != 9 || len(g.Seeds[DefaultSeed]) != 9 {
		t.Errorf("seeds %v", g.Seeds)
	}
	l1 := g.Body("link1")
	if l1.Mass != 4.970684 || l1.COM != [3]float64{0.003875, 0.002081, -0.04762} ||
		l1.Inertia != [6]float64{0.70337, 0.70661, 0.0091170, -0.00013900, 0.0067720, 0.019169} {
		t.Errorf("link1 (fullinertia) = %+v", l1)
	}
	if h := g.Body("hand"); h.Inertia != [6]float64{0.001, 0.0025, 0.0017, 0, 0, 0} {
		t.Errorf("hand (diaginertia) = %+v", h)
	}
	if b := g.Body("link8"); b.Mass != 0 {
		t.Errorf("link8 has no inertial and no geoms, want massless: %+v", b)
	}
	// link2 quat="1 -1 0 0": -90° about x.
	if f := g.Joint("joint2").FrameA; f.Quat == nil || !near(f.Quat[0], math.Sqrt(0.5), 1e-15) || !near(f.Quat[1], -math.Sqrt(0.5), 1e-15) {
		t.Errorf("joint2 frame_a %+v", f)
	}
}

func TestGo2(t *testing.T) {
	g, warns := importShared(t, "menagerie/unitree_go2/go2.xml")
	// qpos0 = 0 is outside the knee range.
	wantWarnings(t, warns, `<joint name="FL_calf_joint">: the reference value 0`, `<joint name="FR_calf_joint">: the reference value 0`,
		`<joint name="RL_calf_joint">: the reference value 0`, `<joint name="RR_calf_joint">: the reference value 0`)
	c := countTypes(g)
	if c["free"] != 1 || c["revolute"] != 12 || len(g.Joints) != 13 {
		t.Errorf("joint types %v, want 1 free + 12 revolute", c)
	}
	free := g.Joint("base__free")
	if free == nil || free.Type != "free" || free.BodyA != "world" || free.BodyB != "base" {
		t.Fatalf("free joint %+v", free)
	}
	if len(g.Actuators) != 12 {
		t.Fatalf("%d actuators", len(g.Actuators))
	}
	for _, a := range g.Actuators {
		if a.Type != cmg.ActJoint || a.Joint != a.ID+"_joint" || a.Gear != 1 {
			t.Errorf("actuator %+v", a)
		}
		lim := 23.7
		if strings.HasSuffix(a.ID, "calf") {
			lim = 45.43
		}
		if a.EffortLimits == nil || *a.EffortLimits != [2]float64{-lim, lim} {
			t.Errorf("actuator %s effort %v, want ±%g (motor ctrlrange, gear 1)", a.ID, a.EffortLimits, lim)
		}
	}
	for _, foot := range []string{"FL", "FR", "RL", "RR"} {
		s := g.Site(foot)
		if s == nil || s.Kind != cmg.SitePoint || s.Body != foot+"_calf" || s.Frame.Pos != [3]float64{-0.002, 0, -0.213} {
			t.Errorf("foot site %s = %+v (geom class foot: pos -0.002 0 -0.213)", foot, s)
		}
	}
	home := g.Seeds["home"]
	if v := home["base__free"]; len(v) != 7 || v[2] != 0.27 || v[3] != 1 {
		t.Errorf("home free joint %v", v)
	}
	if v := seedValue(t, g, "home", "RR_thigh_joint"); v != 0.9 {
		t.Errorf("home RR_thigh_joint %g", v)
	}
	if v := seedValue(t, g, "home", "FL_calf_joint"); v != -1.8 {
		t.Errorf("home FL_calf_joint %g", v)
	}
	if v := g.Seeds[DefaultSeed]["base__free"]; len(v) != 7 || v[2] != 0.445 || v[3] != 1 {
		t.Errorf("qpos0 of the free joint %v, want the body pose (0 0 0.445, identity)", v)
	}
	hip := g.Joint("FL_hip_joint")
	if *hip.Axis != [3]float64{1, 0, 0} || !near(hip.Limits.Upper[0], 1.0472, 0) || hip.Damping != 2 || hip.Friction != 0.2 || hip.Armature != 0.01 {
		t.Errorf("FL_hip_joint %+v", hip)
	}
	// diaginertia + quat: the invariants of R·diag·Rᵀ.
	base := g.Body("base")
	tr := base.Inertia[0] + base.Inertia[1] + base.Inertia[2]
	if !near(tr, 0.107027+0.0980771+0.0244531, 1e-12) || base.Inertia[3] == 0 {
		t.Errorf("base inertia %v: trace %g", base.Inertia, tr)
	}
}

// mjcfTree is an independent reading of a body tree, used to count bodies and joints.
type mjcfTree struct {
	Name  string     `xml:"name,attr"`
	Free  []struct{} `xml:"freejoint"`
	Joint []struct {
		Name string `xml:"name,attr"`
	} `xml:"joint"`
	Bodies []mjcfTree `xml:"body"`
}

// inlineIncludes textually replaces <include file="..."/> elements (outside comments)
// by the body of the included file; a test-only stand-in for the importer's expansion.
func inlineIncludes(t *testing.T, dir, text string) string {
	t.Helper()
	comments := regexp.MustCompile(`(?s)<!--.*?-->`)
	text = comments.ReplaceAllString(text, "")
	inc := regexp.MustCompile(`<include\s+file="([^"]+)"\s*/>`)
	root := regexp.MustCompile(`(?s)^\s*(<\?xml[^>]*>)?\s*<mujoco[^>]*>(.*)</mujoco>\s*$`)
	return inc.ReplaceAllStringFunc(text, func(m string) string {
		f := inc.FindStringSubmatch(m)[1]
		data, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		s := comments.ReplaceAllString(string(data), "")
		sm := root.FindStringSubmatch(s)
		if sm == nil {
			t.Fatalf("%s: no <mujoco> root", f)
		}
		return inlineIncludes(t, filepath.Dir(filepath.Join(dir, f)), sm[2])
	})
}

// scanTree counts bodies and joints of the worldbody of an MJCF text and lists joint
// names in MuJoCo's qpos order (depth-first, a body's joints before its children).
func scanTree(t *testing.T, text string) (bodies, joints, free int, order []string) {
	t.Helper()
	var doc struct {
		World mjcfTree `xml:"worldbody"`
	}
	if err := xml.Unmarshal([]byte(text), &doc); err != nil {
		t.Fatal(err)
	}
	var walk func(b mjcfTree)
	walk = func(b mjcfTree) {
		bodies++
		joints += len(b.Joint)
		free += len(b.Free)
		for _, j := range b.Joint {
			order = append(order, j.Name)
		}
		for _, c := range b.Bodies {
			walk(c)
		}
	}
	for _, b := range doc.World.Bodies {
		walk(b)
	}
	return
}

// kangarooHome returns the qpos of keyframe home read straight from the file.
func kangarooHome(t *testing.T, text string) []float64 {
	t.Helper()
	m := regexp.MustCompile(`name="home"\s+qpos=\s*"([^"]+)"`).FindStringSubmatch(text)
	if m == nil {
		t.Fatal("no home keyframe")
	}
	var q []float64
	for _, f := range strings.Fields(m[1]) {
		x, err := strconv.ParseFloat(f, 64)
		if err != nil {
			t.Fatal(err)
		}
		q = append(q, x)
	}
	return q
}

func TestKangaroo(t *testing.T) {
	dir := filepath.Join(testmodels.Dir(t), "kangaroo")
	for _, file := range []string{"kangaroo.xml", "kangaroo_fixed_base.xml"} {
		t.Run(file, func(t *testing.T) {
			g, warns := importShared(t, filepath.Join("kangaroo", file))
			if file == "kangaroo.xml" {
				wantWarnings(t, warns, `kangaroo.xml:55 <key name="stable">: key has no qpos`)
			} else {
				wantWarnings(t, warns)
			}
			raw, err := os.ReadFile(filepath.Join(dir, file))
			if err != nil {
				t.Fatal(err)
			}
			text := inlineIncludes(t, dir, string(raw))
			nb, nj, nfree, order := scanTree(t, text)
			if nb < 70 || nj < 70 {
				t.Fatalf("independent scan found %d bodies, %d joints: includes not resolved?", nb, nj)
			}
			c := countTypes(g)
			if len(g.Bodies) != nb {
				t.Errorf("%d CMG bodies, the XML has %d", len(g.Bodies), nb)
			}
			if got := c["revolute"] + c["prismatic"]; got != nj {
				t.Errorf("%d revolute+prismatic joints, the XML has %d hinge/slide joints", got, nj)
			}
			if c["free"] != nfree {
				t.Errorf("%d free joints, the XML has %d", c["free"], nfree)
			}
			if c["prismatic"] != 12 {
				t.Errorf("%d prismatic joints, want 12 linear motors", c["prismatic"])
			}
			// every body without a joint is welded: torso (and anchor, base_link in the fixed-base file).
			if want := nb - nj - nfree; c["fixed"] != want {
				t.Errorf("%d fixed joints, want %d", c["fixed"], want)
			}
			if len(g.LoopCuts) != 28 {
				t.Errorf("%d loop cuts, want 28 connect constraints", len(g.LoopCuts))
			}
			for _, lc := range g.LoopCuts {
				if lc.Type != cmg.CutPoint {
					t.Errorf("cut %s type %s", lc.ID, lc.Type)
				}
			}
			// body2 anchor of left_hip_yaw_closed as computed by MuJoCo 2.2.2 (eq_data) from qpos0.
			lc := g.LoopCut("left_hip_yaw_closed")
			if lc == nil || lc.BodyA != "left_yaw_rod" || lc.BodyB != "left_hip_yaw" || lc.FrameA.Pos != [3]float64{} {
				t.Fatalf("left_hip_yaw_closed = %+v", lc)
			}
			for i, w := range []float64{-0.0365430667434, -0.0162728115443, 0.029} {
				if !near(lc.FrameB.Pos[i], w, 1e-11) {
					t.Errorf("left_hip_yaw_closed body2 point %v, MuJoCo gives %v", lc.FrameB.Pos, w)
				}
			}
			if len(g.Actuators) != 12 {
				t.Errorf("%d actuators, want 12 position servos", len(g.Actuators))
			}
			if a := g.Actuator("leg_left_length_actuator_position"); a == nil || *a.EffortLimits != [2]float64{-5000, 5000} || *a.StrokeLimits != [2]float64{0, 0.15} {
				t.Errorf("leg_left_length_actuator_position = %+v", a)
			}
			if file == "kangaroo_fixed_base.xml" {
				if _, ok := g.Seeds["home"]; ok {
					t.Error("the fixed-base file comments its keyframes out")
				}
				return
			}
			q := kangarooHome(t, string(raw))
			home := g.Seeds["home"]
			if len(q) != 7+nj || len(home) != 1+nj {
				t.Fatalf("home qpos has %d numbers, %d joints in the seed; want 7+%d", len(q), len(home), nj)
			}
			if v := home["base_link__free"]; len(v) != 7 || v[0] != q[0] || v[6] != q[6] {
				t.Errorf("home free joint %v, qpos[0:7] = %v", v, q[:7])
			}
			for i, name := range order {
				if v := home[name]; len(v) != 1 || v[0] != q[7+i] {
					t.Errorf("home[%s] = %v, qpos[%d] = %g", name, v, 7+i, q[7+i])
				}
			}
			// spot checks against the file's numbers.
			if v := seedValue(t, g, "home", "left_yaw_motor_joint"); v != 2.28796623e-06 {
				t.Errorf("left_yaw_motor_joint %g", v)
			}
			if v := seedValue(t, g, "home", "leg_left_1_motor"); v != -2.09357450e-06 {
				t.Errorf("leg_left_1_motor %g", v)
			}
			if v := seedValue(t, g, "home", "leg_right_3_motor"); v != 8.76364565e-05 {
				t.Errorf("leg_right_3_motor (last qpos) %g", v)
			}
		})
	}
}
