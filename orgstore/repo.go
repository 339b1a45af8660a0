package orgstore

import (
	"context"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/gortex/gortex/workspace"
)

// RepoOf names the repository of w for a publish: name when given, else
// its remote's URL without scheme, credentials and ".git"
// ("github.com/acme/billing"), else its directory's name; the commit is
// HEAD ("" outside git).
func RepoOf(ctx context.Context, w *workspace.Workspace, name string) Repo {
	r := Repo{Name: name}
	if w.History != nil {
		r.Remote = w.History.Remote(ctx)
		r.Commit = w.History.Head(ctx)
	}
	if r.Name == "" {
		r.Name = NameOfRemote(r.Remote)
	}
	if r.Name == "" {
		r.Name = filepath.Base(w.Root)
	}
	r.Remote = NameOfRemote(r.Remote) // never the credentials a URL may hold
	return r
}

// NameOfRemote is a remote's URL as a repository's name: host and path,
// without scheme, user, password and ".git"; scp-like "git@host:path"
// too. "" for none.
func NameOfRemote(remote string) string {
	remote = strings.TrimSpace(remote)
	if remote == "" {
		return ""
	}
	if u, err := url.Parse(remote); err == nil && u.Scheme != "" && u.Host != "" {
		remote = u.Host + u.Path
	} else if at, rest, ok := strings.Cut(remote, "@"); ok && !strings.Contains(at, "/") {
		remote = strings.Replace(rest, ":", "/", 1)
	}
	return strings.TrimSuffix(strings.TrimSuffix(remote, "/"), ".git")
}
