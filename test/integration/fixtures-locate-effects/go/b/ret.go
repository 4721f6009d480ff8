package main

import "fmt"

func scale(x int) int {
	return x * 3
}

func main() {
	y := scale(21)
	z := y + 1
	fmt.Println(z)
}
