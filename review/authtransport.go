package review

import "net/http"

// authTransport adds the token to requests for the API's own host and to
// nothing else. go-github's WithAuthToken sets the header inside the
// transport, on every request, so it would go along with a redirect to any
// other host; here a redirect off the API's host travels without it.
type authTransport struct {
	base  http.RoundTripper
	token string
	host  string // host[:port] of GITHUB_API_URL
}

func (t *authTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	r := req.Clone(req.Context())
	if req.URL.Host == t.host {
		r.Header.Set("Authorization", "Bearer "+t.token)
	} else {
		r.Header.Del("Authorization")
	}
	return t.base.RoundTrip(r)
}
