package tasks

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/experiments/taskfile"
	"github.com/robocompiler/robocompiler/joint"
	"github.com/robocompiler/robocompiler/kin"
	"github.com/robocompiler/robocompiler/spatial"
)

// filePlan is a task file resolved against its model: every name checked, the plants of
// its runs compiled and assembled, before anything runs.
type filePlan struct {
	f    *taskfile.File
	s    *taskfile.Spec
	g    *cmg.Graph // the model with the file's added ports and start overrides
	runs []*runPlan
}

// runPlan is one run resolved: its plant, the nominal model its controller uses, and its
// references with their start values.
type runPlan struct {
	spec    taskfile.Run
	pl      *plant // the plant (with the run's payload)
	nominal *plant // the controller's model (without payload), same partition
	ff      bool
	refs    map[string]*fileRef
}

// fileRef is a reference resolved on a plant: its kind, the indices it addresses and
// its signal as absolute values.
type fileRef struct {
	spec  *taskfile.Reference
	n     int               // components
	vel   []int             // coordinates: velocity indices
	qi    []int             // coordinates: configuration indices
	ports []int             // ports: port indices
	task  *kin.Task         // site (a point task at its origin when relative to another)
	other *kin.Task         // relative_to: a point task at the other site's origin
	pose0 spatial.Transform // site: pose at the start (relative position, identity rotation, with other)
	// f writes the reference's values at t (coordinates, ports) or, for a site, the
	// position (3) followed by the rotation matrix (9, row-major).
	f func(t float64, y []float64)
}

// planFile resolves task file f on graph g.
func planFile(f *taskfile.File, g *cmg.Graph) (*filePlan, error) {
	p := &filePlan{f: f, s: &f.Spec}
	var err error
	if p.g, err = p.model(g); err != nil {
		return nil, err
	}
	for i := range p.s.Runs {
		r, err := p.run(i)
		if err != nil {
			return nil, err
		}
		p.runs = append(p.runs, r)
	}
	return p, nil
}

// validList formats valid names for an error.
func validList(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	if len(names) > 40 {
		return strings.Join(names[:40], ", ") + fmt.Sprintf(", ... (%d in all)", len(names))
	}
	return strings.Join(names, ", ")
}

// model returns a copy of g with the file's added ports and start overrides.
func (p *filePlan) model(g *cmg.Graph) (*cmg.Graph, error) {
	f, s := p.f, p.s
	h := g.Clone()
	for i, a := range s.AddPorts {
		fld := fmt.Sprintf("add_ports[%d]", i)
		if h.Joint(a.Joint) == nil {
			return nil, f.Errorf(fld+".joint", "%q: no such joint in %s (joints: %s)", a.Joint, g.Source, validList(jointIDs(g)))
		}
		for _, x := range h.Actuators {
			if x.ID == a.ID {
				return nil, f.Errorf(fld+".id", "%q: the model already has an actuator with that id", a.ID)
			}
		}
		h.Actuators = append(h.Actuators, cmg.Actuator{ID: a.ID, Type: cmg.ActJoint, Joint: a.Joint, Gear: a.Gear})
	}
	for i, a := range s.AddSites {
		fld := fmt.Sprintf("add_sites[%d]", i)
		if h.Body(a.Body) == nil {
			var ids []string
			for _, b := range h.Bodies {
				ids = append(ids, b.ID)
			}
			return nil, f.Errorf(fld+".body", "%q: no such body in %s (bodies: %s)", a.Body, g.Source, validList(ids))
		}
		if h.Site(a.ID) != nil || h.Body(a.ID) != nil {
			return nil, f.Errorf(fld+".id", "%q: the model already has a site or body with that id", a.ID)
		}
		h.Sites = append(h.Sites, cmg.Site{ID: a.ID, Kind: cmg.SitePoint, Body: a.Body, Frame: cmg.Frame{Pos: [3]float64(a.Point)}})
	}
	st := s.Start
	seed := st.Seed
	if seed == "" {
		seed = "default"
	}
	vals, ok := h.Seeds[seed]
	if !ok && (st.Seed != "" || len(st.Q) > 0) {
		fld := "start.seed"
		if st.Keyframe != "" {
			fld = "start.keyframe"
		}
		return nil, f.Errorf(fld, "%q: no such seed or keyframe in %s (has: %s)", seed, g.Source, validList(slices.Sorted(maps.Keys(h.Seeds))))
	}
	if len(st.Q) > 0 {
		nv := maps.Clone(vals)
		if nv == nil {
			nv = map[string]cmg.Values{}
		}
		for _, id := range slices.Sorted(maps.Keys(st.Q)) {
			j := h.Joint(id)
			if j == nil {
				return nil, f.Errorf("start.q."+id, "%q: no such joint in %s (joints: %s)", id, g.Source, validList(jointIDs(g)))
			}
			nv[id] = cmg.Values(st.Q[id])
		}
		if h.Seeds == nil {
			h.Seeds = map[string]map[string]cmg.Values{}
		}
		h.Seeds[seed] = nv
	}
	return h, nil
}

