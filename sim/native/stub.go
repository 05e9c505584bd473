//go:build !mujoco

package native

import (
	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/sim"
)

// Run returns ErrNoMuJoCo: this build has no MuJoCo (see the build-tagged Run).
func Run(d *robocompiler.Data, ctrl sim.Controller, n int, opts Options) (*Result, error) {
	return nil, ErrNoMuJoCo
}
