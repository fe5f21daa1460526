package review

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"
)

// apiServer is go-github's test pattern: the API under a path prefix, and
// any call outside the handlers a test registers fails it.
func apiServer(t *testing.T) (*http.ServeMux, *Client, *[]time.Duration) {
	mux := http.NewServeMux()
	outer := http.NewServeMux()
	outer.Handle("/api-v3/", http.StripPrefix("/api-v3", mux))
	outer.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		t.Errorf("unexpected call: %s %s", r.Method, r.URL.Path)
		http.Error(w, "unexpected", http.StatusNotFound)
	})
	srv := httptest.NewServer(outer)
	t.Cleanup(srv.Close)
	var waits []time.Duration
	c, err := NewClient(ClientOptions{APIURL: srv.URL + "/api-v3", Token: "t", Repo: "acme/invoices",
		Sleep: func(_ context.Context, d time.Duration) error { waits = append(waits, d); return nil }})
	if err != nil {
		t.Fatal(err)
	}
	return mux, c, &waits
}

func TestClientRetriesServerErrors(t *testing.T) {
	mux, c, waits := apiServer(t)
	calls := 0
	mux.HandleFunc("GET /repos/acme/invoices/collaborators/alice/permission", func(w http.ResponseWriter, r *http.Request) {
		calls++
		if calls <= 2 {
			http.Error(w, `{"message":"Bad Gateway"}`, http.StatusBadGateway)
			return
		}
		fmt.Fprint(w, `{"permission":"write"}`)
	})
	p, err := c.Permission(context.Background(), "alice")
	if err != nil || p != "write" {
		t.Fatalf("Permission = %q, %v", p, err)
	}
	if calls != 3 || len(*waits) != 2 || (*waits)[1] <= (*waits)[0] {
		t.Errorf("calls %d, waits %v: want 3 calls and a growing backoff", calls, *waits)
	}
}

func TestClientWaitsForRateLimitReset(t *testing.T) {
	mux, c, waits := apiServer(t)
	calls := 0
	mux.HandleFunc("POST /repos/acme/invoices/issues/7/comments", func(w http.ResponseWriter, r *http.Request) {
		calls++
		if calls == 1 {
			w.Header().Set("X-RateLimit-Remaining", "0")
			w.Header().Set("X-RateLimit-Reset", strconv.FormatInt(time.Now().Add(20*time.Second).Unix(), 10))
			http.Error(w, `{"message":"API rate limit exceeded"}`, http.StatusForbidden)
			return
		}
		w.WriteHeader(http.StatusCreated)
		fmt.Fprint(w, `{"id":1}`)
	})
	if err := c.Post(context.Background(), 7, nil, "hello"); err != nil {
		t.Fatal(err)
	}
	if calls != 2 || len(*waits) != 1 || (*waits)[0] < 10*time.Second {
		t.Errorf("calls %d, waits %v: want one wait until the reset", calls, *waits)
	}
}

func TestClientGivesUpOnClientErrors(t *testing.T) {
	mux, c, waits := apiServer(t)
	mux.HandleFunc("GET /repos/acme/invoices/pulls/9", func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, `{"message":"Not Found"}`, http.StatusNotFound)
	})
	if _, err := c.PullRequest(context.Background(), 9); err == nil {
		t.Fatal("want an error")
	}
	if len(*waits) != 0 {
		t.Errorf("a 404 was retried: %v", *waits)
	}
}

func TestClientWaitsOutTheSecondaryRateLimit(t *testing.T) {
	mux, c, waits := apiServer(t)
	calls := 0
	mux.HandleFunc("POST /repos/acme/invoices/issues", func(w http.ResponseWriter, r *http.Request) {
		calls++
		switch calls {
		case 1: // with a Retry-After
			w.Header().Set("Retry-After", "3")
			http.Error(w, `{"message":"You have exceeded a secondary rate limit."}`, http.StatusForbidden)
		case 2: // without one: a minute
			http.Error(w, `{"message":"You have exceeded a secondary rate limit. Please wait a few minutes before you try again."}`, http.StatusForbidden)
		default:
			w.WriteHeader(http.StatusCreated)
			fmt.Fprint(w, `{"number":12,"title":"t"}`)
		}
	})
	is, err := c.CreateIssue(context.Background(), "t", "b", []string{"rtgit:task"})
	if err != nil || is.Number != 12 {
		t.Fatalf("CreateIssue = %+v, %v", is, err)
	}
	if calls != 3 || len(*waits) != 2 || (*waits)[0] != 3*time.Second || (*waits)[1] != time.Minute {
		t.Errorf("calls %d, waits %v: want 3s then a minute", calls, *waits)
	}
	// A plain 403 (no permission) is not retried.
	mux.HandleFunc("POST /repos/acme/invoices/issues/9/labels", func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, `{"message":"Resource not accessible by integration"}`, http.StatusForbidden)
	})
	*waits = nil
	if err := c.AddLabels(context.Background(), 9, "x"); err == nil || len(*waits) != 0 {
		t.Errorf("AddLabels on a 403: %v, waits %v", err, *waits)
	}
}
