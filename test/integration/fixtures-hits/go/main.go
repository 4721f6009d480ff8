// bpdiff's hit tests: LIMIT iterations; at iteration BUMP the step is one more. Line 21 runs once per
// iteration, before acc takes the step: at hit k, i is k-1 and acc the sum of the steps before it.
package main

import (
	"fmt"
	"os"
	"strconv"
)

func main() {
	limit, _ := strconv.Atoi(os.Args[1])
	bump, _ := strconv.Atoi(os.Args[2])
	acc := 0
	for i := 0; i < limit; i++ {
		step := i
		if i == bump {
			step++
		}
		_ = step
		acc += step
	}
	fmt.Println(acc)
}
