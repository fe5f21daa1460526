package answers

import (
	"crypto/sha256"
	"strings"
	"testing"
)

func TestCacheKeepsEachVersionOnce(t *testing.T) {
	var c Cache
	data := renderSample(t, sampleView())
	f, err := c.Parse("a.md", data)
	if err != nil {
		t.Fatal(err)
	}
	// What a caller does to its copy does not reach the next one.
	f.Answers[0].Text, f.Answers = "changed", f.Answers[:1]
	g, err := c.Parse("b.md", data)
	if err != nil || len(g.Answers) != 3 || g.Answers[0].Text != "" {
		t.Fatalf("second read: %+v, %v", g, err)
	}
	if len(c.files) != 1 {
		t.Fatalf("%d entries after reading one file twice", len(c.files))
	}

	// An edit keeps its own check's parse of what it wrote, so reading
	// the written file back parses nothing.
	out, err := c.SetAnswer("a.md", data, "users", "Finance clerks closing the month.")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := c.files[sha256.Sum256(out)]; !ok {
		t.Fatal("the edited file's parse was not kept")
	}
	h, err := c.Parse("a.md", out)
	if err != nil || h.Answers[0].Text != "Finance clerks closing the month." {
		t.Fatalf("after the edit: %+v, %v", h, err)
	}

	// Render keeps its check's parse the same way.
	v := sampleView()
	v.Carry = map[string]string{"users": "Bookkeepers."}
	r, err := c.Render("t", readTemplate(t), v)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := c.files[sha256.Sum256(r)]; !ok {
		t.Fatal("the rendered file's parse was not kept")
	}
}

func TestCacheErrorsNameTheFileRead(t *testing.T) {
	var c Cache
	bad := []byte(strings.Repeat(">", 200))
	for _, name := range []string{"a.md", "b.md"} {
		if _, err := c.Parse(name, bad); err == nil || !strings.HasPrefix(err.Error(), name+":1:") {
			t.Fatalf("err = %v, want it to start %s:1:", err, name)
		}
	}
}
