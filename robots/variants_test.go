package robots

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/spatial"
)

// worldView is the physical content of a graph at its seed, independent of how body
// frames and records are chosen: per body its mass, centre of mass and central inertia
// in the ground frame; per joint the ground poses of both attachment frames; per site
// its ground pose; the actuators by id.
type worldView struct {
	mass    map[string]float64
	com     map[string]spatial.Vec3
	inertia map[string]spatial.Mat3
	frames  map[string]spatial.Transform
	acts    map[string]cmg.Actuator
}

// worldOf places g at its seed and returns its world view.
func worldOf(g *cmg.Graph) (worldView, error) {
	r, err := closeLoops(g, bfsTree(g, nil))
	if err != nil {
		return worldView{}, err
	}
	w := worldView{mass: map[string]float64{}, com: map[string]spatial.Vec3{}, inertia: map[string]spatial.Mat3{},
		frames: map[string]spatial.Transform{}, acts: map[string]cmg.Actuator{}}
	for _, b := range g.Bodies {
		p := r.Pose[b.ID]
		w.mass[b.ID] = b.Mass
		w.com[b.ID] = p.Apply(b.COM)
		w.inertia[b.ID] = p.R.Mul(inertiaMat(b.Inertia)).Mul(p.R.T())
	}
	for _, j := range g.Joints {
		w.frames["joint "+j.ID+" a"] = r.Pose[j.BodyA].Mul(fkFrame(j.FrameA))
		w.frames["joint "+j.ID+" b"] = r.Pose[j.BodyB].Mul(fkFrame(j.FrameB))
	}
	for _, s := range g.Sites {
		w.frames["site "+s.ID] = r.Pose[s.Body].Mul(fkFrame(s.Frame))
	}
	for _, a := range g.Actuators {
		w.acts[a.ID] = a
	}
	return w, nil
}

// diffWorld returns the first difference between two world views beyond a relative
// tolerance of 1e-12 (inertias relative to their largest entry), or "".
func diffWorld(a, b worldView) string {
	near := func(x, y float64) bool { return math.Abs(x-y) <= 1e-12*(1+math.Max(math.Abs(x), math.Abs(y))) }
	if len(a.mass) != len(b.mass) || len(a.frames) != len(b.frames) {
		return "different records"
	}
	for id, m := range a.mass {
		if !near(m, b.mass[id]) {
			return fmt.Sprintf("body %s: mass %v vs %v", id, m, b.mass[id])
		}
		scale := 0.0 // the tensor's largest entry: round-off is relative to it
		for k := range 3 {
			for l := range 3 {
				scale = math.Max(scale, math.Abs(a.inertia[id][k][l]))
			}
		}
		for k := range 3 {
			if !near(a.com[id][k], b.com[id][k]) {
				return fmt.Sprintf("body %s: world COM %v vs %v", id, a.com[id], b.com[id])
			}
			for l := range 3 {
				if math.Abs(a.inertia[id][k][l]-b.inertia[id][k][l]) > 1e-12*(1+scale) {
					return fmt.Sprintf("body %s: world inertia %v vs %v", id, a.inertia[id], b.inertia[id])
				}
			}
		}
	}
	for id, f := range a.frames {
		g, ok := b.frames[id]
		if !ok {
			return id + " missing"
		}
		if e := f.P.Sub(g.P).Norm(); e > 1e-12 {
			return fmt.Sprintf("%s: world position differs by %g m", id, e)
		}
		if e := rotAngle(f.R.T().Mul(g.R)); e > 1e-12 {
			return fmt.Sprintf("%s: world orientation differs by %g rad", id, e)
		}
	}
	if !reflect.DeepEqual(a.acts, b.acts) {
		return "actuators differ"
	}
	return ""
}

// kindOf returns the kind of a variant from its name "<model>-<NN>-<kind>".
func kindOf(v Variant) string {
	return v.Name[strings.LastIndex(v.Name, "-")+1:]
}

func TestVariantsAPI(t *testing.T) {
	if _, err := Variants("fourbar", 3, 1); err == nil {
		t.Error("variants of fourbar: no error")
	}
	if _, err := Variants("stewart", -1, 1); err == nil {
		t.Error("negative count: no error")
	}
	for _, model := range []string{"stewart", "excavator"} {
		a, err := Variants(model, 12, 7)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := Variants(model, 12, 7)
		c, _ := Variants(model, 5, 7)
		d, _ := Variants(model, 12, 8)
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: variants not deterministic", model)
		}
		if !reflect.DeepEqual(a[:5], c) {
			t.Errorf("%s: variant i depends on n", model)
		}
		same := 0
		for i := range a {
			if reflect.DeepEqual(a[i].Graph, d[i].Graph) {
				same++
			}
		}
		if same > 0 {
			t.Errorf("%s: %d variants identical under a different seed", model, same)
		}
		kinds := map[string]int{}
		names := map[string]bool{}
		for i, v := range a {
			if names[v.Name] || v.Graph.Name != v.Name || !strings.HasPrefix(v.Name, fmt.Sprintf("%s-%02d-", model, i)) {
				t.Errorf("%s: variant %d named %q (graph %q)", model, i, v.Name, v.Graph.Name)
			}
			names[v.Name] = true
			kinds[kindOf(v)]++
			if v.Description == "" || strings.Contains(v.Description, "\n") {
				t.Errorf("%s: variant %s description %q", model, v.Name, v.Description)
			}
		}
		for _, k := range variantKinds {
			if kinds[k] != 2 {
				t.Errorf("%s: %d variants of kind %s in 12, want 2", model, kinds[k], k)
			}
		}
	}
}

