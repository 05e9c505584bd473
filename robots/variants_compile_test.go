package robots_test

import (
	"testing"

	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/robots"
)

// TestVariantsCompileAndAssemble: every one of 12 Stewart and 12 excavator variants
// compiles with the library's compiler, assembles from its seed to a closure gap within
// 1e-12 (m and rad), and has the mobility of its base model — 6 for the Stewart platform,
// 7 for the excavator — both with the pivoted-QR partition and holding each partition
// request the model declares.
//
// The consistency witnesses of every variant are checked in check/variants_test.go.
func TestVariantsCompileAndAssemble(t *testing.T) {
	for model, mobility := range map[string]int{"stewart": 6, "excavator": 7} {
		vs, err := robots.Variants(model, 12, 2024)
		if err != nil {
			t.Fatal(err)
		}
		if len(vs) != 12 {
			t.Fatalf("%s: %d variants", model, len(vs))
		}
		for _, v := range vs {
			t.Run(v.Name, func(t *testing.T) {
				m, err := compile.Compile(v.Graph, compile.Options{})
				if err != nil {
					t.Fatalf("compile: %v", err)
				}
				q0, err := m.Seed("")
				if err != nil {
					t.Fatal(err)
				}
				requests := []string{""}
				for name := range v.Graph.PartitionRequests {
					requests = append(requests, name)
				}
				for _, req := range requests {
					var hold []int
					if req != "" {
						if hold, err = m.PartitionRequest(req); err != nil {
							t.Fatalf("partition %s: %v", req, err)
						}
					}
					a, err := closure.Assemble(m, q0, closure.AssembleOptions{Hold: hold})
					if err != nil {
						t.Fatalf("assemble holding %q: %v", req, err)
					}
					if a.GapM > 1e-12 || a.GapRad > 1e-12 {
						t.Errorf("holding %q: closure gap %.3g m, %.3g rad", req, a.GapM, a.GapRad)
					}
					d := closure.NewData(m)
					d.Jacobian(a.Q)
					p, err := closure.ChoosePartition(m, d.C, hold, 0)
					if err != nil {
						t.Fatalf("partition holding %q: %v", req, err)
					}
					if p.Mobility != mobility || len(p.Independent) != mobility {
						t.Errorf("holding %q: mobility %d (rank %d of %d rows), want %d", req, p.Mobility, p.Rank, m.Rows, mobility)
					}
				}
			})
		}
	}
}
