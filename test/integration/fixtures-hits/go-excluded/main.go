// bpdiff's program count (adapters/go/pass-count.ts) where the breakpoint's file is left out of the
// build: other.go has a build constraint that no build meets, so its count is never built in.
package main

import "fmt"

func main() {
	total := 0
	for i := 0; i < 10; i++ {
		total += i
	}
	fmt.Println(total)
}
