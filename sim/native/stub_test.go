//go:build !mujoco

package native

import (
	"errors"
	"testing"
)

// TestRunWithoutMuJoCo: a build without the tag reports ErrNoMuJoCo instead of running.
func TestRunWithoutMuJoCo(t *testing.T) {
	if _, err := Run(nil, nil, 1, Options{Dt: 1e-3}); !errors.Is(err, ErrNoMuJoCo) {
		t.Fatalf("got %v, want ErrNoMuJoCo", err)
	}
}
