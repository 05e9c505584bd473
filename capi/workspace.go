package main

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"unsafe"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/dyn"
	"github.com/robocompiler/robocompiler/kin"
	"github.com/robocompiler/robocompiler/spatial"
	"gonum.org/v1/gonum/mat"
)

// model is the Go side of an rc_model: the compiled model and the last error of the
// model-level calls.
type model struct {
	m   *robocompiler.Model
	mu  sync.Mutex
	err string
}

// setErr records the message of a model-level call (or clears it for nil).
func (m *model) setErr(err error) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err == nil {
		m.err = ""
		return codeOK
	}
	m.err = err.Error()
	return code(err)
}

// lastErr returns the last message.
func (m *model) lastErr() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.err
}

// arr is a caller's array: a pointer (nil for NULL) and its declared length in elements.
type arr struct {
	p unsafe.Pointer
	n int
}

// floats views a required array of exactly want doubles.
func (a arr) floats(op, name string, want int) ([]float64, error) {
	if a.p == nil {
		return nil, usagef("%s: %s is NULL; want %d doubles", op, name, want)
	}
	if a.n != want {
		return nil, usagef("%s: %s has %d doubles; want %d", op, name, a.n, want)
	}
	return unsafe.Slice((*float64)(a.p), want), nil
}

// optFloats views an optional array: nil for NULL, else exactly want doubles.
func (a arr) optFloats(op, name string, want int) ([]float64, error) {
	if a.p == nil {
		return nil, nil
	}
	return a.floats(op, name, want)
}

// ints views a required array of exactly want C ints (int32 on every platform Go's cgo
// supports).
func (a arr) ints(op, name string, want int) ([]int32, error) {
	if a.p == nil {
		return nil, usagef("%s: %s is NULL; want %d ints", op, name, want)
	}
	if a.n != want {
		return nil, usagef("%s: %s has %d ints; want %d", op, name, a.n, want)
	}
	return unsafe.Slice((*int32)(a.p), want), nil
}

// task is a task map with its preallocated Jacobians and scratch for the bias.
type task struct {
	t     *kin.Task
	jx, j *mat.Dense
	x     []float64
}

// workspace is the Go side of an rc_data: a front-door workspace, the tasks asked for
// by name, and a second tree-dynamics workspace for body accelerations.
type workspace struct {
	m     *model
	d     *robocompiler.Data
	tasks map[string]*task
	acc   *dyn.Data
	zeroV []float64
	der   *robocompiler.Derivatives // made by the first derivative call (derivatives.go)
}

// newWorkspace allocates a workspace of m.
func newWorkspace(m *model) *workspace {
	return &workspace{m: m, d: m.m.NewData(), tasks: map[string]*task{}, acc: dyn.NewData(m.m.Model),
		zeroV: make([]float64, m.m.NV)}
}

// ready reports a workspace that holds no state.
func (w *workspace) ready(op string) error {
	if w.d.Tracker == nil {
		return usagef("%s: the workspace holds no state; call rc_assemble first", op)
	}
	return nil
}

// fext views the external forces: nil for NULL, else (nbodies+1)·6 doubles as Vec6.
func (w *workspace) fext(op string, a arr) ([]spatial.Vec6, error) {
	nb := len(w.m.m.Bodies) + 1
	x, err := a.optFloats(op, "fext", 6*nb)
	if err != nil || x == nil {
		return nil, err
	}
	for i, v := range x {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, invalid(fmt.Errorf("%s: fext[%d] = %v is not finite", op, i, v))
		}
	}
	return unsafe.Slice((*spatial.Vec6)(a.p), nb), nil
}

// mobility returns D, or -1 before assembly.
func (w *workspace) mobility() int {
	if w.d.Tracker == nil {
		return -1
	}
	return w.d.Mobility()
}

// independent writes the independent velocity indices.
func (w *workspace) independent(idx arr) error {
	if err := w.ready("rc_independent"); err != nil {
		return err
	}
	p := w.d.Partition()
	out, err := idx.ints("rc_independent", "idx", p.Mobility)
	if err != nil {
		return err
	}
	for k, c := range p.Independent {
		out[k] = int32(c)
	}
	return nil
}