// jointIDs lists the joint ids of g.
func jointIDs(g *cmg.Graph) []string {
	var out []string
	for _, j := range g.Joints {
		out = append(out, j.ID)
	}
	return out
}

// request returns the partition request function of a task file partition at field fld.
func (p *filePlan) request(fld string, part taskfile.Partition) func(m *compile.Model) ([]int, error) {
	f := p.f
	switch {
	case part.Name == "actuated":
		return func(m *compile.Model) ([]int, error) {
			r, err := actuated(m)
			if err != nil {
				return nil, f.Errorf(fld, "actuated: %v", err)
			}
			return r, nil
		}
	case part.Name != "":
		return func(m *compile.Model) ([]int, error) {
			r, err := m.PartitionRequest(part.Name)
			if err != nil {
				return nil, f.Errorf(fld, "%q: %v (requests: %s, or actuated, or a list of joint ids)", part.Name, err,
					validList(slices.Sorted(maps.Keys(m.Graph.PartitionRequests))))
			}
			return r, nil
		}
	case len(part.Joints) > 0:
		return func(m *compile.Model) ([]int, error) {
			var out []int
			for i, id := range part.Joints {
				j := m.JointIndex(id)
				if j < 0 {
					return nil, f.Errorf(fmt.Sprintf("%s[%d]", fld, i), "%q: no such joint (joints: %s)", id, validList(jointIDs(m.Graph)))
				}
				for k := range m.Joints[j].NV {
					out = append(out, m.Joints[j].V0+k)
				}
			}
			return out, nil
		}
	}
	return nil
}

// run resolves run i: its plants, references and controller settings.
func (p *filePlan) run(i int) (*runPlan, error) {
	f, s := p.f, p.s
	rs := s.Runs[i]
	fld := fmt.Sprintf("runs[%d]", i)
	partFld, part := "partition", s.Partition
	if rs.Partition != nil {
		partFld, part = fld+".partition", *rs.Partition
	}
	seed := s.Start.Seed
	opts := robocompiler.Options{Tracking: closure.TrackerOptions{RCondTol: s.RCondTol}}
	nominal, err := newPlantWith(p.g, seed, opts, p.request(partFld, part))
	if err != nil {
		return nil, p.planError(err)
	}
	if err := p.speeds(partFld, nominal); err != nil {
		return nil, err
	}
	r := &runPlan{spec: rs, nominal: nominal, pl: nominal, ff: *s.Controller.Feedforward, refs: map[string]*fileRef{}}
	if rs.Feedforward != nil {
		r.ff = *rs.Feedforward
	}
	if len(rs.Payload) > 0 {
		h := p.g.Clone()
		for j, pay := range rs.Payload {
			b := h.Body(pay.Body)
			pf := fmt.Sprintf("%s.payload[%d].body", fld, j)
			if b == nil {
				var ids []string
				for _, x := range h.Bodies {
					ids = append(ids, x.ID)
				}
				return nil, f.Errorf(pf, "%q: no such body (bodies: %s)", pay.Body, validList(ids))
			}
			if !(b.Mass > 0) {
				return nil, f.Errorf(pf, "%q has no positive mass to scale its inertia from", pay.Body)
			}
			for k := range b.Inertia {
				b.Inertia[k] *= pay.Mass / b.Mass
			}
			b.Mass = pay.Mass
		}
		if r.pl, err = newPlantWith(h, seed, opts, p.request(partFld, part)); err != nil {
			return nil, p.planError(err)
		}
		r.pl.u0 = nominal.u0
	}
	if rs.Backend == "simbody" {
		if len(s.Supports) > 0 {
			return nil, f.Errorf(fld+".backend", "a Simbody run has no support modes; use the reduced or mujoco backend")
		}
		if len(s.Start.V) > 0 {
			return nil, f.Errorf(fld+".backend", "a Simbody run starts from rest; remove start.v or use another backend")
		}
	}
	if rs.Backend == "mujoco" {
		for _, c := range r.pl.m.Comparisons {
			if c.Kind == compile.RowsWeld || (c.Joint >= 0 && r.pl.m.Joints[c.Joint].Model.Kind == joint.Fixed) {
				return nil, f.Errorf(fld+".backend", "cut %q exports as a MuJoCo weld, whose residual mixes m and rad; the native comparison reports connect residuals in m only", c.ID)
			}
		}
	}
	for k := range s.References {
		ref, err := p.reference(k, r.pl)
		if err != nil {
			return nil, err
		}
		r.refs[ref.spec.Name] = ref
	}
	return r, nil
}

