package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/mjcf"
	"github.com/robocompiler/robocompiler/robots"
)

// loadGraph reads MODEL: a CMG .json file, an MJCF .xml file, or the name of a built-in
// model. It returns
// the graph and any import warnings.
func loadGraph(arg string) (*cmg.Graph, []string, error) {
	switch strings.ToLower(filepath.Ext(arg)) {
	case ".json":
		g, err := cmg.LoadFile(arg)
		return g, nil, err
	case ".xml":
		return mjcf.ImportFile(arg)
	case ".urdf":
		return nil, nil, fmt.Errorf("%s: URDF import is not wired into this command yet", arg)
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
