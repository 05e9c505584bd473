//go:build !purego

#include "textflag.h"
#include "sub6_amd64.h"

// func residual6(res []float64, resStride int, src []float64, srcStride int, ptr []int, vals []float64, cols []int, x []float64, xStride int)
//
// For every row i < len(ptr)−1: res[i·resStride+q] = src[i·srcStride+q] −
// Σ_{j=ptr[i]}^{ptr[i+1]−1} vals[j]·x[cols[j]·xStride+q], q < 6, the terms subtracted in
// the order of j, two lanes per SSE2 instruction (a multiply, then a subtract: the
// roundings of mulSub's scalar code). The Go wrapper checks the bounds.
TEXT ·residual6(SB), NOSPLIT, $0-168
	MOVQ res_base+0(FP), R8
	MOVQ resStride+24(FP), R9
	SHLQ $3, R9
	MOVQ src_base+32(FP), R10
	MOVQ srcStride+56(FP), R11
	SHLQ $3, R11
	MOVQ ptr_base+64(FP), R12
	MOVQ ptr_len+72(FP), CX
	MOVQ vals_base+88(FP), R13
	MOVQ cols_base+112(FP), DI
	MOVQ x_base+136(FP), SI
	MOVQ xStride+160(FP), BX
	SHLQ $3, BX
	DECQ CX
	JLE  done

row:
	MOVUPD 0(R10), X0
	MOVUPD 16(R10), X1
	MOVUPD 32(R10), X2
	MOVQ   0(R12), DX
	SUB6TERMS(R13, DI, SI, BX, 8(R12), term, terms)
store:
	MOVUPD X0, 0(R8)
	MOVUPD X1, 16(R8)
	MOVUPD X2, 32(R8)
	ADDQ   R9, R8
	ADDQ   R11, R10
	ADDQ   $8, R12
	DECQ   CX
	JNZ    row

done:
	RET
