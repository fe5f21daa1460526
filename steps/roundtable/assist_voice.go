package roundtable

import (
	"context"
	"fmt"

	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/answers"
	"github.com/rtgit/rtgit/steps/assist"
	"github.com/rtgit/rtgit/steps/elaboration"
	"github.com/rtgit/rtgit/steps/library"
)

// voices lets every seated persona answer the user's turn in character,
// in place of the one authored prompt rtgit asks without a model: the
// persona addressed (or next in the rotation) first, the others after it,
// the lead last so it can pull the threads together. A persona whose call
// fails simply says nothing this turn; if all fail, the authored prompt
// stands. Redirects and notices stay rtgit's own.
func (st *state) voices(cur *steps.Step, ph *library.RoutePhase, d *elaboration.Discussion, t elaboration.Table, res elaboration.Reply) elaboration.Reply {
	h := st.m.helpers()
	if h == nil || h.Voice == nil || res.Done {
		return res
	}
	at := -1
	for i, turn := range res.Turns {
		if turn.Kind == elaboration.KindQuestion {
			at = i
		}
	}
	if at < 0 {
		return res
	}
	first := res.Turns[at].Speaker
	var order []elaboration.Participant
	for _, p := range t.Order() {
		if p.Key == first {
			order = append([]elaboration.Participant{p}, order...)
		} else if p.Key != t.Lead.Key {
			order = append(order, p)
		}
	}
	if first != t.Lead.Key {
		order = append(order, t.Lead)
	}
	base := len(d.Turns) - len(res.Turns)
	transcript := func(extra []elaboration.Turn) []assist.Turn {
		var out []assist.Turn
		for _, turn := range append(append([]elaboration.Turn{}, d.Turns[:base]...), extra...) {
			if turn.Speaker != "" {
				out = append(out, assist.Turn{Speaker: turn.Speaker, Text: turn.Text})
			}
		}
		return out
	}
	step := st.assistStep(cur, st.stepDepth(cur, ph))
	var said []elaboration.Turn
	for _, pt := range order {
		p, ok := steps.FindPersona(st.route.Personas, pt.Key)
		if !ok {
			continue
		}
		var others []steps.Persona
		for _, o := range st.route.Personas {
			if o.Key != p.Key {
				others = append(others, o)
			}
		}
		txt, err := h.Voice.Contribute(context.Background(), assist.VoiceRequest{Slug: st.it.slug, Description: st.meta.Description,
			Persona: p, Lead: p.Key == t.Lead.Key, Others: others, Step: step, Transcript: transcript(said)})
		if err != nil || txt.Empty() {
			st.m.helperFailed(fmt.Sprintf("speak for %s", p.First()), err)
			continue
		}
		txt = st.m.cleaned(p.First()+"'s turn", txt)
		said = append(said, elaboration.Turn{Speaker: p.Key, Kind: elaboration.KindQuestion, Text: txt.Text,
			AI: fmt.Sprintf("model=%s prompt=%s", answers.SafeModel(txt.Prov.Model), txt.Prov.Prompt)})
	}
	if len(said) == 0 {
		return res
	}
	turns := append(append(append([]elaboration.Turn{}, res.Turns[:at]...), said...), res.Turns[at+1:]...)
	d.Turns = append(d.Turns[:base], turns...)
	res.Turns = turns
	return res
}
