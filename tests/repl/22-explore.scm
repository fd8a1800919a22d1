;; Exploring rewrite spaces: every graph one rewrite reaches, then
;; breadth-first with duplicates removed, each with its path and cost.
(matrix A B)
(vector x y z w)
(define g (dot A (add x (add y (dot B (add z w))))))
(explore g dot-distributeo)
(define both (list dot-distributeo (backward dot-distributeo)))
(define x5 (explore g both 5))
(explore-count x5)
(define found (map pprint-string (explore-graphs x5)))
;; the documents' forward result is reached, and the start itself
(and (member "((A @ x) + ((A @ y) + ((A @ (B @ z)) + (A @ (B @ w)))))" found) #t)
(and (member "(A @ (x + (y + (B @ (z + w)))))" found) #t)
;; no graph twice
(define (distinct? l)
  (or (null? l) (and (not (member (car l) (cdr l))) (distinct? (cdr l)))))
(distinct? found)
x5
;; backward from the documents' forward result gives the start back
(define res (rewrite-graph g (equilibrium-rewriter dot-distributeo)))
(pprint res)
(define back (explore res (backward dot-distributeo) 4))
(and (member "(A @ (x + (y + (B @ (z + w)))))"
             (map pprint-string (explore-graphs back))) #t)
(pprint (explore-cheapest back))
(explore-path back 1)
;; a cost procedure and a graph limit
(define xc (explore g both 5 3 (lambda (h) (- (graph-nodes h)))))
(explore-count xc)
(pprint (explore-cheapest xc))
(explore-dot (explore (dot A (add x y)) both 2))
(explore g 'nothing)
(explore-path x5 1000)
; a leaf graph has no position to rewrite
(vector leaf)
(explore leaf dot-distributeo)
