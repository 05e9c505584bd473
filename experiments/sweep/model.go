package sweep

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"strconv"
	"strings"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/robots"
)

// RecordKinds maps a parameter's kind to the CMG file's section of that kind.
var RecordKinds = map[string]string{
	"body": "bodies", "joint": "joints", "loop_cut": "loop_cuts",
	"coupling": "couplings", "actuator": "actuators", "site": "sites",
}

// recordTypes are the Go types of the records of each section (for the valid keys of a
// field that a record leaves out).
var recordTypes = map[string]reflect.Type{
	"bodies": reflect.TypeOf(cmg.Body{}), "joints": reflect.TypeOf(cmg.Joint{}),
	"loop_cuts": reflect.TypeOf(cmg.LoopCut{}), "couplings": reflect.TypeOf(cmg.Coupling{}),
	"actuators": reflect.TypeOf(cmg.Actuator{}), "sites": reflect.TypeOf(cmg.Site{}),
}

// builder makes the records of each variant: the base model, the Stewart geometry or
// the generator's variant, then the record edits.
type builder struct {
	s *Sweep
	// base is the base model's records (nil for the Stewart geometry or a generator).
	base *cmg.Graph
	// generated are the generator's variants (nil without one).
	generated []robots.Variant
	// stewart reports parameters of the Stewart geometry.
	stewart bool
	// edits are the record-field parameters (indices into s.Parameters).
	edits []int
	// source names the base in the variants' error messages.
	source string
}

// newBuilder loads the base model (or runs the generator) once.
func (s *Sweep) newBuilder() (*builder, error) {
	b := &builder{s: s, source: s.Model}
	for j, p := range s.Parameters {
		if p.Stewart != "" {
			b.stewart = true
		} else {
			b.edits = append(b.edits, j)
		}
	}
	var err error
	switch {
	case s.Variants != nil:
		b.source = s.Variants.Model
		b.generated, err = robots.Variants(s.Variants.Model, s.Variants.Count, s.Variants.Seed)
	case b.stewart:
	default:
		path := s.Model
		if _, rerr := robots.Get(path); rerr != nil {
			path = s.resolve(path)
		}
		b.source = path
		b.base, _, err = robocompiler.LoadGraph(path, false)
	}
	return b, err
}

// name returns the name of variant v's model.
func (b *builder) name(v Variant) string {
	switch {
	case b.generated != nil:
		return b.generated[v.Generated].Name
	case b.stewart:
		return "stewart"
	}
	return b.base.Name
}

// graph returns the validated records of variant v: an error is invalid input (the
// values made the model invalid) and names the record and field.
func (b *builder) graph(v Variant) (*cmg.Graph, error) {
	var g *cmg.Graph
	switch {
	case b.generated != nil:
		g = b.generated[v.Generated].Graph.Clone()
		g.Source = b.source
	case b.stewart:
		p := robots.DefaultStewartParams()
		for j, par := range b.s.Parameters {
			if par.Stewart != "" {
				StewartFields[par.Stewart](&p, v.Values[j])
			}
		}
		g = robots.NewStewart(p)
		g.Source = "stewart"
	default:
		g = b.base.Clone()
	}
	if len(b.edits) == 0 {
		if err := g.Validate(); err != nil {
			return nil, err
		}
		return g, nil
	}
	tree, err := toTree(g)
	if err != nil {
		return nil, err
	}
	for _, j := range b.edits {
		p := &b.s.Parameters[j]
		if err := edit(tree, p, v.Values[j]); err != nil {
			return nil, err
		}
	}
	data, err := json.Marshal(tree)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", g.Source, err)
	}
	name := g.Name
	out, err := cmg.Parse(data, g.Source)
	var es cmg.Errors
	if errors.As(err, &es) {
		for _, e := range es { // positions in the generated document mean nothing to the user
			e.Line, e.Column = 0, 0
		}
	}
	if err != nil {
		return nil, err
	}
	out.Name = name
	return out, nil
}

// toTree returns g's JSON document as generic values.
func toTree(g *cmg.Graph) (map[string]any, error) {
	data, err := g.Marshal()
	if err != nil {
		return nil, err
	}
	var tree map[string]any
	err = json.Unmarshal(data, &tree)
	return tree, err
}

// fieldStep is one step of a field path: a key, or an index into an array.
type fieldStep struct {
	key   string
	index int // -1 for a key
}

// fieldSegment matches one dotted segment of a field path: a key with optional indices.
var fieldSegment = regexp.MustCompile(`^([a-z_0-9]+)((?:\[\d+\])*)$`)

