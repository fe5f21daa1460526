package gitops

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/gofrs/flock"

	"github.com/rtgit/rtgit/internal/lazyre"
)

var lockNameRe = lazyre.New(`^[a-z0-9][a-z0-9-]*$`)

// lockRetry is how often a waiting Lock tries again.
const lockRetry = 50 * time.Millisecond

// Lock takes rtgit's inter-process lock on one item, waiting up to wait for
// another rtgit process to let go. The lock lives in the common git dir so
// it also covers linked worktrees of the same repository.
func (r *Repo) Lock(name string, wait time.Duration) (unlock func(), err error) {
	if !lockNameRe.MatchString(name) {
		return nil, fmt.Errorf("invalid lock name %q: want a slug of a-z, 0-9 and dashes", name)
	}
	dir := filepath.Join(r.commonDir, "rtgit", "locks")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("lock %s: %w", name, err)
	}
	path := filepath.Join(dir, name+".lock")
	fl := flock.New(path)
	var ok bool
	if wait <= 0 {
		ok, err = fl.TryLock()
	} else {
		ctx, cancel := context.WithTimeout(context.Background(), wait)
		ok, err = fl.TryLockContext(ctx, lockRetry)
		cancel()
		if errors.Is(err, context.DeadlineExceeded) {
			err = nil
		}
	}
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", name, err)
	}
	if !ok {
		return nil, fmt.Errorf("%q is %w (waited %s; lock file %s)", name, ErrLocked, wait, path)
	}
	var once sync.Once
	// The lock file is left in place: deleting it would let a waiter lock
	// the old inode while a newcomer locks a fresh one.
	return func() { once.Do(func() { _ = fl.Unlock() }) }, nil
}

// lockFile is git's lock protocol: whoever creates "<file>.lock" exclusively
// owns <file> until the lock is renamed over it or removed.
type lockFile struct {
	target string
	f      *os.File
	done   bool
	// onRelease frees what was read under the lock, once it is let go.
	onRelease func()
}

// errLockExists reports that someone else holds a git lock file.
var errLockExists = errors.New("lock file exists")

func takeLock(target string) (*lockFile, error) {
	f, err := os.OpenFile(target+".lock", os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
	if errors.Is(err, fs.ErrExist) {
		return nil, fmt.Errorf("%s.lock: %w", target, errLockExists)
	}
	if err != nil {
		return nil, err
	}
	return &lockFile{target: target, f: f}, nil
}

// commit replaces the target with what was written to the lock.
func (l *lockFile) commit() error {
	if err := l.f.Close(); err != nil {
		return err
	}
	if err := os.Rename(l.f.Name(), l.target); err != nil {
		return err
	}
	l.done = true
	return nil
}

// release drops the lock without touching the target. After commit it does
// nothing, so it is safe to defer: by then the name may already belong to
// the next process's lock.
func (l *lockFile) release() {
	if l.onRelease != nil {
		l.onRelease()
		l.onRelease = nil
	}
	if l.done {
		return
	}
	l.done = true
	_ = l.f.Close()
	_ = os.Remove(l.f.Name())
}
