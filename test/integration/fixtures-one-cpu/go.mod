module onecpu

go 1.19
