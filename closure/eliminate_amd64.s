//go:build !purego

#include "textflag.h"

// func eliminateRows(a []float64, w, k, r int, inv, piv float64, exact bool)
//
// eliminateRows is eliminate's sweep over rows k+1…r−1 of a (row stride w): a row whose
// column-k entry x is not zero (a NaN is not) takes l = x·inv (exact) or x/piv there and
// subtracts l times row k's entries right of column k from its own, two lanes per SSE2
// instruction (a multiply, then a subtract: the roundings of the scalar code). The Go
// caller checks the bounds.
TEXT ·eliminateRows(SB), NOSPLIT, $0-65
	MOVQ  a_base+0(FP), SI
	MOVQ  w+24(FP), BX
	MOVQ  k+32(FP), R8
	MOVQ  r+40(FP), R9
	MOVSD inv+48(FP), X7
	MOVSD piv+56(FP), X8
	MOVBQZX exact+64(FP), R10
	XORPD X9, X9
	// DI = &a[k*w+k+1] (row k right of the pivot), R11 = &a[(k+1)*w+k], DX = w−k−1.
	MOVQ  R8, AX
	IMULQ BX, AX
	ADDQ  R8, AX
	LEAQ  8(SI)(AX*8), DI
	LEAQ  (BX)(AX*1), AX
	LEAQ  (SI)(AX*8), R11
	SHLQ  $3, BX
	MOVQ  BX, R12 // row stride in bytes
	MOVQ  R9, CX
	SUBQ  R8, CX
	DECQ  CX // rows below the pivot
	JLE   done
	MOVQ  BX, DX
	SHRQ  $3, DX
	SUBQ  R8, DX
	DECQ  DX

row:
	MOVSD   (R11), X0
	UCOMISD X9, X0
	JNE     nonzero
	JPS     nonzero
	JMP     next

nonzero:
	TESTQ R10, R10
	JZ    quotient
	MULSD X7, X0
	JMP   stored

quotient:
	DIVSD X8, X0

stored:
	MOVSD    X0, (R11)
	MOVAPD   X0, X1
	UNPCKLPD X1, X1
	XORQ     AX, AX
	MOVQ     DX, R13
	SUBQ     $1, R13 // pairs while AX < DX−1

pair:
	CMPQ   AX, R13
	JGE    tail
	MOVUPD (DI)(AX*8), X2
	MULPD  X1, X2
	MOVUPD 8(R11)(AX*8), X3
	SUBPD  X2, X3
	MOVUPD X3, 8(R11)(AX*8)
	ADDQ   $2, AX
	JMP    pair

tail:
	CMPQ  AX, DX
	JGE   next
	MOVSD (DI)(AX*8), X2
	MULSD X0, X2
	MOVSD 8(R11)(AX*8), X3
	SUBSD X2, X3
	MOVSD X3, 8(R11)(AX*8)

next:
	ADDQ R12, R11
	DECQ CX
	JNZ  row

done:
	RET
