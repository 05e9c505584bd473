package cmg

import (
	"maps"
	"math"
	"slices"
)

// siteKinds are the valid site kinds.
var siteKinds = []string{SitePoint, SiteFrame}

// checkSites checks sites: ids, kind, body and frame.
func (v *validator) checkSites() {
	v.checkIDs("sites", "site", len(v.g.Sites), func(i int) string { return v.g.Sites[i].ID })
	for i, s := range v.g.Sites {
		path := []any{"sites", i}
		if !slices.Contains(siteKinds, s.Kind) {
			v.report(appendPath(path, "kind"), "unknown site kind %q%s; valid kinds are %s", s.Kind, didYouMean(s.Kind, siteKinds), listNames(siteKinds))
		}
		v.bodyRef(appendPath(path, "body"), s.Body)
		if v.finite("sites", i) {
			v.checkFrame(appendPath(path, "frame"), s.Frame)
		}
	}
}

// checkSeeds checks every seed: it names joints with coordinates and gives each the right
// number of values, with unit quaternions.
func (v *validator) checkSeeds() {
	for _, name := range slices.Sorted(maps.Keys(v.g.Seeds)) {
		seed := v.g.Seeds[name]
		if name == "" {
			v.report([]any{"seeds", name}, "seed name is empty; name it (\"default\" is the assembly seed)")
		}
		for _, id := range slices.Sorted(maps.Keys(seed)) {
			path := []any{"seeds", name, id}
			t := v.jointRef(path, id, movingJoint, "a seed entry")
			if t == nil {
				continue
			}
			x := seed[id]
			if len(x) != t.nq {
				v.report(path, "a %s joint's seed takes %d value(s) (%s), got %d", t.name, t.nq, t.coords, len(x))
				continue
			}
			if t.quat < 0 {
				continue
			}
			q := x[t.quat : t.quat+4]
			n := math.Sqrt(q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3])
			if math.Abs(n-1) > seedQuatTol { // false for NaN, which checkFinite reports
				v.report(appendPath(path, t.quat), "the quaternion (values %d to %d) must be unit within %g (|q| = %.9g); divide it by its length", t.quat, t.quat+3, seedQuatTol, n)
			}
		}
	}
}

// checkPartitionRequests checks that every partition request names distinct 1-DoF joints.
func (v *validator) checkPartitionRequests() {
	for _, name := range slices.Sorted(maps.Keys(v.g.PartitionRequests)) {
		ids := v.g.PartitionRequests[name]
		if name == "" {
			v.report([]any{"partition_requests", name}, "partition request name is empty; name it")
		}
		if len(ids) == 0 {
			v.report([]any{"partition_requests", name}, "names no joints; list the 1-DoF joints to take as independent")
		}
		v.checkJointList([]any{"partition_requests", name}, ids, oneDoFJoint, "a partition request")
	}
}

// checkJointList checks a list of joint ids: each meets need, none repeated. It returns
// the valid ids.
func (v *validator) checkJointList(path []any, ids []string, need int, use string) map[string]bool {
	seen := map[string]bool{}
	for k, id := range ids {
		p := appendPath(path, k)
		if v.jointRef(p, id, need, use) == nil {
			continue
		}
		if seen[id] {
			v.report(p, "joint %q is listed twice; list each joint once", id)
		}
		seen[id] = true
	}
	return seen
}

// checkHints checks that tree_joints and cut_joints name existing moving joints, and no
// joint in both.
func (v *validator) checkHints() {
	h := v.g.Hints
	if h == nil {
		return
	}
	tree := v.checkJointList([]any{"hints", "tree_joints"}, h.TreeJoints, movingJoint, "a tree_joints hint")
	v.checkJointList([]any{"hints", "cut_joints"}, h.CutJoints, movingJoint, "a cut_joints hint")
	for k, id := range h.CutJoints {
		if tree[id] {
			v.report([]any{"hints", "cut_joints", k}, "joint %q is in both tree_joints and cut_joints; keep it in one list", id)
		}
	}
}