func TestVariants(t *testing.T) {
	for _, model := range []string{"stewart", "excavator"} {
		base, _ := Get(model)
		baseWorld, err := worldOf(base)
		if err != nil {
			t.Fatal(err)
		}
		vs, err := Variants(model, 12, 2024)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range vs {
			g := v.Graph
			checkCMG(t, v.Name, g)
			checkRecords(t, v.Name, g)
			pos, rot, _, err := closeLoopsOrders(g, 4, 5)
			if err != nil {
				t.Fatalf("%s: %v", v.Name, err)
			}
			t.Logf("%s: gap %.1e m %.1e rad — %s", v.Name, pos, rot, v.Description)
			exact := !(model == "excavator" && kindOf(v) == VariantGeometry)
			if exact && (pos > 1e-12 || rot > 1e-12) {
				t.Errorf("%s: seed gap %.3g m / %.3g rad, want ≤ 1e-12", v.Name, pos, rot)
			}
			w, err := worldOf(g)
			if err != nil {
				t.Fatal(err)
			}
			switch kindOf(v) {
			case VariantFrames, VariantRecords, VariantActuators:
				// Representation only: the mechanism must be identical.
				if d := diffWorld(baseWorld, w); d != "" {
					t.Errorf("%s: representation change altered the mechanism: %s", v.Name, d)
				}
				checkRepresentation(t, v, base)
			case VariantInertia:
				checkInertiaVariant(t, v, base)
			case VariantGeometry:
				checkGeometryVariant(t, v, base, pos)
			case VariantPayload:
				checkPayloadVariant(t, v, base)
			}
		}
	}
}

// checkRepresentation checks what each representation-only kind may change.
func checkRepresentation(t *testing.T, v Variant, base *cmg.Graph) {
	t.Helper()
	g := v.Graph
	switch kindOf(v) {
	case VariantActuators:
		if !reflect.DeepEqual(g.Bodies, base.Bodies) || !reflect.DeepEqual(g.Joints, base.Joints) {
			t.Errorf("%s: more than the actuators changed", v.Name)
		}
		if reflect.DeepEqual(g.Actuators, base.Actuators) {
			t.Errorf("%s: actuator order unchanged", v.Name)
		}
	case VariantRecords:
		if reflect.DeepEqual(g.Bodies, base.Bodies) || reflect.DeepEqual(g.Joints, base.Joints) ||
			reflect.DeepEqual(g.Actuators, base.Actuators) {
			t.Errorf("%s: a record list kept its order", v.Name)
		}
		byID := func(b cmg.Body) string { return b.ID }
		sorted := func(bs []cmg.Body) []cmg.Body {
			return slices.SortedFunc(slices.Values(bs), func(x, y cmg.Body) int { return strings.Compare(byID(x), byID(y)) })
		}
		if !reflect.DeepEqual(sorted(g.Bodies), sorted(base.Bodies)) {
			t.Errorf("%s: body records changed", v.Name)
		}
	case VariantFrames:
		changed := 0
		for i := range g.Bodies {
			if !reflect.DeepEqual(g.Bodies[i], base.Bodies[i]) {
				changed++
			}
		}
		if changed == 0 {
			t.Errorf("%s: no body frame moved", v.Name)
		}
		if !reflect.DeepEqual(g.Seeds, base.Seeds) {
			t.Errorf("%s: seeds changed", v.Name)
		}
	}
}

// checkInertiaVariant checks masses and inertia entries within ±10 % and physical, and
// the geometry unchanged.
func checkInertiaVariant(t *testing.T, v Variant, base *cmg.Graph) {
	t.Helper()
	g := v.Graph
	if !reflect.DeepEqual(g.Joints, base.Joints) {
		t.Errorf("%s: joints changed", v.Name)
	}
	changed := 0
	for i, b := range g.Bodies {
		o := base.Bodies[i]
		if b.COM != o.COM {
			t.Errorf("%s: body %s COM changed", v.Name, b.ID)
		}
		if r := b.Mass / o.Mass; r < 0.9 || r > 1.1 {
			t.Errorf("%s: body %s mass ratio %v", v.Name, b.ID, r)
		}
		for k := range 6 {
			if math.Abs(b.Inertia[k]-o.Inertia[k]) > 0.1*math.Abs(o.Inertia[k])+1e-15 {
				t.Errorf("%s: body %s inertia[%d] %v → %v", v.Name, b.ID, k, o.Inertia[k], b.Inertia[k])
			}
		}
		if b.Mass != o.Mass && b.Inertia != o.Inertia {
			changed++
		}
	}
	if changed != len(g.Bodies) {
		t.Errorf("%s: only %d of %d bodies changed", v.Name, changed, len(g.Bodies))
	}
}

