;; Cases from faster-miniKanren's own test files (==-tests, symbolo-,
;; stringo-, disequality- and absento-tests), whose expected values these
;; outputs are: the order of reified =/= clauses and of type tags, and the
;; absento constraints kept. A check in the shape of test-check.scm's
;; `test` shows what a failure prints: ~s writes (quote x) unabbreviated,
;; as Chez Scheme's printf does.
(define-syntax check
  (syntax-rules ()
    ((_ title e expected)
     (begin
       (printf "Testing ~s\n" title)
       (let* ((x expected) (p e))
         (or (equal? x p)
             (printf "Failed: ~s~%Expected: ~s~%Computed: ~s~%" 'e x p)))))))
(check "3" (run* (q) (fresh (a d) (conde ((== 5 a)) ((== 6 d))) (== `(,a . ,d) q))) '((5 . _.0) (_.0 . 6)))
(check "deliberate failure" (run 1 (q) (== q `(a ,'b))) '((a 'c)))
; symbolo-tests: a variable is tagged once however often it occurs
(run 1 (q) (fresh (x y) (== q (cons x (cons x y))) (symbolo x)))
(run* (q) (fresh (w x y z) (=/= `(,w . ,x) `(,y . ,z)) (symbolo w) (symbolo y) (== w y) (== `(,w ,x ,y ,z) q)))
; stringo-tests: strings sort before symbols in =/=
(run* (q) (=/= q "!") (=/= q '!))
(run* (q) (=/= q 'a) (=/= q "a"))
(run* (q) (fresh (w x) (stringo w) (=/= `("z" . ,x) `(,w . 6)) (== `(,w ,x) q)))
; disequality-tests: numbers, then (), then pairs; a defrel inside let
(run 1 (q) (=/= q '()) (=/= q '(foo)) (=/= q 5))
(let () (defrel (foo x) (fresh (a) (=/= x a))) (run* (q) (fresh (b) (foo b))))
(run 1 (a b c d) (=/= (cons a c) (cons b d)) (== c '(1 . 2)) (== d '(1 . 3)))
; absento-tests 74, 75, 86 and 87
(run* (q) (fresh (a b c) (absento a q) (absento q a) (== `(,b . ,c) a) (== '(1 . 2) b) (== '(3 . 4) c)))
(run* (q) (fresh (a b c d e f g) (absento a q) (absento q a) (== `(,b . ,c) a) (== `(,d . ,e) b) (== `(,f . ,g) c) (== '(1 . 2) d) (== '(3 . 4) e) (== '(5 . 6) f) (== '(7 . 8) g)))
(run* (q) (fresh (x y z) (== (list x y z) q) (absento (list x y z) x)))
(run* (q) (fresh (x y z) (== (list x y z) q) (absento x (cons y z)) (symbolo x) (numbero y)))
