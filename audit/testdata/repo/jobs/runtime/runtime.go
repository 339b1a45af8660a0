package runtime

// Start starts the job runner.
func Start() {}
