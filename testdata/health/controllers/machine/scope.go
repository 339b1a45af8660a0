package machine

// scope is what one reconcile of a machine reads.
type scope struct {
	machineSet        []string
	machineConditions []string
}
