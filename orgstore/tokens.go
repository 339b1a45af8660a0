package orgstore

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/gortex/gortex/internal/httpguard"
)

// AddToken makes a token named name that reads repos (every repository
// when all), stores its hash, and returns it: the only time it is seen.
func (st *Store) AddToken(ctx context.Context, name string, repos []string, all bool) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return "", fmt.Errorf("a token needs a name")
	}
	if !all && len(repos) == 0 {
		return "", fmt.Errorf("a token reads some repositories: name them, or all")
	}
	tok := httpguard.NewToken()
	h := sha256.Sum256([]byte(tok))
	_, err := st.pool.Exec(ctx, `INSERT INTO tokens (hash, name, repos, all_repos) VALUES ($1, $2, $3, $4)`, h[:], name, nonNil(repos), all)
	if err != nil {
		return "", err
	}
	return tok, nil
}

// RemoveToken revokes the token named name; it reports whether there was one.
func (st *Store) RemoveToken(ctx context.Context, name string) (bool, error) {
	tag, err := st.pool.Exec(ctx, `DELETE FROM tokens WHERE name = $1`, name)
	return tag.RowsAffected() > 0, err
}

// GrantOf is the grant of token tok; false for no such token.
func (st *Store) GrantOf(ctx context.Context, tok string) (Grant, bool, error) {
	if tok == "" {
		return Grant{}, false, nil
	}
	h := sha256.Sum256([]byte(tok))
	var g Grant
	err := st.pool.QueryRow(ctx, `SELECT repos, all_repos FROM tokens WHERE hash = $1`, h[:]).Scan(&g.Repos, &g.All)
	if errors.Is(err, pgx.ErrNoRows) {
		return Grant{}, false, nil
	}
	return g, err == nil, err
}
