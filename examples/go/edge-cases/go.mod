module example.com/edgecases

go 1.19
