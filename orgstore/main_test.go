package orgstore_test

import (
	"os"
	"testing"

	"github.com/gortex/gortex/internal/pgtest"
)

func TestMain(m *testing.M) {
	if os.Getenv(helperEnv) != "" {
		os.Exit(publishHelper())
	}
	code := m.Run()
	pgtest.Stop()
	os.Exit(code)
}
