package sweep

import (
	"bytes"
	"encoding/json"
	"math"
)

// Row statuses.
const (
	// StatusOK: every step ran and met its targets.
	StatusOK = "ok"
	// StatusInvalid: the variant's records are invalid input (the parameter values made
	// the model invalid); Message names the record and field.
	StatusInvalid = "invalid_input"
	// StatusNumerical: a numerical failure (assembly did not converge, a check target
	// was missed, a rollout failed); Message says how far it got.
	StatusNumerical = "numerical_failure"
	// StatusInternal: a step panicked (a bug: the message asks for a report).
	StatusInternal = "internal_error"
)

// Row is one variant's result: one JSON line of a shard file. It holds nothing that
// changes between runs (no times), so a rerun writes the same bytes.
type Row struct {
	// Variant is the variant's index.
	Variant int `json:"variant"`
	// Model is the variant model's name (for generated variants, the generator's name
	// of the variant, e.g. "stewart-03-records").
	Model string `json:"model"`
	// Params are the parameter values by name (the generator's variant index under
	// "generated").
	Params map[string]float64 `json:"params"`
	// Status is one of the Status constants; Message says why when it is not ok.
	Status  string `json:"status"`
	Message string `json:"message,omitempty"`
	// Metrics are the kept metrics by name ("step.metric"); a metric that is not a
	// finite number (a ratio that does not apply) is null.
	Metrics map[string]*float64 `json:"metrics"`
}

// Encode returns the row as one JSON line (with its newline): keys in a fixed order,
// numbers in the shortest form that reads back exactly.
func (r *Row) Encode() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(r); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// set stores metric name with value x (non-finite values as null) when the sweep keeps
// it.
func (r *Row) set(s *Sweep, name string, x float64) {
	if !s.keep(name) {
		return
	}
	if math.IsNaN(x) || math.IsInf(x, 0) {
		r.Metrics[name] = nil
		return
	}
	r.Metrics[name] = &x
}

// fail records a failure of status st with message err.
func (r *Row) fail(st string, err error) {
	r.Status, r.Message = st, err.Error()
}
