package pricing

import "testing"

func TestPrice(t *testing.T) {
	cases := []struct {
		name  string
		order Order
		total int
	}{
		{"small", Order{ID: "T-1", Lines: []Line{{SKU: "pen", Qty: 2, UnitCents: 150}}}, 799},
		{"coupon", Order{ID: "T-2", Coupon: "SAVE10", Lines: []Line{{SKU: "desk", Qty: 1, UnitCents: 20000}}}, 18000},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Price(c.order).Total; got != c.total {
				t.Errorf("total = %d, want %d", got, c.total)
			}
		})
	}
}
