package view_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/view"
)

// The viewer's server moves the four-bar's independent coordinate through the tracker:
// the reply is the new configuration, every loop still closed.
func ExampleNewServer() {
	m, err := robocompiler.Load("fourbar", robocompiler.Options{})
	if err != nil {
		panic(err)
	}
	d := m.NewData()
	if err := d.Assemble(""); err != nil {
		panic(err)
	}
	s, err := view.NewServer(m, d)
	if err != nil {
		panic(err)
	}
	ts := httptest.NewServer(s) // view MODEL serves it on 127.0.0.1
	defer ts.Close()
	c := s.Session.State().Coordinates[0]
	body := fmt.Sprintf(`{"u": {%q: %g}}`, c.Name, c.Value+0.2)
	r, err := http.Post(ts.URL+"/api/track", "application/json", strings.NewReader(body))
	if err != nil {
		panic(err)
	}
	defer r.Body.Close()
	_, _ = io.Copy(io.Discard, r.Body)
	st := s.Session.State()
	fmt.Println(r.Status, len(st.Poses), "poses, gap below 1e-12 m:", st.GapM < 1e-12)
	// Output: 200 OK 4 poses, gap below 1e-12 m: true
}
