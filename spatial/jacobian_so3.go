package spatial

// JlSO3 returns the 3x3 left Jacobian of SO(3) at the rotation vector w:
// (Ṙ Rᵀ)^∨ = J_l(w) ẇ for R = ExpSO3(w);
// J_l = I + ((1-cos θ)/θ²) K + ((θ - sin θ)/θ³) K², K = skew(w).
func JlSO3(w Vec3) Mat3 {
	th := w.Norm()
	return quadSkew(w, cosc(th), sincTail(th))
}

// JlInvSO3 returns the 3x3 inverse of JlSO3(w):
// I - K/2 + ((1 - (θ/2)cot(θ/2))/θ²) K² (valid for θ < 2π).
func JlInvSO3(w Vec3) Mat3 {
	return quadSkew(w, -0.5, jlInvCoeff(w.Dot(w)))
}

// JrSO3 returns the 3x3 right Jacobian of SO(3): (Rᵀ Ṙ)^∨ = J_r(w) ẇ;
// J_r(w) = J_l(-w) = J_l(w)ᵀ.
func JrSO3(w Vec3) Mat3 { return JlSO3(w.Neg()) }

// JrInvSO3 returns the 3x3 inverse of JrSO3(w), equal to JlInvSO3(-w).
func JrInvSO3(w Vec3) Mat3 { return JlInvSO3(w.Neg()) }
