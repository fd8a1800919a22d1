;; Step and answer limits keep divergent runs bounded.
(defrel (nat n) (conde ((== n 'z)) ((fresh (m) (== n (list 's m)) (nat m)))))
(set-answer-limit! 4)
(run* (q) (nat q))
(run 2 (q) (nat q))
(set-answer-limit! 0)
(set-step-limit! 1000)
(run* (q) (nat q))
(run* (q) (nevero))
(run 1 (q) (alwayso))
(set-step-limit! 0)
(run 3 (q) (alwayso))
(run 1 (q) (conde ((nevero)) ((== q 'found))))
;; A relation that calls itself without suspending spends the evaluation
;; budget at each call, so the budget bounds the run without a step limit.
(set-eval-limit! 5000)
(run 2 (q) (conde ((nevero)) ((== q 'found))))
(set-eval-limit! 0)
;; A search that fills memory stops at the memory limit with an error, and
;; the session goes on.
(set-memory-limit! 64)
(defrel (wide n) (conde ((wide (cons n n))) ((wide (list n n n)))))
(run 1 (q) (wide q))
(run 1 (q) (== q 'still-here))
;; so does a rewrite whose relation fills it: the stop ends the whole
;; rewrite, with one message, not a warning for each node left
(vector x y)
(defrel (growo in out) (fresh (a) (growo (cons a in) out)))
(rewrite (add (mul x y) (neg x)) (in2out (kanren-relation-sub growo)))
(run 1 (q) (== q 'still-here))
(set-memory-limit! 0)
(set-memory-limit! -1)
; kanren's results_filter=toolz.unique: the filter comes before the count
(run 2 (q) (conde ((== q 1)) ((== q 1)) ((== q 2))))
(unique-answers! #t)
(run 2 (q) (conde ((== q 1)) ((== q 1)) ((== q 2))))
(run* (q) (conde ((fresh (a) (== q (list a a)))) ((fresh (b) (== q (list b b)))) ((fresh (a b) (== q (list a b))))))
(unique-answers! #f)
(run* (q) (conde ((fresh (a) (== q (list a a)))) ((fresh (b) (== q (list b b))))))
; with the occurs check off a variable may be bound to a term that
; contains it: an answer that is such a term is an error, not a hang
(occurs-check! #f)
(run* (q) (conde ((== q (list q))) ((== q 5))))
(run 1 (q) (fresh (x) (== x (cons 1 x)) (== q (list 'tail x))))
(run* (q) (fresh (x) (== x (list x)) (== q 'not-in-the-answer)))
(occurs-check! #t)
(run* (q) (== q (list q)))
