// Package ledger is the shop's append-only journal of money movements.
// Every change to a balance is written as a new Entry; entries are never
// edited or removed.
package ledger

import (
	"errors"
	"sync"
	"time"
)

// DefaultCurrency is the ISO 4217 code every amount in the journal uses.
const DefaultCurrency = "EUR"

// ErrEmptyAccount is returned when an entry names no account.
var ErrEmptyAccount = errors.New("ledger: empty account")

// Entry is one immutable line of the journal. AmountCents is signed:
// money coming in is positive, money going out is negative.
type Entry struct {
	ID          int64
	Account     string
	AmountCents int64
	Memo        string
	At          time.Time
}

// Ledger is an append-only journal of entries guarded by a mutex.
type Ledger struct {
	mu      sync.Mutex
	entries []Entry
	nextID  int64
}

// New returns an empty ledger whose first entry gets ID 1.
func New() *Ledger {
	return &Ledger{nextID: 1}
}

// Append writes an entry for account and returns it with its ID and
// timestamp filled in.
func (l *Ledger) Append(account string, amountCents int64, memo string) (Entry, error) {
	if account == "" {
		return Entry{}, ErrEmptyAccount
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	e := Entry{
		ID:          l.nextID,
		Account:     account,
		AmountCents: amountCents,
		Memo:        memo,
		At:          time.Now().UTC(),
	}
	l.nextID++
	l.entries = append(l.entries, e)
	return e, nil
}

// Entries returns a copy of the journal in the order it was written.
func (l *Ledger) Entries() []Entry {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := make([]Entry, len(l.entries))
	copy(out, l.entries)
	return out
}

// Balance adds up every entry written against account.
func (l *Ledger) Balance(account string) int64 {
	var balance int64
	for _, e := range l.Entries() {
		if e.Account == account {
			balance += e.AmountCents
		}
	}
	return balance
}

// Default is the process-wide journal that Record writes to.
var Default = New()

// Record appends an entry to the Default ledger. It is the only way the
// rest of the shop moves money.
func Record(account string, amountCents int64, memo string) (Entry, error) {
	return Default.Append(account, amountCents, memo)
}
