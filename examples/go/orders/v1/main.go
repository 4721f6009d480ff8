// orders prices one order and prints the quote: go run . [customer] [coupon]
package main

import (
	"fmt"
	"os"

	"example.com/orders/pricing"
)

func main() {
	customer, coupon := "acme", "SAVE10"
	if len(os.Args) > 1 {
		customer = os.Args[1]
	}
	if len(os.Args) > 2 {
		coupon = os.Args[2]
	}
	order := pricing.Order{
		ID:       "A-1001",
		Customer: customer,
		Coupon:   coupon,
		Lines: []pricing.Line{
			{SKU: "widget", Qty: 4, UnitCents: 1250},
			{SKU: "gadget", Qty: 1, UnitCents: 4999},
			{SKU: "gizmo", Qty: 3, UnitCents: 799},
		},
	}
	quote := pricing.Price(order)
	fmt.Printf("order %s for %s: subtotal %d, discount %d, shipping %d, total %d %v\n",
		order.ID, order.Customer, quote.Subtotal, quote.Discount, quote.Shipping, quote.Total, quote.Notes)
}
