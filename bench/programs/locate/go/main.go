// bench/locate.ts: a loop whose two runs part ways at the iteration PART names (env), ~5 lines each.
package main

import (
	"fmt"
	"os"
	"strconv"
)

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
		if i == countFrom("PART", -1) {
			total++
		}
	}
	fmt.Println(total)
}
