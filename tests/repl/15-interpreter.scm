;; A relational interpreter: the programs that evaluate to themselves
;; (quines), pairs that evaluate to each other (twines), programs with a
;; given value. Every constraint kind meets every other here, so answers
;; depend on the search order, on =/= simplification, and on how
;; constraints reify and sort. Each expected value is what
;; faster-miniKanren (mk.scm under Chez Scheme) printed for the same
;; program, in its order.
;; A relational interpreter for a small Scheme: quote, list, one-argument
;; lambda and application, variables looked up in an association list.
(defrel (evalo expr env val)
  (conde
    ((symbolo expr) (lookupo expr env val))
    ((fresh (datum)
       (== expr (list 'quote datum))
       (unboundo 'quote env)
       (absento 'closure datum)
       (== val datum)))
    ((fresh (args)
       (== expr (cons 'list args))
       (unboundo 'list env)
       (absento 'closure args)
       (eval-argso args env val)))
    ((fresh (param body)
       (== expr `(lambda (,param) ,body))
       (symbolo param)
       (unboundo 'lambda env)
       (== val `(closure ,param ,body ,env))))
    ((fresh (f arg param body cenv argv)
       (== expr (list f arg))
       (evalo f env `(closure ,param ,body ,cenv))
       (evalo arg env argv)
       (evalo body (cons (cons param argv) cenv) val)))))

(defrel (lookupo name env val)
  (fresh (n v rest)
    (== env (cons (cons n v) rest))
    (conde
      ((== n name) (== v val))
      ((=/= n name) (lookupo name rest val)))))

(defrel (unboundo name env)
  (conde
    ((== env '()))
    ((fresh (n v rest)
       (== env (cons (cons n v) rest))
       (=/= n name)
       (unboundo name rest)))))

(defrel (eval-argso args env vals)
  (conde
    ((== args '()) (== vals '()))
    ((fresh (a d va vd)
       (== args (cons a d))
       (== vals (cons va vd))
       (evalo a env va)
       (eval-argso d env vd)))))

(test "quines"
  (run 8 (q) (evalo q '() q))
  '((((lambda (_.0) (list _.0 (list (quote quote) _.0))) (quote (lambda (_.0) (list _.0 (list (quote quote) _.0))))) (=/= ((_.0 closure)) ((_.0 list)) ((_.0 quote))) (sym _.0)) (((lambda (_.0) (list ((lambda (_.1) _.1) _.0) (list (quote quote) _.0))) (quote (lambda (_.0) (list ((lambda (_.1) _.1) _.0) (list (quote quote) _.0))))) (=/= ((_.0 closure)) ((_.0 lambda)) ((_.0 list)) ((_.0 quote)) ((_.1 closure))) (sym _.0 _.1)) (((lambda (_.0) (list _.0 (list ((lambda (_.1) (quote quote)) _.0) _.0))) (quote (lambda (_.0) (list _.0 (list ((lambda (_.1) (quote quote)) _.0) _.0))))) (=/= ((_.0 closure)) ((_.0 lambda)) ((_.0 list)) ((_.0 quote)) ((_.1 closure)) ((_.1 quote))) (sym _.0 _.1)) (((lambda (_.0) ((lambda (_.1) (list _.1 (list (quote quote) _.1))) _.0)) (quote (lambda (_.0) ((lambda (_.1) (list _.1 (list (quote quote) _.1))) _.0)))) (=/= ((_.0 closure)) ((_.0 lambda)) ((_.0 list)) ((_.0 quote)) ((_.1 closure)) ((_.1 list)) ((_.1 quote))) (sym _.0 _.1)) (((lambda (_.0) (list ((lambda (_.1) _.0) _.0) (list (quote quote) _.0))) (quote (lambda (_.0) (list ((lambda (_.1) _.0) _.0) (list (quote quote) _.0))))) (=/= ((_.0 _.1)) ((_.0 closure)) ((_.0 lambda)) ((_.0 list)) ((_.0 quote)) ((_.1 closure))) (sym _.0 _.1)) (((lambda (_.0) (list _.0 ((lambda (_.1) (list (quote quote) _.1)) _.0))) (quote (lambda (_.0) (list _.0 ((lambda (_.1) (list (quote quote) _.1)) _.0))))) (=/= ((_.0 closure)) ((_.0 lambda)) ((_.0 list)) ((_.0 quote)) ((_.1 closure)) ((_.1 list)) ((_.1 quote))) (sym _.0 _.1)) (((lambda (_.0) (list _.0 (list (quote quote) ((lambda (_.1) _.1) _.0)))) (quote (lambda (_.0) (list _.0 (list (quote quote) ((lambda (_.1) _.1) _.0)))))) (=/= ((_.0 closure)) ((_.0 lambda)) ((_.0 list)) ((_.0 quote)) ((_.1 closure))) (sym _.0 _.1)) (((lambda (_.0) ((lambda (_.1) (list _.1 (list (quote quote) _.0))) _.0)) (quote (lambda (_.0) ((lambda (_.1) (list _.1 (list (quote quote) _.0))) _.0)))) (=/= ((_.0 _.1)) ((_.0 closure)) ((_.0 lambda)) ((_.0 list)) ((_.0 quote)) ((_.1 closure)) ((_.1 list)) ((_.1 quote))) (sym _.0 _.1))))

(test "twines"
  (run 2 (q) (fresh (p r) (== q (list p r)) (=/= p r) (evalo p '() r) (evalo r '() p)))
  '((((quote ((lambda (_.0) (list (quote quote) (list _.0 (list (quote quote) _.0)))) (quote (lambda (_.0) (list (quote quote) (list _.0 (list (quote quote) _.0))))))) ((lambda (_.0) (list (quote quote) (list _.0 (list (quote quote) _.0)))) (quote (lambda (_.0) (list (quote quote) (list _.0 (list (quote quote) _.0))))))) (=/= ((_.0 closure)) ((_.0 list)) ((_.0 quote))) (sym _.0)) (((quote ((lambda (_.0) (list (quote quote) (list ((lambda (_.1) _.1) _.0) (list (quote quote) _.0)))) (quote (lambda (_.0) (list (quote quote) (list ((lambda (_.1) _.1) _.0) (list (quote quote) _.0))))))) ((lambda (_.0) (list (quote quote) (list ((lambda (_.1) _.1) _.0) (list (quote quote) _.0)))) (quote (lambda (_.0) (list (quote quote) (list ((lambda (_.1) _.1) _.0) (list (quote quote) _.0))))))) (=/= ((_.0 closure)) ((_.0 lambda)) ((_.0 list)) ((_.0 quote)) ((_.1 closure))) (sym _.0 _.1))))

(test "I love you"
  (run 6 (q) (evalo q '() '(I love you)))
  '((quote (I love you)) (((lambda (_.0) _.0) (quote (I love you))) (sym _.0)) (((lambda (_.0) (quote (I love you))) (quote _.1)) (=/= ((_.0 quote))) (sym _.0) (absento (closure _.1))) (list (quote I) (quote love) (quote you)) (((lambda (_.0) (quote (I love you))) (list)) (=/= ((_.0 quote))) (sym _.0)) (((lambda (_.0) (quote (I love you))) (lambda (_.1) _.2)) (=/= ((_.0 quote))) (sym _.0 _.1))))

(test "forward"
  (run* (q) (evalo '((lambda (x) (list x 'y)) (quote z)) '() q))
  '((z y)))

(test "operator"
  (run 3 (q) (fresh (e v) (== q (list e v)) (evalo `(,e (quote a)) '() v)))
  '((quote (quote a)) (list (a)) (((lambda (_.0) _.0) a) (sym _.0))))

(test-summary)
