// A run reads the clock: its times differ from another run's, whatever the program does.
package main

import (
	"fmt"
	"time"
)

type job struct {
	name    string
	started time.Time
}

func main() {
	j := &job{name: "nightly", started: time.Now()}
	day := time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC)
	fmt.Println(j.name, day.Format("2006-01-02"))
}
