package tested

func Total(items []int) int {
	s := 0
	for _, i := range items {
		s += i
	}
	return s
}
