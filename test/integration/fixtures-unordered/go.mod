module unordered

go 1.19
