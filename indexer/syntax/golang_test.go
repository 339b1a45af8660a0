package syntax

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// listing renders a ParsedFile as stable text, one line per fact: the
// package, each symbol (kind dotted-name line-endline | signature, then its
// doc lines), each import and each call.
func listing(pf *ParsedFile) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "package %s\n", pf.Package)
	for _, imp := range pf.Imports {
		fmt.Fprintln(&sb, strings.Join(strings.Fields("import "+imp.Alias), " "), strconv.Quote(imp.Path))
	}
	for _, s := range pf.Symbols {
		fmt.Fprintf(&sb, "%s %s %d-%d | %s\n", s.Kind, s.DottedName(), s.Line, s.EndLine, s.Signature)
		for line := range strings.SplitSeq(s.Doc, "\n") {
			if s.Doc != "" {
				fmt.Fprintln(&sb, strings.TrimRight("    // "+line, " "))
			}
		}
	}
	for _, c := range pf.Calls {
		callee := c.Name
		if c.Qualifier != "" {
			callee = c.Qualifier + "." + c.Name
		}
		fmt.Fprintf(&sb, "call %s -> %s\n", c.Caller, callee)
	}
	return sb.String()
}

func parseGo(t testing.TB, src string) (*ParsedFile, error) {
	t.Helper()
	p := NewGoParser()
	defer p.Close()
	return p.Parse(context.Background(), "x.go", []byte(src))
}

