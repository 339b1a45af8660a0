package v2

// HealthCheck is the Schema for the healthchecks API.
type HealthCheck struct {
	Spec HealthCheckSpec
}

// HealthCheckSpec selects the machines to check and says when one is unhealthy.
type HealthCheckSpec struct {
	// MaxUnhealthy stops remediation when more machines than this are unhealthy.
	MaxUnhealthy string
}
