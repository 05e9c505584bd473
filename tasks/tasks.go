// Package tasks holds the shipped simulate task files (YAML; docs/task-format.md),
// embedded so that `robocompiler simulate MODEL --task NAME` finds them in any build.
package tasks

import "embed"

// FS holds the task files, NAME.yaml at its root.
//
//go:embed *.yaml
var FS embed.FS
