// A function's named results hold whatever the goroutine's stack held before, at the function's first
// line (here, at times, the bytes of a string main built on the stack from $PAD, whose length differs
// between the runs): dlv reads them there. No line of the program reads them before it sets them.
package main

import (
	"fmt"
	"os"
)

func sum(s string) (w, v int) {
	for _, c := range s {
		w += int(c)
	}
	v = w
	return w, v
}

func main() {
	total := 0
	for i := 0; i < 12; i++ {
		if len(os.Getenv("PAD")+"!") > 100 {
			return
		}
		w, _ := sum("hi")
		total += w
	}
	fmt.Println(total)
}
