package spatial

import (
	"math/rand/v2"
	"testing"
)

var (
	sink6  Vec6
	sink3  Vec3
	sinkM3 Mat3
	sinkM6 Mat6
	sinkT  Transform
	sinkQ  Quat
	sinkE  error
)

func TestNoAllocs(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 30))
	xi := randVec6(rng, 1)
	x := randTransform(rng)
	in := randInertia(rng)
	w := xi.Angular()
	cases := map[string]func(){
		"ExpSO3":       func() { sinkM3 = ExpSO3(w) },
		"LogSO3":       func() { sink3, sinkE = LogSO3(x.R) },
		"ExpSE3":       func() { sinkT = ExpSE3(xi) },
		"LogSE3":       func() { sink6, sinkE = LogSE3(x) },
		"LogBranch":    func() { sink3, sinkE = LogSO3(ExpSO3(Vec3{3.14159265358979})) },
		"JlSO3":        func() { sinkM3 = JlSO3(w) },
		"JlInvSO3":     func() { sinkM3 = JlInvSO3(w) },
		"JrSO3":        func() { sinkM3 = JrSO3(w) },
		"JrInvSO3":     func() { sinkM3 = JrInvSO3(w) },
		"JlSE3":        func() { sinkM6 = JlSE3(xi) },
		"JlInvSE3":     func() { sinkM6 = JlInvSE3(xi) },
		"JrSE3":        func() { sinkM6 = JrSE3(xi) },
		"JrInvSE3":     func() { sinkM6 = JrInvSE3(xi) },
		"ActMotion":    func() { sink6 = x.ActMotion(xi) },
		"InvActMotion": func() { sink6 = x.InvActMotion(xi) },
		"ActForce":     func() { sink6 = x.ActForce(xi) },
		"InvActForce":  func() { sink6 = x.InvActForce(xi) },
		"Ad":           func() { sinkM6 = x.Ad() },
		"Mul":          func() { sinkT = x.Mul(x) },
		"Mat6Mul":      func() { sinkM6 = sinkM6.Mul(sinkM6) },
		"CrossMotion":  func() { sink6 = CrossMotion(xi, sink6) },
		"MulMotion":    func() { sink6 = in.MulMotion(xi) },
		"Transformed":  func() { sinkM3 = in.Transformed(x).I },
		"QuatExp":      func() { sinkQ = QuatExp(w) },
		"QuatLog":      func() { sink3 = QuatLog(sinkQ) },
		"QuatFromMat3": func() { sinkQ = QuatFromMat3(x.R) },
	}
	for name, f := range cases {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s: %v allocs/op", name, n)
		}
	}
}
