// SUB6TERMS is the six-column inner loop of backSub6 (residual6 takes its own, GATE6TERM,
// which also sums the refinement bound): for j = DX, DX+1, …
// while j < END, X0:X1:X2 (six float64, two per register) take themselves minus
// COEF[j]·X[IDX[j]·STRIDE + 0…5] (STRIDE in bytes), one multiply then one subtract per
// pair of lanes: the roundings of mulSub's scalar code. An empty range jumps to DONE,
// which ends the macro. Clobbers AX, DX and X3…X6.
#define SUB6TERMS(COEF, IDX, X, STRIDE, END, LOOP, DONE) \
	CMPQ     DX, END; \
	JGE      DONE; \
LOOP: \
	MOVSD    (COEF)(DX*8), X3; \
	UNPCKLPD X3, X3; \
	MOVQ     (IDX)(DX*8), AX; \
	IMULQ    STRIDE, AX; \
	MOVUPD   0(X)(AX*1), X4; \
	MULPD    X3, X4; \
	SUBPD    X4, X0; \
	MOVUPD   16(X)(AX*1), X5; \
	MULPD    X3, X5; \
	SUBPD    X5, X1; \
	MOVUPD   32(X)(AX*1), X6; \
	MULPD    X3, X6; \
	SUBPD    X6, X2; \
	INCQ     DX; \
	CMPQ     DX, END; \
	JLT      LOOP; \
DONE:
