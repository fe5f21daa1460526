package review

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strconv"
	"time"
)

// Retry policy for the GitHub API: a rate limit or a 5xx answer is
// transient, and an action that gives up on the first one would leave a
// comment unanswered until someone comments again.
const (
	apiAttempts = 5
	apiBackoff  = time.Second      // doubled after each failure
	apiMaxWait  = 90 * time.Second // a rate-limit reset further away is an error
)

// secondaryWait is how long GitHub asks a client to pause after its
// secondary rate limit answered without a Retry-After: a minute.
const secondaryWait = time.Minute

// secondaryLimit reports whether a 403 is GitHub's secondary rate limit,
// which says so only in its message. The body is read and put back.
func secondaryLimit(resp *http.Response) bool {
	if resp.StatusCode != http.StatusForbidden || resp.Body == nil {
		return false
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
	resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(data))
	return err == nil && bytes.Contains(bytes.ToLower(data), []byte("secondary rate limit"))
}

// Sleeper waits for d or until ctx ends; tests pass one that returns at once.
type Sleeper func(ctx context.Context, d time.Duration) error

// Sleep is the real Sleeper: it waits for d, or returns ctx's error if
// ctx ends first.
func Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// retryTransport retries requests that failed for a transient reason.
type retryTransport struct {
	base  http.RoundTripper
	sleep Sleeper
	now   func() time.Time
}

func (t *retryTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	for attempt := 1; ; attempt++ {
		r := req
		if attempt > 1 {
			r = req.Clone(req.Context())
			if req.GetBody != nil {
				body, err := req.GetBody()
				if err != nil {
					return nil, err
				}
				r.Body = body
			}
		}
		resp, err := t.base.RoundTrip(r)
		wait, again := t.retryAfter(resp, err, attempt)
		if !again || attempt >= apiAttempts || (req.Body != nil && req.GetBody == nil) {
			return resp, err
		}
		if resp != nil {
			_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<16))
			resp.Body.Close()
		}
		if err := t.sleep(req.Context(), wait); err != nil {
			return nil, err
		}
	}
}

// retryAfter decides whether a result is worth another try, and when.
func (t *retryTransport) retryAfter(resp *http.Response, err error, attempt int) (time.Duration, bool) {
	backoff := apiBackoff << (attempt - 1)
	if err != nil {
		return backoff, err != context.Canceled && err != context.DeadlineExceeded
	}
	switch {
	case resp.StatusCode >= 500:
		return backoff, true
	case resp.StatusCode == http.StatusTooManyRequests, resp.StatusCode == http.StatusForbidden:
		if s := resp.Header.Get("Retry-After"); s != "" {
			if n, err := strconv.Atoi(s); err == nil && n >= 0 && time.Duration(n)*time.Second <= apiMaxWait {
				return time.Duration(n) * time.Second, true
			}
			return 0, false
		}
		if resp.Header.Get("X-RateLimit-Remaining") == "0" {
			reset, err := strconv.ParseInt(resp.Header.Get("X-RateLimit-Reset"), 10, 64)
			if err != nil {
				return 0, false
			}
			wait := time.Unix(reset, 0).Sub(t.now()) + time.Second
			if wait < 0 {
				wait = time.Second
			}
			return wait, wait <= apiMaxWait
		}
		if secondaryLimit(resp) {
			return secondaryWait, true
		}
		return 0, resp.StatusCode == http.StatusTooManyRequests && backoff <= apiMaxWait
	}
	return 0, false
}
