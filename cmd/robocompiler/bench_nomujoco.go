//go:build !mujoco

package main

import (
	"time"

	"github.com/robocompiler/robocompiler/compile"
)

// mujocoVersion is empty: this build has no MuJoCo backend (build with -tags mujoco).
func mujocoVersion() string { return "" }

// mujocoForward returns no timing: this build has no MuJoCo backend.
func mujocoForward(*compile.Model, []float64, []float64, time.Duration) (*timing, error) {
	return nil, nil
}
