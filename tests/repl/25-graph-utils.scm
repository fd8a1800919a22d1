;; PyTensor's graph utilities (graph/basic.py, traversal.py, replace.py) at
;; the prompt, with the cases of its tests/graph/test_basic.py (2.32 orders)
(vector r1 r2 r3 x y z)
(define op1 (op 'MyOp))
; test_ancestors: the graphs, then each owner's inputs in order
(define o1 (op1 r1 r2))
(define o2 (op1 r3 o1))
(ancestors o2)
(ancestors (list o2) (list o1))
; test_graph_inputs
(graph-inputs o2)
(graph-inputs (list o2) (list o1))
; owner-inputs: o2.owner.inputs
(owner-inputs o2)
(owner-inputs r1)
; test_vars_between and test_orphans_between
(vars-between (list r1 r2) (list o2))
(orphans-between (list r1 r2) (list o2))
; test_variable_depends_on
(variable-depends-on o2 (list r1))
(variable-depends-on o1 (list r3))
; test_truncated_graph_inputs: the outputs themselves, or the closest
; variables that do not depend on the ancestors to include
(define e (exp x))
(define m (mul x y))
(define g (add m e))
(truncated-graph-inputs g)
(truncated-graph-inputs (list g) (list e))
(truncated-graph-inputs (list g) (list x))
; get_var_by_name
(define named (exp (graph-input '(tensor float64 ?) "nm")))
(map graph-name (get-var-by-name (list named g) "nm"))
(get-var-by-name g "none")
; test_equal_computations
(equal-computations (add x y) (add x y))
(equal-computations (add x y) (add y x))
(equal-computations (list (add x y)) (list (add z y)) (list x) (list z))
(equal-computations (list x) (list y))
(equal-computations (list (add x y)) (list (add z y) x))
(equal-computations (list (add x y)) (list (add z y)) (list x))
; is_same_graph, with givens
(is-same-graph (add x y) (add x y))
(is-same-graph (add x y) (add x z))
(is-same-graph (add x y) (add x z) (list (cons z y)))
; graph_replace: only the path from a key to an output is rebuilt
(pprint (graph-replace g (list (cons x z))))
(map pprint-string (graph-replace (list g (exp y)) (list (cons x z))))
(define gy (exp y))
(eq? (graph-replace gy (list (cons x z)) 'non-strict) gy)
(graph-replace g (list (cons z x)))
; clone_replace: all of it is copied; copy-inputs copies the inputs too
(pprint (clone-replace g (list (cons m z))))
(graph-inputs (clone-replace g '()))
(map graph-name (graph-inputs (clone-replace g '() 'copy-inputs)))
(equal? (graph-inputs (clone-replace g '() 'copy-inputs)) (list x y))
(matrix A)
(clone-replace g (list (cons x A)))
; bad arguments
(graph-replace g (list (cons x 'q)))
(graph-replace g (list x))
(graph-replace g 'bad)
(graph-replace g '() 'strictly)
(graph-inputs 'q)
(get-var-by-name g 3)
