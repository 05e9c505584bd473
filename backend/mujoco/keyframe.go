//go:build mujoco

package mujoco

/*
#include <mujoco/mujoco.h>
*/
import "C"

// Qpos0 returns a copy of the reference configuration qpos0 (length NQ), the state
// MuJoCo resets to and at which equality anchors are made consistent.
func (m *Model) Qpos0() []float64 {
	p := m.ptr()
	if p == nil {
		return nil
	}
	return append([]float64(nil), f64(p.qpos0, int(p.nq))...)
}

// KeyframeQpos returns a copy of the qpos (length NQ) of the keyframe called name.
func (m *Model) KeyframeQpos(name string) ([]float64, error) {
	k, err := m.id(kindKey, name)
	if err != nil {
		return nil, err
	}
	p := m.ptr()
	nq := int(p.nq)
	all := f64(p.key_qpos, int(p.nkey)*nq)
	return append([]float64(nil), all[k*nq:(k+1)*nq]...), nil
}
