package artifacts

import "github.com/rtgit/rtgit/model"

// withModel fills in.Model as the roundtable does before it runs the
// transform name: what the model read of the answer and the earlier ones.
func withModel(name string, in Input) Input {
	in.Model = model.ReadTransform(name, in.StepID, in.Answer, in.Lookup)
	return in
}
