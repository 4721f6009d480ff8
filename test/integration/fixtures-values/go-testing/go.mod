module example.com/ledger

go 1.19
