// bench/locate.ts: a divergence about 100,000 executed lines into a run, three calls deep: order's loop
// calls lineTotal, which calls price; B's price parts at the pass PART names (env), read where it is
// compared (no local of the walk's frames holds it).
package main

import (
	"fmt"
	"os"
	"strconv"
)

func price(i int) int {
	base := i * 3
	if strconv.Itoa(i) == os.Getenv("PART") {
		base++
	}
	return base + 1
}

func lineTotal(i int) int {
	p := price(i)
	q := p % 7
	return p*2 + q
}

func order(count int) int {
	total := 0
	for i := 0; i < count; i++ {
		total += lineTotal(i)
	}
	return total
}

func main() {
	count := 2000
	if text, ok := os.LookupEnv("COUNT"); ok {
		count, _ = strconv.Atoi(text)
	}
	fmt.Println(order(count))
}
