package view

import (
	"net/http/httptest"
	"os"
	"testing"

	"github.com/robocompiler/robocompiler"
)

// kangarooPath is Kangaroo's fixed-base MJCF model in the shared models beside the
// checkout.
const kangarooPath = "../../shared/models/kangaroo/kangaroo_fixed_base.xml"

// assembled loads and assembles a model (a built-in name or a file), skipping when a
// shared model is absent.
func assembled(t testing.TB, path string) (*robocompiler.Model, *robocompiler.Data) {
	t.Helper()
	if path == kangarooPath {
		if _, err := os.Stat(path); err != nil {
			t.Skipf("shared models absent (%v)", err)
		}
	}
	m, err := robocompiler.Load(path, robocompiler.Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := m.NewData()
	if err := d.Assemble(""); err != nil {
		t.Fatal(err)
	}
	return m, d
}

// serve starts a viewer server for the model on a loopback test server.
func serve(t testing.TB, path string) (*Server, *httptest.Server) {
	t.Helper()
	m, d := assembled(t, path)
	s, err := NewServer(m, d)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	return s, ts
}
