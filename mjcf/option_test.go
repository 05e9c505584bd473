package mjcf

import (
	"strings"
	"testing"
)

// TestOptionFlags: disabling gravity zeroes it; disabling a feature that shapes the
// imported mechanism (equality, limits, passive forces, actuation) is reported, since
// the graph keeps it; contact and solver flags are accepted silently; unknown flag
// attributes are reported.
func TestOptionFlags(t *testing.T) {
	g, warns := importString(t, `<mujoco>
<option gravity="0 0 -3"><flag gravity="disable" contact="disable" warmstart="disable" equality="disable" limit="enable" frictionloss="disable" bogus="x"/></option>
<worldbody><body name="a"><joint name="j" range="-1 1" frictionloss="0.1"/><geom size="1"/></body></worldbody>
</mujoco>`)
	if *g.Gravity != [3]float64{} {
		t.Errorf("gravity %v, want 0 (flag gravity=disable)", *g.Gravity)
	}
	want := []string{
		`inline.xml:2 <flag>: attribute "bogus"`,
		`inline.xml:2 <flag>: equality="disable"`,
		`inline.xml:2 <flag>: frictionloss="disable"`,
	}
	if len(warns) != len(want) {
		t.Errorf("got %d warnings, want %d:\n%s", len(warns), len(want), strings.Join(warns, "\n"))
	}
	for i, w := range want {
		if i >= len(warns) || !strings.HasPrefix(warns[i], w) {
			t.Errorf("warning %d: want prefix %q in\n%s", i, w, strings.Join(warns, "\n"))
		}
	}
	_, _, err := Import([]byte(`<mujoco><option><flag limit="off"/></option></mujoco>`), ".", "f.xml")
	if e, ok := err.(*Error); !ok || e.Element != "flag" || e.Attr != "limit" || !strings.Contains(e.Msg, "enable, disable") {
		t.Errorf("bad flag value: %v", err)
	}
}
