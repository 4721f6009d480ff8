package main

import "fmt"

var tiers = []int{0, 10, 20, 50}

func discount(qty int) float64 {
	rate := 0.0
	for _, limit := range tiers {
		if qty > limit {
			rate += 0.05
		}
	}
	return rate
}

func checkout(quantities []int) float64 {
	total := 0.0
	for _, qty := range quantities {
		rate := discount(qty)
		total += float64(qty) * (1 - rate)
	}
	return total
}

func main() {
	fmt.Printf("%.2f\n", checkout([]int{5, 12, 20, 60}))
}
