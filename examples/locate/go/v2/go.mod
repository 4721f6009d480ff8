module shop

go 1.19
