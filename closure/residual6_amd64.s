//go:build !purego

#include "textflag.h"

// GATE6TERM is residual6's inner step for term DX, accumulating its bound term into ACC:
// ACC += |vals[DX]|·xmax[cols[DX]] (absDot's product and sum), then X0:X1:X2 (six
// float64, two per register) take themselves minus vals[DX]·x[cols[DX]·xStride + 0…5],
// one multiply then one subtract per pair of lanes (mulSub's roundings). Clobbers AX and
// X3…X6, X10, X11.
#define GATE6TERM(ACC) \
	MOVSD    (R13)(DX*8), X3; \
	MOVQ     (DI)(DX*8), AX; \
	MOVSD    (R11)(AX*8), X10; \
	MOVAPD   X3, X11; \
	ANDPD    X13, X11; \
	MULSD    X10, X11; \
	ADDSD    X11, ACC; \
	UNPCKLPD X3, X3; \
	IMULQ    BX, AX; \
	MOVUPD   0(SI)(AX*1), X4; \
	MULPD    X3, X4; \
	SUBPD    X4, X0; \
	MOVUPD   16(SI)(AX*1), X5; \
	MULPD    X3, X5; \
	SUBPD    X5, X1; \
	MOVUPD   32(SI)(AX*1), X6; \
	MULPD    X3, X6; \
	SUBPD    X6, X2

// func residual6(res []float64, resStride int, src []float64, srcStride int, ptr []int, vals []float64, cols []int, x []float64, xStride int, raMax, xmax []float64, tol float64) bool
//
// For every row i < len(ptr)−1: res[i·resStride+q] = src[i·srcStride+q] −
// Σ_{j=ptr[i]}^{ptr[i+1]−1} vals[j]·x[cols[j]·xStride+q], q < 6, the terms subtracted in
// the order of j, two lanes per SSE2 instruction (a multiply, then a subtract: the
// roundings of mulSub's scalar code); and the row's bound raMax[i] + (s0 + s1), s0 and
// s1 the sums of |vals[j]|·xmax[cols[j]] over the row's even and odd terms (absDot's).
// It returns whether some row has an entry r with !(|r| <= tol·bound) (a NaN is not
// covered). The Go wrapper checks the bounds.
TEXT ·residual6(SB), NOSPLIT, $0-225
	MOVQ     res_base+0(FP), R8
	MOVQ     resStride+24(FP), AX
	SHLQ     $3, AX
	MOVQ     AX, resStride+24(FP) // in bytes from here on
	MOVQ     src_base+32(FP), R10
	MOVQ     srcStride+56(FP), AX
	SHLQ     $3, AX
	MOVQ     AX, srcStride+56(FP) // in bytes
	MOVQ     ptr_base+64(FP), R12
	MOVQ     ptr_len+72(FP), CX
	MOVQ     vals_base+88(FP), R13
	MOVQ     cols_base+112(FP), DI
	MOVQ     x_base+136(FP), SI
	MOVQ     xStride+160(FP), BX
	SHLQ     $3, BX
	MOVQ     raMax_base+168(FP), R9
	MOVQ     xmax_base+192(FP), R11
	MOVSD    tol+216(FP), X14
	PCMPEQL  X13, X13
	PSRLQ    $1, X13 // the magnitude mask, both lanes
	XORPD    X12, X12 // lanes of the rows not covered
	DECQ     CX
	JLE      done

row:
	MOVUPD 0(R10), X0
	MOVUPD 16(R10), X1
	MOVUPD 32(R10), X2
	XORPD  X8, X8 // s0
	XORPD  X9, X9 // s1
	MOVQ   0(R12), DX
	CMPQ   DX, 8(R12)
	JGE    gate

even:
	GATE6TERM(X8)
	INCQ DX
	CMPQ DX, 8(R12)
	JGE  gate
	GATE6TERM(X9)
	INCQ DX
	CMPQ DX, 8(R12)
	JLT  even

gate:
	ADDSD    X9, X8 // s0 + s1
	MOVSD    (R9), X10
	ADDSD    X8, X10 // raMax[i] + (s0 + s1)
	MULSD    X14, X10 // tol·bound
	UNPCKLPD X10, X10
	MOVAPD   X0, X3
	ANDPD    X13, X3
	CMPPD    X10, X3, $6 // !(|r| <= tol·bound)
	ORPD     X3, X12
	MOVAPD   X1, X3
	ANDPD    X13, X3
	CMPPD    X10, X3, $6
	ORPD     X3, X12
	MOVAPD   X2, X3
	ANDPD    X13, X3
	CMPPD    X10, X3, $6
	ORPD     X3, X12
	MOVUPD   X0, 0(R8)
	MOVUPD   X1, 16(R8)
	MOVUPD   X2, 32(R8)
	ADDQ     resStride+24(FP), R8
	ADDQ     srcStride+56(FP), R10
	ADDQ     $8, R12
	ADDQ     $8, R9
	DECQ     CX
	JNZ      row

done:
	MOVMSKPD X12, AX
	TESTQ    AX, AX
	SETNE    ret+224(FP)
	RET
