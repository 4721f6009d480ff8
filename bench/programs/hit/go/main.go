// bpdiff's `hit` bench: LIMIT passes through the loop's body line, three calls a pass.
package main

import (
	"fmt"
	"os"
	"strconv"
)

func twice(x int) int  { return x * 2 }
func halve(x int) int  { return x / 2 }
func add(x, y int) int { return x + y }

func main() {
	limit, _ := strconv.Atoi(os.Args[1])
	acc := 0
	for i := 0; i < limit; i++ {
		acc = add(acc, halve(twice(i))) // the breakpoint
	}
	fmt.Println(acc)
}
