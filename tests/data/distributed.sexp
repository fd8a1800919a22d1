; The distributed forms of the documents' three graphs.
(matrix A B x y z w)
(add (dot A x) (dot A y))
(add (add (dot A x) (dot A y)) (add (dot A z) (dot A w)))
(add (dot A x) (add (dot A y) (add (dot A (dot B z)) (dot A (dot B w)))))
