package robocompiler

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/kkt"
	"github.com/robocompiler/robocompiler/mjcf"
	"github.com/robocompiler/robocompiler/robots"
	"github.com/robocompiler/robocompiler/urdf"
)

// Options are the settings of Load and Compile.
type Options struct {
	// Partition names a partition request of the model (its independent coordinates);
	// "" lets the rank-revealing partition choose.
	Partition string
	// Eliminate emits cut joints in eliminated form (rows on the tree) instead of the
	// SE(3) form that retains their coordinates (compile.Options.Eliminate).
	Eliminate bool
	// Floating joins a URDF's root link to the ground by a free joint instead of welding
	// it (other formats declare their own base).
	Floating bool
	// MergeConnectPairs imports an MJCF file with every two connect equalities between
	// the same two bodies replaced by the revolute or universal cut their geometry
	// implies (mjcf.ImportOptions.MergeConnectPairs).
	MergeConnectPairs bool
	// SnapPlanarLoops imports an MJCF file with its nearly planar point-cut loops made
	// exactly planar (mjcf.ImportOptions.SnapPlanarLoops).
	SnapPlanarLoops bool
	// Tracking are the settings of the closure tracker behind Assemble and Track.
	Tracking closure.TrackerOptions
	// MemoryBudget bounds, in bytes, the dense workspaces a Data of the model allocates
	// (Model.WorkspaceBytes) and the dense closure Jacobian its assembly forms to choose
	// the partition (3 · 8 · Rows · NV bytes, freed afterwards): a larger model is refused
	// by Compile with an error instead of exhausting memory. 0 means DefaultMemoryBudget; a negative value, no bound.
	MemoryBudget int64
}

// DefaultMemoryBudget is the workspace bound of Options.MemoryBudget: 2 GiB.
const DefaultMemoryBudget = 2 << 30

// WorkspaceBytes estimates the bytes of the dense matrices a Data of the model holds:
// the closure Jacobian (Rows × NV), the lift E (NV × NV at most), the tree and reduced
// mass matrices (NVT² and NV²) and the factorisations beside them. A loop-free model of
// more than closure.DenseIdentityMax velocities forms none of them (the tree form,
// dyn.NewReducedTree): its workspaces are linear in its size, treeBytesPerNode per body
// and per velocity. Nor does a model of the loop form (closure rows, more than
// LoopFormMin velocities, a model kkt.Supports): loopBytesPerNode per body, velocity and
// closure row.
func (m *Model) WorkspaceBytes() int64 {
	nv, rows, nvt := int64(m.NV), int64(m.Rows), int64(m.NVT)
	if m.Rows == 0 && nv == nvt && m.NV > closure.DenseIdentityMax {
		return treeBytesPerNode * (nv + int64(len(m.Bodies)) + 1)
	}
	if m.loopForm() {
		return loopBytesPerNode * (nv + rows + int64(len(m.Bodies)) + 1)
	}
	return 8 * (2*rows*nv + 2*nv*nv + 3*nvt*nvt)
}

// loopForm reports that workspaces of the model take the loop form (LoopForm) at a
// partition with independent coordinates whose cut joints all have selected rows.
func (m *Model) loopForm() bool {
	return m.Rows > 0 && m.NV > loopFormMin && kkt.Supports(m.Model) == nil
}

// assemblyBytes estimates the bytes assembly and the partition's choice hold while they
// run (freed afterwards): the dense closure Jacobian, its scaled copy for the pivoted QR
// and the corrector's Jacobian over the free coordinates, each Rows × NV at most.
func (m *Model) assemblyBytes() int64 { return 8 * 3 * int64(m.Rows) * int64(m.NV) }

// loopBytesPerNode bounds the workspace bytes per body, per velocity and per closure row
// of the loop form: the two factorised constraint systems of kkt.Solver, the tree
// dynamics beside them, the closure workspace (without Jacobian) and the interfaces'
// vectors (measured: about 3 kB on the four-bar ladders; TestLadderWorkspaceBytes).
const loopBytesPerNode = 4096

