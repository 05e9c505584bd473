package robots

import (
	"fmt"
	"maps"
	"math"

	"github.com/robocompiler/robocompiler/cmg"
)

// This file is a small test-only assembler: Gauss–Newton on the loop residuals of a
// breadth-first tree, over the 1-DoF joints outside a partition request, with a
// central-difference Jacobian. It shows that an edited mechanism still closes near its
// seed with the requested joints held.

// loopResidual returns the stacked residual rows of every non-tree joint at q.
func loopResidual(g *cmg.Graph, tree []bool, q map[string]cmg.Values) ([]float64, error) {
	r, err := closeLoopsAt(g, tree, q)
	if err != nil {
		return nil, err
	}
	var out []float64
	for _, gp := range r.Gaps {
		out = append(out, gp.Res...)
	}
	return out, nil
}

// assembleHolding solves the loop closures of g from its seed, moving every 1-DoF joint
// not in held. It returns the solved configuration, the largest residual and the largest
// coordinate change.
func assembleHolding(g *cmg.Graph, held []string) (map[string]cmg.Values, float64, float64, error) {
	tree := bfsTree(g, nil)
	q := maps.Clone(seedOf(g))
	for id, v := range q {
		q[id] = append(cmg.Values(nil), v...)
	}
	isHeld := map[string]bool{}
	for _, id := range held {
		isHeld[id] = true
	}
	var free []string
	for _, j := range g.Joints {
		if (j.Type == "revolute" || j.Type == "prismatic") && !isHeld[j.ID] {
			free = append(free, j.ID)
			if q[j.ID] == nil {
				q[j.ID] = cmg.Values{0}
			}
		}
	}
	n := len(free)
	worst := math.Inf(1)
	for iter := 0; iter < 30; iter++ {
		r, err := loopResidual(g, tree, q)
		if err != nil {
			return nil, 0, 0, err
		}
		worst = 0
		for _, x := range r {
			worst = math.Max(worst, math.Abs(x))
		}
		if worst < 1e-13 {
			break
		}
		// Central-difference Jacobian, m × n.
		const h = 1e-7
		jac := make([][]float64, len(r))
		for i := range jac {
			jac[i] = make([]float64, n)
		}
		for k, id := range free {
			x0 := q[id][0]
			q[id][0] = x0 + h
			rp, _ := loopResidual(g, tree, q)
			q[id][0] = x0 - h
			rm, _ := loopResidual(g, tree, q)
			q[id][0] = x0
			for i := range r {
				jac[i][k] = (rp[i] - rm[i]) / (2 * h)
			}
		}
		// Normal equations (JᵀJ + μI) dx = -Jᵀr, solved by Gaussian elimination.
		a := make([][]float64, n)
		for i := range a {
			a[i] = make([]float64, n+1)
			for k := range n {
				for row := range r {
					a[i][k] += jac[row][i] * jac[row][k]
				}
			}
			a[i][i] += 1e-14
			for row := range r {
				a[i][n] -= jac[row][i] * r[row]
			}
		}
		dx, err := solveDense(a)
		if err != nil {
			return nil, 0, 0, err
		}
		for k, id := range free {
			q[id][0] += dx[k]
		}
	}
	moved := 0.0
	for id, v := range q {
		if s, ok := seedOf(g)[id]; ok {
			moved = math.Max(moved, math.Abs(v[0]-s[0]))
		}
	}
	return q, worst, moved, nil
}

// solveDense solves the augmented n × (n+1) system a by Gaussian elimination with
// partial pivoting.
func solveDense(a [][]float64) ([]float64, error) {
	n := len(a)
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		if a[p][c] == 0 {
			return nil, fmt.Errorf("singular system at column %d", c)
		}
		a[c], a[p] = a[p], a[c]
		for r := c + 1; r < n; r++ {
			f := a[r][c] / a[c][c]
			for k := c; k <= n; k++ {
				a[r][k] -= f * a[c][k]
			}
		}
	}
	x := make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		s := a[r][n]
		for k := r + 1; k < n; k++ {
			s -= a[r][k] * x[k]
		}
		x[r] = s / a[r][r]
	}
	return x, nil
}