// assemble assembles from the named seed.
func (w *workspace) assemble(seed string) error {
	m := w.m.m
	if _, err := m.Seed(seed); err != nil {
		return invalid(err)
	}
	// As the CLI classifies assembly failures: a record that cannot be compiled is
	// invalid input, everything else numerical.
	err := w.d.Assemble(seed)
	var fe *cmg.FieldError
	if err == nil || errors.As(err, &fe) {
		return err
	}
	return &codedError{codeNumerical, err}
}

// setState sets u and optionally udot.
func (w *workspace) setState(u, udot arr) error {
	const op = "rc_set_state"
	if err := w.ready(op); err != nil {
		return err
	}
	n := w.d.Mobility()
	us, err := u.floats(op, "u", n)
	if err != nil {
		return err
	}
	uds, err := udot.optFloats(op, "udot", n)
	if err != nil {
		return err
	}
	return w.d.SetState(us, uds)
}

// setFullState sets q and v.
func (w *workspace) setFullState(q, v arr) error {
	const op = "rc_set_full_state"
	if err := w.ready(op); err != nil {
		return err
	}
	m := w.m.m
	qs, err := q.floats(op, "q", m.NQ)
	if err != nil {
		return err
	}
	vs, err := v.floats(op, "v", m.NV)
	if err != nil {
		return err
	}
	if err := w.d.SetFullState(qs, vs); err != nil {
		if code(err) == codeNumerical {
			return err
		}
		return invalid(err)
	}
	return nil
}

// getState copies q and u.
func (w *workspace) getState(q, u arr) error {
	const op = "rc_get_state"
	if err := w.ready(op); err != nil {
		return err
	}
	qs, err := q.optFloats(op, "q", w.m.m.NQ)
	if err != nil {
		return err
	}
	us, err := u.optFloats(op, "u", w.d.Mobility())
	if err != nil {
		return err
	}
	copy(qs, w.d.Q)
	copy(us, w.d.U)
	return nil
}

// track moves the independent coordinates by du and copies the new q.
func (w *workspace) track(du, q arr) error {
	const op = "rc_track"
	if err := w.ready(op); err != nil {
		return err
	}
	dus, err := du.floats(op, "du", w.d.Mobility())
	if err != nil {
		return err
	}
	qs, err := q.optFloats(op, "q", w.m.m.NQ)
	if err != nil {
		return err
	}
	if err := w.d.Track(dus); err != nil {
		if c := code(err); c != codeNumerical && c != codeUsage {
			return invalid(err)
		}
		return err
	}
	copy(qs, w.d.Q)
	return nil
}

// closure copies ρ and C.
func (w *workspace) closure(rho, C arr) error {
	const op = "rc_closure"
	if err := w.ready(op); err != nil {
		return err
	}
	m := w.m.m
	r, err := rho.optFloats(op, "rho", m.Rows)
	if err != nil {
		return err
	}
	c, err := C.optFloats(op, "C", m.Rows*m.NV)
	if err != nil {
		return err
	}
	copy(r, w.d.Closure().Rho)
	if c != nil {
		return w.d.DenseJacobian(c)
	}
	return nil
}

// copyDense copies the leading r×c block of A into the row-major x.
func copyDense(x []float64, A *mat.Dense, r, c int) {
	if r == 0 || c == 0 {
		return
	}
	raw := A.RawMatrix()
	for i := range r {
		copy(x[i*c:i*c+c], raw.Data[i*raw.Stride:i*raw.Stride+c])
	}
}

// lift copies E.
func (w *workspace) lift(E arr) error {
	const op = "rc_lift"
	if err := w.ready(op); err != nil {
		return err
	}
	nv, n := w.m.m.NV, w.d.Mobility()
	e, err := E.floats(op, "E", nv*n)
	if err != nil {
		return err
	}
	return w.d.DenseLift(e)
}

// velocity evaluates the interfaces and copies v and c.
func (w *workspace) velocity(v, c arr) error {
	const op = "rc_velocity"
	if err := w.ready(op); err != nil {
		return err
	}
	nv := w.m.m.NV
	vs, err := v.optFloats(op, "v", nv)
	if err != nil {
		return err
	}
	cs, err := c.optFloats(op, "c", nv)
	if err != nil {
		return err
	}
	w.d.Interfaces()
	copy(vs, w.d.V)
	copy(cs, w.d.Curv)
	return nil
}