func TestGoParser(t *testing.T) {
	tests := []struct {
		name    string
		src     string
		want    string // listing without the package line
		wantErr error
	}{
		{
			name: "function with doc and calls",
			src:  "package p\n\n// F does.\n//\n// Twice.\nfunc F(a int) (int, error) {\n\treturn g(a), h.E()\n}\n",
			want: "function F 6-8 | func F(a int) (int, error)\n    // F does.\n    //\n    // Twice.\n" +
				"call F -> g\ncall F -> h.E\n",
		},
		{
			name: "method on pointer receiver with type params",
			src:  "package p\ntype Budget[T any] struct{ x T }\nfunc (b *Budget[T]) IsActive() bool { return b.x.ok() }\n",
			want: "type Budget 2-2 | type Budget[T any] struct{ x T }\nfield Budget.x 2-2 | x T\n" +
				"method Budget.IsActive 3-3 | func (b *Budget[T]) IsActive() bool\ncall Budget.IsActive -> b.x.ok\n",
		},
		{
			name: "grouped consts with iota and group doc",
			src:  "package p\n// Days.\nconst (\n\tA = iota\n\t// B is one.\n\tB\n\t_\n\tC\n)\n",
			want: "const A 4-4 | A = iota\n    // Days.\nconst B 6-6 | B\n    // B is one.\nconst C 8-8 | C\n    // Days.\n",
		},
		{
			name: "multi-name vars, top level only",
			src:  "package p\nvar a, b = 1, 2\nvar (\n\tc, d int\n)\nconst X, Y, Z = 1, 2, 3\nfunc f() { var local = 1; _ = local }\n",
			want: "var a 2-2 | var a, b = 1, 2\nvar b 2-2 | var a, b = 1, 2\nvar c 4-4 | c, d int\nvar d 4-4 | c, d int\n" +
				"const X 6-6 | const X, Y, Z = 1, 2, 3\nconst Y 6-6 | const X, Y, Z = 1, 2, 3\nconst Z 6-6 | const X, Y, Z = 1, 2, 3\n" +
				"function f 7-7 | func f()\n",
		},
		{
			name: "embedded fields",
			src:  "package p\ntype S struct {\n\tio.Reader\n\t*Base\n\tList[int]\n\tName string\n}\n",
			want: "type S 2-7 | type S struct {\nfield S.Reader 3-3 | io.Reader\nfield S.Base 4-4 | *Base\n" +
				"field S.List 5-5 | List[int]\nfield S.Name 6-6 | Name string\n",
		},
		{
			name: "interface methods and alias",
			src:  "package p\ntype I interface {\n\tfmt.Stringer\n\t// M does.\n\tM(x int) error\n}\ntype A = I\n",
			want: "interface I 2-6 | type I interface {\nmethod I.M 5-5 | M(x int) error\n    // M does.\ntype A 7-7 | type A = I\n",
		},
		{
			name: "imports",
			src:  "package p\nimport (\n\t\"fmt\"\n\tx \"a/b\"\n\t. \"dot\"\n\t_ \"embed\"\n\t`raw`\n)\n",
			want: "import \"fmt\"\nimport x \"a/b\"\nimport . \"dot\"\nimport _ \"embed\"\nimport \"raw\"\n",
		},
		{
			name: "calls deduplicated, closures belong to their function",
			src:  "package p\nvar v = top()\nfunc F() {\n\tg(); g(); x.y.Z(); f().M(); a[0].N()\n\tfunc() { inner() }()\n\tG[int](1); pkg.H[int, string](2)\n}\n",
			want: "var v 2-2 | var v = top()\nfunction F 3-7 | func F()\ncall F -> g\ncall F -> x.y.Z\ncall F -> f\n" +
				"call F -> ().M\ncall F -> ().N\ncall F -> inner\ncall F -> G\ncall F -> pkg.H\n",
		},
		{
			name: "directive, blank line and trailing comments are not docs",
			src:  "package p\n\n// Detached.\n\nfunc A() {}\nvar x = 1 // about x\nfunc B() {}\n// C is.\n//go:noinline\nfunc C() {}\n",
			want: "function A 5-5 | func A()\nvar x 6-6 | var x = 1\nfunction B 7-7 | func B()\nfunction C 10-10 | func C()\n    // C is.\n",
		},
		{
			name: "block comment doc",
			src:  "package p\n/*\n * T is a type.\n * Really.\n */\ntype T int\n",
			want: "type T 6-6 | type T int\n    // T is a type.\n    // Really.\n",
		},
		{
			// gofmt rewrites this form in a .go file, so the case lives here.
			name: "old-style block comment, continuation indented by spaces",
			src:  "package p\n\n/* Reader reads.\n   It is a block-commented type. */\ntype Reader struct{}\n",
			want: "type Reader 5-5 | type Reader struct{}\n    // Reader reads.\n    // It is a block-commented type.\n",
		},
		{
			name: "syntax error keeps what was recovered",
			src:  "package p\nfunc Good() {}\nfunc Bad( {\n",
			want: "function Good 2-2 | func Good()\n",
		},
		{
			name:    "nothing recovered",
			src:     "))) not go {{{",
			wantErr: ErrSyntax,
		},
		{name: "empty file", src: ""},
		{
			name: "invalid UTF-8",
			src:  "package p\n// D\xff.\nfunc F\xfe() {}\nfunc G() {}\n",
			want: "function F 3-3 | func F\uFFFD()\n    // D\uFFFD.\nfunction G 4-4 | func G()\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pf, err := parseGo(t, tt.src)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("Parse() error = %v, want %v", err, tt.wantErr)
			}
			if err != nil {
				return
			}
			if pf.Path != "x.go" || pf.Lang != "go" {
				t.Errorf("Path, Lang = %q, %q", pf.Path, pf.Lang)
			}
			got := listing(pf)
			_, got, _ = strings.Cut(got, "\n") // drop the package line
			if got != tt.want {
				t.Errorf("listing mismatch\ngot:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

func TestGoParserPackage(t *testing.T) {
	pf, err := parseGo(t, "// Package p.\npackage p\n")
	if err != nil || pf.Package != "p" {
		t.Fatalf("Parse() = %+v, %v; want package p", pf, err)
	}
}

func TestGoParserCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := NewGoParser()
	defer p.Close()
	if _, err := p.Parse(ctx, "x.go", []byte("package p\n")); !errors.Is(err, context.Canceled) {
		t.Fatalf("Parse() error = %v, want context.Canceled", err)
	}
	// The parser stays usable after a cancelled parse.
	if pf, err := p.Parse(context.Background(), "x.go", []byte("package p\nfunc F() {}\n")); err != nil || len(pf.Symbols) != 1 {
		t.Fatalf("Parse() after cancel = %+v, %v", pf, err)
	}
}

// TestGoParserCancelledMidParse cancels a context while a large file is
// being parsed: the parse stops with the context's error, and the parser
// parses again after it.
func TestGoParserCancelledMidParse(t *testing.T) {
	p := NewGoParser()
	defer p.Close()
	src := []byte("package p\n" + strings.Repeat("func F() { g(1, 2); h.i() }\n", 200_000))
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(time.Millisecond, cancel)
	if _, err := p.Parse(ctx, "x.go", src); !errors.Is(err, context.Canceled) {
		t.Fatalf("Parse() error = %v, want context.Canceled", err)
	}
	if pf, err := p.Parse(context.Background(), "x.go", []byte("package p\nfunc F() {}\n")); err != nil || len(pf.Symbols) != 1 {
		t.Fatalf("Parse() after cancel = %+v, %v", pf, err)
	}
}

// TestGoParserCancelRace cancels contexts around the end of parses:
// go-tree-sitter may then leave its cancellation flag set, which must not
// break the parser's later parses.
func TestGoParserCancelRace(t *testing.T) {
	p := NewGoParser()
	defer p.Close()
	src := []byte("package p\n" + strings.Repeat("func F() { g(1, 2); h.i() }\n", 50))
	for i := range 500 {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() {
			time.Sleep(time.Duration(i%40) * 5 * time.Microsecond)
			cancel()
			close(done)
		}()
		_, _ = p.Parse(ctx, "x.go", src)
		<-done
		if _, err := p.Parse(context.Background(), "x.go", src); err != nil {
			t.Fatalf("parse %d after a cancel: %v", i, err)
		}
	}
}

// TestGoParserConcurrent runs one parser per goroutine over the shared
// query; run it with -race.
func TestGoParserConcurrent(t *testing.T) {
	src := []byte("package p\nfunc F() { g() }\ntype T struct{ A int }\n")
	errs := make(chan error, 8)
	for range 8 {
		go func() {
			p := NewGoParser()
			defer p.Close()
			for range 50 {
				pf, err := p.Parse(context.Background(), "x.go", src)
				if err == nil && len(pf.Symbols) != 3 {
					err = fmt.Errorf("got %d symbols, want 3", len(pf.Symbols))
				}
				if err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
}

// TestGoParserGolden parses every .go file under testdata/go and compares
// its listing with the .golden file beside it.
func TestGoParserGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "go", "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no test files: %v", err)
	}
	p := NewGoParser()
	defer p.Close()
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var got string
			pf, err := p.Parse(context.Background(), filepath.ToSlash(file), src)
			if err != nil {
				got = "error: " + err.Error() + "\n"
			} else {
				got = listing(pf)
			}
			golden := strings.TrimSuffix(file, ".go") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("%s mismatch (run with -update to accept)\ngot:\n%s\nwant:\n%s", golden, got, want)
			}
		})
	}
}

