//go:build mujoco

package mujoco

/*
#include <stdlib.h>
#include <mujoco/mujoco.h>
*/
import "C"

import (
	"os"
	"runtime"
	"strings"
	"sync"
	"unsafe"
)

// errBufSize is the size of the buffer MuJoCo writes load errors into.
const errBufSize = 1024

// Model is a compiled MuJoCo model (mjModel). It is read-only after loading except
// through SetTimestep and SetEnergyEnabled; see the package doc for lifetime and
// sharing rules.
type Model struct {
	mu      sync.Mutex
	m       *C.mjModel
	ndata   int  // open Data created from this model
	closed  bool // Close was called
	warning string
	cleanup runtime.Cleanup
}

// LoadXML parses and compiles the MJCF (or URDF) file at path with MuJoCo's own
// compiler; meshes and includes are resolved relative to the file. Errors are
// *LoadError carrying MuJoCo's message.
func LoadXML(path string) (*Model, error) {
	if strings.IndexByte(path, 0) >= 0 {
		return nil, &LoadError{Path: path, Msg: "path contains a NUL byte"}
	}
	cpath := C.CString(path)
	defer C.free(unsafe.Pointer(cpath))
	m, err := load(path, cpath, nil)
	if err != nil {
		if _, serr := os.Stat(path); serr != nil {
			err.(*LoadError).Err = serr
		}
		return nil, err
	}
	return m, nil
}

// load runs mj_loadXML on name (looked up in vfs first when vfs is not nil).
// A non-nil error is always a *LoadError.
func load(path string, name *C.char, vfs *C.mjVFS) (*Model, error) {
	var buf [errBufSize]C.char
	cm := C.mj_loadXML(name, vfs, &buf[0], C.int(len(buf)))
	msg := strings.TrimSpace(C.GoString(&buf[0]))
	// The parsed XML tree of the last load is kept globally by MuJoCo only for
	// mj_saveLastXML, which this package never calls: free it.
	C.mj_freeLastXML()
	if cm == nil {
		if msg == "" {
			msg = "MuJoCo returned no model and no message"
		}
		return nil, &LoadError{Path: path, Msg: msg}
	}
	return newModel(cm, msg), nil
}

// newModel wraps cm and registers the safety-net cleanup.
func newModel(cm *C.mjModel, warning string) *Model {
	m := &Model{m: cm, warning: warning}
	m.cleanup = runtime.AddCleanup(m, func(p *C.mjModel) { C.mj_deleteModel(p) }, cm)
	return m
}

// CompileWarning returns the warning MuJoCo's compiler reported while loading this
// model (empty when there was none).
func (m *Model) CompileWarning() string { return m.warning }

// Close releases the model. If Data created from it are still open, the C memory is
// released when the last of them is closed. Close is idempotent.
func (m *Model) Close() {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return
	}
	m.closed = true
	m.freeLocked()
}

// acquire registers a new Data; it fails after Close.
func (m *Model) acquire() (*C.mjModel, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed || m.m == nil {
		return nil, ErrClosed
	}
	m.ndata++
	return m.m, nil
}

// release unregisters a Data and frees the model if it was closed meanwhile.
func (m *Model) release() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.ndata--
	if m.closed {
		m.freeLocked()
	}
}

func (m *Model) freeLocked() {
	if m.ndata > 0 || m.m == nil {
		return
	}
	m.cleanup.Stop()
	C.mj_deleteModel(m.m)
	m.m = nil
}

// ptr returns the C model or nil after Close.
func (m *Model) ptr() *C.mjModel {
	if m == nil || m.closed {
		return nil
	}
	return m.m
}
