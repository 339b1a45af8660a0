package ledger

// Post records an amount against an account.
func Post(account string, cents int64) {
	if cents == 0 {
		return
	}
	entries = append(entries, entry{account, cents})
}

type entry struct {
	account string
	cents   int64
}

var entries []entry
