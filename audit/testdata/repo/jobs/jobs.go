package jobs

import (
	"k8s.io/apimachinery/pkg/runtime"

	jobruntime "example.com/books/jobs/runtime"
)

// Register adds the job types to scheme and starts the runner.
func Register(scheme *runtime.Scheme) {
	jobruntime.Start()
}
