package kin

import (
	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/dyn"
	"github.com/robocompiler/robocompiler/internal/dense"
	"github.com/robocompiler/robocompiler/spatial"
	"gonum.org/v1/gonum/mat"
)

// Data is the caller-owned workspace of the interfaces of one compiled model under one
// partition. Update evaluates every field at a feasible state (q, u); nothing allocates
// after NewData.
type Data struct {
	m *compile.Model
	// Lift holds the partition and E (NV × D) at the last Update.
	Lift *closure.Lift
	// Closure and Dyn are the closure and tree-dynamics workspaces, evaluated at the last
	// Update's q (Dyn's poses and twists at v).
	Closure *closure.Data
	Dyn     *dyn.Data
	// Ports are the compiled actuator ports, in record order.
	Ports []Port

	// V is the feasible velocity E u (len NV) and Curv the curvature Ė u (len NV), both
	// in the model's velocity units.
	V, Curv []float64
	// Ell are the port displacements ℓ(q) (len nf; m or rad).
	Ell []float64
	// JEll is D ℓ N, the port Jacobian in velocity coordinates (nf × NV), and L = JEll E
	// the port map of eq. 12 (nf × D).
	JEll, L *mat.Dense

	// support[n] lists the tree velocity indices on node n's root path.
	support [][]int
	// world[k] is WorldSubspace(k) at the last Update.
	world []spatial.Vec6
	// scratch for cut-joint subspaces.
	sj [6]spatial.Vec6
}

// NewData allocates the interfaces of m under partition p (from closure.ChoosePartition).
// It fails when an actuator record cannot be compiled into a port.
func NewData(m *compile.Model, p *closure.Partition) (*Data, error) {
	ports, err := CompilePorts(m)
	if err != nil {
		return nil, err
	}
	nf, d := len(ports), p.Mobility
	kd := &Data{m: m, Lift: closure.NewLift(p, m.NV), Closure: closure.NewData(m), Dyn: dyn.NewData(m),
		Ports: ports, V: make([]float64, m.NV), Curv: make([]float64, m.NV), Ell: make([]float64, nf),
		support: make([][]int, len(m.Bodies)+1), world: make([]spatial.Vec6, m.NVT)}
	kd.JEll, kd.L = denseOrEmpty(nf, m.NV), denseOrEmpty(nf, d)
	for _, ed := range m.Edges {
		j := &m.Joints[ed.Joint]
		s := append([]int(nil), kd.support[ed.Parent]...)
		for k := range j.NV {
			s = append(s, j.V0+k)
		}
		kd.support[ed.Child] = s
	}
	return kd, nil
}

// denseOrEmpty returns an r×c matrix, or an empty one when either size is zero (gonum
// rejects zero-sized dense matrices).
func denseOrEmpty(r, c int) *mat.Dense {
	if r == 0 || c == 0 {
		return &mat.Dense{}
	}
	return mat.NewDense(r, c, nil)
}

// Model returns the model the workspace belongs to.
func (d *Data) Model() *compile.Model { return d.m }

// Mobility is the number of independent speeds D.
func (d *Data) Mobility() int { return d.Lift.P.Mobility }

// Update evaluates the interfaces at the feasible configuration q (len NQ) and the
// independent speeds u (len D): the closure Jacobian and lift E, v = E u, the drift and
// curvature c = Ė u, the tree kinematics at (q, v), the port displacements, JEll and L.
// It returns *closure.SingularError when the partition's dependent block is singular at q
// (a computational reconfiguration is needed).
func (d *Data) Update(q, u []float64) error {
	m := d.m
	dense.CheckLen("kin: Update", "q", len(q), m.NQ)
	dense.CheckLen("kin: Update", "u", len(u), d.Mobility())
	if m.Rows > 0 {
		d.Closure.Jacobian(q)
	}
	if err := d.Lift.Update(d.Closure.C); err != nil {
		return err
	}
	e := d.Lift.E.RawMatrix()
	dense.MulVec(e.Data, e.Stride, u, d.V)
	if m.Rows > 0 {
		d.Closure.DriftOnly(q, d.V) // C at q is already in place
		d.Lift.Curvature(d.Closure.Gamma, d.Curv)
	} else {
		for i := range d.Curv {
			d.Curv[i] = 0
		}
	}
	d.Kinematics(q)
	if len(d.Ports) > 0 && d.Mobility() > 0 {
		mulSparse(d.L, d.JEll, d.Lift.E)
	}
	return nil
}

// Kinematics evaluates only what depends on q alone: the tree poses (and twists at the
// current V), the world motion subspaces, the port displacements Ell and JEll. Task values
// and Jacobians J_x read it. It needs no feasible q, so differentials can be checked at
// off-manifold states; L, V and Curv keep the values of the last Update. The tree is
// placed from the closure workspace's edge placements, so after Update's closure
// evaluation at the same q the joints are not evaluated again.
func (d *Data) Kinematics(q []float64) {
	x, s := d.Closure.EdgePlacements(q)
	d.Dyn.ForwardKinematicsPlaced(q, d.V, x, s)
	for k := range d.world {
		d.world[k] = d.Dyn.WorldSubspace(k)
	}
	d.ports(q)
}

// mulSparse writes C = A B for nonempty matrices, skipping the zero entries of A (the
// port Jacobian's rows touch few coordinates); the sums are gonum's in the same order.
func mulSparse(C, A, B *mat.Dense) {
	c, a, b := C.RawMatrix(), A.RawMatrix(), B.RawMatrix()
	for i := range c.Rows {
		ci := c.Data[i*c.Stride : i*c.Stride+c.Cols]
		clear(ci)
		for l, x := range a.Data[i*a.Stride : i*a.Stride+a.Cols] {
			if x == 0 {
				continue
			}
			for j, y := range b.Data[l*b.Stride : l*b.Stride+c.Cols] {
				ci[j] += x * y
			}
		}
	}
}
