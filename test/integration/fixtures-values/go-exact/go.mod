module goexact

go 1.19
