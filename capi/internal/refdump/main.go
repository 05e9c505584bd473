// Command refdump evaluates a model through the Go front door at a reproducible state and
// prints every quantity the C library exposes as one JSON object: the reference the
// Python tests (python/tests) compare the library against.
//
//	go run ./capi/internal/refdump MODEL [PARTITION [SEED]]
//
// The state: the seed's assembled configuration, u_k = 0.3 sin(k+1), port efforts
// f_i = 20 cos(i), u̇_k = 0.1 (k+1), no external forces but a world wrench on the last
// body; then one tracking step by du = 1e-3 u. The inputs are printed with the outputs,
// so the caller repeats them bit for bit.
package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/kin"
	"github.com/robocompiler/robocompiler/spatial"
	"gonum.org/v1/gonum/mat"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "refdump:", err)
		os.Exit(1)
	}
}

// cp copies a workspace slice (the workspace reuses its buffers).
func cp(x []float64) []float64 { return append([]float64{}, x...) }

// dense flattens a matrix row-major.
func dense(A *mat.Dense, r, c int) []float64 {
	out := make([]float64, r*c)
	if r == 0 || c == 0 {
		return out
	}
	for i := range r {
		for j := range c {
			out[i*c+j] = A.At(i, j)
		}
	}
	return out
}

func run() error {
	if len(os.Args) < 2 {
		return fmt.Errorf("usage: refdump MODEL [PARTITION [SEED]]")
	}
	args := append(append([]string{}, os.Args[1:]...), "", "", "")
	m, err := robocompiler.Load(args[0], robocompiler.Options{Partition: args[1]})
	if err != nil {
		return err
	}
	d := m.NewData()
	if err := d.Assemble(args[2]); err != nil {
		return err
	}
	out := map[string]any{}
	n, nv, nf := d.Mobility(), m.NV, len(m.Ports)
	u, f, udot := make([]float64, n), make([]float64, nf), make([]float64, n)
	for k := range u {
		u[k], udot[k] = 0.3*math.Sin(float64(k+1)), 0.1*float64(k+1)
	}
	for i := range f {
		f[i] = 20 * math.Cos(float64(i))
	}
	out["u"], out["f"], out["udot_in"] = u, f, udot
	out["independent"] = append([]int{}, d.Partition().Independent...)
	out["coordinates"] = m.CoordinateNames()
	out["q0"] = append([]float64(nil), d.Q...)
	c := d.Closure()
	out["rho"], out["C"] = cp(c.Rho), dense(c.C, m.Rows, nv)
	out["E"] = dense(d.Lift().E, nv, n)
	if err := d.SetState(u, udot); err != nil {
		return err
	}
	d.Interfaces()
	out["v"], out["c"] = cp(d.V), cp(d.Curv)
	out["ell"], out["L"] = cp(d.Kin.Ell), dense(d.Kin.L, nf, n)
	if err := d.Dynamics(nil); err != nil {
		return err
	}
	out["MT"], out["hT"] = cp(d.Reduced.MT), cp(d.Reduced.HT)
	out["Mr"], out["hr"] = cp(d.Reduced.Mr), cp(d.Reduced.Hr)
	if err := d.Inverse(nil); err != nil {
		return err
	}
	out["taur"] = append([]float64(nil), d.TauR...)
	// A world wrench on the last body at a point of it.
	last := len(m.Bodies)
	fext := make([]spatial.Vec6, last+1)
	point, wr := spatial.Vec3{0.01, -0.02, 0.03}, spatial.Vec6{0.5, -0.2, 0.1, 3, -1, 2}
	fext[last] = d.Kin.Dyn.WorldWrench(last, point, wr)
	out["wrench_body"], out["wrench_point"], out["wrench"] = m.Bodies[last-1].ID, point, wr
	flat := make([]float64, 0, 6*(last+1))
	for _, x := range fext {
		flat = append(flat, x[:]...)
	}
	out["fext"] = flat
	if err := d.SetState(u, nil); err != nil {
		return err
	}
	if err := d.Forward(f, fext); err != nil {
		return err
	}
	out["udot"] = append([]float64(nil), d.Udot...)
	if err := d.Dynamics(fext); err != nil {
		return err
	}
	out["hr_fext"] = append([]float64(nil), d.Reduced.Hr...)
	// Tasks: every site, and the last body.
	tasks := map[string]any{}
	names := []string{m.Bodies[last-1].ID}
	for _, s := range m.Sites {
		names = append(names, s.ID)
	}
	for _, name := range names {
		t, err := kin.NewTask(m.Model, name)
		if err != nil {
			return err
		}
		x := make([]float64, t.Dim())
		if err := d.Kin.TaskValue(t, x); err != nil {
			tasks[name] = map[string]any{"error": err.Error()}
			continue
		}
		jx, J := mat.NewDense(t.Dim(), nv, nil), mat.NewDense(t.Dim(), max(n, 1), nil)
		var jj *mat.Dense
		if n > 0 {
			jj = J
		}
		if err := d.Kin.TaskJacobian(t, jx, jj); err != nil {
			return err
		}
		pose := d.Kin.Pose(t)
		p := make([]float64, 0, 12)
		for i := range 3 {
			p = append(p, pose.R[i][:]...)
		}
		p = append(p, pose.P[:]...)
		tasks[name] = map[string]any{"x": x, "J": dense(J, t.Dim(), n), "pose": p}
	}
	out["tasks"] = tasks
	du := make([]float64, n)
	for k := range du {
		du[k] = 1e-3 * u[k]
	}
	out["du"] = du
	if err := d.Track(du); err != nil {
		return err
	}
	out["q_track"] = cp(d.Q)
	enc := json.NewEncoder(os.Stdout)
	return enc.Encode(out)
}
