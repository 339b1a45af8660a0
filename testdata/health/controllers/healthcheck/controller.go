package healthcheck

import (
	"context"
	"time"
)

// Reconciler remediates the unhealthy machines a HealthCheck selects.
type Reconciler struct {
	requeue time.Duration
}

// reconcile checks every machine the health check selects.
func (r *Reconciler) reconcile(ctx context.Context, hc any) (time.Duration, error) {
	if ctx.Err() != nil || hc == nil {
		return 0, ctx.Err()
	}
	return r.requeue, nil
}
