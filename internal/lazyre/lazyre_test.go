package lazyre

import (
	"sync"
	"testing"
)

func TestCompiledOnFirstUse(t *testing.T) {
	re := New(`^(T\d{3})\b`)
	if re.String() != `^(T\d{3})\b` {
		t.Fatalf("String() = %q", re.String())
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if m := re.FindStringSubmatch("T013 code"); len(m) != 2 || m[1] != "T013" {
				t.Errorf("FindStringSubmatch = %q", m)
			}
		})
	}
	wg.Wait()
	if re.Regexp() != re.Regexp() {
		t.Fatal("compiled twice")
	}
}

func TestBadExpressionPanicsOnUse(t *testing.T) {
	re := New(`(`) // no panic here
	defer func() {
		if recover() == nil {
			t.Fatal("a bad expression did not panic on use")
		}
	}()
	re.MatchString("x")
}
