package v1

// HealthCheck is the Schema for the healthchecks API.
type HealthCheck struct {
	Spec HealthCheckSpec
}

// HealthCheckSpec selects the machines to check and says when one is unhealthy.
type HealthCheckSpec struct {
	// MaxUnhealthy stops remediation when more machines than this are unhealthy.
	MaxUnhealthy string
}

// Duration is a length of time as the API serialises it.
type Duration struct {
	Seconds int64
}

// MachineSet keeps a number of machines alike.
type MachineSet struct {
	Replicas int32
}
