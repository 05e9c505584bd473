package robots

import (
	"strings"
	"testing"
)

// TestSharedModelMissing: a shared model whose directory cannot be found fails with an
// error that names the model and the environment variable to set.
func TestSharedModelMissing(t *testing.T) {
	t.Setenv(ModelsEnv, t.TempDir())
	_, err := Get("kangaroo")
	if err == nil || !strings.Contains(err.Error(), `"kangaroo"`) || !strings.Contains(err.Error(), ModelsEnv) {
		t.Fatalf("err = %v", err)
	}
	if Describe("kangaroo_floating") == "" {
		t.Error("kangaroo_floating has no description")
	}
	_, err = Get("nonesuch")
	if err == nil || !strings.Contains(err.Error(), "kangaroo_floating") {
		t.Errorf("unknown-model error does not list the shared models: %v", err)
	}
}
