module temps

go 1.19
