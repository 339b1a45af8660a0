package layout

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/gortex/gortex/"

// documented reads the package table of ARCHITECTURE.md: package → the
// module packages its "imports" column names.
func documented(t *testing.T, path string) map[string][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string][]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		cells := strings.Split(sc.Text(), "|")
		if len(cells) != 5 || !strings.HasPrefix(strings.TrimSpace(cells[1]), "`") {
			continue
		}
		pkg := strings.Trim(strings.TrimSpace(cells[1]), "`")
		var imports []string
		for _, f := range strings.Split(cells[3], ",") {
			if f = strings.Trim(strings.TrimSpace(f), "`"); f != "" && f != "—" {
				imports = append(imports, f)
			}
		}
		slices.Sort(imports)
		out[pkg] = imports
	}
	return out
}

// listed asks go list for every package of the module and the module
// packages it imports (tests left out).
func listed(t *testing.T, root string) map[string][]string {
	t.Helper()
	cmd := exec.Command("go", "list", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, "./...")
	cmd.Dir = root
	raw, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	out := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		f := strings.Fields(line)
		pkg := strings.TrimPrefix(f[0], module)
		var imports []string
		for _, imp := range f[1:] {
			if strings.HasPrefix(imp, module) {
				imports = append(imports, strings.TrimPrefix(imp, module))
			}
		}
		slices.Sort(imports)
		out[pkg] = imports
	}
	return out
}

func TestArchitectureTable(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go not on PATH")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	doc := documented(t, filepath.Join(root, "ARCHITECTURE.md"))
	code := listed(t, root)
	for pkg, imports := range code {
		want, ok := doc[pkg]
		switch {
		case !ok:
			t.Errorf("ARCHITECTURE.md does not name package %s (imports %v)", pkg, imports)
		case !slices.Equal(want, imports):
			t.Errorf("package %s: ARCHITECTURE.md says it imports %v, go list says %v", pkg, want, imports)
		}
	}
	for pkg := range doc {
		if _, ok := code[pkg]; !ok && pkg != "testdata" {
			t.Errorf("ARCHITECTURE.md names %s, which is no package of the module", pkg)
		}
	}
}

// maxPackageLines bounds a library package (outside cmd/): lines of its
// non-test Go files, as wc -l counts them. A package near it holds more
// than one job.
const maxPackageLines = 3500

func TestPackageSize(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go not on PATH")
	}
	cmd := exec.Command("go", "list", "-f", `{{.ImportPath}} {{.Dir}}{{range .GoFiles}} {{.}}{{end}}{{range .CgoFiles}} {{.}}{{end}}`, "./...")
	cmd.Dir = "../.."
	raw, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		f := strings.Fields(line)
		if pkg := strings.TrimPrefix(f[0], module); strings.HasPrefix(pkg, "cmd/") || len(f) < 3 {
			continue
		}
		n := 0
		for _, name := range f[2:] {
			data, err := os.ReadFile(filepath.Join(f[1], name))
			if err != nil {
				t.Fatal(err)
			}
			n += strings.Count(string(data), "\n")
		}
		if n > maxPackageLines {
			t.Errorf("%s: %d lines of non-test Go, more than %d", f[0], n, maxPackageLines)
		}
	}
}
