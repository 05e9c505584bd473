//go:build !purego

#include "textflag.h"

// Offsets: spatial.Inertia is Mass, H[3], I[3][3] (Mass 0, H 8, I 32 + 8·(3i+j));
// spatial.Transform is R[3][3], P[3] (R 8·(3i+j), P 72).

// BCAST loads the float64 at ADDR into both lanes of X.
#define BCAST(ADDR, X) \
	MOVSD    ADDR, X; \
	UNPCKLPD X, X

// PAIR loads the float64s at LO and HI into the low and high lanes of X.
#define PAIR(LO, HI, X) \
	MOVSD  LO, X; \
	MOVHPD HI, X

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

// func transformedAdd(out, a *spatial.Inertia, x *spatial.Transform)
//
// transformedAddGo's arithmetic, operation for operation: with R = x.R, p = x.P, the
// rows of R·I, R·I·Rᵀ's upper triangle (mirrored into the lower one), hr = R·a.H and the
// terms in p and hr, each lane one of the scalar code's sums in its order (negations
// are sign flips, as in Go). out and a must not alias.
TEXT ·transformedAdd(SB), NOSPLIT, $0-24
	MOVQ out+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ x+16(FP), DX

	// R·I rows 0 and 1 by columns: Pj = [RI0j, RI1j] = (C0·I0j + C1·I1j) + C2·I2j with
	// Ck = [r0k, r1k].
	PAIR(0(DX), 24(DX), X0)
	PAIR(8(DX), 32(DX), X1)
	PAIR(16(DX), 40(DX), X2)
	BCAST(32(SI), X6)
	BCAST(56(SI), X7)
	BCAST(80(SI), X8)
	DOT3(X0, X6, X1, X7, X2, X8, X3, X9)
	BCAST(40(SI), X6)
	BCAST(64(SI), X7)
	BCAST(88(SI), X8)
	DOT3(X0, X6, X1, X7, X2, X8, X4, X9)
	BCAST(48(SI), X6)
	BCAST(72(SI), X7)
	BCAST(96(SI), X8)
	DOT3(X0, X6, X1, X7, X2, X8, X5, X9)

	// Row 2: X9 = [RI20, RI21] = (r20·[I00, I01] + r21·[I10, I11]) + r22·[I20, I21],
	// X10 = RI22 = (r20·I02 + r21·I12) + r22·I22.
	BCAST(48(DX), X6)
	BCAST(56(DX), X7)
	BCAST(64(DX), X8)
	MOVUPD 32(SI), X9
	MULPD  X6, X9
	MOVUPD 56(SI), X10
	MULPD  X7, X10
	ADDPD  X10, X9
	MOVUPD 80(SI), X10
	MULPD  X8, X10
	ADDPD  X10, X9
	MOVSD  48(SI), X10
	MULSD  X6, X10
	MOVSD  72(SI), X11
	MULSD  X7, X11
	ADDSD  X11, X10
	MOVSD  96(SI), X11
	MULSD  X8, X11
	ADDSD  X11, X10

	// R·I·Rᵀ: X11 = [i00, i11] = (P0·C0 + P1·C1) + P2·C2, X12 = [i02, i12] = (P0·r20 +
	// P1·r21) + P2·r22, X13 = [i01, i22] = ([RI00, RI20]·[r10, r20] + [RI01, RI21]·[r11,
	// r21]) + [RI02, RI22]·[r12, r22].
	DOT3(X3, X0, X4, X1, X5, X2, X11, X14)
	DOT3(X3, X6, X4, X7, X5, X8, X12, X14)
	MOVAPD   X3, X6
	UNPCKLPD X9, X6
	MOVAPD   X4, X7
	SHUFPD   $2, X9, X7
	MOVAPD   X5, X8
	UNPCKLPD X10, X8
	PAIR(24(DX), 48(DX), X0)
	PAIR(32(DX), 56(DX), X1)
	PAIR(40(DX), 64(DX), X2)
	DOT3(X6, X0, X7, X1, X8, X2, X13, X14)

	// hr = R·h: X3 = [hr0, hr1] = (C0·h0 + C1·h1) + C2·h2, X4 = hr2 = (r20·h0 + r21·h1) +
	// r22·h2.
	BCAST(8(SI), X0)
	BCAST(16(SI), X1)
	BCAST(24(SI), X2)
	PAIR(0(DX), 24(DX), X6)
	PAIR(8(DX), 32(DX), X7)
	PAIR(16(DX), 40(DX), X8)
	DOT3(X6, X0, X7, X1, X8, X2, X3, X9)
	MOVSD 48(DX), X4
	MULSD X0, X4
	MOVSD 56(DX), X9
	MULSD X1, X9
	ADDSD X9, X4
	MOVSD 64(DX), X9
	MULSD X2, X9
	ADDSD X9, X4

	// X5 = [m, m], X6 = [p0, p1], X7 = p2, X14 = the sign bits.
	BCAST(0(SI), X5)
	MOVUPD 72(DX), X6
	MOVSD  88(DX), X7
	PCMPEQL X14, X14
	PSLLQ   $63, X14

	// out.H += hr + m·p; out.Mass += m.
	MOVAPD X6, X8
	MULPD  X5, X8
	ADDPD  X3, X8
	MOVUPD 8(DI), X9
	ADDPD  X8, X9
	MOVUPD X9, 8(DI)
	MOVSD  X7, X8
	MULSD  X5, X8
	ADDSD  X4, X8
	MOVSD  24(DI), X9
	ADDSD  X8, X9
	MOVSD  X9, 24(DI)
	MOVSD  0(DI), X9
	ADDSD  X5, X9
	MOVSD  X9, 0(DI)

	// [i00, i11] −= [d00, d11]·2 with [d00, d11] = −p2·hr2 − [p1·hr1, p0·hr0]; the scalar
	// d22 = −p1·hr1 − p0·hr0, doubled, into X10.
	MOVAPD   X6, X8
	MULPD    X3, X8 // [p0·hr0, p1·hr1]
	MOVAPD   X7, X9
	XORPD    X14, X9
	MULSD    X4, X9
	UNPCKLPD X9, X9
	MOVAPD   X8, X10
	SHUFPD   $1, X10, X10
	SUBPD    X10, X9
	ADDPD    X9, X9
	SUBPD    X9, X11
	XORPD    X14, X10
	SUBSD    X8, X10
	ADDSD    X10, X10

	// [i01, i22] −= [p1·hr0 + hr1·p0, d22·2].
	MOVAPD   X6, X8
	SHUFPD   $1, X8, X8
	MULPD    X3, X8 // [p1·hr0, p0·hr1]
	MOVAPD   X8, X9
	UNPCKHPD X9, X9
	ADDSD    X9, X8
	UNPCKLPD X10, X8
	SUBPD    X8, X13

	// [i00, i11] −= [(−p2·p2 − p1·p1)·m, (−p2·p2 − p0·p0)·m]; [i01, i22] −= [(p1·p0)·m,
	// (−p1·p1 − p0·p0)·m].
	MOVAPD   X6, X8
	MULPD    X6, X8 // [p0·p0, p1·p1]
	MOVAPD   X7, X9
	XORPD    X14, X9
	MULSD    X7, X9
	UNPCKLPD X9, X9
	MOVAPD   X8, X10
	SHUFPD   $1, X10, X10
	SUBPD    X10, X9
	MULPD    X5, X9
	SUBPD    X9, X11
	XORPD    X14, X10
	SUBSD    X8, X10
	MULSD    X5, X10
	MOVAPD   X6, X8
	UNPCKHPD X8, X8
	MULSD    X6, X8
	MULSD    X5, X8
	UNPCKLPD X10, X8
	SUBPD    X8, X13

	// [i02, i12] −= p2·[hr0, hr1] + hr2·[p0, p1], then −= (p2·[p0, p1])·m.
	MOVAPD   X7, X8
	UNPCKLPD X8, X8
	MOVAPD   X8, X10
	MULPD    X3, X8
	MOVAPD   X4, X9
	UNPCKLPD X9, X9
	MULPD    X6, X9
	ADDPD    X9, X8
	SUBPD    X8, X12
	MULPD    X6, X10
	MULPD    X5, X10
	SUBPD    X10, X12

	// out.I += the entries, the lower triangle mirrored: [I00, I01] += [i00, i01],
	// I02 += i02, [I10, I11] += [i01, i11], [I12, I20] += [i12, i02], [I21, I22] +=
	// [i12, i22].
	MOVAPD   X11, X0
	UNPCKLPD X13, X0
	MOVUPD   32(DI), X1
	ADDPD    X0, X1
	MOVUPD   X1, 32(DI)
	MOVSD    48(DI), X1
	ADDSD    X12, X1
	MOVSD    X1, 48(DI)
	MOVAPD   X13, X0
	SHUFPD   $2, X11, X0
	MOVUPD   56(DI), X1
	ADDPD    X0, X1
	MOVUPD   X1, 56(DI)
	MOVAPD   X12, X0
	SHUFPD   $1, X0, X0
	MOVUPD   72(DI), X1
	ADDPD    X0, X1
	MOVUPD   X1, 72(DI)
	MOVAPD   X12, X0
	UNPCKHPD X13, X0
	MOVUPD   88(DI), X1
	ADDPD    X0, X1
	MOVUPD   X1, 88(DI)
	RET
