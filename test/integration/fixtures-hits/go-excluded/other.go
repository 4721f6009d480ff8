//go:build never

package main

func unused(n int) int {
	n++
	return n
}
