package mjcf

import "fmt"

// namer hands out MJCF names that are unique within one MuJoCo name space (bodies,
// joints, sites, tendons, equalities, actuators): a record's own id where it is free,
// else the id with a numeric suffix.
type namer map[string]bool

// newNamer returns a namer in which the given names are already taken.
func newNamer(taken ...string) namer {
	n := namer{}
	for _, s := range taken {
		n[s] = true
	}
	return n
}

// fresh returns base, or base_2, base_3, … if base is taken, and marks it taken.
func (n namer) fresh(base string) string {
	name := base
	for i := 2; n[name]; i++ {
		name = fmt.Sprintf("%s_%d", base, i)
	}
	n[name] = true
	return name
}
