//go:build !mujoco

package check

import "errors"

// newMuJoCoEngine reports that this build has no MuJoCo.
func newMuJoCoEngine(*workspace) (engine, error) {
	return nil, errors.New("check: the mujoco reference needs a build with -tags mujoco")
}
