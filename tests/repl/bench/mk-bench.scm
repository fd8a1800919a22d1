;;; mk-bench.scm -- the miniKanren benchmark programs at the prompt.
;;; Loads the shared programs.ss unchanged and runs the queries of the
;;; benchmark README (anchors.md) at its sizes, printing TSV:
;;; name size reps median_s answers digest expected-digest verdict.
;;; Run: SHARED_DIR=... BENCH_RUNS=5 kanrewrite tests/repl/bench/mk-bench.scm
;;; ONLY=NAME runs one program. As bench_mk does, each program's inputs
;;; live only while it runs (a `let` around it), and its answers for the
;;; digest come from one more query after the timed runs.

(define shared (or (getenv "SHARED_DIR") "../shared"))
(load (string-append shared "/bench/minikanren/programs.ss"))

(define runs (let ((r (getenv "BENCH_RUNS"))) (if r (string->number r) 5)))

(define (iota-from a b)               ; (a a+1 ... b)
  (let loop ((i b) (acc '()))
    (if (< i a) acc (loop (- i 1) (cons i acc)))))

(define only (getenv "ONLY"))

(define (bench name size reps expected thunk)
  (if (or (not only) (equal? only name))
      (bench-one name size reps expected thunk)))

(define (bench-one name size reps expected thunk)
  (let* ((t (median-seconds runs reps thunk))
         (answers (thunk))
         (d (answers-digest answers)))
    (for-each display
      (list name "\t" size "\t" reps "\t" t "\t" (length answers) "\t" d
            "\t" expected "\t" (if (= d expected) "ok" "MISMATCH")))
    (newline)))

(let ((L (iota1 3000)))
  (bench "appendo-splits" 3000 1 370300229
    (lambda () (run* (q r) (appendo q r L)))))
(let ((L (iota1 4000)))
  (bench "appendo-backward" 4000 25 184129032
    (lambda () (run 1 (q) (appendo q (suffix-of 4000 2000) L)))))
(bench "appendo-generate" 400 1 1901280480
  (lambda () (run 400 (x y z) (appendo x y z))))
(let ((L (iota1 500)))
  (bench "reverso-forward" 500 1 855472349
    (lambda () (run* (q) (reverso L q)))))
(let ((L (iota1 100)))
  (bench "reverso-backward" 100 1 3447430225
    (lambda () (run 1 (q) (reverso q L)))))
(let ((L (iota1 10000)))
  (bench "membero-all" 10000 1 590481872
    (lambda () (run* (q) (membero q L)))))
(let ((a (iota1 700)) (b (iota-from 351 1050)))
  (bench "membero-intersect" 700 1 30408455
    (lambda () (run* (q) (membero q a) (membero q b)))))
(bench "zebra" 1000 1000 887651975
  (lambda () (run* (q) (zebrao q))))
(let ((n255 (build-num 255)))
  (bench "mul-forward" 255 2 1339948146
    (lambda () (run* (q) (*o n255 n255 q)))))
(let ((n840 (build-num 840)))
  (bench "factor" 840 1 3564724261
    (lambda () (run* (p q) (*o p q n840)))))
(let ((n16000 (build-num 16000)))
  (bench "pluso-backward" 16000 1 4055785304
    (lambda () (run* (x y) (pluso x y n16000)))))
(let ((n5000 (build-num 5000)) (n7 (build-num 7)))
  (bench "divide" 5000 20 957360430
    (lambda () (run* (q r) (/o n5000 n7 q r)))))
;; The anchors recorded TRS2's logo (faster-miniKanren up to a25c702, 34
;; answers); the REPL's logo is today's numbers.scm (33), so logo-trs2.
(let ((n20 (build-num 20)))
  (bench "logo" 20 3 1813241011
    (lambda () (run* (b q r) (logo-trs2 n20 b q r)))))
(let ((in (list 'dot A-term (cons 'add (map leaf (iota1 2000))))))
  (bench "dist-nary-forward" 2000 10 4241812853
    (lambda () (run* (q) (dist-naryo in q)))))
(let ((out (cons 'add (map (lambda (i) (list 'dot A-term (leaf i)))
                           (iota1 2000)))))
  (bench "dist-nary-backward" 2000 10 777843880
    (lambda () (run* (q) (dist-naryo q out)))))
(let ((in (list 'dot A-term (add-chain 2000))))
  (bench "dist-tree-forward" 2000 10 4056416163
    (lambda () (run* (q) (dist-treeo in q)))))
(let ((out (dist-chain 2000 A-term)))
  (bench "dist-tree-backward" 2000 10 2276545004
    (lambda () (run* (q) (dist-treeo q out)))))
(let ((T10 (balanced-term 10)))
  (bench "rewrite-1step" 10 3 3524144959
    (lambda () (run* (q) (stepo T10 q))))
  (bench "rewrite-1step-backward" 10 4 3748920058
    (lambda () (run* (q) (stepo q T10)))))
(let ((T7 (balanced-term 7)))
  (bench "rewrite-2step" 7 1 1940693957
    (lambda () (run* (q) (fresh (m) (stepo T7 m) (stepo m q))))))
