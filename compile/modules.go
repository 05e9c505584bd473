package compile

import (
	"fmt"
	"sort"
)

// Block is one residual block: a comparison or a coupling row.
type Block struct {
	// ID names the cut or coupling; Row and Rows locate its residual rows.
	ID        string
	Row, Rows int
}

// Blocks lists the residual blocks: comparisons first, then couplings, in row order.
func (m *Model) Blocks() []Block {
	out := make([]Block, 0, len(m.Comparisons)+len(m.Couplings))
	for i := range m.Comparisons {
		c := &m.Comparisons[i]
		out = append(out, Block{ID: c.ID, Row: c.Row, Rows: c.Rows()})
	}
	for _, c := range m.Couplings {
		out = append(out, Block{ID: c.ID, Row: c.Row, Rows: 1})
	}
	return out
}

// AppendBlockColumns appends to buf the velocity indices block b (an index into Blocks())
// depends on, sorted: a comparison's columns (AppendColumns) or a coupling's two joints'.
func (m *Model) AppendBlockColumns(buf []int, b int) []int {
	if b < len(m.Comparisons) {
		return m.AppendColumns(buf, &m.Comparisons[b])
	}
	c := &m.Couplings[b-len(m.Comparisons)]
	lo, hi := m.Joints[c.Master].V0, m.Joints[c.Slave].V0
	return append(buf, min(lo, hi), max(lo, hi))
}

// Module is a dependency module: residual blocks that share dependent coordinates, with
// the dependent coordinates they determine. Modules' dependent sets are disjoint; they
// may share independent inputs.
type Module struct {
	// Blocks are indices into Blocks(); Dependent and Inputs are velocity indices.
	Blocks    []int
	Dependent []int
	Inputs    []int
	// Cuts names the module's blocks.
	Cuts []string
}

// Modules groups the residual blocks by union–find over their dependent supports, given
// which velocity coordinates are independent (len NV). A block whose columns are all
// independent forms a module of its own with no dependent coordinate: it must be locally
// redundant, or the partition is invalid (the closure stage decides). Coordinates in no
// block (loop-free coordinates) belong to no module. Modules are ordered by their first
// block.
func (m *Model) Modules(independent []bool) []Module {
	blocks := m.Blocks()
	var cols []int // one block's columns, reused
	uf := newUnionFind(len(blocks))
	owner := make([]int, m.NV)
	for i := range owner {
		owner[i] = -1
	}
	for b := range blocks {
		cols = m.AppendBlockColumns(cols[:0], b)
		for _, c := range cols {
			if independent[c] {
				continue
			}
			if owner[c] >= 0 {
				uf.union(owner[c], b)
			} else {
				owner[c] = b
			}
		}
	}
	index := make([]int, len(blocks)) // module of each union–find root, or -1
	for i := range index {
		index[i] = -1
	}
	var mods []Module
	for b, blk := range blocks {
		r := uf.find(b)
		if index[r] < 0 {
			index[r] = len(mods)
			mods = append(mods, Module{})
		}
		k := index[r]
		mods[k].Blocks = append(mods[k].Blocks, b)
		mods[k].Cuts = append(mods[k].Cuts, blk.ID)
	}
	seen := make([]int, m.NV) // 1 + the last module that listed the coordinate
	for k := range mods {
		for _, b := range mods[k].Blocks {
			cols = m.AppendBlockColumns(cols[:0], b)
			for _, c := range cols {
				if seen[c] == k+1 {
					continue
				}
				seen[c] = k + 1
				if independent[c] {
					mods[k].Inputs = append(mods[k].Inputs, c)
				} else {
					mods[k].Dependent = append(mods[k].Dependent, c)
				}
			}
		}
		sort.Ints(mods[k].Dependent)
		sort.Ints(mods[k].Inputs)
	}
	return mods
}

// PartitionRequest returns the velocity indices of the named partition request's
// independent joints.
func (m *Model) PartitionRequest(name string) ([]int, error) {
	ids, ok := m.Graph.PartitionRequests[name]
	if !ok {
		names := make([]string, 0, len(m.Graph.PartitionRequests))
		for k := range m.Graph.PartitionRequests {
			names = append(names, k)
		}
		sort.Strings(names)
		return nil, fmt.Errorf("%s: no partition request named %q (the model has %v)", m.Graph.Source, name, names)
	}
	out := make([]int, len(ids))
	for i, id := range ids {
		j := m.JointIndex(id)
		if j < 0 || m.Joints[j].NV != 1 {
			return nil, m.errorf("partition_request", name, "partition_requests", "%q is not a 1-DoF joint of the model", id)
		}
		out[i] = m.Joints[j].V0
	}
	return out, nil
}
