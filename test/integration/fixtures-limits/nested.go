// Nested data, wide and deep: --max-variables caps what is captured, all levels together.
package main

import "fmt"

type cell struct {
	ID   int
	Tags []int
}

func main() {
	grid := make([][]int, 10)
	for r := range grid {
		grid[r] = make([]int, 10)
		for c := range grid[r] {
			grid[r][c] = r*10 + c
		}
	}
	table := make([]cell, 20)
	for i := range table {
		table[i] = cell{ID: i, Tags: []int{i, i + 1, i + 2}}
	}
	big := make([]int, 1000000)
	for i := range big {
		big[i] = i
	}
	fmt.Println(grid[9][9], table[19].ID, big[999999]) // line 27: breakpoint
}
