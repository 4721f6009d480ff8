package ledger

import (
	"testing"
	"time"
)

// stamped holds a clock reading inside the test's own data.
type stamped struct {
	Label string
	At    time.Time
}

// epochReading is a clock reading (so it carries a monotonic reading, which differs in every run)
// whose wall-clock time is fixed: the Unix epoch.
func epochReading() time.Time {
	now := time.Now()
	return now.Add(-time.Duration(now.UnixNano()))
}

func TestBalance(t *testing.T) {
	entries := []Entry{{"alice", 300}, {"bob", 50}, {"alice", 200}}
	opened := time.Date(2024, 3, 1, 9, 30, 0, 0, time.UTC)
	started := epochReading()
	stamp := stamped{"opening", started}
	got := Balance(entries, "alice")
	t.Logf("balance %d after %v", got, opened)
	if got != 500 && got != 510 {
		t.Fatalf("Balance = %d", got)
	}
	t.Log(stamp.Label, started.IsZero()) // breakpoint 1: t, entries, opened, started, stamp, got
}

func TestAccounts(t *testing.T) {
	for _, name := range []string{"alice", "bob"} {
		name := name
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got := Balance([]Entry{{"alice", 300}, {"bob", 50}}, name)
			time.Sleep(time.Millisecond)
			t.Log(name, got) // breakpoint 2: a parallel subtest's t
		})
	}
}

func TestWorkers(t *testing.T) {
	done := make(chan bool)
	results := make(chan int, 3)
	for i := 1; i <= 3; i++ {
		go func(n int) { <-done; results <- n * n }(i)
	}
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	time.Sleep(20 * time.Millisecond) // the workers are waiting on done
	queued := len(results)
	close(done) // breakpoint 3: goroutines wait on done, a timer runs
	sum := 0
	for i := 0; i < 3; i++ {
		sum += <-results
	}
	if sum != 14 || queued != 0 {
		t.Fatalf("sum %d, queued %d", sum, queued)
	}
}
