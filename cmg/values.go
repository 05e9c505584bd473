package cmg

import (
	"bytes"
	"encoding/json"
)

// MarshalJSON writes a one-element vector as a bare number and any other as an array.
func (v Values) MarshalJSON() ([]byte, error) {
	if len(v) == 1 {
		return json.Marshal(v[0])
	}
	if v == nil {
		return []byte("[]"), nil
	}
	return json.Marshal([]float64(v))
}

// UnmarshalJSON reads a bare number as a one-element vector, or an array of numbers;
// null leaves v unchanged.
func (v *Values) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	if string(data) == "null" {
		return nil
	}
	if len(data) > 0 && data[0] != '[' {
		var x float64
		if err := json.Unmarshal(data, &x); err != nil {
			return err
		}
		*v = Values{x}
		return nil
	}
	var xs []float64
	if err := json.Unmarshal(data, &xs); err != nil {
		return err
	}
	*v = xs
	return nil
}
