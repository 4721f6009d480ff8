// bench/locate.ts: a loop whose two runs part ways at the iteration PART names (env), ~5 lines each.
// PART is read into a package variable before main runs (no local of the walk's frames holds it, as
// in loop.py, where os.environ.get runs in the standard library): the runs differ only once i reaches it.
package main

import (
	"fmt"
	"os"
	"strconv"
)

var part = countFrom("PART", -1)

func countFrom(name string, fallback int) int {
	value, err := strconv.Atoi(os.Getenv(name))
	if err != nil {
		return fallback
	}
	return value
}

func main() {
	count := countFrom("COUNT", 2000)
	total := 0
	for i := 0; i < count; i++ {
		x := i * 3
		y := x % 7
		total += y
		if i == part {
			total++
		}
	}
	fmt.Println(total)
}
