;; Rewriters and optdb at the prompt, following the documents.
(matrix A B)
(vector x y z w)
;; KanrenRelationSub in an EquilibriumGraphRewriter, both ways
(define dot-distribute-rewrite
  (equilibrium-rewriter (kanren-relation-sub dot-distributeo) 10))
dot-distribute-rewrite
(define dot-gather-rewrite
  (equilibrium-rewriter (kanren-relation-sub dot-distributeo #t) 10))
(define test (dot A (add x y)))
(pprint test)
(define res (rewrite-graph test dot-distribute-rewrite))
(pprint res)
(pprint test)
(pprint (rewrite-graph (dot A (add (add x y) (add z w))) dot-distribute-rewrite))
(define test3 (dot A (add x (add y (dot B (add z w))))))
(define res3 (rewrite-graph test3 dot-distribute-rewrite))
(pprint res3)
(pprint (rewrite-graph res3 dot-gather-rewrite))
;; the same relation written at the prompt, and (backward rel)
(defrel (my-distributeo in out)
  (fresh (A a b)
    (== in (etuple dot A (etuple add a b)))
    (== out (etuple add (etuple dot A a) (etuple dot A b)))))
(pprint (rewrite-graph test (equilibrium-rewriter my-distributeo)))
(pprint (rewrite-graph res (equilibrium-rewriter (backward my-distributeo))))
(backward my-distributeo)
;; a pattern rewriter: x*y/y -> x (the documents' simplification)
(define simplify
  (let ((x (var 'x)) (y (var 'y)))
    (pattern-rewriter (true_div (mul x y) y) x)))
simplify
; str() of the pattern's etuples all the way down, strings unquoted
(let ((x (var 'x))) (pattern-rewriter (add 1 (etuple "a" 2) (etuple)) x))
(pprint (rewrite-graph (add z (true_div (mul x y) y)) (in2out simplify)))
(pprint (rewrite (true_div (mul (add x y) z) z) (out2in simplify)))
(pprint (rewrite (add (true_div (mul x y) y) (neg (neg z)))
                 (dfs-rewriter simplify neg-nego)))
(pprint (rewrite (neg (neg (true_div (mul x y) y)))
                 (sequential-rewriter (in2out simplify) (in2out neg-nego))))
(sequential-node-rewriter simplify neg-nego)
(pprint (rewrite (identity (neg (neg x)))
                 (in2out (removal-rewriter identity) neg-nego)))
(pprint (rewrite (add x y) (in2out (substitution-rewriter add mul))))
(pprint (rewrite (add (exp x) (exp x)) (merge-rewriter)))
(dprint (rewrite (add (exp x) (exp x)) (merge-rewriter)))
;; optdb: the default query, a tag, and a relation registered at the prompt
(pprint (rewrite-graph (neg (neg x))))
(pprint (rewrite-graph test #f "+dot_distribute"))
(db-register optdb "my_distribute" (equilibrium-rewriter my-distributeo)
             '(my_tag) 1.5)
(db-query-names optdb "+my_tag")
(db-query optdb "+my_tag")
(pprint (rewrite-graph test #f "+my_tag"))
(db-register canonicalize "my_gather" (backward my-distributeo) '(gather))
(db-query-names canonicalize "+gather")
(pprint (rewrite-graph res #f "+canonicalize"))
(pprint (rewrite-graph res))
(define db (equilibrium-db 10))
(db-register db "negneg" neg-nego '(fast))
(db-summary db)
(db-rewriter db "+fast")
(pprint (rewrite (neg (neg (neg (neg y)))) (db-rewriter db "+fast")))
(db-register optdb "my_distribute" my-distributeo '(x))
(rewrite-graph test 42)
(db-query optdb "bad")
; an empty SequenceDB
(db-summary (sequence-db))
;; OpKeyGraphRewriter: only the nodes of the rewriter's op; a rewriter
;; without an op key is refused
(pprint (rewrite (add (exp (add x y)) x) (op-key-rewriter (substitution-rewriter add mul))))
(op-key-rewriter (kanren-relation-sub dot_distributeo))
;; constant_folding: nodes of constants become the constant they compute
(pprint (rewrite (mul x (add 1 (mul 2 3))) (in2out (constant-folding))))
;; ops of any name, as MyOp("Op1") of PyTensor's test_basic.py
(define op1 (op 'Op1))
(define op2 (op "Op2"))
(define op3 (op 'Op3))
(define op4 (op 'Op4))
op1
(op 'add)
(op 'ps.add)
(op "a b")
(op 3)
(define (pat in out) (in2out (pattern-rewriter in out)))
(define pa (var 'a))
(define pb (var 'b))
(define pc (var 'c))
; test_replace_output
(repr (rewrite (op1 (op2 x y) z) (pat (op1 (op2 pa pb) pc) (op4 pc pb))))
; test_nested_out_pattern
(repr (rewrite (op1 x y)
               (pat (op1 pa pb) (op4 (op1 pa) (op2 pb) (op3 pa pb)))))
; test_unification_1 and test_unification_2
(repr (rewrite (op1 (op2 x x) z) (pat (op1 (op2 pa pa) pc) (op4 pc pa))))
(repr (rewrite (op1 (op2 x y) z) (pat (op1 (op2 pa pa) pc) (op4 pc pa))))
; test_replace_subgraph
(repr (rewrite (op1 (op2 x y) z) (pat (op2 pa pb) pa)))
(dprint (op1 x (exp y)))
(graph-eval (op1 x) '((x . (1))))
;; options: a pattern may match a subgraph used elsewhere; a walker may
;; leave the nodes a rewrite creates alone
(define shared (op1 x y))
(repr (rewrite (op3 (op4 shared) shared) (pat (op4 (op1 pa pb)) (op3 pa pb))))
(repr (rewrite (op3 (op4 shared) shared)
               (in2out (pattern-rewriter (op4 (op1 pa pb)) (op3 pa pb)
                                         'allow-multiple-clients))))
(pattern-rewriter (op4 (op1 pa pb)) (op3 pa pb) 42)
(repr (rewrite (op1 (op1 x)) (in2out (pattern-rewriter (op1 pa) (op1 (op1 pa))) 'ignore-newtrees)))
;; FunctionGraph values: several outputs, given inputs, rewritten in place
(define fg (function-graph (list x y z) (list (op1 (op2 x y)) (op1 (op2 x y)) z)))
fg
(function-graph? fg)
(function-graph? (op1 x))
(fgraph-inputs fg)
(fgraph-outputs fg)
(dprint fg)
(eq? (rewrite fg (merge-rewriter)) fg)
fg
(graph-nodes fg)
(rewrite-graph fg)
(function-graph (op1 x y))
(function-graph '())
(function-graph (list x 'a))
(function-graph (list x) (list (op1 x y)))
(fgraph-outputs (op1 x))
(pprint fg)
;; constrained pattern variables: PyTensor's {"pattern": ..., "constraint": ...}
(define (computed? r) (if (graph-op r) #t #f))
(define cpat (pattern-rewriter (op1 (constrained pa computed?)) (op3 pa)))
cpat
(rewrite (function-graph (op1 (op1 (op2 x y)))) (in2out cpat))
(rewrite (function-graph (op1 (op2 x y))) (in2out (pattern-rewriter (op1 pa) (constrained pa computed?))))
(constrained 'a computed?)
(constrained pa 'computed?)
;; PyTensor's ConstrainedVar: a logic variable that carries its constraint,
;; in patterns as in ==
(define cv (constrained-var computed? 'cv))
cv
(rewrite (function-graph (op1 (op1 (op2 x y)))) (in2out (pattern-rewriter (op1 cv) (op3 cv))))
(run* (q) (== cv x))
(run* (q) (== cv (op2 x y)) (== q cv))
(run* (q) (== cv (etuple op2 x y)) (== q cv))
(run* (q) (fresh (a) (== a cv) (conde ((== a x)) ((== a (op1 y)))) (== q a)))
(define (cvstring? s) (string? s))
(define cs (constrained-var cvstring?))
(run* (q) (== cs cv))
(run* (q) (== (list cs cs) '("a" "a")) (== q cs))
(run* (q) (=/= cs 1))
(run* (q) (== (constrained-var (lambda (v) (car v))) 1))
(constrained-var 'computed?)
(constrained-var computed? 3)
;; a constraint failing with an error: the walker warns and goes on, the
;; equilibrium rewriter stops with it
(define bad (pattern-rewriter (op1 (constrained pa (lambda (r) (+ r 1)))) (op3 pa)))
(rewrite (function-graph (op1 (op2 x y))) (in2out bad))
(rewrite (function-graph (op1 (op2 x y))) bad)
;; named constants
(constant 2 "two")
(repr (op1 (constant 2 '(scalar int8) "c") x))
(constant 2 "a" "b")
;; ops with props (MyOp): equal by x, several outputs
(define my-a (op 'A 'x '(1 2)))
(list my-a (equal? my-a (op 'B 'x '(1 2))) (equal? my-a (op 'A 'x 3)) (equal? (op 'A 'n-outs 2) (op 'A 'n-outs 2)))
(define two (op 'Two 'x 0 'n-outs 2))
(two x y)
(repr (two x y))
(repr (function-graph (two x y)))
; an etuple of it evaluates to both outputs too (test_unify.py's test_etuples)
(etuple-eval (etuple two x y))
(op 'A 'y 1)
(op 'A 'x)
(op 'A 'n-outs 0)
(op 'A 'n-outs 'two)
; KanrenRelationSub: an answer that is no graph is an error of the
; rewriter, as PyTensor's transform raises (in2out warns, equilibrium stops)
(defrel (looseo in out) succeed)
(repr (rewrite (add x y) (in2out (kanren-relation-sub looseo))))
(repr (rewrite (add x y) (equilibrium-rewriter (kanren-relation-sub looseo) 10)))
; an error raised inside a relation is its rewriter's error, as in run:
; the walker warns, the equilibrium stops with it
(defrel (carelesso in out) (project (in) (== out (car 1))))
(repr (rewrite (add x y) (in2out carelesso)))
(repr (rewrite (add x y) (equilibrium-rewriter carelesso 10)))
; the evaluation budget ends a rewrite with its error
(set-eval-limit! 1000)
(repr (rewrite (neg (neg x)) (in2out (lambda (a b) (== b (neg a))))))
(set-eval-limit! 0)
; a rewrite needs a name
(db-register (sequence-db) "" (in2out dot-distributeo) '(tg) 1.5)
; a rewrite that never ends stops at the memory limit, the session goes on
(set-memory-limit! 64)
(rewrite (add x y) (in2out (substitution-rewriter add add)))
(set-memory-limit! 0)
; the equilibrium rewriter's PyTensor keyword arguments: new nodes wait for
; the next pass by default, so these rules that do not commute end apart
(vector x)
(define op1 (op 'Op1)) (define op2 (op 'Op2)) (define op3 (op 'Op3))
(define op6 (op 'Op6)) (define op8 (op 'Op8)) (define op9 (op 'Op9))
(define a (var 'a))
(define rws (list (pattern-rewriter (op1 a) (op6 (op2 a))) (pattern-rewriter (op2 (op3 a)) (op8 a)) (pattern-rewriter (op3 a) (op9 a))))
(repr (rewrite (op1 (op3 x)) (equilibrium-rewriter rws 10)))
(repr (rewrite (op1 (op3 x)) (equilibrium-rewriter rws 10 'ignore-newtrees #f)))
(repr (rewrite (op1 (op3 x)) (equilibrium-rewriter rws 'ignore-newtrees #f 'tracks-on-change-inputs #t)))
(equilibrium-rewriter rws 'ignore-newtrees 1)
(repr (rewrite (op1 (op3 x)) (op-key-rewriter (car rws) 'ignore-newtrees)))
(op-key-rewriter (car rws) 'other)
