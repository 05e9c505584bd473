package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/internal/cli"
	"github.com/spf13/cobra"
)

// assembled is a front-door workspace at an assembled configuration, with the
// compiled model and partition it holds.
type assembled struct {
	d *robocompiler.Data
	m *compile.Model
	a *closure.Assembly
	p *closure.Partition
	// eliminated holds the implied coordinates of eliminated cut joints, by id.
	eliminated map[string][]float64
}

// assembleModel loads MODEL through the front door and assembles it from the named seed
// holding the requested independent coordinates (Data.Assemble: the seed projected into
// the joint limits, limits of eliminated cut joints checked, partition chosen there).
// Warnings (seed coordinates projected into their limits) go to stderr.
func assembleModel(cmd *cobra.Command, arg, seed string, f *compileFlags) (*assembled, error) {
	m, err := loadModel(arg, f)
	if err != nil {
		return nil, err
	}
	return assembleLoaded(cmd, m, seed, f.partition)
}

// assembleLoaded is assembleModel for a loaded model (partition names its request).
func assembleLoaded(cmd *cobra.Command, m *robocompiler.Model, seed, partition string) (*assembled, error) {
	d := m.NewData()
	if err := d.Assemble(seed); err != nil {
		return nil, assemblyFailure(m, seed, partition, err)
	}
	warn(cmd, d.Warnings)
	return placed(m, d)
}

// placed wraps an assembled workspace with the eliminated joints' values.
func placed(m *robocompiler.Model, d *robocompiler.Data) (*assembled, error) {
	elim, err := m.EliminatedValues(d.Q)
	if err != nil {
		return nil, cli.Numerical(fmt.Errorf("%s: %w", m.Graph.Source, err))
	}
	return &assembled{d: d, m: m.Model, a: d.Assembly, p: d.Partition(), eliminated: elim}, nil
}

// warn prints warnings on stderr, one a line.
func warn(cmd *cobra.Command, warnings []string) {
	for _, w := range warnings {
		fmt.Fprintln(cmd.ErrOrStderr(), "warning:", w)
	}
}

// assemblyFailure classifies an error of Data.Assemble: an unknown seed or an actuator
// record that cannot be compiled is invalid input (exit 1); everything else is a
// numerical failure (exit 3) naming the model's file, the seed and the partition request
// it started from, and the model's other seeds.
func assemblyFailure(m *robocompiler.Model, seed, partition string, err error) error {
	var fe *cmg.FieldError
	if _, serr := m.Seed(seed); serr != nil || errors.As(err, &fe) {
		return cli.Invalid(err)
	}
	return cli.Numerical(numericalContext(m, seed, partition, err))
}

// numericalContext names the file, seed and partition request behind a numerical
// failure err (once: a message that already starts with the file is not prefixed again),
// and the model's other seeds.
func numericalContext(m *robocompiler.Model, seed, partition string, err error) error {
	src := m.Graph.Source
	if src == "" {
		src = m.Graph.Name
	}
	ctx := fmt.Sprintf("assembling from seed %q", seedLabel(seed))
	if partition != "" {
		ctx += fmt.Sprintf(" with --partition %s", partition)
	}
	prefix := src + ": "
	if strings.HasPrefix(err.Error(), prefix) {
		prefix = ""
	}
	err = fmt.Errorf("%s%s: %w", prefix, ctx, err)
	var ae *closure.AssemblyError
	if names := m.SeedNames(); errors.As(err, &ae) && len(names) > 1 {
		err = fmt.Errorf("%w (the model's seeds are %v: start from another with --seed, or --start for check)", err, names)
	}
	return err
}

// seedLabel names the seed a command started from.
func seedLabel(seed string) string {
	if seed == "" {
		return "default"
	}
	return seed
}

// nearJSON is one near-redundant constraint direction: the cut and residual row behind
// the pivot, its normalised value, and whether the rank decision treated it as redundant
// (false: it is kept and locks one degree of freedom).
type nearJSON struct {
	Cut       string  `json:"cut"`
	Row       int     `json:"row"`
	Value     float64 `json:"value"`
	Redundant bool    `json:"redundant"`
}

