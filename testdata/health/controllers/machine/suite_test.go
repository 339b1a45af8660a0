package machine

import "time"

const timeout = 10 * time.Second
