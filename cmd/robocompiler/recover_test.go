package main

import (
	"bytes"
	"github.com/robocompiler/robocompiler/internal/testutil"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/internal/cli"
	"github.com/spf13/cobra"
)

// TestPanicIsInternalError: a panic that escapes a command exits 70 with a one-line
// message asking for a bug report, and with --json one error object.
func TestPanicIsInternalError(t *testing.T) {
	c := &cobra.Command{Use: "boom", Hidden: true, RunE: func(*cobra.Command, []string) error { panic("boom") }}
	root.AddCommand(c)
	defer root.RemoveCommand(c)
	var out, errOut bytes.Buffer
	code := execute([]string{"boom", "--json"}, &out, &errOut)
	if code != cli.ExitInternal || strings.Count(strings.TrimSpace(errOut.String()), "\n") != 0 ||
		!strings.Contains(errOut.String(), "please report") || !strings.Contains(out.String(), `"code": 70`) {
		t.Errorf("exit %d, stderr %q, stdout %q", code, errOut.String(), out.String())
	}
}

// FuzzParseState checks that no state document makes the parser panic and that every
// failure is located in the file. The seed corpus is in testdata/fuzz/FuzzParseState.
func FuzzParseState(f *testing.F) {
	for _, s := range stateSeeds {
		f.Add(s)
	}
	f.Fuzz(checkParseState)
}

// TestParseStateMutations runs FuzzParseState's property on 20,000 deterministic
// mutations of its seeds: the fuzz target's fixed budget in the test suite.
func TestParseStateMutations(t *testing.T) {
	testutil.Mutate(t, stateSeeds, 20000, 4, checkParseState)
}

// stateSeeds are FuzzParseState's seed documents.
var stateSeeds = [][]byte{[]byte(`{"q": {"a": 1}, "v": {"a": [1, 2]}, "tau": {"m": 0.5}}`), []byte(`{}`), []byte(`[]`), []byte(``),
	[]byte(`{"q": {"a": "x"}}`), []byte(`{"q": 1e999}`)}

// checkParseState is FuzzParseState's property for one input.
func checkParseState(t *testing.T, data []byte) {
	st, err := parseState(data, "fuzz.json")
	if (st == nil) == (err == nil) {
		t.Fatalf("state %v with error %v", st, err)
	}
	if err != nil && !strings.HasPrefix(err.Error(), "fuzz.json") {
		t.Fatalf("error does not name the file: %v", err)
	}
}
