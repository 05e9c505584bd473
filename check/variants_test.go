package check

import (
	"testing"

	"github.com/robocompiler/robocompiler/robots"
)

// TestVariants holds the twelve Stewart and twelve excavator variants (perturbed geometry,
// masses and inertias, body-frame re-expression, record and actuator order) to the
// witness targets at a few states each, the excavator under both partition requests.
func TestVariants(t *testing.T) {
	for _, tc := range []struct {
		model    string
		requests []string
	}{{"stewart", []string{""}}, {"excavator", []string{"joint_space", "cylinder_space"}}} {
		vs, err := robots.Variants(tc.model, 12, 2024)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range vs {
			for _, req := range tc.requests {
				d := setup(t, v.Graph, "", req)
				runCheck(t, v.Name+"/"+req, d, 4, true)
			}
		}
	}
}
