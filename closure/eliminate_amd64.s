//go:build !purego

#include "textflag.h"

// func eliminateBlocks(a []float64, spec []int, kmax int, piv []int, inv []float64) bool
//
// eliminateBlocks takes row-major blocks of a through partial pivoting, column k of every
// block before column k+1 of any (the blocks' eliminations are independent: their steps
// overlap). Block b is spec[5b:5b+5] = (off, w, c, r, base): r rows of length w at
// a[off:], whose first c columns (c ≤ kmax) are eliminated. Step k of a block, as
// pivotSwap then eliminate: the pivot is the first of rows k…r−1 whose column-k entry has
// the largest magnitude (a NaN never is larger); piv[base+k] is its row, which is
// swapped with row k (all w entries). inv[base+k] = 1/pivot, and every row below whose
// column-k entry x is not zero (a NaN is not) takes l = x·inv there when |pivot| is at
// least the smallest normal number, else x/pivot, and subtracts l times row k's entries
// right of column k from its own, two lanes per SSE2 instruction (a multiply, then a
// subtract: the roundings of the scalar code). It returns false at a column that is zero
// on and below the diagonal of its block. The Go caller checks the bounds.
TEXT ·eliminateBlocks(SB), NOSPLIT, $0-105
	PCMPEQL X13, X13
	PSRLQ   $1, X13 // the magnitude mask
	XORPD   X9, X9
	MOVQ    $0x0010000000000000, AX
	MOVQ    AX, X12 // the smallest normal magnitude
	MOVQ    $0x3FF0000000000000, AX
	MOVQ    AX, X11 // 1
	MOVQ    spec_base+24(FP), AX
	MOVQ    spec_len+32(FP), CX
	LEAQ    (AX)(CX*8), CX
	MOVQ    CX, spec_cap+40(FP) // the end of spec from here on
	XORQ    R11, R11 // k

column:
	CMPQ R11, kmax+48(FP)
	JGE  success
	MOVQ spec_base+24(FP), R8

block:
	CMPQ R8, spec_cap+40(FP)
	JGE  nextcolumn
	CMPQ R11, 16(R8)
	JGE  nextblock // k ≥ c
	MOVQ a_base+0(FP), AX
	MOVQ 0(R8), SI
	LEAQ (AX)(SI*8), SI // the block
	MOVQ 8(R8), BX
	SHLQ $3, BX // row stride in bytes
	MOVQ 24(R8), R9 // r
	// R12 = &a[k][k]; the pivot search over rows k…r−1: X0 the best magnitude, R13 its row.
	MOVQ  R11, AX
	IMULQ BX, AX
	ADDQ  SI, AX
	LEAQ  (AX)(R11*8), R12
	MOVSD (R12), X0
	ANDPD X13, X0
	MOVQ  R11, R13
	LEAQ  1(R11), CX
	LEAQ  (R12)(BX*1), DX

	CMPQ CX, R9
	JGE  searched

search:
	MOVSD   (DX), X1
	ANDPD   X13, X1
	UCOMISD X0, X1
	JLS     notbetter // not larger, or unordered
	MOVAPD  X1, X0
	MOVQ    CX, R13

notbetter:
	INCQ CX
	ADDQ BX, DX
	CMPQ CX, R9
	JLT  search

searched:
	UCOMISD X9, X0
	JNE     pivot
	JPS     pivot
	MOVB    $0, ret+104(FP) // a zero column
	RET

pivot:
	MOVQ 32(R8), AX
	ADDQ R11, AX // base+k
	MOVQ piv_base+56(FP), DX
	MOVQ R13, (DX)(AX*8)
	CMPQ R13, R11
	JEQ  swapped
	// Swap rows k (DX) and p (R10), all w entries.
	MOVQ  R11, AX
	IMULQ BX, AX
	LEAQ  (SI)(AX*1), DX
	MOVQ  R13, AX
	IMULQ BX, AX
	LEAQ  (SI)(AX*1), R10
	MOVQ  BX, CX
	SHRQ  $3, CX // w
	LEAQ  -1(CX), DI
	XORQ  AX, AX
	CMPQ  AX, DI
	JGE   swaptail

swappair:
	MOVUPD (DX)(AX*8), X0
	MOVUPD (R10)(AX*8), X1
	MOVUPD X1, (DX)(AX*8)
	MOVUPD X0, (R10)(AX*8)
	ADDQ   $2, AX
	CMPQ   AX, DI
	JLT    swappair

swaptail:
	CMPQ  AX, CX
	JGE   swapped
	MOVSD (DX)(AX*8), X0
	MOVSD (R10)(AX*8), X1
	MOVSD X1, (DX)(AX*8)
	MOVSD X0, (R10)(AX*8)

swapped:
	// X7 = pivot, X8 = inv[base+k] = 1/pivot, R10 = whether to multiply by it.
	MOVSD   (R12), X7
	MOVAPD  X11, X8
	DIVSD   X7, X8
	MOVQ    32(R8), AX
	ADDQ    R11, AX
	MOVQ    inv_base+80(FP), DX
	MOVSD   X8, (DX)(AX*8)
	MOVAPD  X7, X10
	ANDPD   X13, X10
	XORQ    R10, R10
	UCOMISD X12, X10
	JCS     rows // below the smallest normal, or NaN: divide
	MOVQ    $1, R10

rows:
	// R13 = w−k−1 entries right of the pivot, DI = R13−1; CX rows below, DX row k+1's
	// column-k entry.
	MOVQ BX, R13
	SHRQ $3, R13
	SUBQ R11, R13
	DECQ R13
	LEAQ -1(R13), DI
	MOVQ R9, CX
	SUBQ R11, CX
	DECQ CX
	JLE  nextblock
	LEAQ (R12)(BX*1), DX

row:
	MOVSD   (DX), X0
	UCOMISD X9, X0
	JNE     nonzero
	JPC     below // zero (not NaN): nothing to eliminate

nonzero:
	TESTQ R10, R10
	JZ    quotient
	MULSD X8, X0
	JMP   stored

quotient:
	DIVSD X7, X0

stored:
	MOVSD    X0, (DX)
	MOVAPD   X0, X1
	UNPCKLPD X1, X1
	XORQ     AX, AX
	CMPQ     AX, DI
	JGE      tail

pair:
	MOVUPD 8(R12)(AX*8), X2
	MULPD  X1, X2
	MOVUPD 8(DX)(AX*8), X3
	SUBPD  X2, X3
	MOVUPD X3, 8(DX)(AX*8)
	ADDQ   $2, AX
	CMPQ   AX, DI
	JLT    pair

tail:
	CMPQ  AX, R13
	JGE   below
	MOVSD 8(R12)(AX*8), X2
	MULSD X0, X2
	MOVSD 8(DX)(AX*8), X3
	SUBSD X2, X3
	MOVSD X3, 8(DX)(AX*8)

below:
	ADDQ BX, DX
	DECQ CX
	JNZ  row

nextblock:
	ADDQ $40, R8
	JMP  block

nextcolumn:
	INCQ R11
	JMP  column

success:
	MOVB $1, ret+104(FP)
	RET
