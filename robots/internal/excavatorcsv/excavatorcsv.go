// Package excavatorcsv converts the excavator figures of shared/models/excavator
// (bodies.csv, joints.csv, actuators.csv and the seed, gravity, branch-window and
// partition-request tables of README.md) into a CMG graph.
package excavatorcsv

import (
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/robocompiler/robocompiler/cmg"
)

// Convert reads the excavator figures in dir and returns the graph they describe.
func Convert(dir string) (*cmg.Graph, error) {
	g := &cmg.Graph{Schema: cmg.SchemaVersion, Name: "excavator", Ground: cmg.DefaultGround}
	var err error
	if g.Bodies, err = readBodies(filepath.Join(dir, "bodies.csv")); err != nil {
		return nil, err
	}
	if g.Joints, err = readJoints(filepath.Join(dir, "joints.csv")); err != nil {
		return nil, err
	}
	if g.Actuators, err = readActuators(filepath.Join(dir, "actuators.csv")); err != nil {
		return nil, err
	}
	if err := readReadme(filepath.Join(dir, "README.md"), g); err != nil {
		return nil, err
	}
	return g, nil
}

// table is a CSV file read with its header: rows[i][col[name]] is a cell.
type table struct {
	path string
	col  map[string]int
	rows [][]string
}

// readTable reads a CSV file with a header row and checks that it has the given columns.
func readTable(path string, columns ...string) (*table, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(recs) == 0 {
		return nil, fmt.Errorf("%s: empty file", path)
	}
	t := &table{path: path, col: map[string]int{}, rows: recs[1:]}
	for i, name := range recs[0] {
		t.col[strings.TrimSpace(name)] = i
	}
	for _, c := range columns {
		if _, ok := t.col[c]; !ok {
			return nil, fmt.Errorf("%s: missing column %q", path, c)
		}
	}
	return t, nil
}

// str returns the trimmed cell of row r in column c.
func (t *table) str(r int, c string) string {
	return strings.TrimSpace(t.rows[r][t.col[c]])
}

// num parses the cell of row r in column c as a float64.
func (t *table) num(r int, c string) (float64, error) {
	v, err := strconv.ParseFloat(t.str(r, c), 64)
	if err != nil {
		return 0, fmt.Errorf("%s: line %d, column %s: %w", t.path, r+2, c, err)
	}
	return v, nil
}

// nums parses the cells of row r in the given columns.
func (t *table) nums(r int, cols ...string) ([]float64, error) {
	out := make([]float64, len(cols))
	for i, c := range cols {
		v, err := t.num(r, c)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// readBodies reads bodies.csv.
func readBodies(path string) ([]cmg.Body, error) {
	cols := []string{"mass_kg", "com_x", "com_y", "com_z", "Ixx", "Iyy", "Izz", "Ixy", "Ixz", "Iyz"}
	t, err := readTable(path, append([]string{"body"}, cols...)...)
	if err != nil {
		return nil, err
	}
	bodies := make([]cmg.Body, len(t.rows))
	for r := range t.rows {
		v, err := t.nums(r, cols...)
		if err != nil {
			return nil, err
		}
		bodies[r] = cmg.Body{ID: t.str(r, "body"), Mass: v[0], COM: [3]float64(v[1:4]), Inertia: [6]float64(v[4:10])}
	}
	return bodies, nil
}

// readJoints reads joints.csv. A fixed joint's zero axis is left out.
func readJoints(path string) ([]cmg.Joint, error) {
	block := func(p string) []string {
		return []string{p + "_r11", p + "_r12", p + "_r13", p + "_px", p + "_r21", p + "_r22", p + "_r23", p + "_py",
			p + "_r31", p + "_r32", p + "_r33", p + "_pz"}
	}
	axis := []string{"axis_x", "axis_y", "axis_z"}
	cols := append(append(append([]string{"joint", "type", "body_a", "body_b"}, axis...), block("A")...), block("B")...)
	t, err := readTable(path, cols...)
	if err != nil {
		return nil, err
	}
	joints := make([]cmg.Joint, len(t.rows))
	for r := range t.rows {
		j := cmg.Joint{ID: t.str(r, "joint"), Type: t.str(r, "type"), BodyA: t.str(r, "body_a"), BodyB: t.str(r, "body_b")}
		ax, err := t.nums(r, axis...)
		if err != nil {
			return nil, err
		}
		if j.Type != "fixed" {
			a := [3]float64(ax)
			j.Axis = &a
		} else if ax[0] != 0 || ax[1] != 0 || ax[2] != 0 {
			return nil, fmt.Errorf("%s: line %d: fixed joint %s has a nonzero axis", path, r+2, j.ID)
		}
		a, err := t.nums(r, block("A")...)
		if err != nil {
			return nil, err
		}
		b, err := t.nums(r, block("B")...)
		if err != nil {
			return nil, err
		}
		j.FrameA, j.FrameB = frameOfRows(a), frameOfRows(b)
		joints[r] = j
	}
	return joints, nil
}

// frameOfRows returns the frame of the top three rows of a row-major homogeneous
// transform; an exact identity rotation is left out.
func frameOfRows(m []float64) cmg.Frame {
	f := cmg.Frame{Pos: [3]float64{m[3], m[7], m[11]}}
	rot := [9]float64{m[0], m[1], m[2], m[4], m[5], m[6], m[8], m[9], m[10]}
	if rot != [9]float64{1, 0, 0, 0, 1, 0, 0, 0, 1} {
		f.Rot = &rot
	}
	return f
}

// readActuators reads actuators.csv: every actuator drives one joint with gear 1. The
// connected column (drive_p0 is unconnected in the source) has no CMG field.
func readActuators(path string) ([]cmg.Actuator, error) {
	t, err := readTable(path, "actuator", "joint", "kind")
	if err != nil {
		return nil, err
	}
	acts := make([]cmg.Actuator, len(t.rows))
	for r := range t.rows {
		acts[r] = cmg.Actuator{ID: t.str(r, "actuator"), Type: cmg.ActJoint, Joint: t.str(r, "joint"), Gear: 1}
	}
	return acts, nil
}

// readReadme reads the gravity, seed, branch-window and partition-request sections of
// the README into g.
func readReadme(path string, g *cmg.Graph) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	sections := map[string]string{}
	var cur string
	for line := range strings.SplitSeq(string(b), "\n") {
		if h, ok := strings.CutPrefix(line, "## "); ok {
			cur = strings.TrimSpace(h)
			continue
		}
		sections[cur] += line + "\n"
	}
	if g.Gravity, err = parseGravity(sections["Gravity"]); err != nil {
		return fmt.Errorf("%s: section Gravity: %w", path, err)
	}
	seed, err := parseSeed(sections["Seed configuration"])
	if err != nil {
		return fmt.Errorf("%s: section Seed configuration: %w", path, err)
	}
	g.Seeds = map[string]map[string]cmg.Values{"default": seed}
	if g.BranchWindow, err = parseBranchWindow(sections["Branch window"]); err != nil {
		return fmt.Errorf("%s: section Branch window: %w", path, err)
	}
	if g.PartitionRequests, err = parseRequests(sections["Partition requests"]); err != nil {
		return fmt.Errorf("%s: section Partition requests: %w", path, err)
	}
	return nil
}

// tableRows returns the cells of the Markdown table rows in text, header and separator
// rows excluded.
func tableRows(text string) [][]string {
	var rows [][]string
	for line := range strings.SplitSeq(text, "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "|") || strings.HasPrefix(line, "|---") || strings.HasPrefix(line, "| ---") {
			continue
		}
		var cells []string
		for c := range strings.SplitSeq(strings.Trim(line, "|"), "|") {
			cells = append(cells, strings.Trim(strings.TrimSpace(c), "`"))
		}
		rows = append(rows, cells)
	}
	if len(rows) > 0 {
		rows = rows[1:] // header
	}
	return rows
}