// treeBytesPerNode bounds the workspace bytes per body and per velocity of the tree form:
// spatial transforms, twists, forces, composite and articulated inertias (dyn.Data), edge
// placements (closure.Data), the tracker's and the interfaces' vectors.
const treeBytesPerNode = 4096

// Model is a compiled mechanism with the partition request it was loaded with. It is
// immutable and safe to share between goroutines; every evaluation writes into a Data
// from NewData.
type Model struct {
	// Model is the compiled structure: bodies, joints, spanning forest, closure
	// comparisons, coordinate layout (sizes NQ, NV, NQT, NVT, Rows).
	*compile.Model
	// Request lists the velocity indices held independent (nil: automatic partition).
	Request []int
	// Warnings are the importer's notes on what it did not use (MJCF, URDF).
	Warnings []string
	// Tracking are the tracker settings of every workspace of the model.
	Tracking closure.TrackerOptions
}

// Load reads MODEL and compiles it: a CMG .json file, an MJCF .xml file, a .urdf file, or
// the name of a built-in model (robots.Names). Invalid input gives an error naming the
// file, record and field.
func Load(path string, opts Options) (*Model, error) {
	g, warnings, err := LoadGraphWith(path, opts)
	if err != nil {
		return nil, err
	}
	return compileImported(g, warnings, opts)
}

// compileImported compiles the imported records g and keeps the importer's warnings.
func compileImported(g *cmg.Graph, warnings []string, opts Options) (*Model, error) {
	m, err := Compile(g, opts)
	if err != nil {
		return nil, err
	}
	m.Warnings = warnings
	return m, nil
}

// Compile compiles the records g with the settings opts (g is not modified).
func Compile(g *cmg.Graph, opts Options) (*Model, error) {
	cm, err := compile.Compile(g, compile.Options{Eliminate: opts.Eliminate})
	if err != nil {
		return nil, err
	}
	m := &Model{Model: cm, Tracking: opts.Tracking}
	budget := opts.MemoryBudget
	if budget == 0 {
		budget = DefaultMemoryBudget
	}
	if need := max(m.WorkspaceBytes(), m.assemblyBytes()); budget > 0 && need > budget {
		return nil, fmt.Errorf("%s: the model is too large: %d velocities and %d closure rows need about %.3g GB of dense workspace, above the memory budget of %.3g GB (Options.MemoryBudget)",
			g.Source, m.NV, m.Rows, float64(need)/1e9, float64(budget)/1e9)
	}
	if opts.Partition != "" {
		if m.Request, err = cm.PartitionRequest(opts.Partition); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// LoadGraph reads the physical records of MODEL (as Load) without compiling them, with
// the importer's warnings; floating joins a URDF's root to the ground by a free joint.
func LoadGraph(path string, floating bool) (*cmg.Graph, []string, error) {
	return LoadGraphWith(path, Options{Floating: floating})
}

// LoadGraphWith is LoadGraph with the import settings of opts (Floating,
// MergeConnectPairs, SnapPlanarLoops).
func LoadGraphWith(path string, opts Options) (*cmg.Graph, []string, error) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".json":
		g, err := cmg.LoadFile(path)
		return g, nil, err
	case ".xml":
		return mjcf.ImportFileWith(path, mjcf.ImportOptions{MergeConnectPairs: opts.MergeConnectPairs, SnapPlanarLoops: opts.SnapPlanarLoops})
	case ".urdf":
		return urdf.ImportFileWith(path, urdf.ImportOptions{Floating: opts.Floating})
	}
	if _, err := os.Stat(path); err == nil {
		return nil, nil, fmt.Errorf("%s: unknown model file type %q (valid: .json, .xml, .urdf)", path, filepath.Ext(path))
	}
	g, err := robots.Get(path)
	if err != nil {
		return nil, nil, fmt.Errorf("%q is neither a model file nor a built-in model: %v", path, err)
	}
	return g, nil, nil
}
