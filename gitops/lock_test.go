package gitops

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func TestLock(t *testing.T) {
	_, r := newRepo(t, nil)
	unlock, err := r.Lock("invoice-export", 0)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, err = r.Lock("invoice-export", 120*time.Millisecond)
	if !errors.Is(err, ErrLocked) {
		t.Fatalf("second Lock: got %v, want ErrLocked", err)
	}
	if waited := time.Since(start); waited < 100*time.Millisecond {
		t.Errorf("second Lock gave up after %v, before its wait elapsed", waited)
	}
	if !strings.Contains(err.Error(), "invoice-export") {
		t.Errorf("error should name the item: %v", err)
	}

	// Other items are independent.
	other, err := r.Lock("something-else", 0)
	if err != nil {
		t.Fatal(err)
	}
	other()

	// A waiter gets the lock once it is released.
	go func() {
		time.Sleep(50 * time.Millisecond)
		unlock()
	}()
	again, err := r.Lock("invoice-export", 5*time.Second)
	if err != nil {
		t.Fatalf("Lock after unlock: %v", err)
	}
	again()
	again() // unlocking twice is harmless
	unlock()
}

func TestLockRejectsBadNames(t *testing.T) {
	_, r := newRepo(t, nil)
	for _, name := range []string{"", "Upper", "a/b", "../x", "-lead", "dot.name", "space x"} {
		if _, err := r.Lock(name, 0); err == nil {
			t.Errorf("Lock(%q) succeeded", name)
		}
	}
}