// parseFloat parses a number written with an ASCII or a Unicode minus sign.
func parseFloat(s string) (float64, error) {
	return strconv.ParseFloat(strings.ReplaceAll(strings.TrimSpace(s), "−", "-"), 64)
}

// parseGravity reads the "(x, y, z) m/s²" vector.
func parseGravity(text string) (*[3]float64, error) {
	m := regexp.MustCompile(`\(([^()]*)\)\s*m/s`).FindStringSubmatch(text)
	if m == nil {
		return nil, fmt.Errorf("no \"(x, y, z) m/s²\" vector")
	}
	parts := strings.Split(m[1], ",")
	if len(parts) != 3 {
		return nil, fmt.Errorf("gravity %q: want three components", m[1])
	}
	var v [3]float64
	for i, p := range parts {
		x, err := parseFloat(p)
		if err != nil {
			return nil, fmt.Errorf("gravity %q: %w", m[1], err)
		}
		v[i] = x
	}
	return &v, nil
}

// parseSeed reads the table between the <!-- seed --> markers.
func parseSeed(text string) (map[string]cmg.Values, error) {
	_, rest, ok := strings.Cut(text, "<!-- seed -->")
	body, _, ok2 := strings.Cut(rest, "<!-- /seed -->")
	if !ok || !ok2 {
		return nil, fmt.Errorf("no <!-- seed --> … <!-- /seed --> table")
	}
	seed := map[string]cmg.Values{}
	for _, row := range tableRows(body) {
		if len(row) != 2 {
			return nil, fmt.Errorf("row %q: want joint | seed", row)
		}
		v, err := parseFloat(row[1])
		if err != nil {
			return nil, fmt.Errorf("joint %s: %w", row[0], err)
		}
		seed[row[0]] = cmg.Values{v}
	}
	return seed, nil
}

// parseBranchWindow reads "±R rad" and "±P m".
func parseBranchWindow(text string) (*cmg.BranchWindow, error) {
	rad := regexp.MustCompile(`±([0-9.]+) rad`).FindStringSubmatch(text)
	m := regexp.MustCompile(`±([0-9.]+) m\b`).FindStringSubmatch(text)
	if rad == nil || m == nil {
		return nil, fmt.Errorf("want \"±R rad\" and \"±P m\"")
	}
	r, err := parseFloat(rad[1])
	if err != nil {
		return nil, err
	}
	p, err := parseFloat(m[1])
	if err != nil {
		return nil, err
	}
	return &cmg.BranchWindow{RevoluteRad: r, PrismaticM: p}, nil
}

// parseRequests reads the "| request | j1, j2, … |" table.
func parseRequests(text string) (map[string][]string, error) {
	req := map[string][]string{}
	for _, row := range tableRows(text) {
		if len(row) != 2 {
			return nil, fmt.Errorf("row %q: want request | joints", row)
		}
		for j := range strings.SplitSeq(row[1], ",") {
			req[row[0]] = append(req[row[0]], strings.TrimSpace(j))
		}
	}
	if len(req) == 0 {
		return nil, fmt.Errorf("no requests")
	}
	return req, nil
}
