// Command gen regenerates robots/data/excavator.json from the excavator figures in
// shared/models/excavator. Run it from the robots directory (go generate does):
//
//	go run ./internal/gen [-src ../../shared/models/excavator] [-out data/excavator.json]
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/robocompiler/robocompiler/robots/internal/excavatorcsv"
)

func main() {
	src := flag.String("src", "../../shared/models/excavator", "directory holding the excavator CSVs and README.md")
	out := flag.String("out", "data/excavator.json", "JSON file to write")
	flag.Parse()
	g, err := excavatorcsv.Convert(*src)
	if err == nil {
		var b []byte
		if b, err = g.Marshal(); err == nil {
			err = os.WriteFile(*out, b, 0o644)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
