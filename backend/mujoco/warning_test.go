//go:build mujoco

package mujoco

import (
	"math"
	"os"
	"strings"
	"testing"
)

// A bad state makes MuJoCo warn (and reset the Data); the warning must be recorded
// by our handler, not printed to stdout nor appended to MUJOCO_LOG.TXT.
func TestWarningsAreCaptured(t *testing.T) {
	m := mustLoad(t, pendulumXML)
	d := mustData(t, m)
	_, before := LastWarning()
	must(t, d.SetQpos([]float64{math.NaN()}))
	must(t, d.Step())
	msg, after := LastWarning()
	if after != before+1 || !strings.Contains(msg, "QPOS") {
		t.Fatalf("LastWarning = %q (count %d -> %d), want a QPOS warning", msg, before, after)
	}
	t.Logf("captured: %s", msg)
	if _, err := os.Stat("MUJOCO_LOG.TXT"); err == nil {
		t.Error("MUJOCO_LOG.TXT was written in the working directory")
	}
}
