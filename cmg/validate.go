package cmg

import (
	"fmt"
	"slices"
	"strings"
)

// Validate checks g against the format's rules and returns every problem found as Errors
// (nil when g is valid). Each problem names the file (g.Source), the record and the field,
// and says what would be valid.
func (g *Graph) Validate() error {
	v := newValidator(g)
	v.checkFinite()
	v.checkHeader()
	v.checkBodies()
	v.checkJoints()
	v.checkLoopCuts()
	v.checkCouplings()
	v.checkActuators()
	v.checkSites()
	v.checkSeeds()
	v.checkPartitionRequests()
	v.checkHints()
	v.checkTuning()
	v.checkConnected()
	v.sort()
	return v.errs.err()
}

// validator accumulates the problems of one graph.
type validator struct {
	g      *Graph
	ground string
	errs   Errors
	// bodies and joints map ids to the index of their first record.
	bodies, joints map[string]int
	// nonFinite holds the records that contain NaN or Inf; their numeric checks are
	// skipped so that one bad number gives one message.
	nonFinite map[recordKey]bool
}

// recordKey identifies a record of a top-level record array.
type recordKey struct {
	section string
	index   int
}

// newValidator indexes g's bodies and joints.
func newValidator(g *Graph) *validator {
	v := &validator{g: g, ground: g.GroundName(), bodies: map[string]int{}, joints: map[string]int{},
		nonFinite: map[recordKey]bool{}}
	for i, b := range g.Bodies {
		if _, dup := v.bodies[b.ID]; !dup {
			v.bodies[b.ID] = i
		}
	}
	for i, j := range g.Joints {
		if _, dup := v.joints[j.ID]; !dup {
			v.joints[j.ID] = i
		}
	}
	return v
}

// report records a problem at path; the message says what is wrong and what would be valid.
func (v *validator) report(path []any, format string, args ...any) {
	rec, field := describePath(path, v.idOf)
	v.errs = append(v.errs, &FieldError{File: v.g.Source, Record: rec, Field: field,
		Message: fmt.Sprintf(format, args...), path: path})
}

// idOf returns the id of record i of a top-level record array.
func (v *validator) idOf(section string, i int) string {
	g := v.g
	ok := func(n int) bool { return i >= 0 && i < n }
	switch section {
	case "bodies":
		if ok(len(g.Bodies)) {
			return g.Bodies[i].ID
		}
	case "joints":
		if ok(len(g.Joints)) {
			return g.Joints[i].ID
		}
	case "loop_cuts":
		if ok(len(g.LoopCuts)) {
			return g.LoopCuts[i].ID
		}
	case "couplings":
		if ok(len(g.Couplings)) {
			return g.Couplings[i].ID
		}
	case "actuators":
		if ok(len(g.Actuators)) {
			return g.Actuators[i].ID
		}
	case "sites":
		if ok(len(g.Sites)) {
			return g.Sites[i].ID
		}
	}
	return ""
}

// finite reports whether record i of section holds only finite numbers.
func (v *validator) finite(section string, i int) bool { return !v.nonFinite[recordKey{section, i}] }

// sectionOrder is the order of the top-level keys, used to list problems in document order.
var sectionOrder = []string{"schema", "name", "ground", "gravity", "bodies", "joints", "loop_cuts",
	"couplings", "actuators", "sites", "seeds", "partition_requests", "hints", "branch_window", "scales"}

// sort orders the problems by record in document order, keeping the order of the checks
// within one record.
func (v *validator) sort() {
	key := func(e *FieldError) (int, int, string) {
		if len(e.path) == 0 {
			return -1, 0, ""
		}
		s, _ := e.path[0].(string)
		rank := slices.Index(sectionOrder, s)
		if len(e.path) < 2 {
			return rank, -1, ""
		}
		switch p := e.path[1].(type) {
		case int:
			return rank, p, ""
		case string:
			return rank, 0, p
		}
		return rank, 0, ""
	}
	slices.SortStableFunc(v.errs, func(a, b *FieldError) int {
		ra, ia, na := key(a)
		rb, ib, nb := key(b)
		if ra != rb {
			return ra - rb
		}
		if ia != ib {
			return ia - ib
		}
		return strings.Compare(na, nb)
	})
}
