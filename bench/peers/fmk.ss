;;; fmk.ss -- the miniKanren benchmark programs timed in faster-miniKanren.
;;; See the LICENSE file for copying conditions.
;;;
;;; bench/peers/fmk.sh includes this file, after faster-miniKanren's
;;; mk-vicare.scm, mk.scm and numbers.scm and the programs' relations
;;; (programs.ss of ../shared/bench/minikanren), into one Chez Scheme
;;; program. The table below is bench/mk_programs.c's: the same queries at
;;; the same sizes and repetitions, so that the two engines are timed on
;;; the same work.
;;;
;;; Arguments: RUNS [name ...]   time the programs (all without names): one
;;;                              line each, "name<TAB>median processor
;;;                              seconds of one run<TAB>answers<TAB>digest"
;;;            --list            the names
;;; A run is `reps` queries (K solves for zebra); 1 warm-up run, then RUNS
;;; timed runs, each after a full collection (not timed). The time is Chez's
;;; (cpu-time), collections included, as bench_mk's CLOCK_PROCESS_CPUTIME_ID.
;;; The digest is the FNV-1a-32 of the sorted printed answers (README of
;;; ../shared/bench/minikanren), the one bench_mk prints.

;; (name size reps make): (make size) builds the ground data, untimed, and
;; returns a thunk that runs one query and returns its answers.
(define programs
  (list
   (list "appendo-splits" 3000 1
         (lambda (n) (let ((l (iota1 n)))
                       (lambda () (run* (q r) (appendo q r l))))))
   (list "appendo-backward" 4000 25
         (lambda (n) (let ((l (iota1 n)) (s (suffix-of n (quotient n 2))))
                       (lambda () (run 1 (q) (appendo q s l))))))
   (list "appendo-generate" 400 1
         (lambda (n) (lambda () (run n (x y z) (appendo x y z)))))
   (list "reverso-forward" 500 1
         (lambda (n) (let ((l (iota1 n)))
                       (lambda () (run* (q) (reverso l q))))))
   (list "reverso-backward" 100 1
         (lambda (n) (let ((l (iota1 n)))
                       (lambda () (run 1 (q) (reverso q l))))))
   (list "membero-all" 10000 1
         (lambda (n) (let ((l (iota1 n)))
                       (lambda () (run* (q) (membero q l))))))
   (list "membero-intersect" 700 1
         (lambda (n)
           (let ((a (iota1 n))
                 (b (map (lambda (i) (+ i (quotient n 2))) (iota1 n))))
             (lambda () (run* (q) (membero q a) (membero q b))))))
   (list "zebra" 1000 1
         (lambda (k)
           (lambda ()
             (let loop ((i 1))
               (let ((a (run* (q) (zebrao q))))
                 (if (= i k) a (loop (+ i 1))))))))
   (list "mul-forward" 255 2
         (lambda (n) (let ((x (build-num n)))
                       (lambda () (run* (q) (*o x x q))))))
   (list "factor" 840 1
         (lambda (n) (let ((x (build-num n)))
                       (lambda () (run* (p q) (*o p q x))))))
   (list "pluso-backward" 16000 1
         (lambda (n) (let ((x (build-num n)))
                       (lambda () (run* (a b) (pluso a b x))))))
   (list "divide" 5000 20
         (lambda (n) (let ((x (build-num n)) (seven (build-num 7)))
                       (lambda () (run* (q r) (/o x seven q r))))))
   (list "logo" 20 3
         (lambda (n) (let ((x (build-num n)))
                       (lambda () (run* (b q r) (logo x b q r))))))
   (list "dist-nary-forward" 2000 10
         (lambda (n)
           (let ((t (list 'dot A-term (cons 'add (map leaf (iota1 n))))))
             (lambda () (run* (q) (dist-naryo t q))))))
   (list "dist-nary-backward" 2000 10
         (lambda (n)
           (let ((t (cons 'add (map (lambda (i) (list 'dot A-term (leaf i)))
                                    (iota1 n)))))
             (lambda () (run* (q) (dist-naryo q t))))))
   (list "dist-tree-forward" 2000 10
         (lambda (n) (let ((t (list 'dot A-term (add-chain n))))
                       (lambda () (run* (q) (dist-treeo t q))))))
   (list "dist-tree-backward" 2000 10
         (lambda (n) (let ((t (dist-chain n A-term)))
                       (lambda () (run* (q) (dist-treeo q t))))))
   (list "rewrite-1step" 10 3
         (lambda (d) (let ((t (balanced-term d)))
                       (lambda () (run* (q) (stepo t q))))))
   (list "rewrite-1step-backward" 10 4
         (lambda (d) (let ((t (balanced-term d)))
                       (lambda () (run* (q) (stepo q t))))))
   (list "rewrite-2step" 7 1
         (lambda (d) (let ((t (balanced-term d)))
                       (lambda ()
                         (run* (q) (fresh (m) (stepo t m) (stepo m q)))))))))

(define (fnv1a-32 bytes h)
  (let loop ((i 0) (h h))
    (if (= i (bytevector-length bytes))
        h
        (loop (+ i 1)
              (bitwise-and (* (bitwise-xor h (bytevector-u8-ref bytes i))
                              16777619)
                           #xFFFFFFFF)))))

(define (bytevector<? x y)
  (let ((n (bytevector-length x)) (m (bytevector-length y)))
    (let loop ((i 0))
      (cond ((= i n) (< i m))
            ((= i m) #f)
            ((= (bytevector-u8-ref x i) (bytevector-u8-ref y i)) (loop (+ i 1)))
            (else (< (bytevector-u8-ref x i) (bytevector-u8-ref y i)))))))

(define (digest answers)
  (let ((lines (map (lambda (a)
                      (let-values (((port get) (open-string-output-port)))
                        (write a port)
                        (newline port)
                        (string->utf8 (get))))
                    answers)))
    (fold-left (lambda (h b) (fnv1a-32 b h)) 2166136261
               (list-sort bytevector<? lines))))

(define (median xs)
  (let ((s (list-sort < xs)) (n (length xs)))
    (if (odd? n)
        (list-ref s (quotient n 2))
        (/ (+ (list-ref s (- (quotient n 2) 1)) (list-ref s (quotient n 2)))
           2))))

(define (time-program p runs)
  (let ((query ((cadddr p) (cadr p))) (reps (caddr p)) (answers '()))
    (define (one-run)
      (collect (collect-maximum-generation))
      (let ((t0 (cpu-time)))
        (do ((i 0 (+ i 1))) ((= i reps)) (set! answers (query)))
        (- (cpu-time) t0)))
    (one-run)
    (let ((ms (let loop ((i 0) (acc '()))
                (if (= i runs) acc (loop (+ i 1) (cons (one-run) acc))))))
      (printf "~a\t~,4f\t~a\t~a\n" (car p) (/ (inexact (median ms)) 1000)
              (length answers) (digest answers))
      (flush-output-port (current-output-port)))))

(let ((args (command-line-arguments)))
  (if (and (pair? args) (string=? (car args) "--list"))
      (for-each (lambda (p) (printf "~a\n" (car p))) programs)
      (let ((runs (if (pair? args) (string->number (car args)) 5))
            (names (if (pair? args) (cdr args) '())))
        (unless (and runs (> runs 0))
          (error 'fmk.ss "RUNS is not a positive number" (car args)))
        (for-each
         (lambda (name)
           (unless (assoc name programs)
             (error 'fmk.ss "no such program" name)))
         names)
        (for-each (lambda (p)
                    (when (or (null? names) (member (car p) names))
                      (time-program p runs)))
                  programs))))
