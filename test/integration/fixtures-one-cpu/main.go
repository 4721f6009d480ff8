// one-cpu.test.ts: the machine's CPUs as the Go runtime read them at its start, read after bpdiff pinned dlv and the
// program to one CPU (at the walk's first stop; at main.main, before dlv counts the loop's passes to --hit N): unchanged.
package main

import (
	"fmt"
	"os"
	"runtime"
)

func main() {
	cpus := runtime.NumCPU()
	procs := runtime.GOMAXPROCS(0)
	mode := os.Args[1]
	fmt.Println(cpus, procs, mode)
	total := 0
	for i := 0; i < 300; i++ {
		total += i
	}
	fmt.Println(total)
}
