package view

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"net/http"
	"strings"

	"github.com/robocompiler/robocompiler"
)

// MaxRequestBytes bounds the body of a request to the server.
const MaxRequestBytes = 64 << 10

// Server serves the interactive viewer of one assembled workspace:
//
//	GET  /                 the page
//	GET  /assets/...       the embedded scripts and styles
//	GET  /files/...        the model's mesh files the scene draws (nothing else)
//	GET  /api/scene        the Scene
//	GET  /api/state        the current State
//	POST /api/track        {"u": {"coordinate": value, ...}} → State (Session.Move)
//	POST /api/reset        → State at the start configuration
//
// Malformed requests get 400 with a message; paths with ".." or outside the routes get
// 404.
type Server struct {
	// Scene is what the page draws; Session the workspace its sliders move.
	Scene   *Scene
	Session *Session

	sceneJSON []byte
	files     map[string]string // URL path below /files/ → file on disk
	assets    http.Handler
}

// NewServer builds the scene of model m and serves the assembled workspace d.
func NewServer(m *robocompiler.Model, d *robocompiler.Data) (*Server, error) {
	sc, err := NewScene(m, d.Q)
	if err != nil {
		return nil, err
	}
	s := &Server{Scene: sc, Session: NewSession(m, d, sc.Length), files: map[string]string{}}
	for _, n := range sc.Nodes {
		for _, sh := range n.Shapes {
			if sh.file != "" {
				s.files[strings.TrimPrefix(sh.Mesh, "files/")] = sh.file
			}
		}
	}
	if s.sceneJSON, err = json.Marshal(sc); err != nil {
		return nil, err
	}
	sub, err := fs.Sub(assets, "assets")
	if err != nil {
		return nil, err
	}
	s.assets = http.StripPrefix("/assets/", http.FileServer(http.FS(sub)))
	return s, nil
}

// ServeHTTP routes a request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p := r.URL.Path
	if strings.Contains(p, "..") || strings.Contains(r.URL.RawPath, "..") || strings.Contains(p, "\\") || strings.Contains(p, "//") {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("X-Content-Type-Options", "nosniff")
	switch {
	case p == "/" || p == "/index.html":
		if !s.method(w, r, http.MethodGet) {
			return
		}
		page, _ := assets.ReadFile("assets/index.html")
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write(page)
	case strings.HasPrefix(p, "/assets/") && !strings.HasSuffix(p, "/"):
		if !s.method(w, r, http.MethodGet) {
			return
		}
		s.assets.ServeHTTP(w, r)
	case strings.HasPrefix(p, "/files/"):
		file, ok := s.files[strings.TrimPrefix(p, "/files/")]
		if !ok {
			http.NotFound(w, r)
		} else if s.method(w, r, http.MethodGet) {
			http.ServeFile(w, r, file)
		}
	case p == "/api/scene":
		if s.method(w, r, http.MethodGet) {
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write(s.sceneJSON)
		}
	case p == "/api/state":
		if s.method(w, r, http.MethodGet) {
			s.reply(w, s.Session.State())
		}
	case p == "/api/reset":
		if s.method(w, r, http.MethodPost) {
			st, _ := s.Session.Reset()
			s.reply(w, st)
		}
	case p == "/api/track":
		if !s.method(w, r, http.MethodPost) {
			return
		}
		u, err := decodeTrack(w, r)
		if err != nil {
			badRequest(w, err)
			return
		}
		st, err := s.Session.Move(u)
		if err != nil {
			badRequest(w, err)
			return
		}
		s.reply(w, st)
	default:
		http.NotFound(w, r)
	}
}

// method answers 405 unless r uses want.
func (s *Server) method(w http.ResponseWriter, r *http.Request, want string) bool {
	if r.Method == want || (want == http.MethodGet && r.Method == http.MethodHead) {
		return true
	}
	w.Header().Set("Allow", want)
	http.Error(w, fmt.Sprintf("%s %s: use %s", r.Method, r.URL.Path, want), http.StatusMethodNotAllowed)
	return false
}

// trackRequest is the body of POST /api/track.
type trackRequest struct {
	U map[string]*float64 `json:"u"`
}

// decodeTrack reads a track request: one JSON object {"u": {name: number}} of at most
// MaxRequestBytes, every value a finite number.
func decodeTrack(w http.ResponseWriter, r *http.Request) (map[string]float64, error) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxRequestBytes))
	if err != nil {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			return nil, fmt.Errorf("request body larger than %d bytes", MaxRequestBytes)
		}
		return nil, fmt.Errorf("reading the request: %v", err)
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	var req trackRequest
	if err := dec.Decode(&req); err != nil {
		return nil, fmt.Errorf("malformed JSON: %v (want {\"u\": {\"coordinate\": number, ...}})", err)
	}
	if dec.More() {
		return nil, errors.New("malformed JSON: more than one value in the body")
	}
	if req.U == nil {
		return nil, errors.New(`missing "u": want {"u": {"coordinate": number, ...}}`)
	}
	u := make(map[string]float64, len(req.U))
	for name, v := range req.U {
		if v == nil || math.IsNaN(*v) || math.IsInf(*v, 0) {
			return nil, fmt.Errorf("coordinate %q: the value must be a finite number", name)
		}
		u[name] = *v
	}
	return u, nil
}

// errorBody is the JSON body of an error reply.
type errorBody struct {
	Error string `json:"error"`
}

// badRequest answers 400 with the message err.
func badRequest(w http.ResponseWriter, err error) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusBadRequest)
	_ = json.NewEncoder(w).Encode(errorBody{Error: err.Error()})
}

// reply writes v as JSON (500 when it cannot be encoded, e.g. a non-finite number).
func (s *Server) reply(w http.ResponseWriter, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		http.Error(w, "encoding the reply: "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(b)
}