// planError passes task file errors through and names the model in others (a model that
// cannot be assembled or partitioned as the file asks).
func (p *filePlan) planError(err error) error {
	if _, ok := err.(*taskfile.Error); ok {
		return err
	}
	return &taskfile.Error{File: p.f.Path, Field: "model", Message: fmt.Sprintf("%s: %v", p.g.Source, err)}
}

// portIndex returns the index of port id of m, or an error at fld listing the ports.
func (p *filePlan) portIndex(m *compile.Model, fld, id string) (int, error) {
	var ids []string
	for i, x := range m.Ports {
		if x.ID == id {
			return i, nil
		}
		ids = append(ids, x.ID)
	}
	return 0, p.f.Errorf(fld, "%q: no such port (ports: %s)", id, validList(ids))
}

// siteIDs lists the sites and bodies of m (the valid site reference names).
func siteIDs(m *compile.Model) []string {
	var out []string
	for _, s := range m.Graph.Sites {
		out = append(out, s.ID)
	}
	for _, b := range m.Graph.Bodies {
		out = append(out, b.ID)
	}
	return out
}

// reference resolves reference k on plant pl.
func (p *filePlan) reference(k int, pl *plant) (*fileRef, error) {
	f := p.f
	rs := &p.s.References[k]
	fld := fmt.Sprintf("references[%d]", k)
	m := pl.m
	d, err := pl.data()
	if err != nil {
		return nil, p.planError(err)
	}
	d.Interfaces()
	kd := d.Kin
	r := &fileRef{spec: rs}
	var start []float64
	switch {
	case len(rs.Coordinates) > 0:
		for i, id := range rs.Coordinates {
			j := m.JointIndex(id)
			if j < 0 || m.Joints[j].NV != 1 {
				var valid []string
				for _, x := range m.Joints {
					if x.NV == 1 {
						valid = append(valid, x.ID)
					}
				}
				return nil, f.Errorf(fmt.Sprintf("%s.coordinates[%d]", fld, i), "%q: not a 1-DoF joint (coordinates: %s)", id, validList(valid))
			}
			r.vel, r.qi = append(r.vel, m.Joints[j].V0), append(r.qi, m.Joints[j].Q0)
			start = append(start, pl.q[m.Joints[j].Q0])
		}
		r.n = len(r.vel)
	case len(rs.Ports) > 0:
		for i, id := range rs.Ports {
			pi, err := p.portIndex(m, fmt.Sprintf("%s.ports[%d]", fld, i), id)
			if err != nil {
				return nil, err
			}
			r.ports = append(r.ports, pi)
			start = append(start, kd.Ell[pi])
		}
		r.n = len(r.ports)
	default:
		t, err := kin.NewTask(m, rs.Site)
		if err != nil {
			return nil, f.Errorf(fld+".site", "%q: no such site or body (sites and bodies: %s)", rs.Site, validList(siteIDs(m)))
		}
		r.task, r.pose0 = t, kd.Pose(t)
		if rs.RelativeTo != "" {
			o, err := kin.NewTask(m, rs.RelativeTo)
			if err != nil {
				return nil, f.Errorf(fld+".relative_to", "%q: no such site or body (sites and bodies: %s)", rs.RelativeTo, validList(siteIDs(m)))
			}
			r.task = &kin.Task{ID: t.ID, Point: true, Node: t.Node, Frame: t.Frame, Ref: spatial.Identity()}
			r.other = &kin.Task{ID: o.ID, Point: true, Node: o.Node, Frame: o.Frame, Ref: spatial.Identity()}
			r.pose0 = spatial.Transform{R: spatial.Identity3(), P: kd.Pose(r.task).P.Sub(kd.Pose(r.other).P)}
		}
		return r, p.siteSignal(fld, r)
	}
	sig, err := signal(f, fld+".values", rs.Values, r.n)
	if err != nil {
		return nil, err
	}
	r.f = sig
	if rs.Relative {
		r.f = func(t float64, y []float64) {
			sig(t, y)
			for i := range y {
				y[i] += start[i]
			}
		}
	}
	return r, nil
}

