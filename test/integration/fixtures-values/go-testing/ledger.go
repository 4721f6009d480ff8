// A small package whose test is debugged by test/integration/go-values.test.ts.
package ledger

import "os"

type Entry struct {
	Account string
	Cents   int
}

// Balance sums the entries of one account; LEDGER_BONUS adds to each (the seeded change).
func Balance(entries []Entry, account string) int {
	bonus := 0
	if os.Getenv("LEDGER_BONUS") != "" {
		bonus = 5
	}
	total := 0
	for _, e := range entries {
		if e.Account == account {
			total += e.Cents + bonus
		}
	}
	return total
}
