package spatial

import (
	"math/rand/v2"
	"testing"
)

func BenchmarkExpSO3(b *testing.B) {
	w := Vec3{0.3, -1.2, 0.7}
	for b.Loop() {
		sinkM3 = ExpSO3(w)
	}
}

func BenchmarkLogSO3(b *testing.B) {
	r := ExpSO3(Vec3{0.3, -1.2, 0.7})
	for b.Loop() {
		sink3, sinkE = LogSO3(r)
	}
}

func BenchmarkExpSE3(b *testing.B) {
	xi := Vec6{0.3, -1.2, 0.7, 1, 2, 3}
	for b.Loop() {
		sinkT = ExpSE3(xi)
	}
}

func BenchmarkLogSE3(b *testing.B) {
	x := ExpSE3(Vec6{0.3, -1.2, 0.7, 1, 2, 3})
	for b.Loop() {
		sink6, sinkE = LogSE3(x)
	}
}

func BenchmarkJlInvSE3(b *testing.B) {
	xi := Vec6{0.3, -1.2, 0.7, 1, 2, 3}
	for b.Loop() {
		sinkM6 = JlInvSE3(xi)
	}
}

func BenchmarkActMotion(b *testing.B) {
	x := randTransform(rand.New(rand.NewPCG(1, 1)))
	m := Vec6{0.3, -1.2, 0.7, 1, 2, 3}
	for b.Loop() {
		sink6 = x.ActMotion(m)
	}
}

func BenchmarkMulMotion(b *testing.B) {
	in := randInertia(rand.New(rand.NewPCG(1, 1)))
	m := Vec6{0.3, -1.2, 0.7, 1, 2, 3}
	for b.Loop() {
		sink6 = in.MulMotion(m)
	}
}
