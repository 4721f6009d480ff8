package tested

import "testing"

func TestTotal(t *testing.T) {
	got := Total([]int{1, 2, 3})
	if got != 6 {
		t.Fatalf("got %d", got)
	}
}
