;; The manual's tutorial, as written there (doc/kanrewrite.texi).
(matrix A B)
(vector x y z w)
(pprint (rewrite (true_div (mul x y) y) (in2out mul-divo)))
(defrel (simplifyo in out)
  (fresh (a b)
    (conde ((== in (true_div (mul out b) b)))
           ((== in (true_div (mul a out) a))))))
(pprint (rewrite (add z (true_div (mul x y) y)) (out2in simplifyo)))
(pprint (rewrite (add z (true_div (mul y x) y)) (out2in simplifyo)))
(define simplify
  (let ((x (var 'x)) (y (var 'y)))
    (pattern-rewriter (true_div (mul x y) y) x)))
simplify
(pprint (rewrite-graph (add z (true_div (mul x y) y)) (in2out simplify)))
(define test (dot A (add x y)))
(pprint (rewrite-graph test #f "+dot_distribute"))
(explore-count (explore (dot A (add x (add y (dot B (add z w)))))
                        (list dot-distributeo (backward dot-distributeo)) 5))
