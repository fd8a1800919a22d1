;;; mk-bench.scm -- the miniKanren benchmark programs at the prompt.
;;; Loads the shared programs.ss unchanged and runs the queries of the
;;; benchmark README (anchors.md) at its sizes, printing TSV:
;;; name size reps median_s answers digest expected-digest verdict.
;;; Run: SHARED_DIR=... BENCH_RUNS=5 kanrewrite tests/repl/bench/mk-bench.scm

(define shared (or (getenv "SHARED_DIR") "../shared"))
(load (string-append shared "/bench/minikanren/programs.ss"))

(define runs (let ((r (getenv "BENCH_RUNS"))) (if r (string->number r) 5)))

(define (iota-from a b)               ; (a a+1 ... b)
  (let loop ((i b) (acc '()))
    (if (< i a) acc (loop (- i 1) (cons i acc)))))

(define (bench name size reps expected thunk)
  (let* ((answers (thunk))
         (t (median-seconds runs reps thunk))
         (d (answers-digest answers)))
    (for-each display
      (list name "\t" size "\t" reps "\t" t "\t" (length answers) "\t" d
            "\t" expected "\t" (if (= d expected) "ok" "MISMATCH")))
    (newline)))

(define L3000 (iota1 3000))
(define L4000 (iota1 4000))
(define L500 (iota1 500))
(define L100 (iota1 100))
(define L10000 (iota1 10000))
(define S700a (iota1 700))
(define S700b (iota-from 351 1050))
(define n255 (build-num 255))
(define n840 (build-num 840))
(define n16000 (build-num 16000))
(define n5000 (build-num 5000))
(define n7 (build-num 7))
(define n20 (build-num 20))
(define dn-in (list 'dot A-term (cons 'add (map leaf (iota1 2000)))))
(define dn-out (cons 'add (map (lambda (i) (list 'dot A-term (leaf i))) (iota1 2000))))
(define dt-in (list 'dot A-term (add-chain 2000)))
(define dt-out (dist-chain 2000 A-term))
(define T10 (balanced-term 10))
(define T7 (balanced-term 7))

(bench "appendo-splits" 3000 1 370300229
  (lambda () (run* (q r) (appendo q r L3000))))
(bench "appendo-backward" 4000 25 184129032
  (lambda () (run 1 (q) (appendo q (suffix-of 4000 2000) L4000))))
(bench "appendo-generate" 400 1 1901280480
  (lambda () (run 400 (x y z) (appendo x y z))))
(bench "reverso-forward" 500 1 855472349
  (lambda () (run* (q) (reverso L500 q))))
(bench "reverso-backward" 100 1 3447430225
  (lambda () (run 1 (q) (reverso q L100))))
(bench "membero-all" 10000 1 590481872
  (lambda () (run* (q) (membero q L10000))))
(bench "membero-intersect" 700 1 30408455
  (lambda () (run* (q) (membero q S700a) (membero q S700b))))
(bench "zebra" 1000 1000 887651975
  (lambda () (run* (q) (zebrao q))))
(bench "mul-forward" 255 2 1339948146
  (lambda () (run* (q) (*o n255 n255 q))))
(bench "factor" 840 1 3564724261
  (lambda () (run* (p q) (*o p q n840))))
(bench "pluso-backward" 16000 1 4055785304
  (lambda () (run* (x y) (pluso x y n16000))))
(bench "divide" 5000 20 957360430
  (lambda () (run* (q r) (/o n5000 n7 q r))))
(bench "logo" 20 3 1813241011
  (lambda () (run* (b q r) (logo n20 b q r))))
(bench "dist-nary-forward" 2000 10 4241812853
  (lambda () (run* (q) (dist-naryo dn-in q))))
(bench "dist-nary-backward" 2000 10 777843880
  (lambda () (run* (q) (dist-naryo q dn-out))))
(bench "dist-tree-forward" 2000 10 4056416163
  (lambda () (run* (q) (dist-treeo dt-in q))))
(bench "dist-tree-backward" 2000 10 2276545004
  (lambda () (run* (q) (dist-treeo q dt-out))))
(bench "rewrite-1step" 10 3 3524144959
  (lambda () (run* (q) (stepo T10 q))))
(bench "rewrite-1step-backward" 10 4 3748920058
  (lambda () (run* (q) (stepo q T10))))
(bench "rewrite-2step" 7 1 1940693957
  (lambda () (run* (q) (fresh (m) (stepo T7 m) (stepo m q)))))
