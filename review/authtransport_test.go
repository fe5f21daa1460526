package review

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
)

// A redirect to another host (a hostile or misconfigured proxy, a moved
// API) must not carry the token along; the API's own host keeps it.
func TestClientDropsTheTokenOnACrossHostRedirect(t *testing.T) {
	var elsewhere string
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		elsewhere = r.Header.Get("Authorization")
		fmt.Fprint(w, `{"permission":"write"}`)
	}))
	defer other.Close()
	var home string
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		home = r.Header.Get("Authorization")
		http.Redirect(w, r, other.URL+r.URL.Path, http.StatusFound)
	}))
	defer api.Close()
	c, err := NewClient(ClientOptions{APIURL: api.URL + "/api/v3", Token: "s3cret", Repo: "acme/invoices"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Permission(context.Background(), "alice"); err != nil {
		t.Fatal(err)
	}
	if home != "Bearer s3cret" {
		t.Errorf("the API's own host got Authorization %q", home)
	}
	if elsewhere != "" {
		t.Errorf("the token followed the redirect to another host: Authorization %q", elsewhere)
	}
}
