//go:build !mujoco

package main

import "github.com/robocompiler/robocompiler/compile"

// mujocoVersion is empty: this build has no MuJoCo backend (build with -tags mujoco).
func mujocoVersion() string { return "" }

// mujocoForward returns no operation: this build has no MuJoCo backend.
func mujocoForward(*compile.Model, []float64, []float64) (op func() error, done func(), err error) {
	return nil, nil, nil
}
