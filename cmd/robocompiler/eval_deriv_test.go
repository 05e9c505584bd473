package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEvalDerivatives: on the four-bar (one motor, mobility 1) the forward and inverse
// partials that eval --derivatives prints are each other's inverses where they must be
// (∂f/∂u̇ = 1/(∂u̇/∂f), ∂f/∂q = −(∂u̇/∂q)/(∂u̇/∂f)); on the excavator (8 ports, mobility
// 7) the inverse blocks are null with a note; tree efforts are refused with exit 1.
func TestEvalDerivatives(t *testing.T) {
	st := writeState(t, `{"q": {"crank_pivot": 0.3}, "v": {"crank_pivot": 1.5}, "tau": {"crank_motor": 0.05}}`)
	out, errOut, code := run(t, "eval", "fourbar", "--partition", "crank", "--state", st, "--json", "--derivatives")
	if code != 0 {
		t.Fatalf("eval exit %d: %s", code, errOut)
	}
	var r evalJSON
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	dv := r.Derivatives
	if dv == nil || len(dv.DUdotDq) != 1 || len(dv.DfDq) != 1 || dv.Ports[0] != "crank_motor" {
		t.Fatalf("derivatives %+v", dv)
	}
	b, q, u := dv.DUdotDf[0][0], dv.DUdotDq[0][0], dv.DUdotDu[0][0]
	for name, pair := range map[string][2]float64{
		"df_dudot": {dv.DfDudot[0][0], 1 / b}, "df_dq": {dv.DfDq[0][0], -q / b}, "df_du": {dv.DfDu[0][0], -u / b}} {
		if math.Abs(pair[0]-pair[1]) > 1e-9*math.Abs(pair[1]) {
			t.Errorf("%s = %.12g; the forward partials give %.12g", name, pair[0], pair[1])
		}
	}
	empty := writeState(t, `{}`)
	out, errOut, code = run(t, "eval", "excavator", "--state", empty, "--json", "--derivatives")
	if code != 0 {
		t.Fatalf("excavator eval exit %d: %s", code, errOut)
	}
	var ex struct {
		Derivatives map[string]any `json:"derivatives"`
	}
	if err := json.Unmarshal([]byte(out), &ex); err != nil {
		t.Fatal(err)
	}
	d := ex.Derivatives
	if d["df_dq"] != nil || !strings.Contains(d["inverse_note"].(string), "8×7") || len(d["dudot_dq"].([]any)) != 7 {
		t.Fatalf("excavator derivatives: df_dq %v, note %v", d["df_dq"], d["inverse_note"])
	}
	tree := writeState(t, `{"tau": {"crank_pivot": [0.1]}}`)
	if _, errOut, code = run(t, "eval", "fourbar", "--state", tree, "--derivatives"); code != 1 || !strings.Contains(errOut, "actuator efforts only") {
		t.Fatalf("tree efforts: exit %d, %s", code, errOut)
	}
}

// TestBatchDerivatives: batch --derivatives writes the partials of every line, equal to
// eval's at the same state.
func TestBatchDerivatives(t *testing.T) {
	dir := t.TempDir()
	in, outPath := filepath.Join(dir, "in.jsonl"), filepath.Join(dir, "out.jsonl")
	if err := os.WriteFile(in, []byte(`{"q": {"crank_pivot": 0.3}, "v": {"crank_pivot": 1.5}, "f": {"crank_motor": 0.05}}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := run(t, "batch", "fourbar", "--partition", "crank", "--in", in, "--out", outPath, "--derivatives", "--workers", "1"); code != 0 {
		t.Fatalf("batch exit %d: %s", code, errOut)
	}
	b, err := os.ReadFile(outPath)
	if err != nil {
		t.Fatal(err)
	}
	var line batchResultJSON
	if err := json.Unmarshal(b, &line); err != nil {
		t.Fatal(err)
	}
	st := writeState(t, `{"q": {"crank_pivot": 0.3}, "v": {"crank_pivot": 1.5}, "tau": {"crank_motor": 0.05}}`)
	out, errOut, code := run(t, "eval", "fourbar", "--partition", "crank", "--state", st, "--json", "--derivatives")
	if code != 0 {
		t.Fatalf("eval exit %d: %s", code, errOut)
	}
	var r evalJSON
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	for name, pair := range map[string][2][][]float64{
		"dudot_dq": {line.DUdotDq, r.Derivatives.DUdotDq}, "dudot_du": {line.DUdotDu, r.Derivatives.DUdotDu}, "dudot_df": {line.DUdotDf, r.Derivatives.DUdotDf}} {
		if len(pair[0]) != 1 || math.Abs(pair[0][0][0]-pair[1][0][0]) > 1e-9*math.Abs(pair[1][0][0]) {
			t.Errorf("%s: batch %v, eval %v", name, pair[0], pair[1])
		}
	}
}