// portMap evaluates the interfaces and copies ℓ and L.
func (w *workspace) portMap(ell, L arr) error {
	const op = "rc_port_map"
	if err := w.ready(op); err != nil {
		return err
	}
	nf, n := len(w.m.m.Ports), w.d.Mobility()
	es, err := ell.optFloats(op, "ell", nf)
	if err != nil {
		return err
	}
	ls, err := L.optFloats(op, "L", nf*n)
	if err != nil {
		return err
	}
	w.d.Interfaces()
	copy(es, w.d.Kin.Ell)
	if ls != nil {
		copyDense(ls, w.d.Kin.L, nf, n)
	}
	return nil
}

// node resolves a site or body name to its node and frame.
func (w *workspace) frame(op, name string) (int, spatial.Transform, error) {
	m := w.m.m
	if s := m.Site(name); s != nil {
		return s.Node, s.Frame, nil
	}
	if n := m.BodyNode(name); n >= 0 {
		return n, spatial.Identity(), nil
	}
	return 0, spatial.Transform{}, invalid(fmt.Errorf("%s: no site or body %q in %s", op, name, m.Graph.Source))
}

// framePose writes the world pose of a site or body.
func (w *workspace) framePose(name string, pose arr) error {
	const op = "rc_frame_pose"
	if err := w.ready(op); err != nil {
		return err
	}
	p, err := pose.floats(op, "pose", 12)
	if err != nil {
		return err
	}
	n, X, err := w.frame(op, name)
	if err != nil {
		return err
	}
	w.d.Kin.Kinematics(w.d.Q)
	writePose(p, w.d.Kin.Dyn.Pose(n).Mul(X))
	return nil
}

// writePose writes T as a row-major rotation then the translation.
func writePose(p []float64, T spatial.Transform) {
	for i := range 3 {
		copy(p[3*i:3*i+3], T.R[i][:])
	}
	copy(p[9:12], T.P[:])
}

// worldWrench adds a world-frame wrench at a body point to fext.
func (w *workspace) worldWrench(body string, point, wr, fext arr) error {
	const op = "rc_world_wrench"
	if err := w.ready(op); err != nil {
		return err
	}
	pt, err := point.floats(op, "point", 3)
	if err != nil {
		return err
	}
	ws, err := wr.floats(op, "w", 6)
	if err != nil {
		return err
	}
	fx, err := w.fext(op, fext)
	if err != nil {
		return err
	}
	if fx == nil {
		return usagef("%s: fext is NULL", op)
	}
	n := w.m.m.BodyNode(body)
	if n < 0 {
		return invalid(fmt.Errorf("%s: no body %q in %s", op, body, w.m.m.Graph.Source))
	}
	w.d.Kin.Kinematics(w.d.Q)
	fx[n] = fx[n].Add(w.d.Kin.Dyn.WorldWrench(n, spatial.Vec3(pt), spatial.Vec6(ws)))
	return nil
}

// task returns the task of a site or body, made on first use.
func (w *workspace) task(op, name string) (*task, error) {
	t, ok := w.tasks[name]
	if !ok {
		// name may view the caller's C memory: the task keeps its own copy.
		name = strings.Clone(name)
		kt, err := kin.NewTask(w.m.m.Model, name)
		if err != nil {
			return nil, invalid(fmt.Errorf("%s: %v", op, err))
		}
		t = &task{t: kt, jx: mat.NewDense(kt.Dim(), w.m.m.NV, nil), x: make([]float64, kt.Dim())}
		w.tasks[name] = t
	}
	if n := w.d.Mobility(); n > 0 && (t.j == nil || t.j.RawMatrix().Cols != n) {
		t.j = mat.NewDense(t.t.Dim(), n, nil)
	}
	return t, nil
}

