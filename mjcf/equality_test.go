package mjcf

import (
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/spatial"
)

const equalityDoc = `<mujoco>
 <compiler angle="radian"/>
 <worldbody>
  <body name="a" pos="0.1 0.2 0.3" euler="0.3 0.2 0.1"><joint name="ja" axis="0 0 1" ref="0.2"/><geom size="0.1"/>
   <site name="sa" pos="0 0 0.1" euler="0 0 1"/>
   <body name="b" pos="0.4 0 0" euler="0 0.5 0"><joint name="jb" axis="0 1 0" ref="-0.4"/><geom size="0.1"/></body>
  </body>
  <body name="c" pos="1 0 0" quat="0.5 0.5 0.5 0.5"><joint name="jc" type="slide" axis="1 0 0" ref="0.1"/><geom size="0.1"/>
   <site name="sc" pos="0.2 0 0"/>
  </body>
 </worldbody>
 <equality>
  <connect name="cw" body1="b" anchor="0.1 0.2 0.3"/>
  <connect name="cbc" body1="b" body2="c" anchor="0 0 0.5"/>
  <weld name="w0" body1="b" body2="c" anchor="0.1 0 0"/>
  <weld name="wr" body1="c" body2="a" relpose="0.1 0.2 0.3 1 0 0 1" anchor="0 0.1 0"/>
  <joint name="cp" joint1="jb" joint2="ja" polycoef="0.1 2 0 0 0"/>
  <connect site1="sa" site2="sc"/>
  <weld site1="sa" site2="sc"/>
  <joint joint1="jc" joint2="ja" polycoef="0 1 0.5 0 0"/>
  <joint joint1="jc"/>
  <connect name="off" body1="a" body2="b" anchor="0 0 0" active="false"/>
  <tendon tendon1="t"/>
 </equality>
</mujoco>`

// TestEquality checks connect, weld and joint equalities against the eq_data MuJoCo
// 2.2.2 computes for the same document (anchors and relative poses at qpos0).
func TestEquality(t *testing.T) {
	g, warns := importString(t, equalityDoc)
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	vecNear := func(a [3]float64, b spatial.Vec3, tol float64) bool { return spatial.Vec3(a).Sub(b).Norm() <= tol }

	cw := g.LoopCut("cw")
	if cw.Type != "point" || cw.BodyA != "b" || cw.BodyB != "world" || cw.FrameA.Pos != [3]float64{0.1, 0.2, 0.3} ||
		!vecNear(cw.FrameB.Pos, spatial.Vec3{0.739115074081, 0.423706800533, 0.463572380596}, 1e-11) {
		t.Errorf("cw = %+v", cw)
	}
	cbc := g.LoopCut("cbc")
	if cbc.BodyA != "b" || cbc.BodyB != "c" || !vecNear(cbc.FrameB.Pos, spatial.Vec3{0.171295815443, 0.608902282389, -0.1889967193}, 1e-11) {
		t.Errorf("cbc = %+v", cbc)
	}
	w0 := g.LoopCut("w0")
	if w0.Type != "weld" || w0.BodyA != "b" || w0.BodyB != "c" || w0.FrameB.Pos != [3]float64{0.1, 0, 0} || w0.FrameB.Quat != nil ||
		!vecNear(w0.FrameA.Pos, spatial.Vec3{0.482692095564, -0.276426851842, 0.180373062516}, 1e-11) ||
		!rotClose(w0.FrameA.Rotation(), spatial.Quat{0.746438723092, 0.282382196002, 0.315158921121, 0.513579966985}.Mat3(), 1e-11) {
		t.Errorf("w0 = %+v", w0)
	}
	wr := g.LoopCut("wr")
	if wr.BodyA != "c" || wr.BodyB != "a" || wr.FrameA.Pos != [3]float64{0.1, 0.2, 0.3} || wr.FrameB.Pos != [3]float64{0, 0.1, 0} ||
		!rotClose(wr.FrameA.Rotation(), rz(1.5707963267948966), 1e-15) {
		t.Errorf("wr = %+v", wr)
	}
	// y - y0 = a0 + a1 (x - x0) with y = jb (ref -0.4), x = ja (ref 0.2): jb = 2 ja + 0.1 - 0.4 - 0.4.
	cp := g.Coupling("cp")
	if cp == nil || cp.Master != "ja" || cp.Slave != "jb" || cp.Multiplier != 2 || !near(cp.Offset, -0.7, 1e-15) {
		t.Errorf("cp = %+v", cp)
	}
	if s := g.LoopCut("equality5"); s == nil || s.Type != "point" || s.BodyA != "a" || s.BodyB != "c" || s.FrameA.Pos != [3]float64{0, 0, 0.1} || s.FrameB.Pos != [3]float64{0.2, 0, 0} {
		t.Errorf("site connect = %+v", s)
	}
	if s := g.LoopCut("equality6"); s == nil || s.Type != "weld" || s.FrameA.Quat == nil || s.FrameB.Quat != nil {
		t.Errorf("site weld = %+v", s)
	}
	if c := g.Coupling("equality7"); c == nil || c.Master != "ja" || c.Slave != "jc" || c.Multiplier != 1 || !near(c.Offset, -0.1, 1e-15) {
		t.Errorf("nonlinear coupling = %+v", c)
	}
	if len(g.LoopCuts) != 6 || len(g.Couplings) != 2 {
		t.Errorf("%d cuts, %d couplings", len(g.LoopCuts), len(g.Couplings))
	}
	for _, w := range []string{"nonlinear terms", "without joint2", "inactive", "equality <tendon>"} {
		found := false
		for _, x := range warns {
			found = found || strings.Contains(x, w)
		}
		if !found {
			t.Errorf("no warning mentions %q: %v", w, warns)
		}
	}
}

func TestEqualityErrors(t *testing.T) {
	body := `<worldbody><body name="a"><joint name="ja"/><geom size="1"/><body name="b"><joint name="jb"/><joint name="bb" type="ball"/><geom size="1"/></body></body></worldbody>`
	for _, tc := range []struct{ eq, attr, phrase string }{
		{`<connect body1="nope" anchor="0 0 0"/>`, "body1", `unknown body "nope"`},
		{`<connect body1="a" body2="ghost" anchor="0 0 0"/>`, "body2", `unknown body "ghost"`},
		{`<connect body1="a"/>`, "anchor", "required"},
		{`<connect anchor="0 0 0"/>`, "body1", "required"},
		{`<connect body1="a" body2="a" anchor="0 0 0"/>`, "body2", "same body"},
		{`<weld body1="x"/>`, "body1", "unknown body"},
		{`<connect site1="s"/>`, "site2", "together"},
		{`<connect site1="s" site2="t"/>`, "site1", "unknown site"},
		{`<joint joint1="zz" joint2="ja"/>`, "joint1", "unknown joint"},
		{`<joint joint1="ja" joint2="bb"/>`, "joint2", "ball"},
		{`<joint joint1="ja" joint2="jb" polycoef="1 2"/>`, "polycoef", "expected 5"},
	} {
		_, _, err := Import([]byte(`<mujoco>`+body+`<equality>`+tc.eq+`</equality></mujoco>`), ".", "eq.xml")
		e, ok := err.(*Error)
		if !ok || e.Attr != tc.attr || !strings.Contains(e.Msg, tc.phrase) || e.File != "eq.xml" || e.Line != 1 {
			t.Errorf("%s: error %v, want attribute %s, %q", tc.eq, err, tc.attr, tc.phrase)
		}
	}
}
