module clocks

go 1.21