// taskEval writes the task value, J = J_x E and the bias J̇ u.
func (w *workspace) taskEval(name string, x, J, jdu arr) error {
	const op = "rc_task"
	if err := w.ready(op); err != nil {
		return err
	}
	t, err := w.task(op, name)
	if err != nil {
		return err
	}
	dim, n := t.t.Dim(), w.d.Mobility()
	xs, err := x.optFloats(op, "x", dim)
	if err != nil {
		return err
	}
	js, err := J.optFloats(op, "J", dim*n)
	if err != nil {
		return err
	}
	bs, err := jdu.optFloats(op, "jdotu", dim)
	if err != nil {
		return err
	}
	w.d.Interfaces()
	k := w.d.Kin
	if err := k.TaskValue(t.t, t.x); err != nil {
		return &codedError{codeNumerical, err}
	}
	copy(xs, t.x)
	if js != nil || bs != nil {
		var jm *mat.Dense
		if js != nil && n > 0 {
			jm = t.j
		}
		if err := k.TaskJacobian(t.t, t.jx, jm); err != nil {
			return &codedError{codeNumerical, err}
		}
		if js != nil {
			copyDense(js, t.j, dim, n)
		}
	}
	if bs != nil {
		w.bias(t, bs)
	}
	return nil
}

// bias writes the task acceleration at u̇ = 0, J_x c + J̇_x v: the tree kinematics with
// the augmented acceleration a = c give the frame's body acceleration; a point adds the
// velocity terms of a point on a moving body; a frame maps the body acceleration by
// J_r⁻¹(x) and adds the rate of J_r⁻¹(x) along ẋ by a central difference.
func (w *workspace) bias(t *task, out []float64) {
	d := w.d
	w.acc.ForwardKinematicsAcc(d.Q, d.V, d.Curv)
	X := t.t.Frame
	tw := X.InvActMotion(w.acc.Twist(t.t.Node))
	ac := X.InvActMotion(w.acc.Acceleration(t.t.Node))
	if t.t.Point {
		// Frame-origin acceleration in frame axes: a + ω × v, then to the world.
		om, v := tw.Angular(), tw.Linear()
		a := ac.Linear().Add(om.Cross(v))
		R := w.acc.Pose(t.t.Node).Mul(X).R
		wa := R.MulVec(a)
		copy(out, wa[:])
		return
	}
	xi := spatial.Vec6(t.x)
	jr := spatial.JrInvSE3(xi)
	xd := jr.MulVec(tw)
	b := jr.MulVec(ac)
	if s := vecNorm(xd); s > 0 {
		h := 1e-5 / s
		p := spatial.JrInvSE3(xi.Add(xd.Scale(h))).MulVec(tw)
		m := spatial.JrInvSE3(xi.Add(xd.Scale(-h))).MulVec(tw)
		for i := range 6 {
			b[i] += (p[i] - m[i]) / (2 * h)
		}
	}
	copy(out, b[:])
}

// vecNorm is the Euclidean norm of a spatial vector's coordinates.
func vecNorm(v spatial.Vec6) float64 {
	s := 0.0
	for _, x := range v {
		s += x * x
	}
	return math.Sqrt(s)
}

// treeDynamics evaluates the interfaces and the dynamics and copies M_T and h_T.
func (w *workspace) treeDynamics(fext, M, h arr) error {
	const op = "rc_tree_dynamics"
	if err := w.ready(op); err != nil {
		return err
	}
	n := w.m.m.NVT
	fx, err := w.fext(op, fext)
	if err != nil {
		return err
	}
	ms, err := M.optFloats(op, "M", n*n)
	if err != nil {
		return err
	}
	hs, err := h.optFloats(op, "h", n)
	if err != nil {
		return err
	}
	w.d.Interfaces()
	if err := w.d.Dynamics(fx); err != nil {
		return err
	}
	copy(hs, w.d.Reduced.HT)
	if ms == nil {
		return nil
	}
	return w.d.DenseTreeMass(ms)
}

// reducedDynamics evaluates the interfaces and the dynamics and copies M_r and h_r.
func (w *workspace) reducedDynamics(fext, M, h arr) error {
	const op = "rc_reduced_dynamics"
	if err := w.ready(op); err != nil {
		return err
	}
	n := w.d.Mobility()
	fx, err := w.fext(op, fext)
	if err != nil {
		return err
	}
	ms, err := M.optFloats(op, "Mr", n*n)
	if err != nil {
		return err
	}
	hs, err := h.optFloats(op, "hr", n)
	if err != nil {
		return err
	}
	w.d.Interfaces()
	if err := w.d.Dynamics(fx); err != nil {
		return err
	}
	copy(hs, w.d.Reduced.Hr)
	if ms == nil {
		return nil
	}
	return w.d.DenseReducedMass(ms)
}

