package tested

func Total(items []int) int {
	s := 0
	for _, i := range items {
		if i == 3 {
			i *= 2
		}
		s += i
	}
	return s
}
