;; The arithmetic at the prompt has numbers.scm's names, zeroo included, so
;; its test file runs without loading numbers.scm. zeroo is one ==: it does
;; not suspend, and its answer comes before that of a clause that does.
(run* (q) (zeroo q))
(run* (q) (conde ((fresh () (== q 'a))) ((zeroo q))))
(run* (q) (conde ((fresh () (== q 'a))) ((poso q))))
(run* (q) (zeroo (build-num 1)))
(run* (q) (fresh (n) (pluso n (build-num 3) (build-num 5)) (== q n)))
;; A file that cannot be loaded is one error that says why; the session
;; goes on.
(load "no-such-file.scm")
(display "after the failed load")
(newline)
; a device that never ends is no text: the first NUL byte stops it
(load "/dev/zero")
