//go:build mujoco

package mujoco

/*
#include <stdlib.h>
#include <string.h>
#include <mujoco/mujoco.h>
*/
import "C"

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"unsafe"
)

// inlineName is the VFS name under which LoadXMLString stores the main document.
const inlineName = "__robocompiler_inline_model__.xml"

// inlinePath labels errors of LoadXMLString.
const inlinePath = "<inline MJCF>"

// LoadXMLString compiles an MJCF document held in memory. assets maps file names as
// the document refers to them (mesh, hfield, texture, skin and include files) to
// their bytes; it may be nil. Everything is placed in a MuJoCo virtual file system
// (mjVFS), so nothing is read from disk unless a referenced file is missing from
// assets (MuJoCo then tries the working directory).
//
// MuJoCo 2.2.2 keys VFS files by base name, lower-cased, so "meshes/a.stl" and
// "A.STL" collide; such maps, empty assets and names without a base name are
// rejected with an error naming the key. Errors are *LoadError.
func LoadXMLString(xml string, assets map[string][]byte) (*Model, error) {
	if len(xml) == 0 {
		return nil, &LoadError{Path: inlinePath, Msg: "empty MJCF document"}
	}
	if len(assets)+1 >= int(C.mjMAXVFS) {
		return nil, &LoadError{Path: inlinePath, Msg: fmt.Sprintf(
			"%d assets given; MuJoCo 2.2.2's VFS holds at most %d files", len(assets), int(C.mjMAXVFS)-2)}
	}
	// Validate every name before touching C: invalid names reach mju_error there.
	keys := make([]string, 0, len(assets))
	for k := range assets {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	seen := map[string]string{vfsKey(inlineName): "(the inline document)"}
	for _, k := range keys {
		base := vfsKey(k)
		switch {
		case strings.IndexByte(k, 0) >= 0:
			return nil, assetError(k, "name contains a NUL byte")
		case base == "":
			return nil, assetError(k, "name has no file part after the last '/' or '\\'")
		case len(base) >= int(C.mjMAXVFSNAME):
			return nil, assetError(k, fmt.Sprintf("file name longer than %d bytes", int(C.mjMAXVFSNAME)-1))
		case len(assets[k]) == 0:
			return nil, assetError(k, "asset is empty; MuJoCo 2.2.2's VFS cannot hold empty files")
		case len(assets[k]) > math.MaxInt32:
			return nil, assetError(k, "asset larger than 2 GiB")
		}
		if prev, dup := seen[base]; dup {
			return nil, assetError(k, fmt.Sprintf(
				"collides with %q: MuJoCo's VFS keys files by lower-cased base name %q", prev, base))
		}
		seen[base] = k
	}
	if len(xml) > math.MaxInt32 {
		return nil, &LoadError{Path: inlinePath, Msg: "MJCF document larger than 2 GiB"}
	}

	vfs := (*C.mjVFS)(C.malloc(C.sizeof_mjVFS))
	if vfs == nil {
		return nil, &LoadError{Path: inlinePath, Msg: "cannot allocate the virtual file system"}
	}
	C.mj_defaultVFS(vfs)
	defer func() {
		C.mj_deleteVFS(vfs) // frees the file buffers
		C.free(unsafe.Pointer(vfs))
	}()

	if err := vfsAdd(vfs, inlineName, unsafe.Pointer(unsafe.StringData(xml)), len(xml)); err != nil {
		return nil, err
	}
	for _, k := range keys {
		b := assets[k]
		if err := vfsAdd(vfs, k, unsafe.Pointer(&b[0]), len(b)); err != nil {
			return nil, err
		}
	}
	cname := C.CString(inlineName)
	defer C.free(unsafe.Pointer(cname))
	return load(inlinePath, cname, vfs)
}

// vfsKey mirrors MuJoCo 2.2.2's VFS naming: strip the directory, lower-case ASCII.
func vfsKey(name string) string {
	if i := strings.LastIndexAny(name, "/\\"); i >= 0 {
		name = name[i+1:]
	}
	b := []byte(name)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// vfsAdd creates a VFS file of n bytes named name and copies src into it.
func vfsAdd(vfs *C.mjVFS, name string, src unsafe.Pointer, n int) error {
	cname := C.CString(name)
	defer C.free(unsafe.Pointer(cname))
	switch rc := C.mj_makeEmptyFileVFS(vfs, cname, C.int(n)); rc {
	case 0:
	case 1:
		return assetError(name, "MuJoCo's VFS is full")
	case 2:
		return assetError(name, "MuJoCo's VFS already holds a file with this base name")
	default:
		return assetError(name, fmt.Sprintf("mj_makeEmptyFileVFS returned %d", int(rc)))
	}
	C.memcpy(vfs.filedata[vfs.nfile-1], src, C.size_t(n))
	return nil
}

func assetError(key, msg string) error {
	return &LoadError{Path: inlinePath, Msg: fmt.Sprintf("asset %q: %s", key, msg)}
}
