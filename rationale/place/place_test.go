package place

import "testing"

func TestPlaces(t *testing.T) {
	tests := []struct {
		path       string
		test, vend bool
	}{
		{"pkg/x.go", false, false},
		{"pkg/x_test.go", true, false},
		{"tests/test_api.py", true, false},
		{"src/app.spec.ts", true, false},
		{"src/main/java/org/FooTest.java", true, false},
		{"src/main/java/org/Testing.java", false, false},
		{"hack/test/golden/out.md", true, false},
		{"vendor/github.com/x/y.go", false, true},
		{"web/node_modules/x/index.js", false, true},
		{"src/pip/_vendor/cachecontrol/wrapper.py", false, true},
		{"src/vendors/x.py", false, false},
		{"_vendor.py", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			if got := IsTest(tt.path); got != tt.test {
				t.Errorf("IsTest = %v, want %v", got, tt.test)
			}
			if got := IsVendored(tt.path); got != tt.vend {
				t.Errorf("IsVendored = %v, want %v", got, tt.vend)
			}
		})
	}
}
