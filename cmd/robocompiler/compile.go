package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/internal/cli"
	"github.com/spf13/cobra"
)

// compileFlags are the flags shared by every command that compiles a model.
type compileFlags struct {
	partition string
	eliminate bool
}

func (f *compileFlags) register(c *cobra.Command) {
	c.Flags().StringVar(&f.partition, "partition", "", "named partition request (independent coordinates)")
	c.Flags().BoolVar(&f.eliminate, "eliminate", false, "emit cut joints in eliminated form (rows on the tree) instead of SE(3) form")
}

// loadModel loads MODEL through the front door with the flags' settings; bad input is
// an invalid-model error (exit 1).
func loadModel(arg string, f *compileFlags) (*robocompiler.Model, error) {
	m, err := robocompiler.Load(arg, robocompiler.Options{Partition: f.partition, Eliminate: f.eliminate})
	if err != nil {
		return nil, cli.Invalid(err)
	}
	return m, nil
}

type cutJSON struct {
	Joint  string `json:"joint"`
	Source string `json:"source"`
	// JointType is the cut joint's type (revolute, spherical, ...); "" for a declared loop
	// cut.
	JointType string `json:"joint_type"`
	Type      string `json:"type"`
	Rows      int    `json:"rows"`
	Path      int    `json:"path_length"`
}

type moduleJSON struct {
	Size   int      `json:"size"`
	Cuts   []string `json:"cuts"`
	Inputs []string `json:"inputs"`
	// Rows are the module's residual rows; JointCoordinates the velocity coordinates its
	// blocks touch (its dependent chart coordinates, Size, plus its inputs).
	Rows             int `json:"rows"`
	JointCoordinates int `json:"joint_coordinates"`
}

type compileJSON struct {
	Model           string       `json:"model"`
	Bodies          int          `json:"bodies"`
	Nodes           int          `json:"nodes"`
	Joints          int          `json:"joints"`
	CycleRank       int          `json:"cycle_rank"`
	TreeCoordinates int          `json:"tree_coordinates"`
	Coordinates     int          `json:"coordinates"`
	ConfigSize      int          `json:"configuration_size"`
	TreeJoints      []string     `json:"tree_joints"`
	Cuts            []cutJSON    `json:"cuts"`
	Couplings       int          `json:"couplings"`
	Partition       string       `json:"partition,omitempty"`
	Modules         []moduleJSON `json:"modules"`
	// ModulesAt says which partition the modules were formed under: "request" (the
	// --partition request), "automatic" (the rank-revealing partition at the default
	// seed) or "structural" (no partition: the default seed did not assemble).
	ModulesAt       string `json:"modules_partition"`
	ResidualRows    int    `json:"residual_rows"`
	JacobianNonzero int    `json:"jacobian_nonzeros"`
}

func init() {
	var f compileFlags
	c := &cobra.Command{
		Use:   "compile MODEL",
		Short: "Compile the structure: spanning forest, cuts, closure paths, modules",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			m, err := loadModel(args[0], &f)
			if err != nil {
				return err
			}
			indep, at := moduleInputs(m)
			out := compileJSON{Model: m.Graph.Name, Bodies: len(m.Bodies), Nodes: len(m.Bodies) + 1, Joints: len(m.Joints),
				CycleRank: m.CycleRank, TreeCoordinates: m.NVT, Coordinates: m.NV, ConfigSize: m.NQ,
				Couplings: len(m.Couplings), Partition: f.partition, ResidualRows: m.Rows,
				TreeJoints: make([]string, 0, len(m.Edges)), Cuts: make([]cutJSON, 0, len(m.Comparisons)), Modules: []moduleJSON{}}
			for _, e := range m.Edges {
				out.TreeJoints = append(out.TreeJoints, m.Joints[e.Joint].ID)
			}
			for i := range m.Comparisons {
				c := &m.Comparisons[i]
				jt := ""
				if j := m.JointIndex(c.ID); c.Source == "joint" && j >= 0 {
					jt = m.Joints[j].Model.Kind.String()
				}
				out.Cuts = append(out.Cuts, cutJSON{Joint: c.ID, Source: c.Source, JointType: jt, Type: c.Kind.String(), Rows: c.Rows(), Path: m.PathLen(c)})
			}
			names := m.CoordinateNames()
			blocks := m.Blocks()
			var cols []int // one block's columns, reused
			for b, blk := range blocks {
				cols = m.AppendBlockColumns(cols[:0], b)
				out.JacobianNonzero += blk.Rows * len(cols)
			}
			out.ModulesAt = at
			for _, mod := range m.Modules(indep) {
				rows := 0
				for _, b := range mod.Blocks {
					rows += blocks[b].Rows
				}
				out.Modules = append(out.Modules, moduleJSON{Size: len(mod.Dependent), Cuts: mod.Cuts, Inputs: pickNames(names, mod.Inputs),
					Rows: rows, JointCoordinates: len(mod.Dependent) + len(mod.Inputs)})
			}
			if jsonOut {
				return cli.WriteJSON(cmd.OutOrStdout(), out)
			}
			w := cmd.OutOrStdout()
			fmt.Fprintf(w, "%s: %d bodies (+ground), %d joints, cycle rank %d\n", out.Model, out.Bodies, out.Joints, out.CycleRank)
			fmt.Fprintf(w, "coordinates: %d velocities (%d in the tree), configuration size %d\n", out.Coordinates, out.TreeCoordinates, out.ConfigSize)
			fmt.Fprintf(w, "cuts (%d residual rows, %d Jacobian nonzeros):\n", out.ResidualRows, out.JacobianNonzero)
			for _, c := range out.Cuts {
				fmt.Fprintf(w, "  %-28s %-9s %-10s %d rows, path of %d edges\n", c.Joint, c.Source, c.Type, c.Rows, c.Path)
			}
			writeModules(w, out.Modules, at)
			return nil
		},
	}
	f.register(c)
	root.AddCommand(c)
}

// moduleInputs returns which velocity coordinates are independent for the module table,
// and under which partition: the --partition request, else the automatic partition at
// the default seed, else none ("structural") when that seed does not assemble.
func moduleInputs(m *robocompiler.Model) ([]bool, string) {
	indep := make([]bool, m.NV)
	if m.Request != nil {
		for _, i := range m.Request {
			indep[i] = true
		}
		return indep, "request"
	}
	d := m.NewData()
	if err := d.Assemble(""); err != nil {
		return indep, "structural"
	}
	for _, i := range d.Partition().Independent {
		indep[i] = true
	}
	return indep, "automatic"
}

// writeModules prints the module table: per module its rows, joint coordinates, chart
// (dependent) coordinates, inputs and cuts, and the totals.
func writeModules(w io.Writer, mods []moduleJSON, at string) {
	joints, charts := 0, 0
	for _, mod := range mods {
		joints += mod.JointCoordinates
		charts += mod.Size
	}
	fmt.Fprintf(w, "modules (%s partition): %d joint and %d chart coordinates in %d loop modules\n", at, joints, charts, len(mods))
	fmt.Fprintf(w, "  %2s %5s %6s %6s %7s  %s\n", "#", "rows", "joint", "chart", "inputs", "cuts")
	for i, mod := range mods {
		fmt.Fprintf(w, "  %2d %5d %6d %6d %7d  %s\n", i, mod.Rows, mod.JointCoordinates, mod.Size, len(mod.Inputs), strings.Join(mod.Cuts, " "))
	}
}
