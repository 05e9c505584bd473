package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/internal/cli"
	"github.com/spf13/cobra"
)

// importJSON is the --json output of import. CMG holds the graph itself when it was
// written to stdout (so that stdout stays one JSON object); it is omitted otherwise.
type importJSON struct {
	Model     string          `json:"model"`
	Output    string          `json:"output"`
	Name      string          `json:"name"`
	Bodies    int             `json:"bodies"`
	Joints    int             `json:"joints"`
	LoopCuts  int             `json:"loop_cuts"`
	Couplings int             `json:"couplings"`
	Actuators int             `json:"actuators"`
	Sites     int             `json:"sites"`
	Seeds     []string        `json:"seeds"`
	Warnings  []string        `json:"warnings"`
	CMG       json.RawMessage `json:"cmg,omitempty"`
}

// stdoutPath is the -o value (and the default) that writes the CMG to stdout.
const stdoutPath = "-"

func init() {
	var out string
	var floating, merge, snap bool
	c := &cobra.Command{
		Use:   "import FILE",
		Short: "Convert an MJCF (.xml) or URDF (.urdf) model into CMG JSON",
		Long: "import reads FILE (any MODEL: MJCF .xml, URDF .urdf, CMG .json or a built-in name),\n" +
			"checks the graph against the CMG format's rules and writes it as CMG JSON to the -o\n" +
			"file, or to stdout when -o is - or absent. Import warnings (everything the importer\n" +
			"did not understand) go to stderr. With --json, stdout is one object describing the\n" +
			"import (counts, warnings), holding the graph under \"cmg\" when -o is - or absent.\n" +
			"Exit status: 0 written, 1 invalid or unreadable model or unwritable output, 2 usage.",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if floating && !strings.EqualFold(filepath.Ext(args[0]), ".urdf") {
				return cli.Usage(errors.New("--floating applies to URDF files only (an MJCF model declares its own free joints)"))
			}
			if err := cli.RefuseOverwrite("-o", out, args[0]); out != stdoutPath && err != nil {
				return err
			}
			if (merge || snap) && !strings.EqualFold(filepath.Ext(args[0]), ".xml") {
				return cli.Usage(errors.New("--merge-connect-pairs and --snap-planar-loops apply to MJCF files only"))
			}
			return runImport(cmd, args[0], out, robocompiler.Options{Floating: floating, MergeConnectPairs: merge, SnapPlanarLoops: snap})
		},
	}
	c.Flags().StringVarP(&out, "output", "o", stdoutPath, "CMG JSON file to write (- for stdout)")
	c.Flags().BoolVar(&floating, "floating", false, "URDF: join the root link to the ground by a free joint instead of welding it")
	c.Flags().BoolVar(&merge, "merge-connect-pairs", false, "MJCF: replace two connect equalities between the same two bodies by the revolute or universal cut their geometry implies")
	c.Flags().BoolVar(&snap, "snap-planar-loops", false, "MJCF: make loops closed by a connect that are planar to within 1e-5 rad exactly planar (warns which)")
	root.AddCommand(c)
}

// runImport loads one model, validates it and writes its CMG JSON to out.
func runImport(cmd *cobra.Command, model, out string, opts robocompiler.Options) error {
	g, warnings, err := robocompiler.LoadGraphWith(model, opts)
	for _, w := range warnings {
		fmt.Fprintln(cmd.ErrOrStderr(), "warning:", w)
	}
	if err == nil {
		err = g.Validate() // imported and built-in graphs have not been through cmg.Parse
	}
	if err != nil {
		return cli.Invalid(err)
	}
	data, err := g.Marshal()
	if err != nil {
		return cli.Invalid(fmt.Errorf("%s: cannot encode the graph as CMG JSON: %w", model, err))
	}
	report := importJSON{Model: model, Output: out, Name: g.Name, Bodies: len(g.Bodies), Joints: len(g.Joints),
		LoopCuts: len(g.LoopCuts), Couplings: len(g.Couplings), Actuators: len(g.Actuators), Sites: len(g.Sites),
		Seeds: []string{}, Warnings: []string{}}
	for name := range g.Seeds {
		report.Seeds = append(report.Seeds, name)
	}
	sort.Strings(report.Seeds)
	report.Warnings = append(report.Warnings, warnings...)
	switch {
	case out == stdoutPath && jsonOut:
		report.CMG = data
		return cli.WriteJSON(cmd.OutOrStdout(), report)
	case out == stdoutPath:
		_, err := cmd.OutOrStdout().Write(data)
		return err
	}
	if err := cli.WriteFile(out, data); err != nil {
		return cli.Invalid(fmt.Errorf("cannot write the CMG: %w", err))
	}
	if jsonOut {
		return cli.WriteJSON(cmd.OutOrStdout(), report)
	}
	fmt.Fprintf(cmd.OutOrStdout(), "%s → %s: %s; %s\n", model, out, summary(g), plural(len(warnings), "warning", "warnings"))
	return nil
}
