//go:build !simbody

package simbody_test

import (
	"errors"
	"testing"

	"github.com/robocompiler/robocompiler/backend/simbody"
)

// Without the tag, Build reports that the backend is not in the build.
func TestStubUnavailable(t *testing.T) {
	if _, err := simbody.Build(nil); !errors.Is(err, simbody.ErrUnavailable) {
		t.Fatalf("Build: %v; want ErrUnavailable", err)
	}
}