// parseField splits a field path such as "frame_a.pos[2]" into its steps.
func parseField(field string) ([]fieldStep, error) {
	var out []fieldStep
	for _, seg := range strings.Split(field, ".") {
		m := fieldSegment.FindStringSubmatch(seg)
		if m == nil {
			return nil, fmt.Errorf("%q is not a field path (keys joined by dots, array indices in brackets: frame_a.pos[2])", field)
		}
		out = append(out, fieldStep{key: m[1], index: -1})
		for _, ix := range regexp.MustCompile(`\d+`).FindAllString(m[2], -1) {
			k, _ := strconv.Atoi(ix)
			out = append(out, fieldStep{index: k})
		}
	}
	return out, nil
}

// findRecord returns the record with id in tree (in the section of kind, or in the one
// section that has it) and its section.
func findRecord(tree map[string]any, id, kind string) (map[string]any, string, error) {
	var found map[string]any
	var section string
	var sections []string
	for _, k := range sortedKinds() {
		sec := RecordKinds[k]
		if kind != "" && k != kind {
			continue
		}
		recs, _ := tree[sec].([]any)
		for _, r := range recs {
			if rec, ok := r.(map[string]any); ok && rec["id"] == id {
				found, section = rec, sec
				sections = append(sections, k)
			}
		}
	}
	switch {
	case len(sections) == 0 && kind != "":
		return nil, "", fmt.Errorf("the model has no %s %q", kind, id)
	case len(sections) == 0:
		return nil, "", fmt.Errorf("the model has no record %q", id)
	case len(sections) > 1:
		return nil, "", fmt.Errorf("several records are named %q (kinds %s): say which with kind", id, strings.Join(sections, ", "))
	}
	return found, section, nil
}

// sortedKinds returns the keys of RecordKinds in a fixed order.
func sortedKinds() []string {
	return []string{"body", "joint", "loop_cut", "coupling", "actuator", "site"}
}

// locate returns the parent container and the last step of p's field in its record of
// tree, creating a scalar field the record leaves out (an omitted number is 0) when the
// record type has it.
func locate(tree map[string]any, p *Parameter) (any, fieldStep, error) {
	rec, section, err := findRecord(tree, p.Record, p.Kind)
	if err != nil {
		return nil, fieldStep{}, err
	}
	steps, err := parseField(p.Field)
	if err != nil {
		return nil, fieldStep{}, err
	}
	var cur any = rec
	for k, st := range steps {
		last := k == len(steps)-1
		switch c := cur.(type) {
		case map[string]any:
			if st.index >= 0 {
				return nil, st, fmt.Errorf("field %q: %s is an object, not an array", p.Field, stepPath(steps[:k]))
			}
			v, ok := c[st.key]
			if !ok && last && k == 0 && hasNumber(recordTypes[section], st.key) {
				c[st.key] = 0.0
				return c, st, nil
			}
			if !ok {
				return nil, st, fmt.Errorf("field %q: the record has no %q here", p.Field, stepPath(steps[:k+1]))
			}
			if last {
				return c, st, nil
			}
			cur = v
		case []any:
			if st.index < 0 {
				return nil, st, fmt.Errorf("field %q: %s is an array: give an index", p.Field, stepPath(steps[:k]))
			}
			if st.index >= len(c) {
				return nil, st, fmt.Errorf("field %q: index %d is out of range (%s has %d entries)", p.Field, st.index, stepPath(steps[:k]), len(c))
			}
			if last {
				return c, st, nil
			}
			cur = c[st.index]
		default:
			return nil, st, fmt.Errorf("field %q: %s is a value, not an object or array", p.Field, stepPath(steps[:k]))
		}
	}
	return nil, fieldStep{}, fmt.Errorf("field %q is empty", p.Field)
}

// hasNumber reports whether the record type t has a number field with JSON key key.
func hasNumber(t reflect.Type, key string) bool {
	for i := range t.NumField() {
		f := t.Field(i)
		if strings.Split(f.Tag.Get("json"), ",")[0] == key {
			return f.Type.Kind() == reflect.Float64
		}
	}
	return false
}

// stepPath formats steps as a field path.
func stepPath(steps []fieldStep) string {
	var b strings.Builder
	for _, st := range steps {
		if st.index >= 0 {
			fmt.Fprintf(&b, "[%d]", st.index)
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(st.key)
	}
	return b.String()
}

// edit applies parameter p with value x to its field in tree.
func edit(tree map[string]any, p *Parameter, x float64) error {
	parent, st, err := locate(tree, p)
	if err != nil {
		return err
	}
	var old any
	switch c := parent.(type) {
	case map[string]any:
		old = c[st.key]
	case []any:
		old = c[st.index]
	}
	v, ok := old.(float64)
	if !ok {
		return fmt.Errorf("record %q field %q is not a number", p.Record, p.Field)
	}
	switch p.Op {
	case "add":
		v += x
	case "scale":
		v *= x
	default:
		v = x
	}
	switch c := parent.(type) {
	case map[string]any:
		c[st.key] = v
	case []any:
		c[st.index] = v
	}
	return nil
}
