// Package stepfile is the step-file language: how one file of the step
// library is read into a steps.Step, and written back.
//
// It owns both dialects (rtgit's strict one, each question, rule and
// mapping led by an id in backticks, and the seed's prose form, whose
// numbered questions, prose criteria and artifact instructions it reads
// into the same Step), the YAML front matter, validation rules and
// one_of choices, mappings and transforms, placeholders and their
// expansion, skip_if expressions, the seed's briefs (a Brief Mode turned
// into a draft and an ask), conversion to rtgit's dialect (Convert) and
// the lint of one step (Lint). docs/step-files.md describes the language.
//
// It reads bytes (no files: the library finds them) and imports only the
// vocabulary (steps), goldmark and YAML; no git, GitHub or model code, and
// nothing of the library that uses it. A new step-file field, section,
// rule, skip_if form or dialect reading goes here.
package stepfile
