// Package pricing turns an order into a quote: line amounts, a coupon discount and shipping.
package pricing

import "strings"

type Line struct {
	SKU       string
	Qty       int
	UnitCents int
}

type Order struct {
	ID       string
	Customer string
	Coupon   string
	Lines    []Line
}

type Quote struct {
	Subtotal int
	Discount int
	Shipping int
	Total    int
	Notes    []string
}

// Coupons maps a coupon code to its discount in percent.
var Coupons = map[string]int{"SAVE10": 10, "VIP25": 25}

const freeShippingFrom = 10000

func Price(order Order) Quote {
	subtotal := 0
	for i, line := range order.Lines {
		amount := line.Qty * line.UnitCents
		subtotal += amount
		_ = i
	}
	quote := Quote{Subtotal: subtotal, Discount: discount(order, subtotal)}
	if quote.Discount > 0 {
		quote.Notes = append(quote.Notes, "coupon "+order.Coupon)
	}
	if subtotal-quote.Discount < freeShippingFrom {
		quote.Shipping = 499
	} else {
		quote.Notes = append(quote.Notes, "free shipping")
	}
	quote.Total = subtotal - quote.Discount + quote.Shipping
	return quote
}

// discount is the coupon's percentage of the subtotal, rounded down to the cent.
func discount(order Order, subtotal int) int {
	percent, ok := Coupons[strings.ToUpper(order.Coupon)]
	if !ok {
		return 0
	}
	return subtotal * percent / 100
}
