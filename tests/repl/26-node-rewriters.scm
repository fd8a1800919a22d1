;; Node and graph rewriters written as procedures: PyTensor's
;; @node_rewriter(tracks) and @graph_rewriter, and FunctionGraph.replace.
(scalar x y z)
; the documentation's LocalSimplify: (a * b) / b -> a, (a * b) / a -> b
(define (simplify fg node)
  (let ((ins (owner-inputs node)))
    (if (and (graph-op (car ins)) (eq? (graph-op (car ins)) mul))
        (let ((a (owner-inputs (car ins))))
          (cond ((equal? (cadr a) (cadr ins)) (list (car a)))
                ((equal? (car a) (cadr ins)) (list (cadr a)))
                (else #f)))
        #f)))
(define local-simplify (node-rewriter (list true_div) simplify))
local-simplify
(repr (rewrite (true_div (mul x y) y) (in2out local-simplify)))
(repr (rewrite (true_div (mul y x) y) (in2out local-simplify)))
(repr (rewrite (add (true_div (mul x y) y) z) (in2out local-simplify)))
(repr (rewrite (true_div (mul (add y z) x) (add y z))
               (sequential-rewriter (merge-rewriter) (in2out local-simplify))))
; tracks: #f for every node; a name; the node is its first output
(define show (node-rewriter #f (lambda (fg node) (display (graph-op node)) (newline) #f) "show"))
show
(rewrite (add (mul x y) z) (in2out show))
; a map from variables to their replacements, with 'remove
(repr (rewrite (exp x) (in2out (node-rewriter (list exp)
  (lambda (fg n) (list (cons n (log (car (owner-inputs n))))))))))
(repr (rewrite (exp x) (in2out (node-rewriter (list exp)
  (lambda (fg n) (list (cons n (log (car (owner-inputs n)))) (list 'remove n)))))))
; errors: a bare graph, too many replacements, bad tracks
(repr (rewrite (exp x) (in2out (node-rewriter (list exp) (lambda (fg n) n)))))
(repr (rewrite (exp x) (in2out (node-rewriter (list exp) (lambda (fg n) (list x y))))))
(node-rewriter '() simplify)
(node-rewriter (list 1) simplify)
(node-rewriter #f 1)
; a graph rewriter changes the FunctionGraph in place
(define (add-to-mul fg)
  (for-each (lambda (n)
              (if (eq? (graph-op n) add)
                  (fgraph-replace! fg n (apply mul (owner-inputs n)) "add-to-mul")))
            (fgraph-toposort fg)))
(define g (graph-rewriter add-to-mul))
g
(repr (rewrite (add (add x y) z) g))
(repr (rewrite (add x y) (graph-rewriter (lambda (fg) (car 1)))))
(define fg (function-graph (add x y)))
(fgraph-toposort fg)
(fgraph-replace! fg (car (fgraph-outputs fg)) (apply mul (fgraph-inputs fg)) "by hand")
fg
(fgraph-replace! fg (car (fgraph-outputs fg)) (mul x y))
(fgraph-replace! fg (car (fgraph-outputs fg)) (graph-input '(tensor float64 ?) 'v))
fg
; fgraph.replace(..., import_missing=True): a new input is appended
(define fm (function-graph (exp x)))
(define fx (car (fgraph-inputs fm)))
(fgraph-replace! fm fx (add fx y))
(fgraph-replace! fm fx (add fx y) 'import-missing)
(repr fm)
(fgraph-inputs fm)
(fgraph-replace! fm fx z "why" 'import-missing)
(fgraph-inputs fm)
(fgraph-replace! fm fx z "why" 'nope)
; EquilibriumGraphRewriter([node, graph rewriters], final_rewriters=,
; cleanup_rewriters=): count the runs of a graph rewriter
(define runs 0)
(define counter (graph-rewriter (lambda (fg) (set! runs (+ runs 1))) "counter"))
(define el (node-rewriter (list exp) (lambda (fg n)
  (let ((i (car (owner-inputs n))))
    (and (graph-op i) (eq? (graph-op i) log) (owner-inputs i))))))
(repr (rewrite (exp (log (exp (log x)))) (equilibrium-rewriter el counter)))
runs
(set! runs 0)
(repr (rewrite (exp (log x)) (equilibrium-rewriter el 'final-rewriters (list counter))))
runs
(set! runs 0)
(repr (rewrite (exp (log x)) (equilibrium-rewriter el 'cleanup-rewriters (list counter))))
runs
(repr (rewrite (add (exp x) (exp x)) (equilibrium-rewriter (merge-rewriter) 3)))
(equilibrium-rewriter 3)
(equilibrium-rewriter el 'final-rewriters)
(equilibrium-rewriter el 'final-rewriters 5)
(equilibrium-rewriter el 'cleanup-rewriters (list 5))
; tracks may name an op class, as @node_rewriter([MyOp])
(define show-class (node-rewriter (list (op-class (op 'OpY 'x 1)))
  (lambda (fg n) (display (graph-op n)) (newline) #f)))
(rewrite ((op 'OpY 'x 1) (exp ((op 'OpY 'x 2) x)) ((op 'OpZ 'x 2) y)) (in2out show-class))
(node-rewriter (list "add") simplify)
; PatternNodeRewriter's tracks and get_nodes: tracking Op3, handed an Op3
; node, it rewrites the Op1 node below it
(vector x y)
(define op1 (op 'Op1)) (define op2 (op 'Op2)) (define op3 (op 'Op3))
(define a (var 'a)) (define b (var 'b))
(define (below fg node) (list (car (owner-inputs node))))
(define r (pattern-rewriter (op1 a b) (op2 b a) 'tracks (list op3)
                            'get-nodes below))
(rewrite (function-graph (list x y) (list (op3 (op1 x y)))) (in2out r))
(rewrite (function-graph (list x y) (list (op3 x))) (in2out r))
(pattern-rewriter (op1 a b) (op2 b a) 'tracks (list op3))
(pattern-rewriter (op1 a b) (op2 b a) 'get-nodes)
(define (bad fg node) (car '()))
(rewrite (function-graph (list x y) (list (op3 (op1 x y))))
         (in2out (pattern-rewriter (op1 a b) (op2 b a) 'tracks (list op3)
                                   'get-nodes bad)))
