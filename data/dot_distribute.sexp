; The dot-distribution examples of the graph rewriting documents:
; A @ (x + y + ...) = (A @ x) + (A @ y) + ..., with every name a float64 matrix.
(matrix A B x y z w)
(dot A (add x y))
(dot A (add (add x y) (add z w)))
(dot A (add x (add y (dot B (add z w)))))
