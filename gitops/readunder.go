package gitops

// ReadUnder reads, in one walk of the tree below dir at rev, the files
// whose path (repository-relative) keep accepts, descending only into the
// directories descend accepts. It is for reading the same few files of
// many folders (every analysis's meta.json and plan): asking ReadFileAt
// for each would read the trees above them again every time. A dir absent
// at rev holds nothing. Symlinks and submodules are never read.
func (r *Repo) ReadUnder(rev, dir string, descend, keep func(p string) bool) (map[string][]byte, error) {
	s, err := r.Snapshot()
	if err != nil {
		return nil, err
	}
	defer s.Close()
	return s.ReadUnder(rev, dir, descend, keep)
}
