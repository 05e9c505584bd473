package mjcf

import (
	"path/filepath"
	"testing"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/internal/testmodels"
	"github.com/robocompiler/robocompiler/joint"
)

// TestExportGraphKangaroo: on Kangaroo with universal cuts, the export's graph carries
// each universal cut as a universal tree joint and cuts its loop at a revolute joint
// instead (eight more velocities: the universal joints' two each; the cut joints keep
// their coordinates); every closure is then a connect or a connect pair, and the input
// graph is left as it was.
func TestExportGraphKangaroo(t *testing.T) {
	g, _, err := ImportFileWith(filepath.Join(testmodels.Dir(t), testmodels.KangarooFixed), ImportOptions{MergeConnectPairs: true, SnapPlanarLoops: true})
	if err != nil {
		t.Fatal(err)
	}
	m, err := compile.Compile(g, compile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ExportCuts(m); err == nil {
		t.Fatal("universal cuts reported as exportable")
	}
	eg, changed, err := ExportGraph(m)
	if err != nil || !changed {
		t.Fatalf("changed %v, err %v", changed, err)
	}
	if len(g.Joints) != 75 || g.Hints != nil {
		t.Fatalf("ExportGraph modified its input: %d joints, hints %+v", len(g.Joints), g.Hints)
	}
	em, err := compile.Compile(eg, compile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	universal, cutRevolute := 0, 0
	for _, j := range em.Joints {
		switch {
		case j.Model.Kind == joint.Universal && j.Tree:
			universal++
		case j.Model.Kind == joint.Universal:
			t.Errorf("universal joint %s is a cut", j.ID)
		case !j.Tree && j.Model.Kind == joint.Revolute:
			cutRevolute++
		case !j.Tree:
			t.Errorf("cut joint %s is a %s", j.ID, j.Model.Kind)
		}
	}
	if universal != 4 || cutRevolute != 4 || em.NV != m.NV+8 || len(em.Comparisons) != 24 {
		t.Errorf("%d universal tree joints, %d revolute cuts, nv %d (was %d), %d comparisons", universal, cutRevolute, em.NV, m.NV, len(em.Comparisons))
	}
	cuts, err := ExportCuts(em)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cuts {
		if c.Equality != "connect" && c.Equality != "connect pair" {
			t.Errorf("cut %+v", c)
		}
	}
	if same, changed, err := ExportGraph(em); err != nil || changed || same != em.Graph {
		t.Errorf("re-cutting an exportable model changed it (%v, %v)", changed, err)
	}
}
