package main

import (
	"math"
	"testing"
	"unsafe"

	"github.com/robocompiler/robocompiler"
)

// newTestWorkspace loads and assembles a model.
func newTestWorkspace(t *testing.T, path, partition, seed string) *workspace {
	t.Helper()
	m, err := robocompiler.Load(path, robocompiler.Options{Partition: partition})
	if err != nil {
		t.Fatal(err)
	}
	w := newWorkspace(&model{m: m})
	if err := w.assemble(seed); err != nil {
		t.Fatal(err)
	}
	return w
}

// view wraps a Go slice as a caller array (tests only; C callers pass C memory).
func view(x []float64) arr {
	if len(x) == 0 {
		return arr{unsafe.Pointer(&[1]float64{}), 0}
	}
	return arr{unsafe.Pointer(&x[0]), len(x)}
}

// The hot calls allocate nothing after assembly and the first use of a task.
func TestNoAllocation(t *testing.T) {
	w := newTestWorkspace(t, "excavator", "joint_space", "")
	m := w.m.m
	n, nf, nb := w.d.Mobility(), len(m.Ports), len(m.Bodies)+1
	u, udot, f, fext := make([]float64, n), make([]float64, n), make([]float64, nf), make([]float64, 6*nb)
	mr, hr, du := make([]float64, n*n), make([]float64, n), make([]float64, n)
	J, x, b := make([]float64, 6*n), make([]float64, 6), make([]float64, 6)
	for i := range u {
		u[i], f[i%nf] = 0.1*float64(i+1), 100
	}
	site := m.Bodies[len(m.Bodies)-1].ID
	if err := w.taskEval(site, view(x), view(J), view(b)); err != nil {
		t.Fatal(err)
	}
	allocs := testing.AllocsPerRun(50, func() {
		if err := w.setState(view(u), arr{}); err != nil {
			t.Fatal(err)
		}
		if err := w.forward(view(f), view(fext), view(udot)); err != nil {
			t.Fatal(err)
		}
		if err := w.reducedDynamics(arr{}, view(mr), view(hr)); err != nil {
			t.Fatal(err)
		}
		if err := w.taskEval(site, view(x), view(J), view(b)); err != nil {
			t.Fatal(err)
		}
		if err := w.track(view(du), arr{}); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per call sequence; want 0", allocs)
	}
}

// J̇ u from rc_task's method matches the central difference of ẋ = J u along the motion
// with u held (the tracker moves the independent coordinates by ±h u exactly).
func TestTaskBias(t *testing.T) {
	cases := []struct{ model, partition, site string }{
		{"stewart", "lengths", "platform_center"},
		{"excavator", "joint_space", ""},
		{"../../shared/models/menagerie/unitree_go2/go2.xml", "", "imu"},
	}
	for _, c := range cases {
		seed := ""
		if c.site == "imu" {
			seed = "home"
		}
		w := newTestWorkspace(t, c.model, c.partition, seed)
		m := w.m.m
		site := c.site
		if site == "" {
			site = m.Bodies[len(m.Bodies)-1].ID
		}
		n := w.d.Mobility()
		dim, err := w.m.taskDim(site)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: task %s, dim %d", c.model, site, dim)
		u := make([]float64, n)
		for i := range u {
			u[i] = 0.2 * math.Sin(float64(i)+1)
		}
		if err := w.setState(view(u), arr{}); err != nil {
			t.Fatal(err)
		}
		q0 := append([]float64(nil), w.d.Q...)
		b, J := make([]float64, dim), make([]float64, dim*n)
		if err := w.taskEval(site, arr{}, arr{}, view(b)); err != nil {
			t.Fatal(err)
		}
		xdot := func(sign float64) []float64 {
			const h = 1e-5
			du := make([]float64, n)
			for i := range du {
				du[i] = sign * h * u[i]
			}
			if err := w.d.Reset(q0); err != nil {
				t.Fatal(err)
			}
			if err := w.track(view(du), arr{}); err != nil {
				t.Fatal(err)
			}
			if err := w.taskEval(site, arr{}, view(J), arr{}); err != nil {
				t.Fatal(err)
			}
			out := make([]float64, dim)
			for i := range dim {
				for k := range n {
					out[i] += J[i*n+k] * u[k]
				}
			}
			return out
		}
		p, mm := xdot(1), xdot(-1)
		scale := 0.0
		for i := range b {
			scale = math.Max(scale, math.Abs(b[i]))
		}
		for i := range b {
			fd := (p[i] - mm[i]) / 2e-5
			if math.Abs(fd-b[i]) > 1e-6*math.Max(scale, 1e-3) {
				t.Errorf("%s %s: jdotu[%d] = %.12g; central difference %.12g", c.model, site, i, b[i], fd)
			}
		}
	}
}