type assembleJSON struct {
	Model       string               `json:"model"`
	GapM        float64              `json:"closure_gap_m"`
	GapRad      float64              `json:"closure_gap_rad"`
	ResidualInf float64              `json:"residual_inf"`
	Rows        int                  `json:"rows"`
	Rank        int                  `json:"rank"`
	RankGap     float64              `json:"rank_gap"`
	Mobility    int                  `json:"mobility"`
	Independent []string             `json:"independent"`
	Near        []nearJSON           `json:"near_redundant"`
	Q           map[string][]float64 `json:"q"`
	Iterations  int                  `json:"iterations"`
	Steps       int                  `json:"continuation_steps"`
}

func init() {
	var f compileFlags
	var seed string
	c := &cobra.Command{
		Use:   "assemble MODEL",
		Short: "Assemble a feasible configuration from the seed by defect-homotopy continuation",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			s, err := assembleModel(cmd, args[0], seed, &f)
			if err != nil {
				return err
			}
			m, p := s.m, s.p
			out := assembleJSON{Model: m.Graph.Name, GapM: s.a.GapM, GapRad: s.a.GapRad, ResidualInf: s.a.ResidualInf,
				Rows: m.Rows, Rank: p.Rank, RankGap: finite(p.Gap), Mobility: p.Mobility,
				Q: map[string][]float64{}, Iterations: s.a.Iterations, Steps: s.a.Steps, Near: []nearJSON{},
				Independent: pickNames(m.CoordinateNames(), p.Independent)}
			for _, n := range p.Near {
				out.Near = append(out.Near, nearJSON{Cut: n.Cut, Row: n.Row, Value: n.Value, Redundant: n.Redundant})
			}
			for id, v := range m.JointValues(s.a.Q) {
				out.Q[id] = v
			}
			for id, v := range s.eliminated {
				out.Q[id] = v
			}
			if err := cli.Finite(m.Graph.Source+": assemble", out); err != nil {
				return err
			}
			if jsonOut {
				return cli.WriteJSON(cmd.OutOrStdout(), out)
			}
			w := cmd.OutOrStdout()
			fmt.Fprintf(w, "%s assembled in %s, %s\n", out.Model, plural(out.Steps, "continuation step", "continuation steps"),
				plural(out.Iterations, "corrector iteration", "corrector iterations"))
			fmt.Fprintf(w, "closure gap %.3g m, %.3g rad; rank %d of %d rows (%s); mobility %d\n", out.GapM, out.GapRad, out.Rank, out.Rows, rankGapText(p.Gap), out.Mobility)
			fmt.Fprintf(w, "independent: %v\n", out.Independent)
			writeNear(w, out.Near)
			ids := make([]string, 0, len(out.Q))
			for id := range out.Q {
				ids = append(ids, id)
			}
			sort.Strings(ids)
			for _, id := range ids {
				fmt.Fprintf(w, "  %-28s %v\n", id, out.Q[id])
			}
			return nil
		},
	}
	f.register(c)
	c.Flags().StringVar(&seed, "seed", "", "named seed to start from (default: the model's default seed)")
	root.AddCommand(c)
}

// writeNear reports the near-redundant constraint directions: which cuts and rows are
// treated as redundant (dropped at the rank gap: not enforced, they stay small only to
// the scale of their pivot) and which are kept and lock a degree of freedom.
func writeNear(w io.Writer, near []nearJSON) {
	if len(near) == 0 {
		return
	}
	fmt.Fprintf(w, "%d near-redundant constraint directions (pivots in [%.0e, %.0e] of the largest):\n", len(near), closure.NearLow, closure.NearHigh)
	for _, n := range near {
		verdict := "redundant: dropped below the rank gap, not enforced by the corrector"
		if !n.Redundant {
			verdict = "locks one degree of freedom: kept in the rank (no clear gap above it)"
		}
		fmt.Fprintf(w, "  cut %-32q row %3d  pivot %.3g  %s\n", n.Cut, n.Row, n.Value, verdict)
	}
}

// rankGapText describes the rank decision's gap: "no rank cut" when every row is kept
// or none is (the gap is infinite), else the ratio across the cut.
func rankGapText(gap float64) string {
	if math.IsInf(gap, 1) || gap > 1e300 {
		return "no rank cut"
	}
	return fmt.Sprintf("gap %.3g", gap)
}

// finite maps ±Inf to the largest float so that JSON output stays valid.
func finite(x float64) float64 {
	if x > 1e308 {
		return 1e308
	}
	return x
}
