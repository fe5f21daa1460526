package main

import "testing"

func TestRecallAndScope(t *testing.T) {
	ranked := []string{"a.go", "b.go", "c.go"}
	if got := recallAt(ranked, []string{"b.go", "z.go"}, 10); got != 0.5 {
		t.Errorf("recall@10 = %v, want 0.5", got)
	}
	if got := recallAt(ranked, []string{"c.go"}, 2); got != 0 {
		t.Errorf("recall@2 of the third file = %v, want 0", got)
	}
	for n, want := range map[int]string{1: "small", 4: "small", 5: "medium", 15: "medium", 16: "large"} {
		if got := scopeOf(n); got != want {
			t.Errorf("scopeOf(%d) = %s, want %s", n, got, want)
		}
	}
	if m := medianOf([]float64{1, 2, 3, 4}); m != 2.5 {
		t.Errorf("median = %v", m)
	}
}
