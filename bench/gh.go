package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
)

// ghMain stands in for the GitHub CLI, which hosted runners have
// installed, in the simulated job: the workflow's pre-check step runs
// `gh api <path> --jq <filter>`. It makes the same single request, to
// GITHUB_API_URL with GH_TOKEN, and prints the field the filter names. It
// knows filters that are a path of fields (.head.ref), which is all the
// workflow uses, and refuses anything else rather than guess.
func ghMain(args []string) int {
	if len(args) != 4 || args[0] != "api" || args[2] != "--jq" || !strings.HasPrefix(args[3], ".") {
		fmt.Fprintf(os.Stderr, "gh (the benchmark's stand-in): only `gh api PATH --jq .field.path` is simulated, not %q\n", args)
		return 2
	}
	req, err := http.NewRequest("GET", strings.TrimSuffix(os.Getenv("GITHUB_API_URL"), "/")+"/"+strings.TrimPrefix(args[1], "/"), nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gh:", err)
		return 1
	}
	req.Header.Set("Accept", "application/vnd.github+json")
	req.Header.Set("Authorization", "Bearer "+os.Getenv("GH_TOKEN"))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gh:", err)
		return 1
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		fmt.Fprintf(os.Stderr, "gh: HTTP %d: %s%v\n", resp.StatusCode, body, err)
		return 1
	}
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		fmt.Fprintln(os.Stderr, "gh:", err)
		return 1
	}
	for _, f := range strings.Split(strings.TrimPrefix(args[3], "."), ".") {
		v = property(v, f)
	}
	fmt.Println(text(v))
	return 0
}
