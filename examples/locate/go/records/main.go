package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func parse(line string) (string, int) {
	fields := strings.SplitN(line, ",", 2)
	qty, _ := strconv.Atoi(strings.TrimSpace(fields[1]))
	return fields[0], qty
}

func main() {
	// No check: a missing file is a panic below (the runs of locate's tests that end early).
	records, _ := os.Open("records.csv")
	info, _ := records.Stat()
	size := info.Size()
	total := 0
	scanner := bufio.NewScanner(records)
	for index := 0; scanner.Scan(); index++ {
		_ = index
		name, qty := parse(scanner.Text())
		total += qty
		_ = name
	}
	records.Close()
	fmt.Println(total, size)
}
