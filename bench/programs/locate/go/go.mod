module loop

go 1.19
