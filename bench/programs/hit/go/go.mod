module bpdiffbenchhit

go 1.19
