package view

import (
	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/dyn"
)

// Poser evaluates the node poses of a model at configurations (its own tree workspace).
type Poser struct {
	m *compile.Model
	d *dyn.Data
	v []float64
}

// NewPoser returns a Poser for m.
func NewPoser(m *robocompiler.Model) *Poser {
	return &Poser{m: m.Model, d: dyn.NewData(m.Model), v: make([]float64, m.NV)}
}

// Poses returns the ground pose of every node at the configuration q (len NQ; only the
// tree coordinates are read), the ground first.
func (p *Poser) Poses(q []float64) []Pose {
	p.d.ForwardKinematics(q, p.v)
	out := make([]Pose, len(p.m.Bodies)+1)
	for n := range out {
		out[n] = poseOf(p.d.Pose(n))
	}
	return out
}
