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
; kanren's condpseq, its test_condpseq.py example: each clause's own
; suggestion sees the first answer of the clauses run before it, as an
; association list (label . value)
(define (base-sug branches)
  (if (equal? (cdr (assq 'BRANCH1 branches)) 1) '(BRANCH3) '(BRANCH2 BRANCH3)))
(defrel (test-rel a)
  (condpseq (BRANCH1 #f (== a 1))
            (BRANCH2 (base-sug a) (== a 2))
            (BRANCH3 #f (== a 3))))
(run* (q) (test-rel q))
(run* (q) (condpseq (BRANCH1 #f (== q 5)) (BRANCH2 (base-sug q) (== q 2))
                    (BRANCH3 #f (== q 3))))
; one answer of each clause in turn; a clause passed over or without
; answer is not seen; before any clause ran, the own label on entry
(define (show-keys labels) (lambda (m) (display m) (newline) labels))
(run* (q) (condpseq (A #f (conde ((== q 1)) ((== q 2))))
                    (B ((show-keys '(C)) q) (== q 9))
                    (C ((show-keys '()) q) (== q 3))
                    (D ((show-keys '(D)) q) fail)
                    (E ((show-keys '(E)) q) (== q 4) (== q 4))))
(run* (q) (condpseq (B ((show-keys '(C)) (list q 0)) (== q 9))
                    (C ((show-keys '()) (list q 0)) (== q 3))))
(run* (q) (condpseq))
; a suggestion's error stops the run with it; a suggestion must be #f or
; (procedure term); a recursion too deep through condpseq is an error, but
; a run that stops before it is not
(run* (q) (condpseq (A #f (== q 1)) (B ((lambda (m) (car 5)) q) (== q 2))))
(run* (q) (condpseq (A #f (== q 1)) (B ((lambda (m) 7) q) (== q 2))))
(run* (q) (condpseq (A (car q q) (== q 1))))
(run* (q) (condpseq (A 5 (== q 1))))
(defrel (loopo x) (condpseq (A #f (loopo x))))
(run 1 (q) (condpseq (A #f (== q 1)) (B #f (loopo q))))
(run* (q) (condpseq (A #f (== q 1)) (B #f (loopo q))))
