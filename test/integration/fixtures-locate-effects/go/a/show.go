package main

import "fmt"

func show(x int) {
	fmt.Println(x)
}

func main() {
	show(1234)
	fmt.Println("done")
}
