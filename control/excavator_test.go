package control

import (
	"encoding/json"
	"errors"
	"github.com/robocompiler/robocompiler/internal/testutil"
	"math"
	"os"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// excavatorFixture is testdata/excavator_speed_bounds.json: the excavator's redundancy QP
// recorded in two partitions (see its note) for several speed bounds.
type excavatorFixture struct {
	N     int `json:"n"`
	Cases []struct {
		Speed      float64 `json:"speed"`
		Feasible   bool    `json:"feasible"`
		Partitions []struct {
			Name                 string
			W, G, J, Wv, A, B, E []float64
		} `json:"partitions"`
	} `json:"cases"`
}

// cleanRows returns a copy of m with the entries at most rel·max|row| of their row set to
// zero.
func cleanRows(m *mat.Dense, rel float64) *mat.Dense {
	c := mat.DenseCopyOf(m)
	r, _ := c.Dims()
	for i := 0; i < r; i++ {
		row := c.RawRowView(i)
		sc := testutil.MaxAbs(row)
		for j, v := range row {
			if math.Abs(v) <= rel*sc {
				row[j] = 0
			}
		}
	}
	return c
}

// The excavator's speed-bounded redundancy QP in the joint_space and cylinder_space
// partitions (the data of experiments/tasks TestCovarianceExcavator). The tilt-rotator coordinate
// moves neither the task point nor the cylinders; its task and port-map entries are
// rounding (≤ 1e-12). With the speed bound 0.01 the task is infeasible within the bounds
// (brute force on the data with those entries zeroed finds no optimum), and the solver
// must say so in both partitions instead of meeting the task through the rounding entries
// (formerly |u| ≈ 9e9 rad/s, multipliers ≈ 1e20, partitions disagreeing by 1.3e-9 of
// that). With feasible bounds — 0.01278 just above the infeasibility threshold ≈ 0.012775,
// and 0.015 — the physical velocities v = E u of the two partitions agree to 1e-12 of |v|
// (the data of the two partitions are computed separately, so this is their rounding
// level, observed ≈ 1e-15).
func TestExcavatorSpeedBounds(t *testing.T) {
	raw, err := os.ReadFile("testdata/excavator_speed_bounds.json")
	if err != nil {
		t.Fatal(err)
	}
	var fx excavatorFixture
	if err := json.Unmarshal(raw, &fx); err != nil {
		t.Fatal(err)
	}
	n := fx.N
	for _, c := range fx.Cases {
		var v [2][]float64
		var active [2][]int
		for k, p := range c.Partitions {
			meq, mineq := len(p.Wv), len(p.B)
			qp := &QP{W: mat.NewDense(n, n, p.W), G: p.G, J: mat.NewDense(meq, n, p.J), Wv: p.Wv,
				A: mat.NewDense(mineq, n, p.A), B: p.B}
			clean := *qp
			clean.J, clean.A = cleanRows(qp.J, 1e-10), cleanRows(qp.A, 1e-10)
			u := make([]float64, n)
			res, err := NewSolver(n, meq, mineq).Solve(qp, u)
			if !c.Feasible {
				var ie *InfeasibleError
				if !errors.As(err, &ie) || ie.Kind != KindInequality {
					t.Fatalf("speed %g, %s: err = %v (u = %v), want inequality infeasibility", c.Speed, p.Name, err, u)
				}
				if _, ok := bruteForce(&clean); ok {
					t.Fatalf("speed %g, %s: the data without rounding entries are feasible", c.Speed, p.Name)
				}
				if _, err := NewSolver(n, meq, mineq).Solve(&clean, u); !errors.As(err, &ie) {
					t.Fatalf("speed %g, %s, rounding entries zeroed: err = %v", c.Speed, p.Name, err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("speed %g, %s: %v", c.Speed, p.Name, err)
			}
			requireKKT(t, qp, u, res, 1e-12)
			v[k] = matVec(mat.NewDense(len(p.E)/n, n, p.E), u)
			active[k] = append([]int(nil), res.Active...)
		}
		if !c.Feasible {
			continue
		}
		if len(active[0]) == 0 || !slices.Equal(active[0], active[1]) {
			t.Fatalf("speed %g: active sets %v vs %v", c.Speed, active[0], active[1])
		}
		e := testutil.MaxDiff(v[0], v[1]) / testutil.MaxAbs(v[0])
		t.Logf("speed %g: active %v, |v_A − v_B|/|v_A| = %.3g (|v_A| = %.3g)", c.Speed, active[0], e, testutil.MaxAbs(v[0]))
		if e > 1e-12 {
			t.Fatalf("speed %g: physical velocities differ by %.3g between partitions", c.Speed, e)
		}
	}
}
