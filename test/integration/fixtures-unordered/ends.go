// B ends (exit 3) at the first pass of a loop over a map: the walk says where it ended and where A
// went on to, in the loop, not after A was taken through the rest of it.
package main

import (
	"fmt"
	"os"
)

func main() {
	m := map[string]int{}
	for i := 0; i < 12; i++ {
		m[fmt.Sprintf("k%02d", i)] = i
	}
	total := 0
	for _, v := range m {
		if os.Getenv("PART") == "B" {
			os.Exit(3)
		}
		total += v
	}
	fmt.Println(total)
}
