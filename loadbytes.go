package robocompiler

import (
	"fmt"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/mjcf"
	"github.com/robocompiler/robocompiler/urdf"
)

// LoadBytes compiles a model held in memory: data is the text of a CMG JSON document
// (format "cmg"), an MJCF document ("mjcf"; includes resolve against the current
// directory) or a URDF document ("urdf"); source names it in error messages. It is Load
// for callers that hold the text (the C library's rc_load_string).
func LoadBytes(data []byte, format, source string, opts Options) (*Model, error) {
	var (
		g        *cmg.Graph
		warnings []string
		err      error
	)
	switch format {
	case "cmg":
		g, err = cmg.Parse(data, source)
	case "mjcf":
		g, warnings, err = mjcf.Import(data, ".", source)
	case "urdf":
		g, warnings, err = urdf.ImportWith(data, source, urdf.ImportOptions{Floating: opts.Floating})
	default:
		return nil, fmt.Errorf("%s: unknown model format %q (valid: cmg, mjcf, urdf)", source, format)
	}
	if err != nil {
		return nil, err
	}
	return compileImported(g, warnings, opts)
}
