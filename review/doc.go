// Package review runs rtgit inside a pull request: it turns GitHub events
// into comments for the step machine, decides who may drive an analysis,
// commits and pushes what each accepted comment changed, and answers in the
// pull request with the persona's reply, reactions and a dashboard.
//
// GitHub is reached only through the small GitHub interface, implemented
// with go-github in client.go, and git only through the Workspace
// interface, so the flow in action.go can be tested against a fake API and
// a real repository. Everything read from an event payload or an API
// answer is validated here before it is used: a slug comes only from a head
// branch named rtgit/<slug>, and who may write comes only from the
// collaborator-permission API; a comment's author_association may only
// refuse, before any API call (outsider.go).
package review