// FuzzGoParser checks that no input panics the parser and that every symbol
// has sane lines and every call a caller.
func FuzzGoParser(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "go", "*.go"))
	for _, file := range files {
		if src, err := os.ReadFile(file); err == nil {
			f.Add(src)
		}
	}
	f.Add([]byte("package p\nfunc (b *B[T]) M() { x.y() }\n"))
	f.Add([]byte("\xff\xfe\x00package"))
	p := NewGoParser()
	defer p.Close()
	f.Fuzz(func(t *testing.T, src []byte) {
		pf, err := p.Parse(context.Background(), "f.go", src)
		if err != nil {
			if !errors.Is(err, ErrSyntax) {
				t.Fatalf("Parse() error = %v", err)
			}
			return
		}
		for _, s := range pf.Symbols {
			if s.Line < 1 || s.EndLine < s.Line || s.Name == "" {
				t.Fatalf("bad symbol %+v", s)
			}
		}
		for _, c := range pf.Calls {
			if c.Caller == "" || c.Name == "" {
				t.Fatalf("bad call %+v", c)
			}
		}
	})
}

// goFiles reads every .go file under dir; it skips the test when dir is
// absent.
func goFiles(tb testing.TB, dir string) (paths []string, srcs [][]byte, size int64) {
	tb.Helper()
	if _, err := os.Stat(dir); err != nil {
		tb.Skipf("no %s: %v", dir, err)
	}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		paths, srcs, size = append(paths, p), append(srcs, src), size+int64(len(src))
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return paths, srcs, size
}

// TestGoParserGOROOT parses all of $GOROOT/src twice, logging throughput,
// counts and resident memory (steady RSS across the rounds means no C
// memory leaks). It runs only when GORTEX_SCAN_GOROOT is set.
func TestGoParserGOROOT(t *testing.T) {
	if os.Getenv("GORTEX_SCAN_GOROOT") == "" {
		t.Skip("set GORTEX_SCAN_GOROOT=1 to parse all of $GOROOT/src")
	}
	paths, srcs, size := goFiles(t, filepath.Join(runtime.GOROOT(), "src"))
	p := NewGoParser()
	defer p.Close()
	for round := 1; round <= 2; round++ {
		start := time.Now()
		var syms, calls, failed int
		for i, src := range srcs {
			pf, err := p.Parse(context.Background(), paths[i], src)
			if err != nil {
				failed++
				t.Logf("%v", err)
				continue
			}
			syms, calls = syms+len(pf.Symbols), calls+len(pf.Calls)
		}
		d := time.Since(start)
		runtime.GC()
		t.Logf("round %d: %d files (%.1f MB), %d symbols, %d calls, %d errors in %v: %.0f files/s, %.1f MB/s; %s",
			round, len(srcs), float64(size)/1e6, syms, calls, failed, d.Round(time.Millisecond),
			float64(len(srcs))/d.Seconds(), float64(size)/1e6/d.Seconds(), rss())
	}
}

// rss is the process's resident set size from /proc, where there is one.
func rss() string {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return "rss unknown"
	}
	for line := range strings.SplitSeq(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			return "rss " + strings.Join(strings.Fields(v), " ")
		}
	}
	return "rss unknown"
}
