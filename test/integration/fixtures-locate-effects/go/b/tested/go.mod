module tested

go 1.19
