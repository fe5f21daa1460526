package verify

import (
	"io"

	"github.com/owenrumney/go-sarif/v2/sarif"
)

// InformationURI is where the rules are documented, written into SARIF
// for code scanning to link to.
const InformationURI = "https://github.com/rtgit/rtgit/blob/main/docs/verify.md"

// WriteSARIF writes the findings as a SARIF 2.1.0 log, one run of the
// tool "rtgit verify", every rule described, each result on its file
// (and line, when there is one) relative to the repository's root.
func WriteSARIF(w io.Writer, r Report, version string) error {
	log, err := sarif.New(sarif.Version210)
	if err != nil {
		return err
	}
	run := sarif.NewRunWithInformationURI("rtgit verify", InformationURI)
	if version != "" {
		run.Tool.Driver.WithVersion(version)
	}
	for _, rule := range Rules {
		run.AddRule(rule.ID).
			WithShortDescription(sarif.NewMultiformatMessageString(rule.Summary)).
			WithHelpURI(InformationURI + "#" + rule.ID).
			WithDefaultConfiguration(sarif.NewReportingConfiguration().WithLevel(string(rule.Default)))
	}
	for _, f := range r.Findings {
		res := run.CreateResultForRule(f.Rule).
			WithLevel(string(f.Level)).
			WithMessage(sarif.NewTextMessage(f.Message))
		if f.Path != "" {
			pl := sarif.NewPhysicalLocation().
				WithArtifactLocation(sarif.NewSimpleArtifactLocation(f.Path).WithUriBaseId("%SRCROOT%"))
			if f.Line > 0 {
				pl.WithRegion(sarif.NewSimpleRegion(f.Line, f.Line))
			}
			res.AddLocation(sarif.NewLocationWithPhysicalLocation(pl))
		}
	}
	log.AddRun(run)
	return log.PrettyWrite(w)
}
