package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// WriteFiles writes each path's contents (in order) so that a failure never leaves a
// half-written or mismatched output: every file is first written in full to a temporary
// file in its own directory, and only when all of them are written are they renamed
// into place (a URDF and its sidecar are replaced both or neither, short of a failing
// rename). On failure the temporary files are removed and the targets are untouched.
func WriteFiles(paths []string, contents [][]byte) error {
	if len(paths) != len(contents) {
		return fmt.Errorf("WriteFiles: %d paths, %d contents", len(paths), len(contents))
	}
	tmps := make([]string, 0, len(paths))
	cleanup := func() {
		for _, t := range tmps {
			_ = os.Remove(t)
		}
	}
	for i, p := range paths {
		tmp, err := writeTemp(p, contents[i])
		if err != nil {
			cleanup()
			return err
		}
		tmps = append(tmps, tmp)
	}
	if err := commit(tmps, paths); err != nil {
		cleanup()
		return err
	}
	return nil
}

// commit renames each completed temporary file tmps[i] onto paths[i], all or none: the
// previous targets are kept (hard links) until every rename has succeeded, so that a
// failing rename puts back the ones already replaced and removes the ones that are new.
// A target that exists and is not a regular file is refused before anything moves. On
// failure the temporary files not yet moved are left for the caller to remove.
func commit(tmps, paths []string) error {
	for _, p := range paths {
		if fi, err := os.Lstat(p); err == nil && !fi.Mode().IsRegular() {
			return fmt.Errorf("cannot write %s: it exists and is not a regular file", p)
		}
	}
	backups := make([]string, len(paths))
	defer func() {
		for _, b := range backups {
			if b != "" {
				_ = os.Remove(b)
			}
		}
	}()
	for i, p := range paths {
		b := filepath.Join(filepath.Dir(p), "."+filepath.Base(p)+".bak-"+filepath.Base(tmps[i]))
		if err := os.Link(p, b); err == nil {
			backups[i] = b
		}
	}
	for i, p := range paths {
		if err := os.Rename(tmps[i], p); err != nil {
			for k := range i {
				if backups[k] != "" {
					_ = os.Rename(backups[k], paths[k])
					backups[k] = ""
				} else {
					_ = os.Remove(paths[k])
				}
			}
			return fmt.Errorf("cannot write %s: %w", p, err)
		}
	}
	return nil
}

// WriteFile writes one file as WriteFiles does.
func WriteFile(path string, data []byte) error {
	return WriteFiles([]string{path}, [][]byte{data})
}

// writeTemp writes data to a new temporary file beside path, synced, and returns its name.
func writeTemp(path string, data []byte) (string, error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return "", fmt.Errorf("cannot write %s: %w", path, err)
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.Name(), 0o644)
	}
	if err != nil {
		_ = os.Remove(f.Name())
		return "", fmt.Errorf("cannot write %s: %w", path, err)
	}
	return f.Name(), nil
}

// ReplaceDir moves every regular file of the completed directory tmp into dir (created
// when missing), replacing files of the same names all or none (see commit), then removes
// tmp: a run's outputs are written to tmp and appear in dir only when all of them are
// complete, and a failure leaves dir as it was.
func ReplaceDir(tmp, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	entries, err := os.ReadDir(tmp)
	if err != nil {
		return err
	}
	var tmps, paths []string
	for _, e := range entries {
		tmps = append(tmps, filepath.Join(tmp, e.Name()))
		paths = append(paths, filepath.Join(dir, e.Name()))
	}
	if err := commit(tmps, paths); err != nil {
		return fmt.Errorf("cannot move the outputs into %s: %w", dir, err)
	}
	return os.Remove(tmp)
}

// SameFile reports whether out names an existing file that is one of the inputs (the
// same file, by device and inode): writing it would destroy the input.
func SameFile(out string, inputs ...string) bool {
	o, err := os.Stat(out)
	if err != nil {
		return false
	}
	for _, in := range inputs {
		if i, err := os.Stat(in); err == nil && os.SameFile(o, i) {
			return true
		}
	}
	return false
}

// RefuseOverwrite returns a usage error (exit 2) when out is one of the inputs.
func RefuseOverwrite(flag, out string, inputs ...string) error {
	if SameFile(out, inputs...) {
		return Usage(errors.New(flag + " " + out + " is an input of the command; writing it would destroy the input: choose another file"))
	}
	return nil
}
