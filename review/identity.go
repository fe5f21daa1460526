package review

import "fmt"

// NoreplyEmail is the address GitHub attributes to an account without
// revealing a real one: ID+login@users.noreply.github.com, or the older
// login@users.noreply.github.com when the id is unknown.
func (u User) NoreplyEmail() string {
	if u.ID > 0 {
		return fmt.Sprintf("%d+%s@users.noreply.github.com", u.ID, u.Login)
	}
	return u.Login + "@users.noreply.github.com"
}

// Trailer is the user as a Co-authored-by value, or "" for a login that is
// not a valid GitHub login (it is never written into a commit then).
func (u User) Trailer() string {
	if ValidLogin(u.Login) != nil {
		return ""
	}
	return u.Login + " <" + u.NoreplyEmail() + ">"
}

// ActionsBotID is the user id of github-actions[bot], the account a
// workflow's GITHUB_TOKEN acts as.
const ActionsBotID = 41898282

// CoAuthored is a Machine that credits a co-author ("Name <email>") on the
// commits it makes until told otherwise.
type CoAuthored interface {
	SetCoAuthor(who string)
}

// Actor is a Machine that credits what it records as confirmed by a
// person ("@login") to whoever it is told, until told otherwise.
type Actor interface {
	SetActor(who string)
}
