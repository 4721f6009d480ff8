package main

import "fmt"

func show(x int) {
	fmt.Printf("%06d\n", x)
}

func main() {
	show(1234)
	fmt.Println("done")
}
