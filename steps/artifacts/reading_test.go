package artifacts

import "github.com/rtgit/rtgit/model"

// withModel fills in.Model as the roundtable does before it runs the
// transform name: what the model read of the answer and the earlier ones.
func withModel(name string, in Input) Input {
	in.Model = model.ReadTransform(model.TransformAnswer{Transform: name, Step: in.StepID, Question: in.Question, Answer: in.Answer, Lookup: in.Lookup})
	return in
}