// checkGeometryVariant checks that only attachment positions moved, by at most 1 mm,
// and that the mechanism still assembles near its seed.
func checkGeometryVariant(t *testing.T, v Variant, base *cmg.Graph, gap float64) {
	t.Helper()
	g := v.Graph
	if !reflect.DeepEqual(g.Bodies, base.Bodies) {
		t.Errorf("%s: bodies changed", v.Name)
	}
	moved := 0
	for i, j := range g.Joints {
		o := base.Joints[i]
		for _, fr := range [][2]cmg.Frame{{j.FrameA, o.FrameA}, {j.FrameB, o.FrameB}} {
			d := spatial.Vec3(fr[0].Pos).Sub(fr[1].Pos).Norm()
			if d > 1e-3 {
				t.Errorf("%s: joint %s frame moved by %g m", v.Name, j.ID, d)
			}
			if d > 0 {
				moved++
			}
		}
	}
	if moved == 0 {
		t.Errorf("%s: nothing moved", v.Name)
	}
	if !strings.HasPrefix(g.Name, "excavator") {
		return
	}
	if gap < 1e-7 || gap > 3e-3 {
		t.Errorf("%s: seed gap %g m, want about a millimetre", v.Name, gap)
	}
	// Still assemblable near the seed, holding either partition request. Held cylinder
	// lengths with pins moved by 1 mm turn short levers by a few centiradians.
	for req, maxMove := range map[string]float64{"joint_space": 0.01, "cylinder_space": 0.1} {
		_, res, dq, err := assembleHolding(g, g.PartitionRequests[req])
		if err != nil {
			t.Fatalf("%s: %s: %v", v.Name, req, err)
		}
		t.Logf("%s: holding %s, assembled to %.1e with joints moving ≤ %.1e", v.Name, req, res, dq)
		if res > 1e-11 || dq > maxMove {
			t.Errorf("%s: holding %s, assembly residual %g, largest move %g (not assemblable near the seed)",
				v.Name, req, res, dq)
		}
	}
}

// checkPayloadVariant checks that only the load-carrying body changed, physically.
func checkPayloadVariant(t *testing.T, v Variant, base *cmg.Graph) {
	t.Helper()
	g := v.Graph
	load := "payload"
	if strings.HasPrefix(g.Name, "excavator") {
		load = excavatorBucket
	}
	for i, b := range g.Bodies {
		if b.ID == load {
			if reflect.DeepEqual(b, base.Bodies[i]) {
				t.Errorf("%s: %s unchanged", v.Name, load)
			}
			if !physicalInertia(b.Mass, b.Inertia) {
				t.Errorf("%s: %s inertia not physical", v.Name, load)
			}
		} else if !reflect.DeepEqual(b, base.Bodies[i]) {
			t.Errorf("%s: body %s changed", v.Name, b.ID)
		}
	}
	if !reflect.DeepEqual(g.Joints, base.Joints) {
		t.Errorf("%s: joints changed", v.Name)
	}
}

// TestAssemblerDetects makes sure the test assembler can fail: moving a twin link's pin
// along its axis breaks the loop, which no joint motion can close.
func TestAssemblerDetects(t *testing.T) {
	g, _ := Get("excavator")
	j := findJoint(g, "q15")
	ax := frameRotation(j.FrameA).MulVec(*j.Axis)
	j.FrameA.Pos = spatial.Vec3(j.FrameA.Pos).Add(ax.Scale(1e-3))
	_, res, _, err := assembleHolding(g, g.PartitionRequests["joint_space"])
	if err == nil && res < 1e-6 {
		t.Errorf("an axially displaced pin assembled to %g", res)
	}
}

// TestWorldViewDetects makes sure the representation check can fail: a body frame moved
// without rotating the inertia, or without moving the centre of mass, changes the
// mechanism.
func TestWorldViewDetects(t *testing.T) {
	base, _ := Get("stewart")
	want, _ := worldOf(base)
	q := spatial.QuatExp(spatial.Vec3{0.3, -0.2, 0.5})
	tr := spatial.Transform{R: q.Mat3(), P: spatial.Vec3{0.05, 0, -0.1}}
	for _, broken := range []string{"", "inertia", "com"} {
		g, _ := Get("stewart")
		b := findBody(g, "leg_2_barrel")
		old := *b
		reexpressBody(g, b.ID, tr, q)
		switch broken {
		case "inertia":
			b.Inertia = old.Inertia
		case "com":
			b.COM = old.COM
		}
		got, err := worldOf(g)
		if err != nil {
			t.Fatal(err)
		}
		if d := diffWorld(want, got); (d == "") != (broken == "") {
			t.Errorf("re-expression with %q broken: diff %q", broken, d)
		}
	}
}
