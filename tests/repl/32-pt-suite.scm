;; PyTensor 2.32's graph utilities that its test suites use, at the prompt:
;; explicit_graph_inputs, is_same_graph_with_merge, get_clients_at_depth and
;; the stack traces of rewriting/basic.py (copy_stack_trace,
;; check_stack_trace)
(vector x y z)
; test_explicit_graph_inputs: the constant is not an input to give
(define c (constant 2))
(explicit-graph-inputs (add x c))
(graph-inputs (add x c))
(explicit-graph-inputs (list (true_div x c) (exp y)))
; TestIsSameGraph: the merge-based half agrees with is_same_graph
(define t (mul x y))
(is-same-graph-with-merge x t)
(is-same-graph-with-merge x t (list (cons t x)))
(is-same-graph-with-merge (add (mul x x) z) (add (mul x y) t) (list (cons y x)))
(is-same-graph-with-merge (add (mul x x) z) (add (mul x y) t) (list (cons y x) (cons t z)))
(is-same-graph (add (mul x x) z) (add (mul x y) t) (list (cons y x) (cons t z)))
(is-same-graph-with-merge (mul x (mul y z)) (mul (mul x y) z))
; a given that needs a variable outside both graphs
(vector w)
(is-same-graph-with-merge (mul x c) (mul y c) (list (cons y w)))
; get_clients_at_depth: a = exp(x), b = -a, out = a * b; outputs out, b
(define a (exp x))
(define b (neg a))
(define fg (function-graph (list x) (list (mul a b) b)))
(define nodes (fgraph-toposort fg))
nodes
(define fa (car nodes))
(get-clients-at-depth fg fa 0)
(get-clients-at-depth fg fa 1)
(get-clients-at-depth fg fa 2)
(get-clients-at-depth fg fa 3)
(get-clients-at-depth fg x 1)
(get-clients-at-depth fg fa 'one)
; stack traces: none until given; copies append, in order
(define e (add x y))
(graph-trace e)
(add-tag-trace! x "test.scm:5")
(add-tag-trace! y "test.scm:5 y")
(graph-trace (copy-stack-trace! (list x y) e))
(graph-trace (copy-stack-trace! x e))
; check_stack_trace: the last nodes, all of them, or those of some ops
(define fg2 (function-graph (list x y) (list (exp (add x y)))))
(check-stack-trace fg2)
(define out2 (car (fgraph-outputs fg2)))
(add-tag-trace! out2 "made by hand")
(check-stack-trace fg2)
(check-stack-trace fg2 'last)
(check-stack-trace fg2 'all)
(check-stack-trace fg2 (list exp))
(check-stack-trace fg2 (list add))
(check-stack-trace fg2 (list (op-class add)))
(check-stack-trace fg2 (list mul))
(check-stack-trace fg2 'first)
; TestEval: Variable.eval's keys name variables of the graph; one inside
; cuts the graph there; one not needed is PyTensor's UnusedInputError
(scalar sx sy)
(define sz (add sx sy))
(define sw (mul 2 sz))
(graph-eval sw '((sx . 1.0) (sy . 2.0)))
(graph-eval sw `((,sz . 3)))
(graph-eval sw `((,sz . 3) (sx . 2.5)))
(graph-eval sw '((so . 1)))
