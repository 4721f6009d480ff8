module deep

go 1.19
