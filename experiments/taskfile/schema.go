package taskfile

import (
	_ "embed"
	"slices"
)

//go:embed schema.json
var schemaJSON []byte

// Schema returns the JSON Schema (draft 2020-12) of the task file format, for editors
// (a YAML language server reads it) and for tools that write task files.
func Schema() []byte { return slices.Clone(schemaJSON) }
