// Values dlv shows that bpdiff once read wrongly (issue 22): integers dlv writes in hex too, a
// package-level pointer's pointee, and a line with no code on it (line 16).
//
//	go run . [ANY]   (with an argument, version.Minor is 2)
package main

import (
	"fmt"
	"os"
	"regexp"
)

type Version struct {
	Major, Minor uint64
}

var versionRegex = regexp.MustCompile(`^v?(\d+)\.(\d+)$`)

func total(v *Version, limit uint64) uint64 {
	sum := v.Major + v.Minor
	fmt.Println(sum, limit, versionRegex.NumSubexp()) // line 21: breakpoint
	return sum
}

func main() {
	v := &Version{Major: 2, Minor: uint64(len(os.Args))}
	total(v, ^uint64(0))
}
