package ledger

// Post records an amount against an account.
func Post(account string, cents int64) {
	entries = append(entries, entry{account, cents})
}

type entry struct {
	account string
	cents   int64
}

var entries []entry
