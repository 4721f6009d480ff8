package main

import (
	"fmt"
	"os"
	"strconv"
)

func price(i int) int {
	base := i * 3
	return base + 1
}

func lineTotal(i int) int {
	p := price(i)
	return p * 2
}

func order(n int) int {
	total := 0
	for i := 0; i < n; i++ {
		total += lineTotal(i)
	}
	return total
}

func main() {
	n, _ := strconv.Atoi(os.Args[1])
	fmt.Println(order(n))
}
