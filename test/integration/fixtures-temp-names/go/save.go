package q4

import (
	"os"
	"path/filepath"
)

func Save(dir, text string) int {
	p := filepath.Join(dir, "out.txt")
	os.WriteFile(p, []byte(text), 0o644)
	st, _ := os.Stat(p)
	return int(st.Size())
}
