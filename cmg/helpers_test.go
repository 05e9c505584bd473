package cmg

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// mustLoad parses a testdata file and fails the test if it is invalid.
func mustLoad(t testing.TB, name string) *Graph {
	t.Helper()
	g, err := LoadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return g
}

// readTestdata returns the bytes of a testdata file.
func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// asErrors extracts Errors from err, failing the test when err is nil or of another type.
func asErrors(t testing.TB, err error) Errors {
	t.Helper()
	var errs Errors
	if err == nil {
		t.Fatal("expected errors, got none")
	}
	if !errors.As(err, &errs) || len(errs) == 0 {
		t.Fatalf("expected cmg.Errors, got %T: %v", err, err)
	}
	return errs
}

// findError returns the first problem with the given record and field whose message
// contains phrase, or nil.
func findError(errs Errors, record, field, phrase string) *FieldError {
	for _, e := range errs {
		if e.Record == record && e.Field == field && strings.Contains(e.Message, phrase) {
			return e
		}
	}
	return nil
}

// jsonUnmarshal is json.Unmarshal, named for the tests that need its raw errors.
func jsonUnmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }
