// A Go program that goes through maps, whose order the runtime draws at random in every run: two runs
// of it must agree (the loops are compared as a whole). 12 items: the two orders are never the same.
// With PART=B, B adds 1 for "item07" in total().
package main

import (
	"fmt"
	"os"
	"sort"
)

type Item struct {
	Name  string
	Price int
}

func total(items map[string]Item) int {
	sum := 0
	for _, it := range items {
		sum += it.Price
		if it.Name == "item07" && os.Getenv("PART") == "B" {
			sum++
		}
	}
	return sum
}

func main() {
	m := map[string]Item{}
	for i := 0; i < 12; i++ {
		name := fmt.Sprintf("item%02d", i)
		m[name] = Item{name, i * 3}
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	t := total(m)
	fmt.Println(len(keys), keys[0], t, nested())
}

// A loop over a map inside one over a map, left by a return from the inner one: the outer loop is
// the one compared as a whole (each run returns at another pass).
func nested() string {
	groups := map[string]map[string]int{}
	for i := 0; i < 4; i++ {
		inner := map[string]int{}
		for j := 0; j < 4; j++ {
			inner[fmt.Sprintf("n%d", j)] = i*10 + j
		}
		groups[fmt.Sprintf("g%d", i)] = inner
	}
	for group, inner := range groups {
		for name, v := range inner {
			if v == 21 {
				return group + "/" + name
			}
		}
	}
	return ""
}
