package main

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/internal/cli"
	"github.com/robocompiler/robocompiler/mjcf"
	"github.com/robocompiler/robocompiler/urdf"
	"github.com/spf13/cobra"
)

type exportJSON struct {
	Model    string   `json:"model"`
	Format   string   `json:"format"`
	Files    []string `json:"files"`
	GapM     float64  `json:"closure_gap_m"`
	GapRad   float64  `json:"closure_gap_rad"`
	Closures int      `json:"closures"`
	// Cuts are the closures of an MJCF export, after the exporter's re-cut (mjcf.ExportGraph).
	Cuts []mjcf.ExportCut `json:"cuts,omitempty"`
}

// closuresPath is the URDF sidecar's path: FILE without .urdf, plus .closures.yaml.
func closuresPath(out string) string {
	return strings.TrimSuffix(out, ".urdf") + ".closures.yaml"
}

func init() {
	var f compileFlags
	var seed, format, out string
	c := &cobra.Command{
		Use:   "export MODEL --format mjcf|urdf -o FILE",
		Short: "Assemble MODEL and write it for a simulator: MJCF (MuJoCo), or URDF with a loop-closure sidecar",
		Long: `Assemble MODEL from its seed and write it as MJCF (the tree as bodies and joints, closures
as connect/weld equalities, couplings as joint equalities, actuators as motors; qpos0 and the
keyframe "assembled" are the assembled configuration) or as URDF (the spanning tree) plus
FILE.closures.yaml (FILE without .urdf), the loop closures as 3D/6D frame pairs in the
style of Extended URDF.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "mjcf" && format != "urdf" {
				return cli.Usage(fmt.Errorf("--format must be mjcf or urdf, not %q", format))
			}
			if out == "" {
				return cli.Usage(errors.New("-o FILE is required"))
			}
			if err := cli.RefuseOverwrite("-o", out, args[0]); err != nil {
				return err
			}
			if err := cli.RefuseOverwrite("-o", closuresPath(out), args[0]); format == "urdf" && err != nil {
				return err
			}
			s, err := assembleModel(cmd, args[0], seed, &f)
			if err != nil {
				return err
			}
			m, q := s.m, s.a.Q
			files := map[string]*bytes.Buffer{out: {}}
			var order []string
			var cuts []mjcf.ExportCut
			if format == "mjcf" {
				if m, q, err = exportTree(m, q, &f); err != nil {
					return err
				}
				if cuts, err = mjcf.ExportCuts(m); err == nil {
					err = mjcf.Export(m, q, files[out], mjcf.ExportOptions{})
				}
				order = []string{out}
			} else {
				side := closuresPath(out)
				files[side] = &bytes.Buffer{}
				if err = urdf.Export(m, files[out]); err == nil {
					err = urdf.ExportClosures(m, files[side])
				}
				order = []string{out, side}
			}
			if err != nil {
				return cli.Invalid(err)
			}
			contents := make([][]byte, len(order))
			for i, name := range order {
				contents[i] = files[name].Bytes()
			}
			if err := cli.WriteFiles(order, contents); err != nil {
				return cli.Invalid(err)
			}
			res := exportJSON{Model: m.Graph.Name, Format: format, Files: order, GapM: s.a.GapM, GapRad: s.a.GapRad,
				Closures: len(m.Comparisons), Cuts: cuts}
			if jsonOut {
				return cli.WriteJSON(cmd.OutOrStdout(), res)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%s: wrote %s (%s; %d closures, assembled to %.3g m, %.3g rad)\n",
				res.Model, strings.Join(order, " and "), format, res.Closures, res.GapM, res.GapRad)
			for _, c := range cuts {
				fmt.Fprintf(cmd.OutOrStdout(), "  cut %-36s %-10s %-9s → %s\n", c.ID, c.Kind, c.Source, c.Equality)
			}
			return nil
		},
	}
	f.register(c)
	c.Flags().StringVar(&seed, "seed", "", "named seed to assemble from (default: the model's default seed)")
	c.Flags().StringVar(&format, "format", "", "output format: mjcf or urdf")
	c.Flags().StringVarP(&out, "output", "o", "", "output file")
	root.AddCommand(c)
}

// exportTree re-cuts m for an MJCF file when MuJoCo's equalities cannot write one of its
// closures (mjcf.ExportGraph: universal cuts become tree joints, their loops are cut at
// joints MuJoCo writes exactly) and reassembles the re-cut model from the assembled
// configuration q (the new joints start at zero). Unchanged models are returned as they
// are.
func exportTree(m *compile.Model, q []float64, f *compileFlags) (*compile.Model, []float64, error) {
	g, changed, err := mjcf.ExportGraph(m)
	if err != nil || !changed {
		return m, q, cli.Invalid(err)
	}
	rm, err := robocompiler.Compile(g, robocompiler.Options{Eliminate: f.eliminate})
	if err != nil {
		return nil, nil, cli.Invalid(err)
	}
	q0 := rm.Neutral()
	if err := rm.SetJointValues(q0, m.JointValues(q)); err != nil {
		return nil, nil, cli.Invalid(err)
	}
	d := rm.NewData()
	if err := d.AssembleFrom(q0); err != nil {
		return nil, nil, cli.Numerical(fmt.Errorf("%s: reassembling the re-cut export tree: %w", m.Graph.Source, err))
	}
	return rm.Model, d.Q, nil
}
