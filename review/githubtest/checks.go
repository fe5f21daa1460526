package githubtest

import (
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/google/go-github/v60/github"
)

// MaxAnnotations is how many annotations GitHub takes in one create or
// update of a check run; a request with more is refused, as GitHub does.
const MaxAnnotations = 50

// CheckRun is a check run as the fake holds it: the options of the
// create, with each update's annotations appended and its other fields
// replacing the create's, as GitHub applies them.
type CheckRun struct {
	ID          int64
	Name        string
	HeadSHA     string
	Status      string
	Conclusion  string
	Title       string
	Summary     string
	Annotations []*github.CheckRunAnnotation
	Requests    int // the create and each update
}

func (s *Server) checkRoutes(routes map[string]func(http.ResponseWriter, *http.Request, User), repo string) {
	routes["POST "+repo+"/check-runs"] = s.createCheckRun
	routes["PATCH "+repo+"/check-runs/{id}"] = s.updateCheckRun
}

// apply copies an output into run, refusing more annotations than
// GitHub takes at once.
func (run *CheckRun) apply(out *github.CheckRunOutput) bool {
	if out == nil {
		return true
	}
	if len(out.Annotations) > MaxAnnotations {
		return false
	}
	run.Title, run.Summary = out.GetTitle(), out.GetSummary()
	run.Annotations = append(run.Annotations, out.Annotations...)
	return true
}

func (s *Server) createCheckRun(w http.ResponseWriter, r *http.Request, _ User) {
	var in github.CreateCheckRunOptions
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil || in.Name == "" || in.HeadSHA == "" {
		writeJSON(w, http.StatusUnprocessableEntity, map[string]string{"message": "Validation Failed"})
		return
	}
	s.nextID++
	run := &CheckRun{ID: s.nextID, Name: in.Name, HeadSHA: in.HeadSHA, Status: in.GetStatus(), Conclusion: in.GetConclusion(), Requests: 1}
	if !run.apply(in.Output) {
		writeJSON(w, http.StatusUnprocessableEntity, map[string]string{"message": "Only 50 annotations are allowed per request"})
		return
	}
	s.CheckRuns = append(s.CheckRuns, run)
	writeJSON(w, http.StatusCreated, &github.CheckRun{ID: &run.ID, Name: &run.Name, HeadSHA: &run.HeadSHA})
}

func (s *Server) updateCheckRun(w http.ResponseWriter, r *http.Request, _ User) {
	id, _ := strconv.ParseInt(r.PathValue("id"), 10, 64)
	var run *CheckRun
	for _, c := range s.CheckRuns {
		if c.ID == id {
			run = c
		}
	}
	var in github.UpdateCheckRunOptions
	if run == nil || json.NewDecoder(r.Body).Decode(&in) != nil {
		writeJSON(w, http.StatusNotFound, map[string]string{"message": "Not Found"})
		return
	}
	if !run.apply(in.Output) {
		writeJSON(w, http.StatusUnprocessableEntity, map[string]string{"message": "Only 50 annotations are allowed per request"})
		return
	}
	run.Requests++
	if in.Status != nil {
		run.Status = *in.Status
	}
	if in.Conclusion != nil {
		run.Conclusion = *in.Conclusion
	}
	writeJSON(w, http.StatusOK, &github.CheckRun{ID: &run.ID, Name: &run.Name, HeadSHA: &run.HeadSHA})
}