// siteSignal builds the pose signal of site reference r: position (absolute, or added to
// the start position) and orientation (a world rotation vector applied before the start
// orientation; the start orientation when absent).
func (p *filePlan) siteSignal(fld string, r *fileRef) error {
	rs := r.spec
	var pos, rot func(t float64, y []float64)
	var err error
	if rs.Position != nil {
		if pos, err = signal(p.f, fld+".position", rs.Position, 3); err != nil {
			return err
		}
	}
	if rs.Orientation != nil {
		if rot, err = signal(p.f, fld+".orientation", rs.Orientation, 3); err != nil {
			return err
		}
	}
	p0, R0 := r.pose0.P, r.pose0.R
	r.n = 12
	r.f = func(t float64, y []float64) {
		P, R := p0, R0
		var v [3]float64
		if pos != nil {
			pos(t, v[:])
			if rs.Relative {
				P = p0.Add(spatial.Vec3(v))
			} else {
				P = spatial.Vec3(v)
			}
		}
		if rot != nil {
			rot(t, v[:])
			R = spatial.ExpSO3(spatial.Vec3(v)).Mul(R0)
		}
		copy(y[:3], P[:])
		for i := range 3 {
			for j := range 3 {
				y[3+3*i+j] = R[i][j]
			}
		}
	}
	return nil
}

// pose returns the reference pose of a site reference at t (y: scratch of len 12).
func (r *fileRef) pose(t float64, y []float64) spatial.Transform {
	r.f(t, y)
	var x spatial.Transform
	copy(x.P[:], y[:3])
	for i := range 3 {
		for j := range 3 {
			x.R[i][j] = y[3+3*i+j]
		}
	}
	return x
}

// angle returns the rotation angle of R (rad).
func angle(R spatial.Mat3) float64 {
	c := (R[0][0] + R[1][1] + R[2][2] - 1) / 2
	return math.Acos(min(max(c, -1), 1))
}

// speeds sets the start speeds of plant pl from the file's start.v: each named joint must
// be an independent coordinate of the plant's partition (named at field fld).
func (p *filePlan) speeds(fld string, pl *plant) error {
	v := p.s.Start.V
	if len(v) == 0 {
		return nil
	}
	m := pl.m
	names := m.CoordinateNames()
	indep := coordNames(names, pl.p.Independent)
	pl.u0 = make([]float64, pl.p.Mobility)
	for _, id := range slices.Sorted(maps.Keys(v)) {
		j := m.JointIndex(id)
		if j < 0 || len(v[id]) != m.Joints[j].NV {
			return p.f.Errorf("start.v."+id, "expected a joint with %d speeds (joints: %s)", len(v[id]), validList(jointIDs(m.Graph)))
		}
		for k, x := range v[id] {
			i := slices.Index(pl.p.Independent, m.Joints[j].V0+k)
			if i < 0 {
				return p.f.Errorf("start.v."+id, "%q is not an independent coordinate of the partition (%s; see %s): its speed follows from the others",
					names[m.Joints[j].V0+k], strings.Join(indep, ", "), fld)
			}
			pl.u0[i] = x
		}
	}
	return nil
}

// position returns the tracked position of a site reference at the last kinematics of
// k: the site's origin, less the other site's with relative_to.
func (r *fileRef) position(k *kin.Data) spatial.Vec3 {
	p := k.Pose(r.task).P
	if r.other != nil {
		p = p.Sub(k.Pose(r.other).P)
	}
	return p
}

// coordNames returns the names of the velocity indices idx.
func coordNames(names []string, idx []int) []string {
	out := make([]string, len(idx))
	for i, v := range idx {
		out[i] = names[v]
	}
	return out
}
