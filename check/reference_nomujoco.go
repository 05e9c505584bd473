//go:build !mujoco

package check

// newMuJoCoEngine reports that this build has no MuJoCo.
func newMuJoCoEngine(*workspace) (engine, error) { return nil, ErrNoMuJoCo }
