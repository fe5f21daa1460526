package steps

import "testing"

func TestFillAckReadsAsASentence(t *testing.T) {
	for _, c := range []struct{ pattern, want string }{
		{"That's important -- so {point}. Let me capture that.", "That's important -- so exports must be fast. Let me capture that."},
		{"Good point about {point}. That affects the blast radius.", `Good point about "Exports must be fast". That affects the blast radius.`},
		{"Noted. I'll revise the interface to account for {point}.", `Noted. I'll revise the interface to account for "Exports must be fast".`},
		{"Noted: {point}. I'll check who can reach it.", "Noted: exports must be fast. I'll check who can reach it."},
		{"", ""},
	} {
		if got := FillAck(c.pattern, "exports must be fast", `"Exports must be fast"`); got != c.want {
			t.Errorf("FillAck(%q) = %q, want %q", c.pattern, got, c.want)
		}
	}
}

func TestMatchPersona(t *testing.T) {
	ps := []Persona{{Key: "business-analyst", Name: "Maya Chen", Role: "Business Analyst"}}
	for _, in := range []string{"business-analyst", "Maya Chen", "maya", "business_analyst", "Business Analyst"} {
		if k, ok := MatchPersona(ps, in); !ok || k != "business-analyst" {
			t.Errorf("MatchPersona(%q) = %q, %v", in, k, ok)
		}
	}
	if _, ok := MatchPersona(ps, "product-owner"); ok {
		t.Error("product-owner matched")
	}
}
