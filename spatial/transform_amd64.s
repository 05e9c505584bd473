//go:build !purego

#include "textflag.h"

// Transform is R[3][3], P[3]: R[i][j] at 8·(3i+j), P[i] at 72+8i.

// SETMULROW writes row I of r = t·u: with a_k = t.R[I][k] in both lanes,
// [r.R[I][0], r.R[I][1]] = (a0·[u00, u01] + a1·[u10, u11]) + a2·[u20, u21] and
// [r.R[I][2], r.P[I]] = ((a0·[u02, uP0] + a1·[u12, uP1]) + a2·[u22, uP2]) + [−0, t.P[I]]
// (x + (−0) is x for every x, signed zeros included). Row I of t is read before row I of
// r is written, so r may be t.
#define SETMULROW(I) \
	MOVSD    (24*I)(SI), X7; \
	UNPCKLPD X7, X7; \
	MOVSD    (24*I+8)(SI), X8; \
	UNPCKLPD X8, X8; \
	MOVSD    (24*I+16)(SI), X9; \
	UNPCKLPD X9, X9; \
	MOVAPD   X6, X13; \
	MOVHPD   (72+8*I)(SI), X13; \
	MOVAPD   X0, X10; \
	MULPD    X7, X10; \
	MOVAPD   X1, X11; \
	MULPD    X8, X11; \
	ADDPD    X11, X10; \
	MOVAPD   X2, X11; \
	MULPD    X9, X11; \
	ADDPD    X11, X10; \
	MOVAPD   X3, X12; \
	MULPD    X7, X12; \
	MOVAPD   X4, X11; \
	MULPD    X8, X11; \
	ADDPD    X11, X12; \
	MOVAPD   X5, X11; \
	MULPD    X9, X11; \
	ADDPD    X11, X12; \
	ADDPD    X13, X12; \
	MOVUPD   X10, (24*I)(DI); \
	MOVSD    X12, (24*I+16)(DI); \
	MOVHPD   X12, (72+8*I)(DI)

// func setMul(r, t, u *Transform)
TEXT ·setMul(SB), NOSPLIT, $0-24
	MOVQ r+0(FP), DI
	MOVQ t+8(FP), SI
	MOVQ u+16(FP), DX
	MOVUPD 0(DX), X0  // [u00, u01]
	MOVUPD 24(DX), X1 // [u10, u11]
	MOVUPD 48(DX), X2 // [u20, u21]
	MOVSD  16(DX), X3
	MOVHPD 72(DX), X3 // [u02, uP0]
	MOVSD  40(DX), X4
	MOVHPD 80(DX), X4 // [u12, uP1]
	MOVSD  64(DX), X5
	MOVHPD 88(DX), X5 // [u22, uP2]
	PCMPEQL X6, X6
	PSLLQ   $63, X6 // [−0, −0]
	SETMULROW(0)
	SETMULROW(1)
	SETMULROW(2)
	RET

// DOT3 sets D = (A0·B0 + A1·B1) + A2·B2 lane by lane (T is scratch; A0…A2 kept).
#define DOT3(A0, B0, A1, B1, A2, B2, D, T) \
	MOVAPD A0, D; \
	MULPD  B0, D; \
	MOVAPD A1, T; \
	MULPD  B1, T; \
	ADDPD  T, D; \
	MOVAPD A2, T; \
	MULPD  B2, T; \
	ADDPD  T, D

// BCAST loads the float64 at ADDR into both lanes of X.
#define BCAST(ADDR, X) \
	MOVSD    ADDR, X; \
	UNPCKLPD X, X

// PAIR loads the float64s at LO and HI into the low and high lanes of X.
#define PAIR(LO, HI, X) \
	MOVSD  LO, X; \
	MOVHPD HI, X

// func actMotionTo(t *Transform, dst, m *Vec6)
//
// With Ck = [r0k, r1k]: [w0, w1] = (C0·m0 + C1·m1) + C2·m2 and [l0, l1] the same of
// m3…m5; [w2, l2] = (r20·[m0, m3] + r21·[m1, m4]) + r22·[m2, m5]; then [dst3, dst4] =
// [l0, l1] + ([p1, p2]·[w2, w0] − [p2, p0]·[w1, w2]) and dst5 = l2 + (p0·w1 − p1·w0)
// (its lane pairs w2 with −0, which leaves it as it is). m is read whole before dst is
// written, so dst may be m.
TEXT ·actMotionTo(SB), NOSPLIT, $0-24
	MOVQ t+0(FP), SI
	MOVQ dst+8(FP), DI
	MOVQ m+16(FP), DX
	PAIR(0(SI), 24(SI), X0)
	PAIR(8(SI), 32(SI), X1)
	PAIR(16(SI), 40(SI), X2)
	BCAST(0(DX), X3)
	BCAST(8(DX), X4)
	BCAST(16(DX), X5)
	DOT3(X0, X3, X1, X4, X2, X5, X6, X9) // [w0, w1]
	BCAST(24(DX), X3)
	BCAST(32(DX), X4)
	BCAST(40(DX), X5)
	DOT3(X0, X3, X1, X4, X2, X5, X7, X9) // [l0, l1]
	BCAST(48(SI), X0)
	BCAST(56(SI), X1)
	BCAST(64(SI), X2)
	PAIR(0(DX), 24(DX), X3)
	PAIR(8(DX), 32(DX), X4)
	PAIR(16(DX), 40(DX), X5)
	DOT3(X0, X3, X1, X4, X2, X5, X8, X9) // [w2, l2]

	// [dst3, dst4] = [l0, l1] + ([p1, p2]·[w2, w0] − [p2, p0]·[w1, w2]).
	MOVAPD   X8, X9
	UNPCKLPD X6, X9 // [w2, w0]
	MOVUPD   80(SI), X10
	MULPD    X10, X9
	MOVAPD   X6, X11
	SHUFPD   $1, X8, X11 // [w1, w2]
	PAIR(88(SI), 72(SI), X10)
	MULPD    X10, X11
	SUBPD    X11, X9
	ADDPD    X9, X7

	// [w2, dst5] = [w2, l2] + [−0, p0·w1 − p1·w0].
	MOVAPD   X6, X9
	SHUFPD   $1, X9, X9 // [w1, w0]
	MOVUPD   72(SI), X10
	MULPD    X10, X9 // [p0·w1, p1·w0]
	MOVAPD   X9, X11
	UNPCKHPD X11, X11
	SUBSD    X11, X9
	PCMPEQL  X12, X12
	PSLLQ    $63, X12
	UNPCKLPD X9, X12
	ADDPD    X12, X8

	MOVUPD X6, 0(DI)
	MOVSD  X8, 16(DI)
	MOVUPD X7, 24(DI)
	MOVHPD X8, 40(DI)
	RET
