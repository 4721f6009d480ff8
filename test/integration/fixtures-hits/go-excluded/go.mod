module example.com/excluded

go 1.19
