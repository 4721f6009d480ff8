// locate-callbacks.test.ts: sort.Slice calls a closure back, which calls key(); the runs part ways
// in key(), on a later call.
package main

import (
	"fmt"
	"os"
	"sort"
)

func key(x int) int {
	y := x * 2
	if x == 2 && os.Getenv("PART") != "" {
		y += 10
	}
	return y
}

func main() {
	v := []int{3, 1, 2}
	s := append([]int(nil), v...)
	sort.Slice(s, func(i, j int) bool { return key(s[i]) < key(s[j]) })
	fmt.Println(s)
}
