// edge-cases: one program for the ways a run can miss a breakpoint.
//
//	go run . [ok|exit|panic|slow|stdin] [count]
//
// ok (the default) reaches tally() with count (default 5) made-up readings; exit leaves with
// status 3 first; panic panics first; slow sleeps a minute first; stdin reads the readings from
// stdin, one "sensor value" pair a line.
package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"time"
)

// Version is a package-level variable, visible with --scope globals.
var Version = "edge-1"

type Reading struct {
	Sensor string
	Value  int
}

func main() {
	mode, count := "ok", 5
	if len(os.Args) > 1 {
		mode = os.Args[1]
	}
	if len(os.Args) > 2 {
		count, _ = strconv.Atoi(os.Args[2])
	}
	fmt.Println("edge-cases", Version, "mode", mode)
	switch mode {
	case "exit":
		fmt.Fprintln(os.Stderr, "no sensors configured")
		os.Exit(3)
	case "panic":
		panic("sensor table is empty")
	case "slow":
		time.Sleep(60 * time.Second)
	}
	readings := make([]Reading, 0, 2)
	if mode == "stdin" {
		readings = readAll(bufio.NewScanner(os.Stdin))
	} else {
		for i := 0; i < count; i++ {
			readings = append(readings, Reading{Sensor: fmt.Sprintf("s%d", i), Value: (i + 1) * 10})
		}
	}
	fmt.Println("sum", tally(readings))
}

func readAll(lines *bufio.Scanner) []Reading {
	var readings []Reading
	for lines.Scan() {
		var r Reading
		if _, err := fmt.Sscan(lines.Text(), &r.Sensor, &r.Value); err == nil {
			readings = append(readings, r)
		}
	}
	return readings
}

func tally(readings []Reading) int {
	sum := 0
	bySensor := make(map[string]int)
	var best *Reading
	for i, r := range readings {
		// Each reading adds its value.
		sum += r.Value
		bySensor[r.Sensor] = r.Value
		if best == nil || r.Value > best.Value {
			best = &readings[i]
		}
	}
	return sum
}
