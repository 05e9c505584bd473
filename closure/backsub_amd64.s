//go:build !purego

#include "textflag.h"
#include "sub6_amd64.h"

// func backSub6(x []float64, xs int, a []float64, cols []int, spec []int, inv []float64)
//
// For each row spec (dst, lo, hi, piv, k), five ints in order: the 6 entries of x at row
// dst (row stride xs) take x_dst − Σ_{j=lo}^{hi−1} a[j]·x[cols[j]·xs+·], the terms
// subtracted in the order of j, then are divided by a[piv] — multiplied by inv[k] when
// |a[piv]| is at least the smallest normal number (as divide) — two lanes per SSE2
// instruction with mulSub's and divide's roundings. The Go caller checks the bounds.
TEXT ·backSub6(SB), NOSPLIT, $0-128
	MOVQ x_base+0(FP), SI
	MOVQ xs+24(FP), BX
	SHLQ $3, BX
	MOVQ a_base+32(FP), R9
	MOVQ cols_base+56(FP), DI
	MOVQ spec_base+80(FP), R10
	MOVQ spec_len+88(FP), CX
	MOVQ inv_base+104(FP), R11
	MOVQ $0x0020000000000000, R12 // smallest normal magnitude, shifted left by one
	MOVQ $0xFFE0000000000000, R13 // infinity, shifted left by one
	CMPQ CX, $5
	JLT  done

row:
	MOVQ   0(R10), R8
	IMULQ  BX, R8
	ADDQ   SI, R8 // &x[dst*xs]
	MOVUPD 0(R8), X0
	MOVUPD 16(R8), X1
	MOVUPD 32(R8), X2
	MOVQ   8(R10), DX
	SUB6TERMS(R9, DI, SI, BX, 16(R10), term, terms)
scale:
	MOVQ 24(R10), DX
	MOVQ (R9)(DX*8), AX
	SHLQ $1, AX // |a[piv]|'s bits, shifted
	CMPQ AX, R12
	JCS  quotient // below the smallest normal
	CMPQ AX, R13
	JHI  quotient // NaN
	MOVQ     32(R10), DX
	MOVSD    (R11)(DX*8), X5
	UNPCKLPD X5, X5
	MULPD    X5, X0
	MULPD    X5, X1
	MULPD    X5, X2
	JMP      store

quotient:
	MOVSD    (R9)(DX*8), X5
	UNPCKLPD X5, X5
	DIVPD    X5, X0
	DIVPD    X5, X1
	DIVPD    X5, X2

store:
	MOVUPD X0, 0(R8)
	MOVUPD X1, 16(R8)
	MOVUPD X2, 32(R8)
	ADDQ   $40, R10
	SUBQ   $5, CX
	CMPQ   CX, $5
	JGE    row

done:
	RET
