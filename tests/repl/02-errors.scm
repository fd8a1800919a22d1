;; Errors are reported with the place of the offending subform; the
;; session goes on after each of them.
(car '())
(run* (q) (== q undefined-name))
(run* (q) 42)
(run* (q) (conde ((== q 1)) (5)))
(defrel (bad x) (== x 1) 'oops)
(run* (q) (bad q))
(run 1 (q) (conso q))
(run -1 (q) (conde ((== q 1)) ((== q 2))))
(run 1.5 (q) (== q 1))
(lambda (1) 1)
(let ((x)) x)
(define)
(+ 1 'a)
(quotient 1 0)
(appendo 1 2)
((lambda (x) x))
(undefined-function 1 2)
(mapo 5 '(1) q)
(run* (q) (mapo (lambda (x) (== x 1)) '(1) q))
(error "custom" 'message 42)
(define (deep n) (if (= n 0) 0 (+ 1 (deep (- n 1)))))
(deep 100)
(deep 100000)
(run* (q) (== q "still alive"))
; a relation running itself inside its own run: stopped by the depth or
; stack guard, not a crash
(defrel (selfrun t) (disj2 (run* x (selfrun x)) (== t 1)))
(run* x (selfrun x))
; a constant too big for the prompt is refused
(constant 1 '(tensor int8 100000000))
; a reader error drops its form; the session goes on with the next one
(+ 1 2)
(list #\a)
(+ 3 4)
(list (f #(1 2) "a)" (g ;)
 1))) (+ 5 6)
(a . b . c) 9
(a .)
(display 1)(display 2)(newline)
(a ]
(display 3)(newline)
(a #z #;(b) c)
(display 4)(newline)
(list #\( 1)
(display 5)(newline)
; unquote outside a quasiquote is not a variable
(list 1 ,x)
(list ,@(list 1))
`(1 ,(+ 1 1))
; a refused syntax object or vector is read to its end, never run
#'(display "never")
(list #\a '|x "y| 2)
'#(")")
'|#f|
(display "after")(newline)
; a bad escape is skipped with its string, alone or inside a form
"\q"
(display 6)(newline)
(list "a\q" 5
  7)
(list "\xZZ;" 1)
(display 7)(newline)
; a quote with no datum before a closing bracket: the bracket closes its
; list, and the session goes on after it
(list 1 ')
(display 8)(newline)
