package check

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/robocompiler/robocompiler/compile"
)

// LogState is one state of a rollout log: the configuration q (len NQ) and velocity v
// (len NV) of the model.
type LogState struct {
	Q, V []float64
}

// ReadStates reads the states of a rollout log in CSV (sim.Log.WriteCSV: a header of
// column names, then one row per logged state) for model m: every configuration column
// "q:<coordinate>" (the joint id, or id[k] for multi-coordinate joints) and velocity
// column "v:<coordinate>" (Model.CoordinateNames) must be present; other columns are
// ignored. Errors name the missing column or the line and column of a bad number.
func ReadStates(r io.Reader, m *compile.Model) ([]LogState, error) {
	cr := csv.NewReader(r)
	head, err := cr.Read()
	if err != nil {
		if errors.Is(err, io.EOF) {
			return nil, errors.New("empty log: no header")
		}
		return nil, err
	}
	index := make(map[string]int, len(head))
	for i, c := range head {
		index[c] = i
	}
	qcol, vcol := make([]int, m.NQ), make([]int, m.NV)
	for _, j := range m.Joints {
		for k := range j.NQ {
			name := j.ID
			if j.NQ > 1 {
				name = fmt.Sprintf("%s[%d]", j.ID, k)
			}
			if qcol[j.Q0+k], err = column(index, "q:"+name); err != nil {
				return nil, err
			}
		}
	}
	for i, name := range m.CoordinateNames() {
		if vcol[i], err = column(index, "v:"+name); err != nil {
			return nil, err
		}
	}
	var out []LogState
	for line := 2; ; line++ {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		st := LogState{Q: make([]float64, m.NQ), V: make([]float64, m.NV)}
		for _, p := range [2]struct {
			dst  []float64
			cols []int
		}{{st.Q, qcol}, {st.V, vcol}} {
			for i, c := range p.cols {
				x, err := strconv.ParseFloat(rec[c], 64)
				if err != nil {
					return nil, fmt.Errorf("line %d, column %q: %w", line, head[c], err)
				}
				p.dst[i] = x
			}
		}
		out = append(out, st)
	}
	if len(out) == 0 {
		return nil, errors.New("the log has no rows")
	}
	return out, nil
}

func column(index map[string]int, name string) (int, error) {
	i, ok := index[name]
	if !ok {
		return 0, fmt.Errorf("the log has no column %q", name)
	}
	return i, nil
}
