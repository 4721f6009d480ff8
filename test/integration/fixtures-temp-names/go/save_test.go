package q4

import "testing"

func TestSave(t *testing.T) {
	dir := t.TempDir()
	n := Save(dir, "hello")
	if n != 5 {
		t.Fatal(n)
	}
}
