// bulk prices a bulk order of N of each item: go run ./cmd/bulk N
package main

import (
	"fmt"
	"os"
	"strconv"

	"example.com/orders/pricing"
)

func main() {
	n := 10
	if len(os.Args) > 1 {
		parsed, err := strconv.Atoi(os.Args[1])
		if err != nil {
			fmt.Fprintln(os.Stderr, "bulk: N must be a number")
			os.Exit(2)
		}
		n = parsed
	}
	order := pricing.Order{ID: "B-7", Customer: "wholesale", Coupon: "VIP25", Lines: []pricing.Line{
		{SKU: "widget", Qty: n, UnitCents: 1250},
		{SKU: "gizmo", Qty: 2 * n, UnitCents: 799},
	}}
	quote := pricing.Price(order)
	fmt.Printf("bulk order of %d: total %d\n", n, quote.Total)
}
