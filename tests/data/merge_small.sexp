; kanrewrite-graph 1 | small | raw, hand-written | kanrewrite tests | 7 apply nodes | x*y/(x*y) + (x*2 + x*2), each product and each 2.0 built twice
(input x (tensor float64 ? ?))
(input y (tensor float64 ? ?))
(constant $1 (tensor float64) 2.0)
(constant $2 (tensor float64) 2.0)
(output 0 out (tensor float64 ? ?) (add (true_div (mul x y) (mul x y)) (add (mul x $1) (mul x $2))))
