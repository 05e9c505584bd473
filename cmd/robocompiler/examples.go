package main

import (
	"fmt"
	"text/tabwriter"

	"github.com/robocompiler/robocompiler/internal/cli"
	"github.com/robocompiler/robocompiler/robots"
	"github.com/spf13/cobra"
)

// exampleJSON is one built-in model in the --json output of examples.
type exampleJSON struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	// Shared marks a model read from the shared model directory (robots.ModelsDir).
	Shared bool `json:"shared"`
}

func init() {
	root.AddCommand(&cobra.Command{
		Use:   "examples",
		Short: "List the built-in models and the named shared models, which every command accepts as MODEL",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			list := []exampleJSON{}
			for _, name := range robots.Names() {
				list = append(list, exampleJSON{Name: name, Description: robots.Describe(name)})
			}
			for _, name := range robots.SharedNames() {
				list = append(list, exampleJSON{Name: name, Description: robots.Describe(name), Shared: true})
			}
			if jsonOut {
				return cli.WriteJSON(cmd.OutOrStdout(), map[string]any{"examples": list})
			}
			w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 8, 2, ' ', 0)
			for _, e := range list {
				fmt.Fprintf(w, "%s\t%s\n", e.Name, e.Description)
			}
			return w.Flush()
		},
	})
}
