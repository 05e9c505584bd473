//go:build !purego

#include "textflag.h"

// RATEFIRST and RATETERM accumulate one row of the rate map times the twist pair
// X0…X5 into X7: X7 = h[OFF/8]·T, then X7 += h[OFF/8]·T, with h[OFF/8] in both lanes
// (from the frame, at 2·OFF, where RATEBCAST put it).
#define RATEFIRST(OFF, T) \
	MOVUPD (2*OFF)(SP), X7; \
	MULPD  T, X7

#define RATETERM(OFF, T) \
	MOVUPD (2*OFF)(SP), X8; \
	MULPD  T, X8; \
	ADDPD  X8, X7

// RATEBCAST stores h[OFF/8] in both lanes at 2·OFF in the frame.
#define RATEBCAST(OFF) \
	MOVSD    OFF(DI), X8; \
	UNPCKLPD X8, X8; \
	MOVUPD   X8, (2*OFF)(SP)

// RATESTORE writes X7's lanes to the row at AX, columns R11 and R12, and moves AX to
// the next row.
#define RATESTORE \
	MOVLPD X7, (AX)(R11*8); \
	MOVHPD X7, (AX)(R12*8); \
	ADDQ   BX, AX

// func rateCols6(h *[36]float64, sb []spatial.Vec6, cols []int, signs []float64, c []float64, stride int)
//
// For every n < len(cols), with k = cols[n] and t = signs[n]·sb[k] (entry by entry), the
// column k of the six rows of c (row stride stride) takes the rates of the logarithm rows
// h·t: rows 0–2 from h's angular block (h[6i]·t0 + h[6i+1]·t1 + h[6i+2]·t2), rows 3–5
// from all six entries, each sum in the order of its terms — two columns per SSE2
// instruction (one lane each: the roundings of the scalar code). The Go caller checks
// the bounds.
TEXT ·rateCols6(SB), 0, $576-112
	MOVQ h+0(FP), DI
	// h's entries in both lanes, once per call (the zero upper right block is not read).
	RATEBCAST(0)
	RATEBCAST(8)
	RATEBCAST(16)
	RATEBCAST(48)
	RATEBCAST(56)
	RATEBCAST(64)
	RATEBCAST(96)
	RATEBCAST(104)
	RATEBCAST(112)
	RATEBCAST(144)
	RATEBCAST(152)
	RATEBCAST(160)
	RATEBCAST(168)
	RATEBCAST(176)
	RATEBCAST(184)
	RATEBCAST(192)
	RATEBCAST(200)
	RATEBCAST(208)
	RATEBCAST(216)
	RATEBCAST(224)
	RATEBCAST(232)
	RATEBCAST(240)
	RATEBCAST(248)
	RATEBCAST(256)
	RATEBCAST(264)
	RATEBCAST(272)
	RATEBCAST(280)
	MOVQ sb_base+8(FP), SI
	MOVQ cols_base+32(FP), R8
	MOVQ cols_len+40(FP), DX
	MOVQ signs_base+56(FP), R9
	MOVQ c_base+80(FP), R10
	MOVQ stride+104(FP), BX
	SHLQ $3, BX // row stride in bytes
	XORQ CX, CX

pair:
	CMPQ CX, DX
	JGE  done
	LEAQ 1(CX), R13
	CMPQ R13, DX
	JLT  paired
	MOVQ CX, R13 // an odd last column goes in both lanes

paired:
	MOVQ   (R8)(CX*8), R11
	MOVQ   (R8)(R13*8), R12
	MOVSD  (R9)(CX*8), X6
	MOVHPD (R9)(R13*8), X6 // the signs
	MOVQ   R11, AX
	IMULQ  $48, AX
	ADDQ   SI, AX // &sb[cols[n]]
	MOVQ   R12, R13
	IMULQ  $48, R13
	ADDQ   SI, R13 // &sb[cols[n+1]]
	// X0…X5: entry j of the two twists, one per lane, times their signs.
	MOVUPD   0(AX), X0
	MOVUPD   0(R13), X8
	MOVAPD   X0, X1
	UNPCKLPD X8, X0
	UNPCKHPD X8, X1
	MOVUPD   16(AX), X2
	MOVUPD   16(R13), X8
	MOVAPD   X2, X3
	UNPCKLPD X8, X2
	UNPCKHPD X8, X3
	MOVUPD   32(AX), X4
	MOVUPD   32(R13), X8
	MOVAPD   X4, X5
	UNPCKLPD X8, X4
	UNPCKHPD X8, X5
	MULPD    X6, X0
	MULPD    X6, X1
	MULPD    X6, X2
	MULPD    X6, X3
	MULPD    X6, X4
	MULPD    X6, X5
	MOVQ     R10, AX // row 0

	RATEFIRST(0, X0)
	RATETERM(8, X1)
	RATETERM(16, X2)
	RATESTORE
	RATEFIRST(48, X0)
	RATETERM(56, X1)
	RATETERM(64, X2)
	RATESTORE
	RATEFIRST(96, X0)
	RATETERM(104, X1)
	RATETERM(112, X2)
	RATESTORE
	RATEFIRST(144, X0)
	RATETERM(152, X1)
	RATETERM(160, X2)
	RATETERM(168, X3)
	RATETERM(176, X4)
	RATETERM(184, X5)
	RATESTORE
	RATEFIRST(192, X0)
	RATETERM(200, X1)
	RATETERM(208, X2)
	RATETERM(216, X3)
	RATETERM(224, X4)
	RATETERM(232, X5)
	RATESTORE
	RATEFIRST(240, X0)
	RATETERM(248, X1)
	RATETERM(256, X2)
	RATETERM(264, X3)
	RATETERM(272, X4)
	RATETERM(280, X5)
	RATESTORE

	ADDQ $2, CX
	JMP  pair

done:
	RET