// forwardInputs checks that the workspace holds a state and reads the port efforts f
// (optional, finite, one per port) and the external wrenches fext of a forward call.
func (w *workspace) forwardInputs(op string, f, fext arr) ([]float64, []spatial.Vec6, error) {
	if err := w.ready(op); err != nil {
		return nil, nil, err
	}
	fs, err := f.optFloats(op, "f", len(w.m.m.Ports))
	if err != nil {
		return nil, nil, err
	}
	for i, x := range fs {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, nil, invalid(fmt.Errorf("%s: f[%d] = %v is not finite", op, i, x))
		}
	}
	fx, err := w.fext(op, fext)
	if err != nil {
		return nil, nil, err
	}
	return fs, fx, nil
}

// forward runs the forward pipeline and copies u̇.
func (w *workspace) forward(f, fext, udot arr) error {
	const op = "rc_forward"
	fs, fx, err := w.forwardInputs(op, f, fext)
	if err != nil {
		return err
	}
	out, err := udot.floats(op, "udot", w.d.Mobility())
	if err != nil {
		return err
	}
	if err := w.d.Forward(fs, fx); err != nil {
		return err
	}
	copy(out, w.d.Udot)
	return nil
}

// inverse runs the inverse pipeline and copies τ_r.
func (w *workspace) inverse(fext, tau arr) error {
	const op = "rc_inverse"
	if err := w.ready(op); err != nil {
		return err
	}
	fx, err := w.fext(op, fext)
	if err != nil {
		return err
	}
	out, err := tau.floats(op, "taur", w.d.Mobility())
	if err != nil {
		return err
	}
	if err := w.d.Inverse(fx); err != nil {
		return err
	}
	copy(out, w.d.TauR)
	return nil
}

// name returns the name of item index of kind (RC_NAME_*).
func (m *model) name(kind, index int) (string, error) {
	cm := m.m
	var names int
	switch kind {
	case 0:
		names = cm.NV
	case 1:
		names = len(cm.Ports)
	case 2:
		names = len(cm.Sites)
	case 3:
		names = len(cm.Bodies)
	default:
		return "", usagef("rc_name: kind %d; want RC_NAME_COORDINATE (0), RC_NAME_PORT (1), RC_NAME_SITE (2) or RC_NAME_BODY (3)", kind)
	}
	if index < 0 || index >= names {
		return "", usagef("rc_name: index %d out of range [0, %d) for kind %d", index, names, kind)
	}
	switch kind {
	case 0:
		return coordinateName(cm, index), nil
	case 1:
		return cm.Ports[index].ID, nil
	case 2:
		return cm.Sites[index].ID, nil
	}
	return cm.Bodies[index].ID, nil
}

// coordinateName labels velocity index i as Model.CoordinateNames does, without
// building the whole list.
func coordinateName(m *robocompiler.Model, i int) string {
	for k := range m.Joints {
		j := &m.Joints[k]
		if i >= j.V0 && i < j.V0+j.NV {
			if j.NV == 1 {
				return j.ID
			}
			return fmt.Sprintf("%s[%d]", j.ID, i-j.V0)
		}
	}
	return fmt.Sprintf("v[%d]", i)
}

// jointFrames writes the placement frames of a joint.
func (m *model) jointFrames(joint string, A, B arr) error {
	const op = "rc_joint_frames"
	as, err := A.floats(op, "A", 12)
	if err != nil {
		return err
	}
	bs, err := B.floats(op, "B", 12)
	if err != nil {
		return err
	}
	j := m.m.JointIndex(joint)
	if j < 0 {
		return invalid(fmt.Errorf("%s: no joint %q in %s", op, joint, m.m.Graph.Source))
	}
	writePose(as, m.m.Joints[j].A)
	writePose(bs, m.m.Joints[j].B)
	return nil
}

// taskDim returns the dimension of the task on a site or body.
func (m *model) taskDim(name string) (int, error) {
	t, err := kin.NewTask(m.m.Model, name)
	if err != nil {
		return -1, invalid(fmt.Errorf("rc_task_dim: %v", err))
	}
	return t.Dim(), nil
}
