;; explore.dot.scm -- write the explored space of the documents' third
;; example as explore.dot (rendered with Graphviz by tests/repl.sh).
(matrix A B)
(vector x y z w)
(define g (dot A (add x (add y (dot B (add z w))))))
(explore-dot (explore g (list dot-distributeo (backward dot-distributeo)) 3)
             "explore.dot")
