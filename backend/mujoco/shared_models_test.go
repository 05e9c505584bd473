//go:build mujoco

package mujoco

import (
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// sharedModels is the read-only model collection beside the checkout
// (../shared/models from the repository root); tests skip when it is absent.
var sharedModels = filepath.Join("..", "..", "..", "shared", "models")

var (
	reMeshAsset = regexp.MustCompile(`(?s)<mesh\b[^>]*/>`)
	reMeshGeom  = regexp.MustCompile(`(?s)<geom\b[^>]*\bmesh="[^"]*"[^>]*/>`)
	reComment   = regexp.MustCompile(`(?s)<!--.*?-->`)
	reEmptyDoc  = regexp.MustCompile(`(?s)^\s*(<\?xml[^>]*\?>)?\s*<mujoco\b[^>]*>\s*</mujoco>\s*$`)
	reTimeconst = regexp.MustCompile(`\btimeconst="[^"]*"`)
)

// loadWithoutMeshes loads the MJCF at main from memory after removing every mesh
// asset and mesh geom from it and from all .xml files beside it (includes), and
// dropping the includes that became empty. extra further rewrites every file.
func loadWithoutMeshes(t *testing.T, main string, extra func([]byte) []byte) *Model {
	t.Helper()
	dir := filepath.Dir(main)
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() || filepath.Ext(p) != ".xml" {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		b = reComment.ReplaceAll(b, nil)
		b = reMeshGeom.ReplaceAll(b, nil)
		b = reMeshAsset.ReplaceAll(b, nil)
		if extra != nil {
			b = extra(b)
		}
		rel, _ := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)] = b
		return nil
	})
	must(t, err)
	for name, b := range files {
		if reEmptyDoc.Match(b) {
			re := regexp.MustCompile(`<include\s+file="` + regexp.QuoteMeta(name) + `"\s*/>`)
			for other := range files {
				files[other] = re.ReplaceAll(files[other], nil)
			}
			delete(files, name)
		}
	}
	rel, _ := filepath.Rel(dir, main)
	doc := string(files[rel])
	delete(files, rel)
	m, err := LoadXMLString(doc, files)
	if err != nil {
		t.Fatalf("%s without meshes: %v", main, err)
	}
	t.Cleanup(m.Close)
	return m
}

func sharedPath(t *testing.T, rel string) string {
	p := filepath.Join(sharedModels, rel)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("shared model %s not available: %v", rel, err)
	}
	return p
}

// MuJoCo 2.2.2 rejects go2.xml as shipped only because its OBJ meshes are absent;
// with the meshes removed (every body has an explicit <inertial>) it compiles, so
// none of its other attributes (autolimits, priority, elliptic cones) is too new.
func TestSharedGo2(t *testing.T) {
	path := sharedPath(t, "menagerie/unitree_go2/go2.xml")
	_, err := LoadXML(path)
	var le *LoadError
	if !errors.As(err, &le) || !strings.Contains(le.Msg, ".obj") {
		t.Fatalf("go2.xml as shipped: err = %v, want MuJoCo's missing-mesh error", err)
	}
	t.Logf("as shipped: %v", err)

	m := loadWithoutMeshes(t, path, nil)
	if m.NQ() != 19 || m.NV() != 18 || m.NU() != 12 || m.NJnt() != 13 {
		t.Errorf("go2 sizes nq=%d nv=%d nu=%d njnt=%d, want 19 18 12 13", m.NQ(), m.NV(), m.NU(), m.NJnt())
	}
	if typ, _ := m.JointType(0); typ != JointFree {
		t.Errorf("joint 0 is %v, want free", typ)
	}
	home, err := m.KeyframeQpos("home")
	must(t, err)
	d := mustData(t, m)
	must(t, d.SetQpos(home))
	must(t, d.Forward())
	M := make([]float64, 18*18)
	must(t, d.FullM(M))
	// The 6x6 free-joint block's translational part is total mass times identity.
	total := 6.921 + 4*(0.678+1.152+0.241352)
	if math.Abs(M[0]-total) > 1e-9 || math.Abs(M[18+1]-total) > 1e-9 {
		t.Errorf("M[0][0] = %.12g, M[1][1] = %.12g, want total mass %.12g", M[0], M[19], total)
	}
}

// The kangaroo's 28 connect closures: MuJoCo 2.2.2 does not know the position
// actuator attribute timeconst (a MuJoCo 3 addition); without it and without
// meshes the model compiles, and the 84 equality rows are closed at qpos0 and
// consistent with their Jacobian.
func TestSharedKangarooClosures(t *testing.T) {
	path := sharedPath(t, "kangaroo/kangaroo.xml")
	_, err := LoadXML(path)
	if err == nil || !strings.Contains(err.Error(), "timeconst") {
		t.Fatalf("kangaroo.xml as shipped: err = %v, want the timeconst schema error", err)
	}
	t.Logf("as shipped: %v", err)

	m := loadWithoutMeshes(t, path, func(b []byte) []byte { return reTimeconst.ReplaceAll(b, nil) })
	if m.NEq() != 28 {
		t.Fatalf("NEq = %d, want 28", m.NEq())
	}
	d := mustData(t, m)
	must(t, d.Forward())
	if n := d.EqualityRows(); n != 84 || d.ConstraintsTruncated() {
		t.Fatalf("EqualityRows = %d (truncated %v), want 84", n, d.ConstraintsTruncated())
	}
	r := make([]float64, 84)
	must(t, d.EqualityResiduals(r))
	for i, v := range r {
		if math.Abs(v) > 1e-12 {
			t.Errorf("residual[%d] at qpos0 = %g", i, v)
		}
	}
	q := m.Qpos0()
	v := make([]float64, m.NV())
	rng := rand.New(rand.NewPCG(13, 14))
	for i := range v {
		v[i] = 0.05 * rng.NormFloat64()
	}
	must(t, m.IntegratePos(q, v, 1))
	worst := checkEqualityJacobian(t, m, q)
	t.Logf("kangaroo: max |J - FD| = %.3g over 84 rows x %d dofs", worst, m.NV())
}
