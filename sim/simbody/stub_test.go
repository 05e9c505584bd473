//go:build !simbody

package simbody_test

import (
	"errors"
	"testing"

	"github.com/robocompiler/robocompiler"
	sb "github.com/robocompiler/robocompiler/backend/simbody"
	"github.com/robocompiler/robocompiler/sim"
	"github.com/robocompiler/robocompiler/sim/simbody"
)

// Without the tag a run on an assembled workspace reports that Simbody is not built in.
func TestRunUnavailable(t *testing.T) {
	m, err := robocompiler.Load("fourbar", robocompiler.Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := m.NewData()
	if err := d.Assemble(""); err != nil {
		t.Fatal(err)
	}
	ctrl := sim.ControllerFunc(func(*sim.State, *robocompiler.Data, *sim.Command) error { return nil })
	if _, err := simbody.Run(d, ctrl, 1, simbody.Options{Dt: 1e-3}); !errors.Is(err, sb.ErrUnavailable) {
		t.Fatalf("Run: %v; want ErrUnavailable", err)
	}
}
