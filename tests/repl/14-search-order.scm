;; Search order against faster-miniKanren: random programs -- relations
;; defined with defrel that recur through conde, fresh, conda, condu and
;; onceo over ==, =/=, symbolo and numbero -- queried with run n and run*.
;; Each expected value is the answer list that faster-miniKanren (mk.scm
;; under Chez Scheme) printed for the same program, in its order: run n
;; must give the same first n answers. conda, condu and onceo, which
;; mk.scm lacks, ran as The Reasoned Schemer's ifte and once written over
;; its streams, the test's goals seeing a fresh binding scope as conde's do.
;; Half the programs are list relations in the shape of appendo (a base
;; case and a structural recursive case) queried with all-fresh arguments,
;; so that their answers come from interleaving infinite streams.
;; seed 3, program 4
(defrel (s3-4-0 x0) (conde ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (s3-4-0 v2))))) ((== x0 '()))))
(test "search 3-4" (run 1 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s3-4-0 a) (conde ((== b b) (== a (cons (cons a b) (cons b a)))) ((== b (cons '() b)) (== b a) (== a b)) ((== b a)))))) '((() ())))
;; seed 3, program 12
(defrel (s3-12-0 x0) (conde ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (s3-12-0 v2))))) ((== x0 '()))))
(defrel (s3-12-1 x0 x1) (conde ((fresh (v4) (fresh (v5) (fresh (v6) (== x0 (cons v4 v5)) (== x1 (cons v4 v6)) (s3-12-1 v5 v6) (fresh (v7) (== x1 v6) (== v4 v4) (== v5 (cons v7 v7))))))) ((== x0 '()) (== x1 x0))))
(defrel (s3-12-2 x0 x1) (conde ((fresh (v8) (fresh (v9) (fresh (v10) (== x0 (cons v8 v9)) (s3-12-2 v9 v10) (== x1 (cons v8 v10)))))) ((== x0 '()) (== x1 '()))))
(test "search 3-12" (run 3 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s3-12-0 b) (s3-12-2 b a)))) '((() ()) ((_.0) (_.0)) ((_.0 _.1) (_.0 _.1))))
;; seed 3, program 24
(defrel (s3-24-0 x0 x1) (conde ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x1 (cons v1 v3)) (conde ((== x1 (cons x0 (cons x0 x0))) (== v1 (cons x1 v2)) (== 1 (cons '(a) x1))) ((== 'a (cons (cons '() '(a)) (cons 'a v3))) (== x1 (cons v1 '(a)))) ((== v1 '()) (== v3 v2))) (s3-24-0 v2 v3))))) ((== x0 '()) (== x1 'a)) ((=/= x1 1))))
(test "search 3-24" (run 3 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s3-24-0 (cons a b) 'b)))) '((_.0 _.1)))
;; seed 3, program 32
(defrel (s3-32-0 x0) (conde ((conde ((== x0 'b)) ((== x0 x0) (== x0 x0) (== x0 x0)) ((== x0 x0) (== x0 x0))) (== x0 (cons x0 x0))) ((== x0 '())) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (s3-32-0 v2) (onceo (== v3 1))))))))
(test "search 3-32" (run 3 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s3-32-0 b)))) '((_.0 ()) (_.0 (_.1)) (_.0 (_.1 _.2))))
;; seed 3, program 33
(defrel (s3-33-0 x0 x1) (conde ((s3-33-1 'b x0) (== 'a x1) (conda ((== x0 (cons x0 '(a b))) (== x1 (cons '() x0))) ((== x1 (cons x1 x1))) ((== x0 x0) (== x1 (cons (cons x1 '(a)) x0)) (== x0 (cons (cons 1 x1) 'b))))) ((conde ((== x1 x0) (s3-33-1 (cons x0 x1) (cons x1 1)) (condu ((== x0 x1) (== x1 1)) ((== x1 (cons x0 (cons 'a x0))) (== x0 x0) (== x1 (cons (cons x0 x0) (cons 'a x1)))))) ((== x0 x0)) ((s3-33-0 '(a) 'a) (s3-33-0 x0 'b))) (=/= x0 '(a)))) (== x1 '(a)))
(defrel (s3-33-1 x0 x1) (conde ((== x1 (cons x0 (cons '(a) x1))) (=/= x1 (cons x0 x0)) (== x1 x1)) ((s3-33-0 x0 x1))) (s3-33-0 x0 x0))
(defrel (s3-33-2 x0) (fresh (v1) (fresh (v2) (=/= '(a b) x0) (== x0 (cons v1 v1)) (== v1 v1))))
(test "search 3-33" (run 3 (q) (fresh (a) (== q `(,a)) (conde ((== a 'b) (== a a) (== a a)) ((== a (cons (cons a a) a)) (== a a) (== a (cons (cons a a) '(a)))) ((== a '()))) (s3-33-2 (cons a a)))) '((b) (())))
;; seed 3, program 36
(defrel (s3-36-0 x0 x1) (conde ((== x1 (cons '() (cons x0 x0))) (conde ((== x1 'a) (== x0 '(a b)) (== x0 x0)) ((== x0 x0)) ((== x1 x1) (== x0 x1) (== x1 '(a b))))) ((conde ((== x0 (cons (cons x0 x1) (cons '(a) x1))) (fresh (v2) (== v2 (cons 1 (cons x1 v2)))) (=/= x0 'a)) ((onceo (== x0 (cons (cons x0 x1) x1))) (fresh (v3) (fresh (v4) (== x1 (cons (cons 1 x0) x1)) (== v4 v4))))))))
(test "search 3-36" (run 5 (q) (fresh (a) (== q `(,a)) (s3-36-0 'b a))) '(((() b . b))))
;; seed 3, program 50
(defrel (s3-50-0 x0) (conde ((== x0 '())) ((fresh (v1) (fresh (v2) (fresh (v3) (s3-50-0 v2) (== v1 v2) (== x0 (cons v1 v2))))))))
(test "search 3-50" (run 3 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s3-50-0 a)))) '((() _.0) ((()) _.0) (((()) ()) _.0)))
;; seed 3, program 54
(defrel (s3-54-0 x0 x1 x2) (== x0 '()))
(defrel (s3-54-1 x0 x1) (conde ((== x0 '()) (== x1 'a)) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x1 (cons v1 v3)) (s3-54-1 v2 v3) (s3-54-0 x1 v3 x0)))))))
(test "search 3-54" (run* (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s3-54-1 a 'a)))) '((() _.0)))
;; seed 3, program 59
(defrel (s3-59-0 x0 x1) (conde ((== x1 (cons (cons x0 x0) '()))) ((== x0 x0))))
(test "search 3-59" (run* (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s3-59-0 b b) (s3-59-0 b 'b)))) '((_.0 _.1)))
;; seed 3, program 63
(defrel (s3-63-0 x0) (conde ((== x0 '())) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (s3-63-0 v2) (== v2 v2)))))))
(defrel (s3-63-1 x0 x1) (conde ((== x0 '()) (== x1 'a)) ((fresh (v4) (fresh (v5) (fresh (v6) (s3-63-1 v5 v6) (== x1 (cons v4 v6)) (== x0 (cons v4 v5))))))))
(test "search 3-63" (run 5 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s3-63-0 b) (=/= a (cons a a))))) '((_.0 ()) (_.0 (_.1)) (_.0 (_.1 _.2)) (_.0 (_.1 _.2 _.3)) (_.0 (_.1 _.2 _.3 _.4))))
;; seed 3, program 64
(defrel (s3-64-0 x0 x1) (conde ((numbero x1)) ((s3-64-0 x0 x1) (== x0 x0))) (s3-64-1 '(a b) x0))
(defrel (s3-64-1 x0 x1) (conde ((== x0 '()) (== x1 'a)) ((== x0 x0)) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x1 (cons v1 v3)) (s3-64-1 v2 v3) (== v2 1)))))))
(test "search 3-64" (run 2 (q) (fresh (a) (== q `(,a)) (s3-64-0 '(a b) a))) '(((_.0) (num _.0)) ((_.0) (num _.0))))
;; seed 3, program 79
(defrel (s3-79-0 x0) (conde ((== x0 '())) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (s3-79-0 v2)))))))
(defrel (s3-79-1 x0) (conde ((conde ((== '() 1)) ((== x0 'b) (== x0 'a)) ((== x0 1)))) ((=/= 1 x0) (s3-79-0 x0) (fresh (v5) (fresh (v6) (fresh (v7) (condu ((== v7 x0) (== v7 1) (== x0 v7)) ((== x0 x0) (== v5 (cons 'a (cons v7 'a))))) (conda ((== x0 v6)) ((== x0 (cons 'a 'b)) (== x0 (cons v5 (cons v6 x0))) (== (cons v5 v5) v7)))))))) (conde ((s3-79-0 (cons x0 x0)) (== x0 'b) (conde ((fresh (v4) (== v4 '(a b)) (== v4 (cons x0 (cons x0 x0)))) (== x0 1)) ((=/= '(a) '(a))))) ((== x0 x0) (onceo (== x0 (cons (cons x0 x0) x0))))))
(test "search 3-79" (run 2 (q) (fresh (a) (== q `(,a)) (s3-79-0 (cons a a)))) '((()) ((_.0))))
;; seed 3, program 80
(defrel (s3-80-0 x0) (conde ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (s3-80-0 v2))))) ((== x0 (cons (cons x0 x0) (cons x0 x0))) (symbolo x0)) ((== x0 '()))))
(test "search 3-80" (run 8 (q) (fresh (a) (== q `(,a)) (s3-80-0 a))) '((()) ((_.0)) ((_.0 _.1)) ((_.0 _.1 _.2)) ((_.0 _.1 _.2 _.3)) ((_.0 _.1 _.2 _.3 _.4)) ((_.0 _.1 _.2 _.3 _.4 _.5)) ((_.0 _.1 _.2 _.3 _.4 _.5 _.6))))
;; seed 3, program 83
(defrel (s3-83-0 x0) (conde ((fresh (v1) (fresh (v2) (fresh (v3) (s3-83-0 v2) (== x0 (cons v1 v2)))))) ((== x0 '()))))
(defrel (s3-83-1 x0) (=/= 'a 'b) (condu ((== x0 x0)) ((== x0 'b) (== x0 x0))))
(test "search 3-83" (run* (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s3-83-1 b)))) '((_.0 _.1)))
;; seed 3, program 87
(defrel (s3-87-0 x0 x1) (conde ((== x0 (cons x1 'b))) ((== x1 x0))))
(test "search 3-87" (run 1 (q) (fresh (a) (== q `(,a)) (s3-87-0 '() a))) '((())))
;; seed 3, program 92
(defrel (s3-92-0 x0) (symbolo x0) (fresh (v1) (fresh (v2) (fresh (v3) (== x0 v1) (== x0 v1)))))
(test "search 3-92" (run 3 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s3-92-0 a)))) '(((_.0 _.1) (sym _.0))))
;; seed 3, program 95
(defrel (s3-95-0 x0 x1) (== x1 x1) (=/= '() 1))
(defrel (s3-95-1 x0 x1) (conde ((s3-95-1 x1 x1) (fresh (v1) (fresh (v2) (fresh (v3) (== v2 v2) (== v3 x1))))) ((s3-95-1 (cons x0 x0) x1) (conde ((== (cons x0 x1) '(a b)) (== x0 x0) (== 1 x1)) ((=/= (cons x0 x1) 1) (conde ((== x1 (cons x1 (cons '(a) x0))) (== x0 x1)) ((== x1 x0) (== x0 (cons x0 x0)) (== x0 x1))) (onceo (== x0 (cons '() x1))))) (onceo (== x1 x0)))) (conde ((== x1 '(a))) ((== x1 '(a b)) (s3-95-0 x1 'a) (== x0 (cons x1 (cons 1 x0))))))
(defrel (s3-95-2 x0 x1 x2) (conde ((== x0 (cons (cons x1 x1) 1))) ((s3-95-0 x0 (cons x1 x0)) (== x2 x1) (s3-95-2 (cons x2 x2) x2 x1))))
(test "search 3-95" (run 2 (q) (fresh (a) (== q `(,a)) (fresh (v5) (fresh (v6) (== v6 a))) (s3-95-0 a (cons a 'b)))) '((_.0)))
;; seed 3, program 97
(defrel (s3-97-0 x0) (conde ((== x0 '())) ((fresh (v1) (fresh (v2) (fresh (v3) (fresh (v4) (fresh (v5) (== v3 (cons '(a b) (cons v1 x0))) (== v4 v3))) (== x0 (cons v1 v2)) (s3-97-0 v2)))))))
(defrel (s3-97-1 x0 x1 x2) (conde ((s3-97-0 (cons 1 x2)) (s3-97-1 (cons '(a b) x0) (cons 'a '()) x0) (s3-97-1 (cons 'a 1) '(a) (cons x2 'a))) ((=/= '(a) (cons x0 x1)))))
(defrel (s3-97-2 x0) (conde ((s3-97-1 x0 (cons x0 x0) x0) (== x0 '())) ((s3-97-0 (cons x0 x0)) (== x0 x0) (== x0 x0)) ((condu ((== x0 'a) (conde ((== x0 '())) ((== x0 (cons x0 x0)) (== x0 (cons x0 x0)) (== x0 x0)))) ((s3-97-2 (cons 'b 1)) (s3-97-0 '(a)) (conde ((== x0 x0) (== x0 'a) (== x0 (cons x0 x0))) ((== x0 (cons (cons x0 x0) x0))) ((== x0 1) (== x0 (cons '(a) (cons x0 x0))) (== x0 1)))) ((conde ((== x0 1)) ((== x0 (cons (cons x0 x0) '(a b))) (== x0 x0))) (conda ((== x0 'a)) ((== x0 x0)) ((== x0 '(a b)) (== x0 (cons (cons x0 x0) (cons x0 x0))) (== x0 x0))))))))
(test "search 3-97" (run 5 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s3-97-2 b)))) '((_.0 ()) (_.0 ()) (_.0 (_.1)) (_.0 ()) (_.0 (_.1 _.2))))
;; seed 3, program 98
(defrel (s3-98-0 x0) (conde ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (s3-98-0 v2) (== v3 (cons v1 v1)))))) ((== x0 '()))))
(test "search 3-98" (run 5 (q) (fresh (a) (== q `(,a)) (s3-98-0 (cons 'b a)) (s3-98-0 (cons '(a) a)))) '((()) ((_.0)) ((_.0 _.1)) ((_.0 _.1 _.2)) ((_.0 _.1 _.2 _.3))))
;; seed 3, program 101
(defrel (s3-101-0 x0 x1 x2) (conde ((conda ((== x2 '()) (== x2 (cons (cons 'a 1) '(a))) (== x1 (cons (cons x2 x2) (cons x1 x0)))) ((== x1 x2)) ((== x1 x1) (== x1 (cons (cons x0 x2) 'a)))) (== x0 (cons (cons x0 x0) (cons x2 x2))) (numbero x1)) ((== x0 x2) (fresh (v1) (fresh (v2) (conde ((== x1 1) (== x2 (cons x0 (cons x1 v2))) (== x1 (cons 'b (cons '() x1)))) ((== x2 v1) (== v1 x1)) ((== x0 (cons x0 '(a b))))))) (s3-101-1 x2 x0))))
(defrel (s3-101-1 x0 x1) (conde ((s3-101-2 x0 x1 x0) (== x1 (cons x0 '(a b))) (conde ((conde ((== x0 'b) (== x0 (cons '(a b) (cons x0 x1))) (== x1 x0)) ((== x1 x0) (== x1 x1))) (== x1 x1) (condu ((== x1 x0)) ((== x1 (cons x1 'b))))) ((=/= x0 x1) (conde ((== x0 x0) (== x0 (cons (cons x1 x0) x0)) (== (cons 'b x1) x0)) ((== x0 (cons '(a) (cons x0 x0))) (== x1 x0) (== x1 (cons x1 (cons x1 x1)))))) ((== x0 x1) (=/= x0 x1)))) ((== x0 1))))
(defrel (s3-101-2 x0 x1 x2) (conde ((symbolo x1)) ((fresh (v3) (fresh (v4) (fresh (v5) (== x0 (cons v3 v4)) (== x2 (cons v3 v5)) (s3-101-2 v4 x1 v5))))) ((== x0 '()) (== x2 '()))))
(test "search 3-101" (run* (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s3-101-2 a b (cons b '(a b))) (== b a)))) '(((_.0 _.0) (sym _.0))))
;; seed 3, program 104
(defrel (s3-104-0 x0 x1) (conde ((condu ((== x0 'b) (== x1 (cons (cons x0 x0) '()))) ((== x1 x0) (== x1 x1)) ((== x0 x0) (== x0 (cons (cons x1 '(a)) (cons x0 x0))) (== x1 (cons x1 '(a))))) (conde ((== x0 x1) (== x0 (cons x0 x1))) ((== x0 (cons '(a) x1)) (== x1 (cons 'b x1)))) (== x1 (cons (cons x0 x0) '(a)))) ((== x1 (cons 'a x1)) (== x1 (cons (cons '(a) x1) 'a)))) (conde ((fresh (v1) (fresh (v2) (fresh (v3) (fresh (v4) (== x0 (cons v4 v4)) (== v1 'a)) (== x1 (cons v1 v1)) (=/= v2 x1)))) (== x0 x0) (onceo (s3-104-1 (cons x0 '()) (cons x0 'b) (cons x0 x1)))) ((s3-104-1 x0 '(a b) x0) (== x1 x1))))
(defrel (s3-104-1 x0 x1 x2) (conde ((fresh (v7) (fresh (v8) (== x1 1) (== x2 v8)))) ((conde ((fresh (v9) (fresh (v10) (fresh (v11) (== x1 '(a b))))) (fresh (v12) (fresh (v13) (fresh (v14) (== x0 (cons (cons v12 x1) (cons v13 x1))) (== x2 (cons v12 v13))))) (symbolo x0)) ((fresh (v15) (fresh (v16) (fresh (v17) (== v17 v16)))))) (== x2 'a))))
(test "search 3-104" (run 2 (q) (fresh (a) (== q `(,a)) (s3-104-1 1 (cons 'b a) a))) '((a)))
;; seed 3, program 108
(defrel (s3-108-0 x0 x1) (== x0 'b))
(defrel (s3-108-1 x0) (conde ((== x0 x0) (== x0 x0) (s3-108-1 (cons x0 x0))) ((== x0 x0) (=/= x0 (cons x0 x0)))))
(test "search 3-108" (run 8 (q) (fresh (a) (== q `(,a)) (=/= '() (cons a '())) (s3-108-1 'a))) '((_.0) (_.0) (_.0) (_.0) (_.0) (_.0) (_.0) (_.0)))
;; seed 3, program 114
(defrel (s3-114-0 x0 x1) (conde ((fresh (v4) (fresh (v5) (== x1 (cons v4 v5)) (== v4 (cons v4 'a))))) ((== x0 '()) (== x1 '())) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x1 (cons v1 v3)) (s3-114-0 v2 v3) (== x0 x0)))))))
(test "search 3-114" (run 8 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (conde ((== a '())) ((== a (cons (cons 'b b) 'b)) (== b b))) (s3-114-0 b a)))) '((() ())))
;; seed 3, program 119
(defrel (s3-119-0 x0 x1 x2) (conde ((s3-119-1 (cons '(a) x1) x1 1) (s3-119-0 (cons x0 x1) x1 x2)) ((== x2 (cons '(a) '(a))) (numbero x0) (s3-119-0 (cons x1 x2) x1 x2))) (== x2 x1))
(defrel (s3-119-1 x0 x1 x2) (conde ((== x1 'a)) ((fresh (v1) (fresh (v2) (condu ((== 1 (cons '(a b) (cons x0 '(a)))) (== x2 'b) (== x2 (cons '() (cons x1 x0)))) ((== v2 1) (== x2 (cons 'b x1)) (== x1 (cons v2 x1))) ((== x2 '(a b)))))) (== x2 (cons x2 (cons x2 x2))) (conde ((conde ((== x2 x0) (== x0 x0)) ((== x0 'a) (== x2 x1)) ((== x1 x2) (== x2 (cons (cons x2 x2) x1)) (== x2 '()))) (== 'a x0)) ((fresh (v3) (fresh (v4) (fresh (v5) (== v4 x0) (== x2 (cons 'b v3))))) (fresh (v6) (fresh (v7) (== x1 (cons v7 (cons v6 v6))))) (== x1 'a))))))
(test "search 3-119" (run 3 (q) (fresh (a) (== q `(,a)) (s3-119-1 a a (cons a a)))) '((a)))
;; seed 3, program 126
(defrel (s3-126-0 x0 x1 x2) (conde ((== x0 '()) (== x2 '())) ((numbero x1) (s3-126-1 1 (cons x0 x0) (cons x0 '()))) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x2 (cons v1 v3)) (s3-126-0 v2 x1 v3)))))))
(defrel (s3-126-1 x0 x1 x2) (conde ((fresh (v4) (fresh (v5) (fresh (v6) (s3-126-1 v5 x1 v6) (=/= x2 (cons x2 v4)) (== x0 (cons v4 v5)) (== x2 (cons v4 v6)))))) ((== x0 '()) (== x2 '()))))
(test "search 3-126" (run 5 (q) (fresh (a) (== q `(,a)) (s3-126-0 a 1 a))) '((()) ((_.0)) ((_.0 _.1)) ((_.0 _.1 _.2)) ((_.0 _.1 _.2 _.3))))
;; seed 9, program 2
(defrel (s9-2-0 x0) (conde ((== (cons x0 x0) x0) (== x0 '(a)) (== x0 x0)) ((s9-2-1 (cons x0 x0)) (== x0 x0) (s9-2-1 x0))))
(defrel (s9-2-1 x0) (conde ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (s9-2-1 v2) (s9-2-1 '()))))) ((== x0 '()))))
(defrel (s9-2-2 x0) (conde ((onceo (== x0 x0))) ((== x0 x0) (numbero x0) (fresh (v4) (== x0 (cons (cons 1 v4) v4)) (s9-2-1 (cons x0 v4))))))
(test "search 9-2" (run 2 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s9-2-0 a)))) '((() _.0) ((_.0) _.1)))
;; seed 9, program 11
(defrel (s9-11-0 x0 x1 x2) (conde ((== x0 '()) (== x2 '())) ((conde ((== x2 '(a)) (== x2 '(a)) (== x2 (cons '() x0))) ((== x1 x2))) (== x0 x2)) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x2 (cons v1 v3)) (s9-11-0 v2 x1 v3)))))))
(defrel (s9-11-1 x0 x1 x2) (conde ((=/= (cons x0 x0) (cons x2 x1))) ((fresh (v4) (fresh (v5) (fresh (v6) (== x0 (cons v4 v5)) (== x2 (cons v4 v6)) (s9-11-1 v5 x1 v6))))) ((== x0 '()) (== x2 x1))))
(test "search 9-11" (run 1 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s9-11-1 (cons b a) b a)))) '((_.0 _.1)))
;; seed 9, program 13
(defrel (s9-13-0 x0) (conde ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (s9-13-0 v2))))) ((== x0 '()))))
(test "search 9-13" (run 8 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (=/= a '(a b)) (s9-13-0 '(a))))) '(((_.0 _.1) (=/= ((_.0 (a b)))))))
;; seed 9, program 16
(defrel (s9-16-0 x0) (conde ((== x0 'a) (== x0 (cons '() (cons 'a x0)))) ((== x0 x0) (== x0 x0))))
(defrel (s9-16-1 x0 x1) (conde ((s9-16-2 x1) (fresh (v5) (fresh (v6) (== x1 v5) (== (cons 'b v5) v5) (== x0 (cons v5 v6))))) ((fresh (v2) (fresh (v3) (fresh (v4) (s9-16-1 v3 v4) (== x1 (cons v2 v4)) (conda ((== v4 v2) (== v2 x0) (== x0 (cons (cons v3 v4) (cons x1 x0)))) ((== x0 v4) (== x0 v2) (== v3 '(a b)))) (== x0 (cons v2 v3)))))) ((== x0 '()) (== x1 x0))))
(defrel (s9-16-2 x0) (conde ((=/= (cons 'a x0) x0)) ((fresh (v7) (fresh (v8) (fresh (v9) (== x0 (cons v7 v8)) (s9-16-2 v8))))) ((== x0 '()))))
(test "search 9-16" (run 5 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s9-16-2 '(a))))) '((_.0 _.1) (_.0 _.1) (_.0 _.1)))
;; seed 9, program 19
(defrel (s9-19-0 x0) (conde ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (s9-19-0 v2) (s9-19-1 x0 'b))))) ((== x0 '()))))
(defrel (s9-19-1 x0 x1) (conde ((fresh (v4) (fresh (v5) (fresh (v6) (s9-19-1 v5 v6) (== x1 (cons v5 v5)) (== x1 (cons v4 v6)) (== x0 (cons v4 v5)))))) ((== x1 x1)) ((== x0 '()) (== x1 '()))))
(test "search 9-19" (run 1 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s9-19-0 (cons b '()))))) '((_.0 _.1)))
;; seed 9, program 25
(defrel (s9-25-0 x0) (conde ((== x0 '())) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (s9-25-0 v2))))) ((condu ((== x0 'b) (== x0 x0)) ((== x0 x0) (== x0 (cons (cons x0 x0) x0))) ((== x0 '(a b)) (== x0 (cons x0 (cons x0 x0))))))))
(defrel (s9-25-1 x0 x1) (conde ((== x1 x1) (== x1 (cons (cons x1 x0) x1))) ((=/= x0 (cons x0 x0)))) (s9-25-2 1 x1 (cons 1 x0)))
(defrel (s9-25-2 x0 x1 x2) (conde ((fresh (v7) (fresh (v8) (fresh (v9) (=/= 1 (cons x0 '(a))) (conde ((== v7 (cons '(a) v8))) ((== v9 x0) (== x1 v9) (== x2 v9)) ((== x1 x1) (== x0 (cons 'b 'a)) (== v7 x1))) (== x0 (cons v7 v8))))) (fresh (v10) (fresh (v11) (fresh (v12) (== v11 (cons (cons x2 '(a b)) x1)) (== x0 (cons v10 v11)) (s9-25-1 x0 v10))))) ((conde ((=/= x2 (cons x1 '(a b)))) ((condu ((== x1 x1)) ((== x0 x2)) ((== x1 (cons (cons x2 1) (cons x0 x0))) (== x0 (cons x1 '(a))) (== x2 x1)))) ((== x0 x1))) (=/= (cons x1 x1) x0)) ((fresh (v13) (fresh (v14) (fresh (v15) (== x0 (cons v13 v14)) (== v15 (cons v14 (cons 'b v13))) (s9-25-1 x2 (cons x0 v14))))) (== (cons x2 x2) x0))) (numbero x0))
(test "search 9-25" (run* (q) (fresh (a) (== q `(,a)) (s9-25-1 a a))) '((_.0) (_.0) (1)))
;; seed 9, program 26
(defrel (s9-26-0 x0) (== x0 x0) (fresh (v1) (fresh (v2) (== x0 (cons v1 v2)) (fresh (v3) (fresh (v4) (== v2 v4))))))
(defrel (s9-26-1 x0 x1 x2) (conde ((fresh (v5) (fresh (v6) (fresh (v7) (== x2 (cons v5 v5)) (== x2 x2) (== v6 (cons (cons x1 x1) (cons v6 1)))))) (fresh (v8) (== (cons x1 x0) (cons (cons x0 x0) 1))) (== x1 (cons '(a) '()))) ((== x1 '(a b)) (fresh (v9) (fresh (v10) (fresh (v11) (== x0 (cons v9 v10)) (fresh (v12) (fresh (v13) (fresh (v14) (== (cons '(a) v11) x0) (== v9 (cons v12 v13))))) (s9-26-0 v11)))) (== x1 '()))))
(test "search 9-26" (run* (q) (fresh (a) (== q `(,a)) (s9-26-0 (cons 1 a)))) '((_.0)))
;; seed 9, program 39
(defrel (s9-39-0 x0 x1 x2) (conde ((=/= x1 x0) (== x1 (cons x2 (cons '() x2))) (=/= (cons x0 x2) '(a b))) ((== x0 (cons x1 x2)) (conde ((== x1 (cons '(a) x1)) (== x2 x1) (conde ((== x0 '(a b)) (== x1 (cons x0 x2)) (== x2 '(a b))) ((== x0 '(a b)) (== x2 (cons (cons x0 x2) 'b)) (== x0 x1)))) ((== x0 x1) (== x2 '()))))))
(test "search 9-39" (run 5 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s9-39-0 b a b)))) '(((_.0 () . _.0) _.0)))
;; seed 9, program 42
(defrel (s9-42-0 x0) (conde ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (s9-42-0 v2))))) ((== x0 '()))))
(test "search 9-42" (run 1 (q) (fresh (a) (== q `(,a)) (s9-42-0 (cons a a)) (conde ((== a a) (== a (cons a a)) (== a (cons a 'b))) ((== a a))))) '((())))
;; seed 9, program 45
(defrel (s9-45-0 x0 x1) (onceo (conde ((fresh (v1) (== x1 '(a b)) (== x1 (cons v1 v1))) (conde ((== x1 x1) (== x0 'a) (== x1 x1)) ((== x1 (cons 'b x1)) (== x1 x1)))) ((=/= x1 x0) (conde ((== x0 x1) (== x0 x0) (== x1 'a)) ((== x1 x1)) ((== x1 x1) (== x0 (cons 1 x0))))))))
(defrel (s9-45-1 x0) (conde ((== x0 x0) (conde ((== x0 (cons x0 (cons x0 x0))) (== x0 '())) ((== x0 '())) ((== (cons x0 x0) (cons x0 x0))))) ((fresh (v2) (fresh (v3) (fresh (v4) (== x0 (cons v2 v3)) (s9-45-1 v3) (s9-45-1 (cons v3 v3)))))) ((== x0 '()))))
(test "search 9-45" (run 2 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s9-45-1 b)))) '((_.0 ()) (_.0 ())))
;; seed 9, program 49
(defrel (s9-49-0 x0) (conde ((== x0 '())) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (s9-49-0 v2)))))))
(defrel (s9-49-1 x0 x1) (conde ((== x1 (cons (cons x0 'b) x0)) (== (cons x1 'a) x0) (=/= 1 (cons x1 'b))) ((conde ((== x0 (cons x1 (cons x0 x1)))) ((conde ((== x0 x1) (== x0 x0) (== x0 (cons x1 'a))) ((== 'a (cons x0 (cons x0 x0))) (== x1 'a) (== x0 x0))))))))
(defrel (s9-49-2 x0) (conde ((fresh (v4) (fresh (v5) (fresh (v6) (== x0 (cons v4 v5)) (s9-49-2 v5))))) ((== x0 '()))))
(test "search 9-49" (run 5 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s9-49-2 b)))) '((_.0 ()) (_.0 (_.1)) (_.0 (_.1 _.2)) (_.0 (_.1 _.2 _.3)) (_.0 (_.1 _.2 _.3 _.4))))
;; seed 9, program 50
(defrel (s9-50-0 x0 x1) (conde ((=/= x1 (cons x0 x0))) ((onceo (== x0 1)))))
(test "search 9-50" (run 3 (q) (fresh (a) (== q `(,a)) (s9-50-0 (cons a a) (cons a a)))) '((_.0)))
;; seed 9, program 65
(defrel (s9-65-0 x0 x1 x2) (conde ((== x2 x0) (conde ((== x2 (cons (cons x1 x0) (cons x1 'a))) (== x2 x2) (== x2 (cons x0 x1))) ((== x0 x0))) (== '() '())) ((conde ((fresh (v8) (fresh (v9) (== x2 'b)))) ((== x2 x1) (conde ((== x2 x0) (== x0 x0)) ((== x0 '()) (== x0 (cons 'b '())))) (conde ((== x1 '(a)) (== (cons x0 x1) 1)) ((== x2 x1)) ((== x1 (cons x2 x0)) (== x2 x2))))))))
(defrel (s9-65-1 x0) (conde ((fresh (v10) (fresh (v11) (fresh (v12) (== x0 (cons v10 v11)) (s9-65-1 v11))))) ((== x0 (cons 'a x0)) (s9-65-1 x0)) ((== x0 '()))))
(defrel (s9-65-2 x0 x1) (conde ((fresh (v13) (fresh (v14) (fresh (v15) (== x0 (cons v13 x0)) (== v13 v15) (== v13 'a))))) ((symbolo 1) (s9-65-1 x0) (fresh (v16) (fresh (v17) (== x0 (cons v16 x0)) (fresh (v18) (fresh (v19) (== x0 'b))) (== v16 (cons '(a) '(a b))))))))
(test "search 9-65" (run 1 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (== a b) (s9-65-0 b b (cons '(a) '()))))) '((((a)) ((a)))))
;; seed 9, program 68
(defrel (s9-68-0 x0 x1) (conde ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x1 (cons v1 v3)) (s9-68-0 v2 v3) (=/= (cons x1 v1) 1))))) ((== x0 '()) (== x1 'a)) ((conde ((== x1 (cons '() (cons x0 x0))) (== x0 (cons (cons x0 x1) (cons x1 x0))) (== x0 '())) ((== x0 '(a b)))) (== x0 'b))))
(defrel (s9-68-1 x0 x1) (conde ((s9-68-0 1 x0) (== x0 x1) (== x0 (cons x0 1))) ((condu ((conde ((== x0 1) (== x1 '(a b)) (== x0 x0)) ((== x0 'b) (== x0 (cons x1 '(a)))) ((== x1 (cons (cons x0 '(a)) (cons '(a b) x1))) (== x1 1) (== x0 (cons '(a) (cons x0 1))))) (=/= x0 x1) (symbolo x1)) ((s9-68-1 x1 x1) (s9-68-0 x1 (cons '() x1))) ((s9-68-1 (cons x1 x0) (cons x0 x1)) (== x1 'b) (== (cons x0 x1) x1))))))
(defrel (s9-68-2 x0 x1 x2) (conde ((== x0 '()) (== x2 '())) ((fresh (v10) (fresh (v11) (fresh (v12) (== x0 (cons v10 v11)) (== x2 (cons v10 v12)) (s9-68-2 v11 x1 v12) (fresh (v13) (== (cons '() x1) (cons (cons v11 x0) '())) (== x1 '()))))))))
(test "search 9-68" (run 1 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s9-68-0 '(a) (cons a b))))) '((a a)))
;; seed 9, program 73
(defrel (s9-73-0 x0) (conde ((== x0 x0)) ((conde ((symbolo x0)) ((fresh (v6) (fresh (v7) (fresh (v8) (== v6 '(a b)) (== x0 (cons v6 v7))))) (s9-73-1 (cons x0 x0) x0 'b) (onceo (== x0 x0))) ((== (cons x0 1) (cons x0 (cons x0 'b))) (fresh (v9) (fresh (v10) (fresh (v11) (== v10 v9) (== x0 (cons v9 v9))))) (== x0 (cons x0 x0)))) (conde ((== x0 x0) (== x0 x0) (== x0 (cons (cons x0 x0) x0))) ((conde ((== x0 (cons (cons x0 x0) x0))) ((== x0 (cons (cons 'a x0) x0)) (== '(a b) x0) (== x0 x0)))) ((s9-73-0 x0))) (conde ((fresh (v12) (== x0 v12) (== x0 (cons v12 x0))) (== x0 x0) (fresh (v13) (fresh (v14) (== x0 (cons x0 v14)) (== x0 (cons v13 v14))))) ((== x0 x0) (conda ((== x0 (cons (cons x0 x0) '()))) ((== x0 (cons x0 x0)))))))))
(defrel (s9-73-1 x0 x1 x2) (conde ((s9-73-1 x1 (cons x2 x2) '(a)) (s9-73-0 '(a))) ((s9-73-0 x2))))
(test "search 9-73" (run 2 (q) (fresh (a) (== q `(,a)) (s9-73-1 (cons '() a) 1 a) (s9-73-1 a '(a b) 'b))) '((_.0) (_.0)))
;; seed 9, program 77
(defrel (s9-77-0 x0) (conde ((conde ((== x0 (cons (cons x0 x0) x0)) (== (cons x0 x0) x0) (== x0 'a)) ((== x0 x0) (== x0 x0) (== x0 x0))) (s9-77-1 (cons x0 x0) x0 x0) (== x0 '(a b))) ((s9-77-0 x0) (symbolo 'b))))
(defrel (s9-77-1 x0 x1 x2) (conde ((== x0 '()) (== x2 'a)) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x2 (cons v1 v3)) (s9-77-1 v2 x1 v3)))))))
(test "search 9-77" (run 1 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s9-77-1 (cons b b) a a)))) '(((() . a) ())))
;; seed 9, program 78
(defrel (s9-78-0 x0) (conde ((== x0 '())) ((fresh (v1) (fresh (v2) (fresh (v3) (s9-78-0 v2) (== x0 x0) (== x0 (cons v1 v2))))))))
(defrel (s9-78-1 x0) (conde ((== x0 x0)) ((== x0 x0))) (numbero 1))
(test "search 9-78" (run 8 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s9-78-1 (cons b a))))) '((_.0 _.1) (_.0 _.1)))
;; seed 9, program 80
(defrel (s9-80-0 x0 x1 x2) (conde ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x2 (cons v1 v3)) (s9-80-0 v2 x1 v3))))) ((== x0 '()) (== x2 'a))))
(defrel (s9-80-1 x0 x1) (conde ((fresh (v4) (fresh (v5) (fresh (v6) (== x0 (cons v4 v5)) (== x1 (cons v4 v6)) (s9-80-1 v5 v6))))) ((== x0 '()) (== x1 x0))))
(test "search 9-80" (run 8 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s9-80-1 a (cons b '(a b)))))) '(((_.0 a b) _.0)))
;; seed 9, program 85
(defrel (s9-85-0 x0 x1 x2) (conde ((conde ((== x2 '(a b))) ((== x2 x0) (== x2 x1) (== x0 x0))) (=/= x0 'b)) ((fresh (v1) (fresh (v2) (fresh (v3) (onceo (== x1 (cons x2 '()))) (== x0 (cons v1 v2)) (== x2 (cons v1 v3)) (s9-85-0 v2 x1 v3))))) ((== x0 '()) (== x2 x1))))
(defrel (s9-85-1 x0) (onceo (condu ((fresh (v4) (== 'a (cons (cons x0 x0) x0))) (conda ((== x0 x0) (== x0 (cons (cons x0 x0) x0)) (== x0 (cons x0 x0))) ((== x0 1)) ((== x0 x0) (== x0 x0)))) ((== x0 x0)) ((== x0 x0)))) (conde ((s9-85-2 (cons x0 x0) (cons x0 x0) x0) (== x0 (cons 1 (cons x0 x0)))) ((s9-85-2 '(a b) '(a) x0))))
(defrel (s9-85-2 x0 x1 x2) (conde ((condu ((== x1 x1) (== x2 '()) (== x1 (cons x2 x0))) ((== x0 x2) (== x1 x1)) ((== x1 (cons x0 x0)) (== x0 x1)))) ((numbero '()))))
(test "search 9-85" (run 5 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s9-85-2 b (cons a 1) a)))) '((() 1)))
;; seed 9, program 101
(defrel (s9-101-0 x0) (s9-101-0 '(a b)))
(defrel (s9-101-1 x0 x1 x2) (conde ((== x0 '()) (== x2 '())) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x2 (cons v1 v3)) (s9-101-1 v2 x1 v3) (== v1 x2)))))))
(defrel (s9-101-2 x0 x1) (conde ((== x0 '()) (== x1 '())) ((fresh (v4) (fresh (v5) (fresh (v6) (== x0 (cons v4 v5)) (== x1 (cons v4 v6)) (s9-101-2 v5 v6)))))))
(test "search 9-101" (run 2 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (== a a) (s9-101-2 b a)))) '((() ()) ((_.0) (_.0))))
;; seed 9, program 102
(defrel (s9-102-0 x0) (conde ((== x0 x0) (=/= x0 (cons x0 x0))) ((numbero x0) (== x0 (cons (cons x0 x0) x0)))) (== x0 x0))
(defrel (s9-102-1 x0) (conde ((conde ((== (cons x0 x0) (cons 'a x0)) (== x0 'a)) ((== x0 x0) (== x0 x0) (== x0 (cons (cons x0 '(a)) '(a b)))) ((== x0 x0)))) ((conda ((fresh (v1) (== x0 (cons v1 x0)) (== x0 v1)) (=/= (cons x0 x0) (cons x0 '(a b))) (onceo (== x0 x0))) ((== x0 x0))))))
(defrel (s9-102-2 x0 x1 x2) (conde ((s9-102-1 (cons x1 x1)) (=/= 'b x2)) ((== x0 '()) (== x2 x0)) ((fresh (v2) (fresh (v3) (fresh (v4) (== x0 (cons v2 v3)) (== x2 (cons v2 v4)) (s9-102-2 v3 x1 v4) (fresh (v5) (fresh (v6) (fresh (v7) (== x1 v4))))))))))
(test "search 9-102" (run 1 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s9-102-2 b (cons a a) (cons a a))))) '((_.0 _.1)))
;; seed 9, program 110
(defrel (s9-110-0 x0 x1 x2) (=/= x1 (cons x2 x2)))
(defrel (s9-110-1 x0 x1 x2) (conde ((== x0 '()) (== x2 'a)) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x2 (cons v1 v3)) (s9-110-1 v2 x1 v3) (conde ((== x2 (cons 'b 'a)) (== v1 (cons v2 v1))) ((== x1 v2) (== x2 (cons '(a) (cons 1 'a))) (== x2 'b)) ((== v2 (cons (cons x1 x0) x1)) (== x2 x0) (== x0 (cons (cons x2 x1) x2))))))))))
(test "search 9-110" (run 8 (q) (fresh (a) (== q `(,a)) (conda ((== a a)) ((== a (cons (cons 1 '()) (cons a a))) (== a a) (== a (cons a (cons '() '(a)))))) (s9-110-0 1 a (cons a a)))) '((_.0)))
;; seed 9, program 112
(defrel (s9-112-0 x0) (conde ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (s9-112-0 v2))))) ((== x0 '()))))
(test "search 9-112" (run 1 (q) (fresh (a) (== q `(,a)) (s9-112-0 '()) (s9-112-0 '(a)))) '((_.0)))
;; seed 9, program 114
(defrel (s9-114-0 x0) (conde ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (s9-114-0 v2))))) ((== x0 '())) ((== x0 x0) (== x0 x0))))
(test "search 9-114" (run 1 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s9-114-0 a) (conde ((== a '(a b))) ((== '() (cons 'b a))) ((== b a)))))) '((() ())))
;; seed 9, program 124
(defrel (s9-124-0 x0) (conde ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v3)) (== v3 v2)))) (s9-124-1 (cons x0 x0)) (fresh (v4) (fresh (v5) (== x0 (cons v4 v5)) (== v4 (cons (cons x0 '(a b)) 1))))) ((s9-124-1 x0) (== x0 (cons 'a x0)) (s9-124-1 '(a)))) (s9-124-0 x0))
(defrel (s9-124-1 x0) (conde ((== x0 '())) ((fresh (v6) (fresh (v7) (fresh (v8) (== x0 (cons v6 v7)) (s9-124-1 v7))))) ((== x0 (cons 1 'b)) (== x0 x0) (s9-124-1 '()))))
(test "search 9-124" (run 3 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s9-124-1 b)))) '((_.0 ()) (_.0 (1 . b)) (_.0 (_.1))))
;; seed 100, program 5
(defrel (s100-5-0 x0 x1) (conde ((== x0 '()) (== x1 'a)) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x1 (cons v1 v3)) (s100-5-0 v2 v3)))))))
(test "search 100-5" (run 7 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s100-5-0 a b)))) '((() a) ((_.0) (_.0 . a)) ((_.0 _.1) (_.0 _.1 . a)) ((_.0 _.1 _.2) (_.0 _.1 _.2 . a)) ((_.0 _.1 _.2 _.3) (_.0 _.1 _.2 _.3 . a)) ((_.0 _.1 _.2 _.3 _.4) (_.0 _.1 _.2 _.3 _.4 . a)) ((_.0 _.1 _.2 _.3 _.4 _.5) (_.0 _.1 _.2 _.3 _.4 _.5 . a))))
;; seed 100, program 10
(defrel (s100-10-0 x0 x1) (conde ((fresh (v1) (fresh (v2) (fresh (v3) (s100-10-0 v2 v3) (== x0 (cons v1 v2)) (== x1 (cons v1 v3)))))) ((== x0 '()) (== x1 '()))))
(test "search 100-10" (run 5 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s100-10-0 a b)))) '((() ()) ((_.0) (_.0)) ((_.0 _.1) (_.0 _.1)) ((_.0 _.1 _.2) (_.0 _.1 _.2)) ((_.0 _.1 _.2 _.3) (_.0 _.1 _.2 _.3))))
;; seed 100, program 15
(defrel (s100-15-0 x0 x1 x2) (conde ((== x0 '()) (== x2 'a)) ((s100-15-0 x2 (cons x2 '(a b)) (cons '(a) x2))) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x2 (cons v1 v3)) (s100-15-0 v2 x1 v3) (== v1 (cons (cons v2 x0) x2))))))))
(defrel (s100-15-1 x0 x1) (conde ((fresh (v4) (fresh (v5) (fresh (v6) (== x0 (cons v4 v5)) (== x1 (cons v4 v6)) (s100-15-1 v5 v6))))) ((== x0 '()) (== x1 '()))))
(test "search 100-15" (run 4 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s100-15-1 a b)))) '((() ()) ((_.0) (_.0)) ((_.0 _.1) (_.0 _.1)) ((_.0 _.1 _.2) (_.0 _.1 _.2))))
;; seed 100, program 19
(defrel (s100-19-0 x0 x1) (conde ((== x0 '()) (== x1 x0)) ((fresh (v1) (fresh (v2) (fresh (v3) (== x1 (cons v1 v3)) (== x0 (cons v1 v2)) (s100-19-0 v2 v3)))))))
(test "search 100-19" (run 5 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s100-19-0 a '(a)) (s100-19-0 a b)))) '(((a) (a))))
;; seed 100, program 21
(defrel (s100-21-0 x0 x1) (conde ((== x0 '()) (== x1 x0)) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x1 (cons v1 v3)) (s100-21-0 v2 v3)))))))
(test "search 100-21" (run 3 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s100-21-0 a b)))) '((() ()) ((_.0) (_.0)) ((_.0 _.1) (_.0 _.1))))
;; seed 100, program 23
(defrel (s100-23-0 x0 x1 x2) (conde ((== x0 '()) (== x2 'a)) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x2 (cons v1 v3)) (s100-23-0 v2 x1 v3)))))))
(defrel (s100-23-1 x0 x1) (conde ((== x1 x1)) ((== x0 '()) (== x1 'a)) ((fresh (v4) (fresh (v5) (fresh (v6) (== x0 (cons v4 v5)) (== x1 (cons v4 v6)) (s100-23-1 v5 v6) (numbero x0)))))))
(test "search 100-23" (run 6 (q) (fresh (a) (fresh (b) (fresh (c) (== q `(,a ,b ,c)) (s100-23-0 a b c))))) '((() _.0 a) ((_.0) _.1 (_.0 . a)) ((_.0 _.1) _.2 (_.0 _.1 . a)) ((_.0 _.1 _.2) _.3 (_.0 _.1 _.2 . a)) ((_.0 _.1 _.2 _.3) _.4 (_.0 _.1 _.2 _.3 . a)) ((_.0 _.1 _.2 _.3 _.4) _.5 (_.0 _.1 _.2 _.3 _.4 . a))))
;; seed 100, program 26
(defrel (s100-26-0 x0 x1) (conde ((== x0 '()) (== x1 'a)) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x1 (cons v1 v3)) (s100-26-0 v2 v3)))))))
(defrel (s100-26-1 x0 x1) (conde ((fresh (v4) (fresh (v5) (fresh (v6) (== x0 (cons v4 v5)) (== x1 (cons v4 v6)) (s100-26-1 v5 v6))))) ((== x0 '()) (== x1 x0))))
(defrel (s100-26-2 x0 x1 x2) (conde ((fresh (v7) (fresh (v8) (fresh (v9) (== x0 (cons v7 v8)) (== x2 (cons v7 v9)) (s100-26-2 v8 x1 v9))))) ((== x0 '()) (== x2 x1))))
(test "search 100-26" (run 5 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s100-26-0 a b)))) '((() a) ((_.0) (_.0 . a)) ((_.0 _.1) (_.0 _.1 . a)) ((_.0 _.1 _.2) (_.0 _.1 _.2 . a)) ((_.0 _.1 _.2 _.3) (_.0 _.1 _.2 _.3 . a))))
;; seed 100, program 29
(defrel (s100-29-0 x0 x1) (conde ((== x1 (cons x1 (cons x1 x0)))) ((== x0 '()) (== x1 'a)) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x1 (cons v1 v3)) (s100-29-0 v2 v3)))))))
(defrel (s100-29-1 x0 x1 x2) (conde ((== x1 x0) (== x2 x1) (s100-29-1 x1 (cons x0 x2) (cons '(a) x1))) ((== x0 '()) (== x2 '())) ((fresh (v4) (fresh (v5) (fresh (v6) (== x0 (cons v4 v5)) (== x2 (cons v4 v6)) (s100-29-1 v5 x1 v6)))))))
(test "search 100-29" (run 3 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s100-29-0 a b)))) '((() a) ((_.0) (_.0 . a)) ((_.0 _.1) (_.0 _.1 . a))))
;; seed 100, program 30
(defrel (s100-30-0 x0 x1 x2) (conde ((== x0 x0) (== x2 'b)) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x2 (cons v1 v3)) (conde ((== x2 '(a b)) (== v1 x2) (== v1 (cons (cons x2 v1) x1))) ((== v1 (cons x2 v3))) ((== x2 (cons (cons v1 x0) (cons v2 v1))) (== v3 '(a)))) (s100-30-0 v2 x1 v3))))) ((== x0 '()) (== x2 x0))))
(defrel (s100-30-1 x0 x1) (conde ((== x0 '()) (== x1 x0)) ((fresh (v4) (fresh (v5) (fresh (v6) (== x0 (cons v4 v5)) (== x1 (cons v4 v6)) (s100-30-1 v5 v6) (conde ((== v5 '(a b)) (== x0 v5) (== x1 v6)) ((== v6 x1)) ((== v4 x0) (== v4 (cons x1 (cons v4 v6))) (== (cons '() v4) (cons '() 'a))))))))))
(defrel (s100-30-2 x0 x1) (conde ((fresh (v7) (fresh (v8) (fresh (v9) (== x0 (cons v7 v8)) (== x1 (cons v7 v9)) (s100-30-2 v8 v9) (fresh (v10) (fresh (v11) (fresh (v12) (== x0 (cons v10 v11)) (== x1 v12) (== v10 'a)))))))) ((== x0 '()) (== x1 'a))))
(test "search 100-30" (run 7 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s100-30-2 a b)))) '((() a) ((a) (a . a)) ((a a) (a a . a)) ((a a a) (a a a . a)) ((a a a a) (a a a a . a)) ((a a a a a) (a a a a a . a)) ((a a a a a a) (a a a a a a . a))))
;; seed 100, program 42
(defrel (s100-42-0 x0 x1 x2) (conde ((== x0 '()) (== x2 x1)) ((s100-42-0 '() x2 (cons x1 x0)) (fresh (v4) (fresh (v5) (fresh (v6) (== x1 (cons v4 x1)) (== v4 '(a b))))) (fresh (v7) (fresh (v8) (fresh (v9) (== v9 v7) (== x1 (cons v7 x2)))))) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x2 (cons v1 v3)) (s100-42-0 v2 x1 v3)))))))
(defrel (s100-42-1 x0 x1) (conde ((== x0 '()) (== x1 '())) ((fresh (v10) (fresh (v11) (fresh (v12) (== x0 (cons v10 v11)) (== x1 (cons v10 v12)) (s100-42-1 v11 v12) (fresh (v13) (fresh (v14) (== v10 1) (== v10 (cons 'a '())))))))) ((s100-42-0 'b x0 x0) (== 'a (cons x0 '(a b))) (condu ((== x0 x1)) ((== x0 x1) (== x0 (cons (cons x1 x0) 'b)) (== (cons x0 x1) x0))))))
(test "search 100-42" (run 6 (q) (fresh (a) (fresh (b) (fresh (c) (== q `(,a ,b ,c)) (s100-42-0 a b c))))) '((() _.0 _.0) ((_.0) _.1 (_.0 . _.1)) ((_.0 _.1) _.2 (_.0 _.1 . _.2)) ((_.0 _.1 _.2) _.3 (_.0 _.1 _.2 . _.3)) ((_.0 _.1 _.2 _.3) _.4 (_.0 _.1 _.2 _.3 . _.4)) ((_.0 _.1 _.2 _.3 _.4) _.5 (_.0 _.1 _.2 _.3 _.4 . _.5))))
;; seed 100, program 47
(defrel (s100-47-0 x0 x1) (conde ((== x0 '()) (== x1 x0)) ((fresh (v1) (fresh (v2) (fresh (v3) (== x1 (cons v1 v3)) (s100-47-0 v2 v3) (== x0 (cons v1 v2))))))))
(defrel (s100-47-1 x0 x1) (conde ((fresh (v4) (fresh (v5) (fresh (v6) (== x0 (cons v4 v5)) (s100-47-1 v5 v6) (== x1 (cons v4 v6)))))) ((== x0 '()) (== x1 'a))))
(test "search 100-47" (run 7 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s100-47-1 a b)))) '((() a) ((_.0) (_.0 . a)) ((_.0 _.1) (_.0 _.1 . a)) ((_.0 _.1 _.2) (_.0 _.1 _.2 . a)) ((_.0 _.1 _.2 _.3) (_.0 _.1 _.2 _.3 . a)) ((_.0 _.1 _.2 _.3 _.4) (_.0 _.1 _.2 _.3 _.4 . a)) ((_.0 _.1 _.2 _.3 _.4 _.5) (_.0 _.1 _.2 _.3 _.4 _.5 . a))))
;; seed 100, program 48
(defrel (s100-48-0 x0 x1 x2) (conde ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x2 (cons v1 v3)) (s100-48-0 v2 x1 v3))))) ((== x0 '()) (== x2 x0))))
(defrel (s100-48-1 x0 x1) (conde ((== x0 '()) (== x1 '())) ((fresh (v4) (fresh (v5) (fresh (v6) (== x0 (cons v4 v5)) (== x1 (cons v4 v6)) (s100-48-1 v5 v6)))))))
(test "search 100-48" (run 7 (q) (fresh (a) (fresh (b) (fresh (c) (== q `(,a ,b ,c)) (s100-48-0 a b c))))) '((() _.0 ()) ((_.0) _.1 (_.0)) ((_.0 _.1) _.2 (_.0 _.1)) ((_.0 _.1 _.2) _.3 (_.0 _.1 _.2)) ((_.0 _.1 _.2 _.3) _.4 (_.0 _.1 _.2 _.3)) ((_.0 _.1 _.2 _.3 _.4) _.5 (_.0 _.1 _.2 _.3 _.4)) ((_.0 _.1 _.2 _.3 _.4 _.5) _.6 (_.0 _.1 _.2 _.3 _.4 _.5))))
;; seed 100, program 54
(defrel (s100-54-0 x0 x1 x2) (conde ((== x0 '()) (== x2 '())) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x2 (cons v1 v3)) (s100-54-0 v2 x1 v3) (fresh (v4) (fresh (v5) (fresh (v6) (== x1 (cons 'b x0)) (== v2 (cons v4 x0)))))))))))
(defrel (s100-54-1 x0 x1 x2) (conde ((== x0 '()) (== x2 '())) ((fresh (v7) (fresh (v8) (fresh (v9) (== x0 (cons v7 v8)) (== x2 (cons v7 v9)) (s100-54-1 v8 x1 v9)))))))
(defrel (s100-54-2 x0 x1) (conde ((fresh (v10) (fresh (v11) (fresh (v12) (s100-54-2 v11 v12) (== x0 (cons v10 v11)) (== x1 (cons v10 v12)))))) ((== x0 '()) (== x1 'a))))
(test "search 100-54" (run 9 (q) (fresh (a) (fresh (b) (fresh (c) (== q `(,a ,b ,c)) (conde ((== b c)) ((== (cons 'a b) a))) (s100-54-1 a b c))))) '((() () ()) ((a) () (a)) ((_.0) (_.0) (_.0)) ((a _.0) (_.0) (a _.0)) ((_.0 _.1) (_.0 _.1) (_.0 _.1)) ((a _.0 _.1) (_.0 _.1) (a _.0 _.1)) ((_.0 _.1 _.2) (_.0 _.1 _.2) (_.0 _.1 _.2)) ((a _.0 _.1 _.2) (_.0 _.1 _.2) (a _.0 _.1 _.2)) ((_.0 _.1 _.2 _.3) (_.0 _.1 _.2 _.3) (_.0 _.1 _.2 _.3))))
;; seed 100, program 56
(defrel (s100-56-0 x0 x1) (conde ((fresh (v1) (fresh (v2) (fresh (v3) (s100-56-0 v2 v3) (== x0 (cons v1 v2)) (== v3 (cons x0 x0)) (== x1 (cons v1 v3)))))) ((=/= x1 (cons x1 x0))) ((== x0 '()) (== x1 'a))))
(test "search 100-56" (run 3 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s100-56-0 a b)))) '((_.0 _.1) (() a) ((_.0 . _.1) (_.0 (_.0 . _.1) _.0 . _.1))))
;; seed 100, program 59
(defrel (s100-59-0 x0 x1) (conde ((fresh (v4) (== v4 x1) (== x0 (cons v4 x1)))) ((== x0 '()) (== x1 '())) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x1 (cons v1 v3)) (s100-59-0 v2 v3) (conde ((== v2 v1) (== v2 1)) ((== v3 v3) (== v2 '(a b))) ((== x1 (cons v1 (cons v1 v1))) (== x0 x0) (== v1 '(a))))))))))
(defrel (s100-59-1 x0 x1 x2) (conde ((== x0 '()) (== x2 '())) ((fresh (v5) (fresh (v6) (fresh (v7) (== x0 (cons v5 v6)) (== x2 (cons v5 v7)) (s100-59-1 v6 x1 v7) (s100-59-0 '(a) '(a))))))))
(test "search 100-59" (run 3 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s100-59-0 a b)))) '((() ()) ((_.0 . _.0) _.0) (((a) ((a) a) (a) a) ((a) (a) a))))
;; seed 100, program 60
(defrel (s100-60-0 x0 x1) (conde ((== x0 '()) (== x1 '())) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x1 (cons v1 v3)) (s100-60-0 v2 v3)))))))
(test "search 100-60" (run 7 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s100-60-0 a b)))) '((() ()) ((_.0) (_.0)) ((_.0 _.1) (_.0 _.1)) ((_.0 _.1 _.2) (_.0 _.1 _.2)) ((_.0 _.1 _.2 _.3) (_.0 _.1 _.2 _.3)) ((_.0 _.1 _.2 _.3 _.4) (_.0 _.1 _.2 _.3 _.4)) ((_.0 _.1 _.2 _.3 _.4 _.5) (_.0 _.1 _.2 _.3 _.4 _.5))))
;; seed 100, program 61
(defrel (s100-61-0 x0 x1) (conde ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x1 (cons v1 v3)) (s100-61-0 v2 v3))))) ((== x0 '()) (== x1 x0))))
(test "search 100-61" (run 8 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (condu ((== b b) (== a b)) ((== b a) (== b 1) (== '(a) a))) (s100-61-0 a b)))) '((() ()) ((_.0) (_.0)) ((_.0 _.1) (_.0 _.1)) ((_.0 _.1 _.2) (_.0 _.1 _.2)) ((_.0 _.1 _.2 _.3) (_.0 _.1 _.2 _.3)) ((_.0 _.1 _.2 _.3 _.4) (_.0 _.1 _.2 _.3 _.4)) ((_.0 _.1 _.2 _.3 _.4 _.5) (_.0 _.1 _.2 _.3 _.4 _.5)) ((_.0 _.1 _.2 _.3 _.4 _.5 _.6) (_.0 _.1 _.2 _.3 _.4 _.5 _.6))))
;; seed 100, program 62
(defrel (s100-62-0 x0 x1) (conde ((== x0 '()) (== x1 'a)) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x1 (cons v1 v3)) (s100-62-0 v2 v3))))) ((=/= x1 x0) (== x1 x0) (s100-62-0 x0 (cons 'a x1)))))
(test "search 100-62" (run 5 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s100-62-0 a b)))) '((() a) ((_.0) (_.0 . a)) ((_.0 _.1) (_.0 _.1 . a)) ((_.0 _.1 _.2) (_.0 _.1 _.2 . a)) ((_.0 _.1 _.2 _.3) (_.0 _.1 _.2 _.3 . a))))
;; seed 100, program 63
(defrel (s100-63-0 x0 x1) (conde ((== x0 '()) (== x1 'a)) ((fresh (v1) (fresh (v2) (fresh (v3) (s100-63-1 (cons 'a v2) v1 x1) (== x0 (cons v1 v2)) (s100-63-0 v2 v3) (== x1 (cons v1 v3))))))))
(defrel (s100-63-1 x0 x1 x2) (conde ((fresh (v4) (fresh (v5) (fresh (v6) (== x0 (cons v4 v5)) (fresh (v7) (== v7 (cons x2 x2)) (== v5 1) (== v5 (cons v7 v6))) (s100-63-1 v5 x1 v6) (== x2 (cons v4 v6)))))) ((== x0 '()) (== x2 x0))))
(defrel (s100-63-2 x0 x1) (conde ((== x0 '()) (== x1 '())) ((=/= x0 x0)) ((fresh (v8) (fresh (v9) (fresh (v10) (== x0 (cons v8 v9)) (== x1 (cons v8 v10)) (s100-63-2 v9 v10) (== x1 x0)))))))
(test "search 100-63" (run 6 (q) (fresh (a) (fresh (b) (fresh (c) (== q `(,a ,b ,c)) (s100-63-1 a b c))))) '((() _.0 ())))
;; seed 100, program 64
(defrel (s100-64-0 x0 x1 x2) (conde ((fresh (v4) (fresh (v5) (== x1 (cons (cons v4 x0) 'b)) (== x1 (cons '(a b) 'b))))) ((fresh (v1) (fresh (v2) (fresh (v3) (s100-64-0 v2 x1 v3) (== x2 (cons v1 v3)) (== x0 (cons v1 v2)))))) ((== x0 '()) (== x2 x1))))
(defrel (s100-64-1 x0 x1) (conde ((== x0 '()) (== x1 x0)) ((conde ((== x1 (cons x0 (cons x1 x0)))) ((== x0 (cons (cons x1 x0) x0)) (== x1 'a) (== x1 (cons x0 'b))) ((== x1 x1) (== '() x1))) (s100-64-1 x1 'b)) ((fresh (v6) (fresh (v7) (fresh (v8) (== x0 (cons v6 v7)) (== x1 (cons v6 v8)) (s100-64-1 v7 v8)))))))
(test "search 100-64" (run 6 (q) (fresh (a) (fresh (b) (fresh (c) (== q `(,a ,b ,c)) (s100-64-0 a b c))))) '((() _.0 _.0) ((b) ((a b) . b) _.0) ((_.0) _.1 (_.0 . _.1)) ((_.0 b) ((a b) . b) (_.0 . _.1)) ((_.0 _.1) _.2 (_.0 _.1 . _.2)) ((_.0 _.1 b) ((a b) . b) (_.0 _.1 . _.2))))
;; seed 100, program 66
(defrel (s100-66-0 x0 x1) (conde ((== x0 '()) (== x1 'a)) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x1 (cons v1 v3)) (s100-66-0 v2 v3)))))))
(test "search 100-66" (run 5 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s100-66-0 a b) (=/= b (cons b a))))) '((() a) ((_.0) (_.0 . a)) ((_.0 _.1) (_.0 _.1 . a)) ((_.0 _.1 _.2) (_.0 _.1 _.2 . a)) ((_.0 _.1 _.2 _.3) (_.0 _.1 _.2 _.3 . a))))
;; seed 100, program 72
(defrel (s100-72-0 x0 x1) (conde ((fresh (v1) (fresh (v2) (fresh (v3) (s100-72-0 v2 v3) (condu ((== v2 '(a)) (== x1 v2)) ((== v2 v1)) ((== v2 '(a)))) (== x1 (cons v1 v3)) (== x0 (cons v1 v2)))))) ((== x0 '()) (== x1 x0))))
(test "search 100-72" (run 5 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s100-72-0 a b)))) '((() ()) ((()) (())) (((()) ()) ((()) ())) ((((()) ()) (()) ()) (((()) ()) (()) ())) (((((()) ()) (()) ()) ((()) ()) (()) ()) ((((()) ()) (()) ()) ((()) ()) (()) ()))))
;; seed 100, program 75
(defrel (s100-75-0 x0 x1) (conde ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x1 (cons v1 v3)) (s100-75-0 v2 v3) (== x0 1))))) ((== x0 '()) (== x1 '()))))
(defrel (s100-75-1 x0 x1) (conde ((fresh (v4) (fresh (v5) (fresh (v6) (== x0 (cons v4 v5)) (== x1 (cons v4 v6)) (s100-75-1 v5 v6) (s100-75-2 v6 (cons v5 v6) (cons v5 v6)))))) ((== x0 '()) (== x1 x0))))
(defrel (s100-75-2 x0 x1 x2) (conde ((== x0 '()) (== x2 x1)) ((fresh (v7) (fresh (v8) (fresh (v9) (== x0 (cons v7 v8)) (== x2 (cons v7 v9)) (s100-75-2 v8 x1 v9))))) ((=/= (cons x0 x0) (cons x0 x1)))))
(test "search 100-75" (run 4 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s100-75-1 a b)))) '((() ()) ((_.0) (_.0)) ((_.0) (_.0)) ((_.0 _.1) (_.0 _.1))))
;; seed 100, program 83
(defrel (s100-83-0 x0 x1) (conde ((condu ((== x0 x0)) ((== x1 (cons x0 (cons x0 x1))) (== x1 x0))) (== x0 x0) (fresh (v4) (fresh (v5) (== x0 x1)))) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x1 (cons v1 v3)) (s100-83-0 v2 v3) (== v2 v2))))) ((== x0 '()) (== x1 '()))))
(defrel (s100-83-1 x0 x1) (conde ((fresh (v6) (fresh (v7) (fresh (v8) (== x0 (cons v6 v7)) (== x1 (cons v6 v8)) (s100-83-1 v7 v8) (=/= v6 (cons x0 v8)))))) ((== x0 '()) (== x1 x0))))
(test "search 100-83" (run 4 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s100-83-1 a b)))) '((() ()) ((_.0) (_.0)) ((_.0 _.1) (_.0 _.1)) ((_.0 _.1 _.2) (_.0 _.1 _.2))))
;; seed 100, program 90
(defrel (s100-90-0 x0 x1) (conde ((=/= (cons x1 x0) '()) (=/= x1 (cons x0 x1))) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x1 (cons v1 v3)) (s100-90-0 v2 v3))))) ((== x0 '()) (== x1 'a))))
(test "search 100-90" (run 3 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s100-90-0 a b)))) '((_.0 _.1) (() a) ((_.0 . _.1) (_.0 . _.2))))
;; seed 104, program 2
(defrel (s104-2-0 x0 x1) (conde ((fresh (v1) (fresh (v2) (fresh (v3) (s104-2-0 v2 v3) (== x1 (cons v1 v3)) (== x0 (cons v1 v2)))))) ((== x0 '()) (== x1 'a))))
(defrel (s104-2-1 x0 x1 x2) (conde ((== x0 '()) (== x2 'a)) ((fresh (v4) (fresh (v5) (fresh (v6) (== x2 (cons v4 v6)) (s104-2-1 v5 x1 v6) (== x0 (cons v4 v5))))))))
(defrel (s104-2-2 x0 x1 x2) (conde ((fresh (v7) (fresh (v8) (fresh (v9) (== x0 (cons v7 v8)) (== x2 (cons v7 v9)) (s104-2-2 v8 x1 v9))))) ((== x0 '()) (== x2 x0))))
(test "search 104-2" (run 6 (q) (fresh (a) (fresh (b) (fresh (c) (== q `(,a ,b ,c)) (s104-2-1 a b c))))) '((() _.0 a) ((_.0) _.1 (_.0 . a)) ((_.0 _.1) _.2 (_.0 _.1 . a)) ((_.0 _.1 _.2) _.3 (_.0 _.1 _.2 . a)) ((_.0 _.1 _.2 _.3) _.4 (_.0 _.1 _.2 _.3 . a)) ((_.0 _.1 _.2 _.3 _.4) _.5 (_.0 _.1 _.2 _.3 _.4 . a))))
;; seed 104, program 3
(defrel (s104-3-0 x0 x1) (conde ((fresh (v1) (fresh (v2) (fresh (v3) (== x1 (cons v1 v3)) (s104-3-0 v2 v3) (== x0 (cons v1 v2)))))) ((== x0 '()) (== x1 '()))))
(test "search 104-3" (run 3 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s104-3-0 a b)))) '((() ()) ((_.0) (_.0)) ((_.0 _.1) (_.0 _.1))))
;; seed 104, program 5
(defrel (s104-5-0 x0 x1) (conde ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x1 (cons v1 v3)) (s104-5-0 v2 v3) (conde ((== x0 (cons '(a b) x1))) ((== v1 (cons (cons x1 v3) (cons v3 x1))) (== 'b x0) (== '(a b) (cons '() 'b)))))))) ((== x0 '()) (== x1 x0))))
(defrel (s104-5-1 x0 x1) (conde ((== x0 '()) (== x1 'a)) ((s104-5-0 (cons x0 x0) x0) (conde ((== x0 x0) (== x1 x1)) ((== x0 '()) (== x1 x0)) ((== x1 '(a b)))) (fresh (v7) (fresh (v8) (== (cons '() x0) v7) (== x1 (cons v7 x0))))) ((fresh (v4) (fresh (v5) (fresh (v6) (== x0 (cons v4 v5)) (== x1 (cons v4 v6)) (s104-5-1 v5 v6) (conde ((== x1 v6)) ((== x1 v6)))))))))
(defrel (s104-5-2 x0 x1) (conde ((fresh (v9) (fresh (v10) (fresh (v11) (== x1 (cons v9 v11)) (s104-5-2 v10 v11) (== x0 (cons v9 v10)))))) ((== x0 '()) (== x1 'a))))
(test "search 104-5" (run 6 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s104-5-2 a b)))) '((() a) ((_.0) (_.0 . a)) ((_.0 _.1) (_.0 _.1 . a)) ((_.0 _.1 _.2) (_.0 _.1 _.2 . a)) ((_.0 _.1 _.2 _.3) (_.0 _.1 _.2 _.3 . a)) ((_.0 _.1 _.2 _.3 _.4) (_.0 _.1 _.2 _.3 _.4 . a))))
;; seed 104, program 8
(defrel (s104-8-0 x0 x1 x2) (conde ((== x1 '(a b))) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x2 (cons v1 v3)) (s104-8-0 v2 x1 v3))))) ((== x0 '()) (== x2 x1))))
(defrel (s104-8-1 x0 x1) (conde ((== x0 '()) (== x1 'a)) ((fresh (v4) (fresh (v5) (fresh (v6) (== x0 (cons v4 v5)) (s104-8-1 v5 v6) (== x1 (cons v4 v6))))))))
(test "search 104-8" (run 6 (q) (fresh (a) (fresh (b) (fresh (c) (== q `(,a ,b ,c)) (s104-8-0 a b c))))) '((_.0 (a b) _.1) (() _.0 _.0) ((_.0 . _.1) (a b) (_.0 . _.2)) ((_.0) _.1 (_.0 . _.1)) ((_.0 _.1 . _.2) (a b) (_.0 _.1 . _.3)) ((_.0 _.1) _.2 (_.0 _.1 . _.2))))
;; seed 104, program 9
(defrel (s104-9-0 x0 x1 x2) (conde ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x2 (cons v1 v3)) (s104-9-0 v2 x1 v3))))) ((== x0 '()) (== x2 '()))))
(test "search 104-9" (run 3 (q) (fresh (a) (fresh (b) (fresh (c) (== q `(,a ,b ,c)) (s104-9-0 a b c) (s104-9-0 b b a))))) '((() () ()) ((_.0) (_.0) (_.0)) ((_.0 _.1) (_.0 _.1) (_.0 _.1))))
;; seed 104, program 13
(defrel (s104-13-0 x0 x1) (conde ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x1 (cons v1 v3)) (s104-13-0 v2 v3) (== v1 '()))))) ((== x0 '()) (== x1 x0))))
(test "search 104-13" (run 3 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s104-13-0 a b)))) '((() ()) ((()) (())) ((() ()) (() ()))))
;; seed 104, program 14
(defrel (s104-14-0 x0 x1 x2) (conde ((fresh (v1) (fresh (v2) (fresh (v3) (s104-14-0 v2 x1 v3) (== x2 (cons v1 v3)) (conde ((== (cons '(a b) x2) (cons v1 x0)) (== v3 1)) ((== x2 x1) (== '(a b) x1) (== v3 (cons v3 v3)))) (== x0 (cons v1 v2)))))) ((== x0 '()) (== x2 '()))))
(defrel (s104-14-1 x0 x1 x2) (conde ((fresh (v4) (fresh (v5) (fresh (v6) (== x0 (cons v4 v5)) (== x2 (cons v4 v6)) (s104-14-1 v5 x1 v6) (=/= x0 (cons 1 v5)))))) ((== x0 '()) (== x2 x0))))
(defrel (s104-14-2 x0 x1) (conde ((fresh (v7) (fresh (v8) (fresh (v9) (== x0 (cons v7 v8)) (== x1 (cons v7 v9)) (s104-14-2 v8 v9))))) ((== x0 '()) (== x1 'a))))
(test "search 104-14" (run 4 (q) (fresh (a) (fresh (b) (fresh (c) (== q `(,a ,b ,c)) (s104-14-1 a b c) (== b a))))) '((() () ()) (((_.0) (_.0) (_.0)) (=/= ((_.0 1)))) (((_.0 _.1) (_.0 _.1) (_.0 _.1)) (=/= ((_.0 1)) ((_.1 1)))) (((_.0 _.1 _.2) (_.0 _.1 _.2) (_.0 _.1 _.2)) (=/= ((_.0 1)) ((_.1 1)) ((_.2 1))))))
;; seed 104, program 17
(defrel (s104-17-0 x0 x1 x2) (conde ((== x0 '()) (== x2 'a)) ((fresh (v1) (fresh (v2) (fresh (v3) (== x2 (cons v1 v3)) (s104-17-0 v2 x1 v3) (== x0 (cons v1 v2))))))))
(defrel (s104-17-1 x0 x1) (conde ((== x0 '()) (== x1 '())) ((conda ((== x0 x1) (== x1 (cons '() '(a b))) (== x1 x1)) ((== x0 'a) (== x1 (cons x1 '())) (== x0 x1)))) ((fresh (v4) (fresh (v5) (fresh (v6) (== x0 (cons v4 v5)) (== x1 (cons v4 v6)) (s104-17-1 v5 v6)))))))
(defrel (s104-17-2 x0 x1) (conde ((fresh (v7) (fresh (v8) (fresh (v9) (== v9 (cons v9 v7)) (s104-17-2 v8 v9) (== x1 (cons v7 v9)) (== x0 (cons v7 v8)))))) ((== x0 '()) (== x1 x0)) ((s104-17-0 'b x0 (cons 'b '(a b))) (s104-17-2 x1 x0) (conde ((== x1 '(a b)) (== x0 x1)) ((== x0 x1) (== x1 '(a)) (== x0 x0)) ((== x1 (cons x0 '())) (== x0 '(a b)) (== x0 x0))))))
(test "search 104-17" (run 9 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s104-17-2 a b)))) '((() ())))
;; seed 104, program 20
(defrel (s104-20-0 x0 x1) (conde ((== x0 '()) (== x1 x0)) ((== x1 (cons x1 (cons x0 x1))) (conda ((== x0 'a)) ((== x0 x1) (== x1 (cons x1 'a))))) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x1 (cons v1 v3)) (s104-20-0 v2 v3) (== x0 (cons (cons v3 x0) x1))))))))
(defrel (s104-20-1 x0 x1) (conde ((fresh (v4) (fresh (v5) (fresh (v6) (== x0 (cons v4 v5)) (== x1 (cons v4 v6)) (s104-20-1 v5 v6))))) ((== x0 '()) (== x1 x0))))
(test "search 104-20" (run 7 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (conde ((== b a)) ((== b b) (== b 'b)) ((== b b) (== (cons b a) (cons 'a (cons a a))) (== b (cons 'a '())))) (s104-20-1 a b)))) '((() ()) ((_.0) (_.0)) ((_.0 _.1) (_.0 _.1)) ((_.0 _.1 _.2) (_.0 _.1 _.2)) ((_.0 _.1 _.2 _.3) (_.0 _.1 _.2 _.3)) ((_.0 _.1 _.2 _.3 _.4) (_.0 _.1 _.2 _.3 _.4)) ((_.0 _.1 _.2 _.3 _.4 _.5) (_.0 _.1 _.2 _.3 _.4 _.5))))
;; seed 104, program 29
(defrel (s104-29-0 x0 x1) (conde ((s104-29-2 x1 (cons 'b x0)) (conde ((== x0 x1)) ((== x0 x0) (== x0 'b)))) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x1 (cons v1 v3)) (s104-29-0 v2 v3))))) ((== x0 '()) (== x1 x0))))
(defrel (s104-29-1 x0 x1 x2) (conde ((== x0 '()) (== x2 '())) ((fresh (v4) (fresh (v5) (fresh (v6) (== x0 (cons v4 v5)) (== x2 (cons v4 v6)) (s104-29-1 v5 x1 v6)))))))
(defrel (s104-29-2 x0 x1) (conde ((== x0 '()) (== x1 '())) ((fresh (v7) (fresh (v8) (fresh (v9) (== x0 (cons v7 v8)) (== x1 (cons v7 v9)) (s104-29-2 v8 v9) (=/= '() (cons v7 x0))))))))
(test "search 104-29" (run 6 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (== a a) (s104-29-2 a b)))) '((() ()) ((_.0) (_.0)) ((_.0 _.1) (_.0 _.1)) ((_.0 _.1 _.2) (_.0 _.1 _.2)) ((_.0 _.1 _.2 _.3) (_.0 _.1 _.2 _.3)) ((_.0 _.1 _.2 _.3 _.4) (_.0 _.1 _.2 _.3 _.4))))
;; seed 104, program 30
(defrel (s104-30-0 x0 x1) (conde ((== x0 '()) (== x1 '())) ((onceo (== x0 (cons (cons 1 x0) '(a)))) (conde ((== 'a x0) (== x1 x0)) ((== x0 x0) (== (cons x0 'b) x1)) ((== x0 x0) (== x0 '(a b)) (== x1 x1)))) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x1 (cons v1 v3)) (s104-30-0 v2 v3)))))))
(defrel (s104-30-1 x0 x1 x2) (conde ((fresh (v4) (fresh (v5) (fresh (v6) (== x0 (cons v4 v5)) (== x2 (cons v4 v6)) (s104-30-1 v5 x1 v6))))) ((== x0 '()) (== x2 '()))))
(defrel (s104-30-2 x0 x1) (conde ((fresh (v7) (fresh (v8) (fresh (v9) (== x0 (cons v7 v8)) (== x1 (cons v7 v9)) (s104-30-2 v8 v9) (s104-30-0 'a v7))))) ((== x0 '()) (== x1 x0))))
(test "search 104-30" (run 4 (q) (fresh (a) (fresh (b) (fresh (c) (== q `(,a ,b ,c)) (s104-30-1 a b c))))) '((() _.0 ()) ((_.0) _.1 (_.0)) ((_.0 _.1) _.2 (_.0 _.1)) ((_.0 _.1 _.2) _.3 (_.0 _.1 _.2))))
;; seed 104, program 31
(defrel (s104-31-0 x0 x1) (conde ((== x0 '()) (== x1 x0)) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x1 (cons v1 v3)) (s104-31-0 v2 v3) (== x1 x0)))))))
(defrel (s104-31-1 x0 x1 x2) (conde ((fresh (v4) (fresh (v5) (fresh (v6) (== x0 (cons v4 v5)) (== x2 (cons v4 v6)) (s104-31-1 v5 x1 v6))))) ((== x0 '()) (== x2 x0))))
(test "search 104-31" (run 6 (q) (fresh (a) (fresh (b) (fresh (c) (== q `(,a ,b ,c)) (s104-31-1 a b c))))) '((() _.0 ()) ((_.0) _.1 (_.0)) ((_.0 _.1) _.2 (_.0 _.1)) ((_.0 _.1 _.2) _.3 (_.0 _.1 _.2)) ((_.0 _.1 _.2 _.3) _.4 (_.0 _.1 _.2 _.3)) ((_.0 _.1 _.2 _.3 _.4) _.5 (_.0 _.1 _.2 _.3 _.4))))
;; seed 104, program 32
(defrel (s104-32-0 x0 x1) (conde ((== x0 '()) (== x1 'a)) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x1 (cons v1 v3)) (s104-32-0 v2 v3)))))))
(defrel (s104-32-1 x0 x1) (conde ((fresh (v4) (fresh (v5) (fresh (v6) (== x0 (cons v4 v5)) (== x1 (cons v4 v6)) (s104-32-1 v5 v6) (s104-32-2 v4 (cons '(a) v5)))))) ((== x0 '()) (== x1 'a))))
(defrel (s104-32-2 x0 x1) (conde ((== x0 '()) (== x1 x0)) ((fresh (v7) (fresh (v8) (fresh (v9) (== x0 (cons v7 v8)) (== x1 (cons v7 v9)) (s104-32-2 v8 v9)))))))
(test "search 104-32" (run 7 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s104-32-0 a b)))) '((() a) ((_.0) (_.0 . a)) ((_.0 _.1) (_.0 _.1 . a)) ((_.0 _.1 _.2) (_.0 _.1 _.2 . a)) ((_.0 _.1 _.2 _.3) (_.0 _.1 _.2 _.3 . a)) ((_.0 _.1 _.2 _.3 _.4) (_.0 _.1 _.2 _.3 _.4 . a)) ((_.0 _.1 _.2 _.3 _.4 _.5) (_.0 _.1 _.2 _.3 _.4 _.5 . a))))
;; seed 104, program 35
(defrel (s104-35-0 x0 x1 x2) (conde ((== x0 '()) (== x2 x0)) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x2 (cons v1 v3)) (s104-35-0 v2 x1 v3)))))))
(defrel (s104-35-1 x0 x1) (conde ((fresh (v4) (fresh (v5) (fresh (v6) (== x0 (cons v4 v5)) (== x1 (cons v4 v6)) (s104-35-1 v5 v6))))) ((== x0 '()) (== x1 '()))))
(defrel (s104-35-2 x0 x1) (conde ((fresh (v7) (fresh (v8) (fresh (v9) (== x0 (cons v7 v8)) (== x1 (cons v7 v9)) (s104-35-2 v8 v9))))) ((== x0 '()) (== x1 x0))))
(test "search 104-35" (run 7 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s104-35-2 a b)))) '((() ()) ((_.0) (_.0)) ((_.0 _.1) (_.0 _.1)) ((_.0 _.1 _.2) (_.0 _.1 _.2)) ((_.0 _.1 _.2 _.3) (_.0 _.1 _.2 _.3)) ((_.0 _.1 _.2 _.3 _.4) (_.0 _.1 _.2 _.3 _.4)) ((_.0 _.1 _.2 _.3 _.4 _.5) (_.0 _.1 _.2 _.3 _.4 _.5))))
;; seed 104, program 38
(defrel (s104-38-0 x0 x1 x2) (conde ((== x1 x2) (=/= x1 (cons '(a b) x1))) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x2 (cons v1 v3)) (s104-38-0 v2 x1 v3))))) ((== x0 '()) (== x2 x1))))
(defrel (s104-38-1 x0 x1) (conde ((== x0 '(a b)) (fresh (v7) (== x0 (cons v7 v7)) (== x0 (cons 'a v7)) (== x0 x1))) ((== x0 '()) (== x1 'a)) ((fresh (v4) (fresh (v5) (fresh (v6) (== x0 (cons v4 v5)) (== x1 (cons v4 v6)) (s104-38-1 v5 v6) (s104-38-1 (cons x1 v4) (cons x0 x0))))))))
(test "search 104-38" (run 6 (q) (fresh (a) (fresh (b) (fresh (c) (== q `(,a ,b ,c)) (s104-38-0 a b c))))) '((_.0 _.1 _.1) (() _.0 _.0) ((_.0 . _.1) _.2 (_.0 . _.2)) ((_.0) _.1 (_.0 . _.1)) ((_.0 _.1 . _.2) _.3 (_.0 _.1 . _.3)) ((_.0 _.1) _.2 (_.0 _.1 . _.2))))
;; seed 104, program 39
(defrel (s104-39-0 x0 x1) (conde ((== x0 '()) (== x1 'a)) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x1 (cons v1 v3)) (s104-39-0 v2 v3) (=/= v3 x1)))))))
(defrel (s104-39-1 x0 x1) (conde ((== x0 '()) (== x1 x0)) ((fresh (v4) (fresh (v5) (fresh (v6) (== x1 (cons v4 v6)) (== x0 (cons v4 v5)) (fresh (v7) (== v7 'a)) (s104-39-1 v5 v6)))))))
(defrel (s104-39-2 x0 x1) (conde ((== x0 '()) (== x1 x0)) ((fresh (v8) (fresh (v9) (fresh (v10) (== x0 (cons v8 v9)) (== x1 (cons v8 v10)) (s104-39-2 v9 v10) (s104-39-0 (cons v8 '(a)) '()))))) ((fresh (v11) (fresh (v12) (== v12 (cons v12 x0)) (== x0 (cons v11 v12)))) (== 1 '(a)))))
(test "search 104-39" (run 9 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (conde ((== b (cons '() '())) (== b b)) ((== b b) (== b a) (== a (cons 'a a)))) (s104-39-1 a b)))) '(((()) (()))))
;; seed 104, program 42
(defrel (s104-42-0 x0 x1) (conde ((== x0 '()) (== x1 'a)) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x1 (cons v1 v3)) (s104-42-0 v2 v3))))) ((s104-42-1 (cons x0 x1) (cons x0 x1)) (=/= (cons x1 x1) (cons '(a) x0)) (== x1 (cons (cons x1 x1) (cons x1 '()))))))
(defrel (s104-42-1 x0 x1) (conde ((== x0 '()) (== x1 'a)) ((fresh (v4) (fresh (v5) (fresh (v6) (== x0 (cons v4 v5)) (== x1 (cons v4 v6)) (s104-42-1 v5 v6))))) ((s104-42-1 (cons '() x0) '(a)))))
(test "search 104-42" (run 3 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s104-42-1 a b)))) '((() a) ((_.0) (_.0 . a)) ((_.0 _.1) (_.0 _.1 . a))))
;; seed 104, program 45
(defrel (s104-45-0 x0 x1 x2) (conde ((== x0 '()) (== x2 x0)) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x2 (cons v1 v3)) (s104-45-0 v2 x1 v3)))))))
(defrel (s104-45-1 x0 x1) (conde ((fresh (v4) (fresh (v5) (fresh (v6) (== x0 (cons v4 v5)) (== x1 (cons v4 v6)) (s104-45-1 v5 v6))))) ((== x0 '()) (== x1 x0))))
(defrel (s104-45-2 x0 x1) (conde ((fresh (v7) (fresh (v8) (fresh (v9) (== x0 (cons v7 v8)) (== x1 (cons v7 v9)) (s104-45-2 v8 v9) (s104-45-0 x0 '() (cons v8 x0)))))) ((== x0 '()) (== x1 '())) ((s104-45-2 '(a) x0) (== x1 (cons (cons x0 x0) 1)) (conde ((== x0 x1) (== x1 x0)) ((== x0 x1) (== x0 (cons (cons x1 x0) (cons x1 x1)))) ((== x0 '(a)) (== x0 (cons x0 1)))))))
(test "search 104-45" (run 7 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s104-45-1 a b)))) '((() ()) ((_.0) (_.0)) ((_.0 _.1) (_.0 _.1)) ((_.0 _.1 _.2) (_.0 _.1 _.2)) ((_.0 _.1 _.2 _.3) (_.0 _.1 _.2 _.3)) ((_.0 _.1 _.2 _.3 _.4) (_.0 _.1 _.2 _.3 _.4)) ((_.0 _.1 _.2 _.3 _.4 _.5) (_.0 _.1 _.2 _.3 _.4 _.5))))
;; seed 104, program 46
(defrel (s104-46-0 x0 x1) (conde ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x1 (cons v1 v3)) (s104-46-0 v2 v3) (fresh (v4) (fresh (v5) (== (cons x0 x1) (cons x0 (cons v4 v4))) (== x0 (cons v4 v5)))))))) ((== x0 '()) (== x1 '()))))
(defrel (s104-46-1 x0 x1) (conde ((fresh (v6) (fresh (v7) (fresh (v8) (s104-46-1 v7 v8) (== x0 (cons v6 v7)) (== x1 (cons v6 v8)))))) ((== x0 '()) (== x1 'a))))
(test "search 104-46" (run 5 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s104-46-1 a b) (== a a)))) '((() a) ((_.0) (_.0 . a)) ((_.0 _.1) (_.0 _.1 . a)) ((_.0 _.1 _.2) (_.0 _.1 _.2 . a)) ((_.0 _.1 _.2 _.3) (_.0 _.1 _.2 _.3 . a))))
;; seed 104, program 48
(defrel (s104-48-0 x0 x1) (conde ((== x0 '()) (== x1 x0)) ((fresh (v1) (fresh (v2) (fresh (v3) (== x1 (cons v1 v3)) (== x0 (cons v1 v2)) (s104-48-0 v2 v3)))))))
(defrel (s104-48-1 x0 x1 x2) (conde ((== x0 '()) (== x2 x0)) ((fresh (v4) (fresh (v5) (fresh (v6) (s104-48-1 v5 x1 v6) (== x2 (cons v4 v6)) (== x0 (cons v4 v5))))))))
(defrel (s104-48-2 x0 x1) (conde ((fresh (v7) (fresh (v8) (fresh (v9) (s104-48-2 v8 v9) (== x1 (cons v7 v9)) (== x0 (cons v7 v8)))))) ((== x0 '()) (== x1 '()))))
(test "search 104-48" (run 8 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s104-48-0 a b)))) '((() ()) ((_.0) (_.0)) ((_.0 _.1) (_.0 _.1)) ((_.0 _.1 _.2) (_.0 _.1 _.2)) ((_.0 _.1 _.2 _.3) (_.0 _.1 _.2 _.3)) ((_.0 _.1 _.2 _.3 _.4) (_.0 _.1 _.2 _.3 _.4)) ((_.0 _.1 _.2 _.3 _.4 _.5) (_.0 _.1 _.2 _.3 _.4 _.5)) ((_.0 _.1 _.2 _.3 _.4 _.5 _.6) (_.0 _.1 _.2 _.3 _.4 _.5 _.6))))
;; seed 104, program 50
(defrel (s104-50-0 x0 x1 x2) (conde ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x2 (cons v1 v3)) (s104-50-0 v2 x1 v3))))) ((== x0 '()) (== x2 x1))))
(defrel (s104-50-1 x0 x1) (conde ((fresh (v4) (fresh (v5) (fresh (v6) (s104-50-1 v5 v6) (== x1 (cons v4 v6)) (== x0 (cons v4 v5)))))) ((== x0 '()) (== x1 '()))))
(test "search 104-50" (run 8 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s104-50-1 a b) (== a a)))) '((() ()) ((_.0) (_.0)) ((_.0 _.1) (_.0 _.1)) ((_.0 _.1 _.2) (_.0 _.1 _.2)) ((_.0 _.1 _.2 _.3) (_.0 _.1 _.2 _.3)) ((_.0 _.1 _.2 _.3 _.4) (_.0 _.1 _.2 _.3 _.4)) ((_.0 _.1 _.2 _.3 _.4 _.5) (_.0 _.1 _.2 _.3 _.4 _.5)) ((_.0 _.1 _.2 _.3 _.4 _.5 _.6) (_.0 _.1 _.2 _.3 _.4 _.5 _.6))))
;; seed 104, program 51
(defrel (s104-51-0 x0 x1) (conde ((fresh (v1) (fresh (v2) (fresh (v3) (== x1 (cons v1 v3)) (== x0 (cons v1 v2)) (s104-51-0 v2 v3))))) ((== x0 '()) (== x1 '())) ((fresh (v4) (== x0 'a) (== v4 '(a b)) (== x1 (cons v4 x0))) (s104-51-1 x0 (cons x0 x1)) (== x0 x1))))
(defrel (s104-51-1 x0 x1) (conde ((fresh (v5) (fresh (v6) (fresh (v7) (== x0 (cons v5 v6)) (== x1 (cons v5 v7)) (s104-51-1 v6 v7))))) ((== x0 '()) (== x1 'a))))
(test "search 104-51" (run 4 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s104-51-0 a b) (== b a)))) '((() ()) ((_.0) (_.0)) ((_.0 _.1) (_.0 _.1)) ((_.0 _.1 _.2) (_.0 _.1 _.2))))
;; seed 104, program 55
(defrel (s104-55-0 x0 x1 x2) (conde ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x2 (cons v1 v3)) (s104-55-0 v2 x1 v3))))) ((== x0 '()) (== x2 x0))))
(defrel (s104-55-1 x0 x1) (conde ((== x0 '()) (== x1 x0)) ((fresh (v4) (fresh (v5) (fresh (v6) (== x0 (cons v4 v5)) (s104-55-1 v5 v6) (== x1 (cons v4 v6))))))))
(test "search 104-55" (run 5 (q) (fresh (a) (fresh (b) (fresh (c) (== q `(,a ,b ,c)) (s104-55-0 a b c))))) '((() _.0 ()) ((_.0) _.1 (_.0)) ((_.0 _.1) _.2 (_.0 _.1)) ((_.0 _.1 _.2) _.3 (_.0 _.1 _.2)) ((_.0 _.1 _.2 _.3) _.4 (_.0 _.1 _.2 _.3))))
;; seed 104, program 56
(defrel (s104-56-0 x0 x1) (conde ((== x1 x0) (s104-56-2 x1 (cons x0 x1)) (conde ((== x0 (cons '(a b) (cons x1 'a))) (== x1 x1) (== x0 (cons x0 '(a b)))) ((== x0 'b) (== x1 (cons (cons x1 x0) x0))) ((== x1 (cons '() '(a b))) (== x0 x1) (== (cons x1 x0) (cons '(a) (cons x0 '(a b))))))) ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x1 (cons v1 v3)) (s104-56-0 v2 v3))))) ((== x0 '()) (== x1 x0))))
(defrel (s104-56-1 x0 x1 x2) (conde ((fresh (v4) (fresh (v5) (fresh (v6) (== x0 (cons v4 v5)) (== x2 (cons v4 v6)) (s104-56-1 v5 x1 v6) (== v4 v5))))) ((== x0 '()) (== x2 x1))))
(defrel (s104-56-2 x0 x1) (conde ((fresh (v7) (fresh (v8) (fresh (v9) (== x0 (cons v7 v8)) (== x1 (cons v7 v9)) (s104-56-2 v8 v9))))) ((== x0 '()) (== x1 'a))))
(test "search 104-56" (run 4 (q) (fresh (a) (fresh (b) (== q `(,a ,b)) (s104-56-2 a b)))) '((() a) ((_.0) (_.0 . a)) ((_.0 _.1) (_.0 _.1 . a)) ((_.0 _.1 _.2) (_.0 _.1 _.2 . a))))
;; seed 104, program 58
(defrel (s104-58-0 x0 x1 x2) (conde ((fresh (v1) (fresh (v2) (fresh (v3) (== x0 (cons v1 v2)) (== x0 x1) (s104-58-0 v2 x1 v3) (== x2 (cons v1 v3)))))) ((== x0 '()) (== x2 'a)) ((conde ((== x0 x1) (== x2 x2)) ((== x2 '(a b)) (== x0 (cons (cons x2 'a) (cons x0 x0))) (== x0 (cons x2 x2))) ((== x1 'b))) (fresh (v4) (== x2 (cons v4 x0)) (== x1 (cons 1 x1))) (fresh (v5) (fresh (v6) (fresh (v7) (== x0 (cons v5 (cons v6 x0)))))))))
(defrel (s104-58-1 x0 x1) (conde ((conda ((== x0 1) (== x1 x0) (== x1 (cons '(a) (cons x1 x1)))) ((== x0 (cons (cons x0 x1) (cons 1 x1))) (== x0 1))) (fresh (v11) (fresh (v12) (== x0 (cons x0 'a)) (== x0 (cons v11 x0)))) (conda ((== x0 x0)) ((== x1 x0) (== x1 x1) (== x0 (cons (cons x0 x1) '(a)))) ((== x1 x0) (== x0 '(a))))) ((fresh (v8) (fresh (v9) (fresh (v10) (== x0 (cons v8 v9)) (== x1 (cons v8 v10)) (s104-58-1 v9 v10))))) ((== x0 '()) (== x1 x0))))
(test "search 104-58" (run 4 (q) (fresh (a) (fresh (b) (fresh (c) (== q `(,a ,b ,c)) (s104-58-0 a b c))))) '((() _.0 a) ((_.0) (_.0) (_.0 . a))))
(test-summary)
