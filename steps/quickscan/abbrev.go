package quickscan

import (
	"strings"
	"sync"
)

// abbreviations are the short names code gives common words: a file
// named ctx.py holds the context, req.go the request. Each line is the
// word and its abbreviations, as keywords hold them (singular). The map
// is built when first asked, not when rtgit starts.
var abbreviations = sync.OnceValue(func() map[string]string {
	return groups(`
request req
response res resp
context ctx
config cfg conf configuration
option opt opts
argument arg args
parameter param params
environment env
message msg
error err errs
repository repo
utility util utils
callback cb
database db
directory dir
implementation impl
application app
attribute attr attrs
template tmpl tpl
value val
number num
string str
index idx
source src
destination dst dest
library lib
package pkg
information info
connection conn
session sess
command cmd
process proc
manager mgr
service svc
server srv
address addr
button btn
image img
document doc
specification spec
property prop props
temporary tmp temp
version ver
extension ext
reference ref
object obj
element elem
column col
pointer ptr
buffer buf
event evt
iterator iter
sequence seq
middleware mw
statistic stat stats
password pwd passwd
transaction txn
`)
})

// canonical is the word an abbreviation stands for, or w itself.
func canonical(w string) string {
	if c, ok := abbreviations()[w]; ok {
		return c
	}
	return w
}

func groups(text string) map[string]string {
	m := map[string]string{}
	for _, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		for _, w := range f {
			m[w] = f[0]
		}
	}
	return m
}
