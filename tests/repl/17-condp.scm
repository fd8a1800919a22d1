; kanren's condp (Boskin, Ma, Christiansen and Friedman, "A Surprisingly
; Competitive Conditional Operator"), its test_condp.py example: the
; suggestion functions see the arguments' values and name the clauses
; worth trying.
(define (ls-keys ls)
  (cond ((var? ls) '(use-maybe)) ((null? ls) '(BASE))
        ((pair? ls) '(KEEP SWAP)) (else '())))
(define (o-keys o)
  (cond ((var? o) '(BASE KEEP SWAP)) ((null? o) '(BASE))
        ((pair? o)
         (if (or (var? (car o)) (eq? (car o) 'novel)) '(KEEP SWAP) '(KEEP)))
        (else '())))
(defrel (swap-somep ls o)
  (fresh (a d res)
    (condp ((ls-keys ls) (o-keys o))
      (BASE (nullo ls) (nullo o))
      (KEEP (== (cons a d) ls) (== (cons a res) o) (swap-somep d res))
      (SWAP (== (cons a d) ls) (== (cons 'novel res) o) (swap-somep d res)))))
(run* (q r) (swap-somep q (list 'novel r)))
(run* (q) (swap-somep '(1 2) q))
(run* (q) (swap-somep q '(novel 1)))
(run* (q) (swap-somep q '(x novel)))
; use-maybe lets the next suggestion add its labels; no label, no answer
(run* (q) (condp ((ls-keys q)) (BASE (== q 1))))
(run* (q) (condp ((ls-keys '(1))) (BASE (== q 1)) (KEEP (== q 2)) (SWAP (== q 3))))
(run* (q) (condp () (BASE (== q 1))))
; a suggestion's error stops the run with it
(run* (q) (condp ((car q)) (BASE (== q 1))))
(run* (q) (condp (((lambda (x) 7) q)) (BASE (== q 1))))
