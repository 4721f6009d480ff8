// one-cpu.test.ts: what the Go runtime read of the machine's CPUs at its start, read again after
// bpdiff pinned dlv and the program to one CPU (at the walk's first stop, main.main): unchanged.
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
}
