//go:build !mujoco

package native

import (
	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/sim"
)

// Run returns ErrNoMuJoCo: this build has no MuJoCo (see the build-tagged Run).
func Run(m *compile.Model, q0 []float64, p *closure.Partition, ctrl sim.Controller, n int, opts Options) (*Result, error) {
	return nil, ErrNoMuJoCo
}
