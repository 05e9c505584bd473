//go:build !purego

#include "textflag.h"

// Transform is R[3][3], P[3]: R[i][j] at 8·(3i+j), P[i] at 72+8i. The operands are
// read 8 bytes at a time (MOVSD, MOVHPD): a 16-byte load of two entries just stored one
// by one (as the joints' placements are) would stall on the store buffer.

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
	MOVSD  0(DX), X0
	MOVHPD 8(DX), X0 // [u00, u01]
	MOVSD  24(DX), X1
	MOVHPD 32(DX), X1 // [u10, u11]
	MOVSD  48(DX), X2
	MOVHPD 56(DX), X2 // [u20, u21]
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
