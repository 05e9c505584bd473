package check

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/internal/testfix"
)

// ReadStates takes every q: and v: column of the model in its own layout, ignores the
// others and names a missing column or a bad number with its line.
func TestReadStates(t *testing.T) {
	m := testfix.Compile(t, testfix.Builtin(t, "fourbar"), compile.Options{})
	var head, row []string
	names := map[int]string{}
	for _, j := range m.Joints {
		names[j.Q0] = j.ID // the four-bar's joints are 1-DoF
	}
	for i := m.NQ - 1; i >= 0; i-- { // reversed: the reader must not rely on the order
		head, row = append(head, "q:"+names[i]), append(row, strconv.Itoa(i+1))
	}
	for i, n := range m.CoordinateNames() {
		head, row = append(head, "v:"+n), append(row, strconv.Itoa(-(i+1)))
	}
	head, row = append(head, "gap_m"), append(row, "x")
	log := strings.Join(head, ",") + "\n" + strings.Join(row, ",") + "\n"
	st, err := ReadStates(strings.NewReader(log), m)
	if err != nil {
		t.Fatal(err)
	}
	for i := range m.NQ {
		if st[0].Q[i] != float64(i+1) {
			t.Errorf("q[%d] = %v", i, st[0].Q[i])
		}
	}
	for i := range m.NV {
		if st[0].V[i] != -float64(i+1) {
			t.Errorf("v[%d] = %v", i, st[0].V[i])
		}
	}
	if _, err := ReadStates(strings.NewReader("t,q:nothing\n0,1\n"), m); err == nil || !strings.Contains(err.Error(), `no column "q:`) {
		t.Errorf("missing column: %v", err)
	}
	bad := strings.Replace(log, ",-1,", ",zz,", 1)
	if _, err := ReadStates(strings.NewReader(bad), m); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("bad number: %v", err)
	}
}

// medianMax: the median of an even count is the mean of the middle pair; NaN is largest.
func TestMedianMax(t *testing.T) {
	if med, mx := medianMax([]float64{4, 1, 3, 2}); med != 2.5 || mx != 4 {
		t.Errorf("median %v max %v", med, mx)
	}
	if _, mx := medianMax([]float64{1, math.NaN(), 2}); !math.IsNaN(mx) {
		t.Errorf("max %v; want NaN", mx)
	}
}
