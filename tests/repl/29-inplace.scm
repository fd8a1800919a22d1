;; In-place ops and the DestroyHandler: PyTensor's test_destroyhandler.py
;; at the prompt. An op's 'destroy-map and 'view-map are PyTensor's dicts
;; {OUT: [IN]} written as association lists.
(scalar x y z)
(define sigmoid (op 'Sigmoid 'n-outs 1))
(define tv (op 'TransposeView 'view-map '((0 0))))
(define add-op (op 'Add 'n-outs 1))
(define aip (op 'AddInPlace 'destroy-map '((0 0))))
(define aip2 (op 'AddInPlace 'destroy-map '((0 0)) 'tolerate-same '((0 1))))
(define dot-op (op 'Dot 'n-outs 1))
(define (dh-graph ins outs)
  (let ((fg (function-graph ins outs)))
    (fgraph-destroy-handler! fg)
    fg))
; test_usage_loop_through_views: x is read through a view after AddInPlace
(define g (dh-graph (list x y z) (list (dot-op (aip x y) (tv x)))))
g
(fgraph-consistent? g)
(fgraph-validate g)
; the same graph without a DestroyHandler is not checked
(fgraph-consistent? (function-graph (list x y z) (list (dot-op (aip x y) (tv x)))))
; test_aliased_inputs, and an op that tolerates the same input
(fgraph-validate (dh-graph (list x) (list (aip x x))))
(fgraph-consistent? (dh-graph (list x) (list (aip2 x x))))
(fgraph-consistent? (dh-graph (list x) (list (aip2 x (tv x)))))
; test_multi_destroyers
(fgraph-validate (dh-graph (list x y) (list (add-op (aip x y) (aip x y)))))
; test_destroyers_loop: a replacement the handler refuses is reverted
(define g2 (dh-graph (list x y z) (list (add-op x y) (add-op y x))))
(define outs (fgraph-outputs g2))
(define x2 (car (fgraph-inputs g2)))
(define y2 (cadr (fgraph-inputs g2)))
(fgraph-replace-validate! g2 (car outs) (aip x2 y2))
g2
(fgraph-replace-validate! g2 (cadr outs) (aip y2 x2))
g2
(fgraph-destroyers g2 x2)
(fgraph-destroyers g2 y2)
; test_long_destroyers_loop: in2out makes Add in place where it can
(define g3 (dh-graph (list x y z) (list (dot-op (dot-op (aip x y) (aip y z)) (add-op z x)))))
(rewrite g3 (in2out (substitution-rewriter add-op aip) 'ignore-newtrees))
(fgraph-consistent? g3)
; test_indestructible: the mark survives the copy function-graph makes
(define w (graph-input '(scalar float64) "w"))
(indestructible! w)
(fgraph-validate (dh-graph (list w y) (list (aip w y))))
(fgraph-validate (dh-graph (list x y) (list (aip (constant 2) y))))
; a Supervisor protects inputs from destruction (and outputs)
(define g4 (dh-graph (list x y) (list (aip x y))))
(fgraph-supervisor! g4 (fgraph-inputs g4))
(fgraph-validate g4)
; errors
(op 'Bad 'destroy-map '((1 0)))
(op 'Bad 'destroy-map '(0 0))
(op 'Bad 'tolerate-same '((0)))
(fgraph-destroyers (function-graph (list x) (list (aip x x))) x)
(fgraph-validate (dh-graph (list x y) (list ((op 'Two 'view-map '((0 0 1))) x y))))
(fgraph-consistent? 5)
