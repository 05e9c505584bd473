package sim

import (
	"fmt"

	"github.com/robocompiler/robocompiler"
)

// EngineColumns names the leading log columns of a run in another engine (MuJoCo,
// Simbody) mapped back to d's model: "t", one "q:<joint>" per configuration coordinate
// ("q:<joint>[k]" for multi-coordinate joints), then "ell:<port>" and "f:<port>" per
// actuator port. The engine appends its own columns after them.
func EngineColumns(d *robocompiler.Data) []string {
	m := d.Model()
	qn := make([]string, m.NQ)
	for _, j := range m.Joints {
		for k := range j.NQ {
			if j.NQ == 1 {
				qn[j.Q0] = "q:" + j.ID
			} else {
				qn[j.Q0+k] = fmt.Sprintf("q:%s[%d]", j.ID, k)
			}
		}
	}
	cols := append([]string{"t"}, qn...)
	for _, p := range d.Kin.Ports {
		cols = append(cols, "ell:"+p.ID)
	}
	for _, p := range d.Kin.Ports {
		cols = append(cols, "f:"+p.ID)
	}
	return cols
}
