package robots

import (
	"fmt"
	"sort"
	"strings"

	"github.com/robocompiler/robocompiler/cmg"
)

// model is one registry entry: a builder returning a fresh graph and a one-line summary.
type model struct {
	build    func() (*cmg.Graph, error)
	describe string
}

// registry maps each built-in model name to its entry.
var registry = map[string]model{
	"fourbar": {
		build:    newFourBar,
		describe: "planar Grashof crank-rocker four-bar: 3 bodies, 4 revolute joints, 1 crank motor, 1 loop",
	},
	"fivebar": {
		build:    newFiveBar,
		describe: "planar five-bar with two grounded cranks: 4 bodies, 5 revolute joints, 2 motors, mobility 2",
	},
	"stewart": {
		build:    func() (*cmg.Graph, error) { return NewStewart(DefaultStewartParams()), nil },
		describe: "6-UPS Stewart platform with payload: 20 bodies, 25 joints, 6 leg-force actuators, 5 loops",
	},
	"excavator": {
		build: loadExcavator,
		describe: "excavator arm with tilt-rotator: 25 bodies, 34 joints, 8 actuators " +
			"(drive_p0 is unconnected in the source), 9 loops, mobility 7",
	},
}

// Names returns the names of the built-in models, sorted.
func Names() []string {
	names := make([]string, 0, len(registry))
	for n := range registry {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Get returns a fresh deep copy of the named built-in model (or imports the named shared
// model, SharedNames); the caller may modify it.
// Its Source is the name, so located errors name the model. An unknown name gives an
// error listing the valid names.
func Get(name string) (*cmg.Graph, error) {
	m, ok := registry[name]
	if !ok {
		g, isShared, err := getShared(name)
		if !isShared {
			return nil, fmt.Errorf("robots: unknown model %q (valid: %s)", name, strings.Join(append(Names(), SharedNames()...), ", "))
		}
		if err != nil {
			return nil, fmt.Errorf("robots: %w", err)
		}
		g.Source = name
		return g, nil
	}
	g, err := m.build()
	if err != nil {
		return nil, fmt.Errorf("robots: building %q: %w", name, err)
	}
	g.Source = name // a built-in is named by its name, not by where its data is embedded
	return g, nil
}

// Describe returns a one-line description of the named built-in model, or "" for an
// unknown name.
func Describe(name string) string {
	if s, ok := shared[name]; ok {
		return s.describe
	}
	return registry[name].describe
}
