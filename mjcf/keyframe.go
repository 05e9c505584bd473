package mjcf

import (
	"fmt"
	"math"

	"github.com/robocompiler/robocompiler/cmg"
)

// DefaultSeed is the name of the seed holding the reference configuration qpos0 (joint
// ref values, identity ball quaternions, free bodies at their modelled poses).
const DefaultSeed = "default"

// readKeyframes adds the default seed (qpos0) and one seed per <key> with a qpos. A
// key's qpos is split in MuJoCo's order — joints in depth-first body order, then
// document order within a body — into per-joint values: hinge and slide one number,
// ball (w, x, y, z), free (x, y, z, qw, qx, qy, qz). Unnamed keys are named key<i>; a
// key named "default" is renamed key_default. Keys without qpos are reported and
// skipped. Fixed joints carry no values. A reference value outside its joint's range is
// reported, since the default seed is the CMG assembly seed.
func (b *builder) readKeyframes(secs []*node) error {
	nq := 0
	def := map[string]cmg.Values{}
	for _, j := range b.joints {
		nq += len(j.qpos0)
		def[j.id] = append(cmg.Values(nil), j.qpos0...)
		if s := j.spec; s.limited && (s.ref < s.lo || s.ref > s.hi) {
			b.warn(s.n, "the reference value %g (qpos0, the %q seed) lies outside the range [%g, %g]", s.ref, DefaultSeed, s.lo, s.hi)
		}
	}
	if len(b.joints) > 0 {
		b.g.Seeds = map[string]map[string]cmg.Values{DefaultSeed: def}
	}
	idx := 0
	for _, sec := range secs {
		if len(sec.Attrs) > 0 {
			b.warn(sec, "the keyframe section takes no attributes; ignored")
		}
		for _, n := range sec.Children {
			idx++
			if n.Tag != "key" {
				b.warn(n, "unknown element in <keyframe>; ignored")
				continue
			}
			b.checkAttrs(n, "keyframe/key")
			a := ownAttrs(n)
			name := n.Name()
			switch {
			case name == "":
				name = fmt.Sprintf("key%d", idx-1)
			case name == DefaultSeed:
				name = "key_default"
				b.warn(n, "key named %q is imported as seed %q (the default seed is qpos0)", DefaultSeed, name)
			}
			if _, dup := b.g.Seeds[name]; dup {
				return errAt(n, "name", "seed %q is defined twice", name)
			}
			if !a.has("qpos") {
				b.warn(n, "key has no qpos; no seed made")
				continue
			}
			q, err := a.floats("qpos", 0, math.MaxInt)
			if err != nil {
				return err
			}
			if len(q) != nq {
				return errAt(n, "qpos", "expected %d numbers (the model's nq), got %d", nq, len(q))
			}
			seed := make(map[string]cmg.Values, len(b.joints))
			off := 0
			for _, j := range b.joints {
				k := len(j.qpos0)
				seed[j.id] = append(cmg.Values(nil), q[off:off+k]...)
				off += k
			}
			if b.g.Seeds == nil {
				b.g.Seeds = map[string]map[string]cmg.Values{}
			}
			b.g.Seeds[name] = seed
		}
	}
	return nil
}
