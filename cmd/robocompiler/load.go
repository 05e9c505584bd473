package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/mjcf"
	"github.com/robocompiler/robocompiler/robots"
	"github.com/robocompiler/robocompiler/urdf"
)

// loadGraph reads MODEL: a CMG .json file, an MJCF .xml file, a .urdf file (its root link
// fixed to the ground), or the name of a built-in model. It returns the graph and any
// import warnings.
func loadGraph(arg string) (*cmg.Graph, []string, error) {
	return loadGraphWith(arg, urdf.ImportOptions{})
}

// loadGraphWith is loadGraph with the options applied to a .urdf file.
func loadGraphWith(arg string, opts urdf.ImportOptions) (*cmg.Graph, []string, error) {
	switch modelKind(arg) {
	case ".json":
		g, err := cmg.LoadFile(arg)
		return g, nil, err
	case ".xml":
		return mjcf.ImportFile(arg)
	case ".urdf":
		return urdf.ImportFileWith(arg, opts)
	}
	if _, err := os.Stat(arg); err == nil {
		return nil, nil, fmt.Errorf("%s: unknown model file type %q (valid: .json, .xml, .urdf)", arg, filepath.Ext(arg))
	}
	g, err := robots.Get(arg)
	if err != nil {
		return nil, nil, fmt.Errorf("%q is neither a model file nor a built-in model: %v", arg, err)
	}
	return g, nil, nil
}

// modelKind returns the lower-case extension of a MODEL argument (".json", ".xml",
// ".urdf", or another extension or "" for a built-in name).
func modelKind(arg string) string { return strings.ToLower(filepath.Ext(arg)) }
