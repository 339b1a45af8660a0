package main

import (
	"context"
	"encoding/base64"
	"fmt"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestNeovimHoverPicture shows gortex lsp's hover in a real terminal:
// Neovim runs in tmux (testdata/lsp/nvim/hover.lua hovers Cart.Total on a
// copy of the fixture), the test reads tmux's screen and checks that it
// shows the hover's reasoning. With -update it renders that screen, its
// colours kept, to docs/lsp-hover.png with headless Chromium. Without nvim
// or tmux it skips.
func TestNeovimHoverPicture(t *testing.T) {
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		t.Skip("nvim is not installed (apt-get install neovim)")
	}
	tmux, err := exec.LookPath("tmux")
	if err != nil {
		t.Skip("tmux is not installed (apt-get install tmux)")
	}
	// The picture shows the links' paths: a short one, not a test's temporary
	// directory.
	root := filepath.Join(os.TempDir(), "shop")
	if _, err := os.Stat(root); err == nil {
		t.Skipf("%s exists; the picture's repository would overwrite it", root)
	}
	if err := os.CopyFS(root, os.DirFS("../../testdata/repo")); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(root) })
	if err := os.CopyFS(filepath.Join(root, ".gortex"), os.DirFS("../../testdata/lsp/.gortex")); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := run(t, "index", "--quiet", root); code != 0 {
		t.Fatalf("index: exit %d: %s", code, stderr)
	}
	script, err := filepath.Abs("../../testdata/lsp/nvim/hover.lua")
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out.txt")
	socket := fmt.Sprintf("gortex-test-%d", os.Getpid())
	tm := func(args ...string) *exec.Cmd {
		cmd := exec.Command(tmux, append([]string{"-L", socket, "-f", "/dev/null"}, args...)...)
		cmd.Env = append(os.Environ(), asCLI+"=1", "GORTEX_BIN="+os.Args[0], "GORTEX_ROOT="+root, "GORTEX_OUT="+out,
			"XDG_STATE_HOME="+t.TempDir(), "XDG_CACHE_HOME="+t.TempDir(), "XDG_CONFIG_HOME="+t.TempDir())
		return cmd
	}
	start := tm("new-session", "-d", "-x", "96", "-y", "30",
		"env TERM=tmux-256color "+nvim+" --clean -c 'luafile "+script+"'")
	if b, err := start.CombinedOutput(); err != nil {
		t.Fatalf("tmux: %v\n%s", err, b)
	}
	t.Cleanup(func() { tm("kill-server").Run() })
	deadline := time.Now().Add(90 * time.Second)
	for {
		b, _ := os.ReadFile(out)
		if s := strings.TrimSpace(string(b)); s == "shown" {
			break
		} else if s != "" {
			t.Fatalf("the script: %s", s)
		}
		if time.Now().After(deadline) {
			screen, _ := tm("capture-pane", "-p").Output()
			t.Fatalf("no hover within 90 s; the screen:\n%s", screen)
		}
		time.Sleep(200 * time.Millisecond)
	}
	plain, err := tm("capture-pane", "-p").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"func (c *Cart) Total", "Cart totals are integer cents", "ADR 0004"} {
		if !strings.Contains(string(plain), want) {
			t.Errorf("the screen lacks %q:\n%s", want, plain)
		}
	}
	if !*update || t.Failed() {
		return
	}
	colored, err := tm("capture-pane", "-p", "-e").Output()
	if err != nil {
		t.Fatal(err)
	}
	png := renderScreen(t, terminalHTML(string(colored)))
	if err := os.WriteFile("../../docs/lsp-hover.png", png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// renderScreen renders the page in headless Chromium and returns a PNG of
// its screen element.
func renderScreen(t *testing.T, page string) []byte {
	t.Helper()
	exe, err := exec.LookPath("chromium")
	if err != nil {
		t.Fatal("rendering the picture needs chromium (apt-get install chromium)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	actx, acancel := chromedp.NewExecAllocator(ctx, chromedp.ExecPath(exe), chromedp.Flag("headless", true), chromedp.NoSandbox,
		chromedp.DisableGPU, chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck, chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("disable-background-networking", true), chromedp.WindowSize(1400, 1000))
	defer acancel()
	bctx, bcancel := chromedp.NewContext(actx)
	defer bcancel()
	if err := chromedp.Do(bctx, chromedp.Navigate("data:text/html;base64,"+base64.StdEncoding.EncodeToString([]byte(page)))); err != nil {
		t.Fatal(err)
	}
	png, err := chromedp.Run(bctx, chromedp.Screenshot(chromedp.CSS("#screen")))
	if err != nil {
		t.Fatal(err)
	}
	return png
}

// terminalHTML turns a screen captured with its escape sequences (tmux
// capture-pane -e) into a page that shows it as the terminal did: SGR
// colours (the 16 colours, the 256-colour palette and RGB), bold, italic,
// underline and reverse video.
func terminalHTML(screen string) string {
	var b strings.Builder
	b.WriteString(`<!doctype html><meta charset="utf-8"><style>body{margin:0;background:#fff}` +
		`#screen{display:inline-block;margin:0;padding:10px 12px;background:#1c1c1c;color:#d0d0d0;` +
		`font:15px/1.25 "DejaVu Sans Mono",monospace;white-space:pre}</style><pre id="screen">`)
	var st sgrState
	open := false
	for _, line := range strings.Split(strings.TrimRight(screen, "\n"), "\n") {
		for i := 0; i < len(line); {
			if line[i] == 0x1b && i+1 < len(line) && line[i+1] == '[' {
				j := i + 2
				for j < len(line) && (line[j] >= '0' && line[j] <= '9' || line[j] == ';' || line[j] == ':') {
					j++
				}
				if j < len(line) && line[j] == 'm' {
					st.apply(line[i+2 : j])
					if open {
						b.WriteString("</span>")
					}
					b.WriteString(`<span style="` + st.css() + `">`)
					open = true
				}
				i = j + 1
				continue
			}
			j := strings.IndexByte(line[i:], 0x1b)
			if j < 0 {
				j = len(line) - i
			}
			b.WriteString(html.EscapeString(line[i : i+j]))
			i += j
		}
		b.WriteString("\n")
	}
	if open {
		b.WriteString("</span>")
	}
	b.WriteString("</pre>")
	return b.String()
}

// sgrState is the text attributes SGR sequences have set.
type sgrState struct {
	fg, bg                           string // CSS colours; "" for the default
	bold, italic, underline, reverse bool
}

func (s *sgrState) apply(params string) {
	if params == "" {
		*s = sgrState{}
		return
	}
	ps := strings.FieldsFunc(params, func(r rune) bool { return r == ';' || r == ':' })
	for i := 0; i < len(ps); i++ {
		n, _ := strconv.Atoi(ps[i])
		switch {
		case n == 0:
			*s = sgrState{}
		case n == 1:
			s.bold = true
		case n == 3:
			s.italic = true
		case n == 4:
			s.underline = true
		case n == 7:
			s.reverse = true
		case n == 22:
			s.bold = false
		case n == 23:
			s.italic = false
		case n == 24:
			s.underline = false
		case n == 27:
			s.reverse = false
		case n >= 30 && n <= 37:
			s.fg = xterm(n - 30)
		case n >= 90 && n <= 97:
			s.fg = xterm(n - 90 + 8)
		case n >= 40 && n <= 47:
			s.bg = xterm(n - 40)
		case n >= 100 && n <= 107:
			s.bg = xterm(n - 100 + 8)
		case n == 39:
			s.fg = ""
		case n == 49:
			s.bg = ""
		case (n == 38 || n == 48) && i+2 < len(ps) && ps[i+1] == "5":
			c, _ := strconv.Atoi(ps[i+2])
			s.set(n == 38, xterm(c))
			i += 2
		case (n == 38 || n == 48) && i+4 < len(ps) && ps[i+1] == "2":
			r, _ := strconv.Atoi(ps[i+2])
			g, _ := strconv.Atoi(ps[i+3])
			bl, _ := strconv.Atoi(ps[i+4])
			s.set(n == 38, fmt.Sprintf("#%02x%02x%02x", r&255, g&255, bl&255))
			i += 4
		}
	}
}

func (s *sgrState) set(fg bool, c string) {
	if fg {
		s.fg = c
	} else {
		s.bg = c
	}
}

func (s sgrState) css() string {
	fg, bg := s.fg, s.bg
	if s.reverse {
		fg, bg = cmpOr(bg, "#1c1c1c"), cmpOr(fg, "#d0d0d0")
	}
	var b strings.Builder
	if fg != "" {
		b.WriteString("color:" + fg + ";")
	}
	if bg != "" {
		b.WriteString("background:" + bg + ";")
	}
	if s.bold {
		b.WriteString("font-weight:bold;")
	}
	if s.italic {
		b.WriteString("font-style:italic;")
	}
	if s.underline {
		b.WriteString("text-decoration:underline;")
	}
	return b.String()
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// xterm is colour n of xterm's 256-colour palette.
func xterm(n int) string {
	base := []string{"#000000", "#cd0000", "#00cd00", "#cdcd00", "#0000ee", "#cd00cd", "#00cdcd", "#e5e5e5",
		"#7f7f7f", "#ff0000", "#00ff00", "#ffff00", "#5c5cff", "#ff00ff", "#00ffff", "#ffffff"}
	switch {
	case n < 0 || n > 255:
		return ""
	case n < 16:
		return base[n]
	case n < 232:
		n -= 16
		level := func(v int) int {
			if v == 0 {
				return 0
			}
			return 55 + 40*v
		}
		return fmt.Sprintf("#%02x%02x%02x", level(n/36), level(n/6%6), level(n%6))
	}
	g := 8 + 10*(n-232)
	return fmt.Sprintf("#%02x%02x%02x", g, g, g)
}

func TestTerminalHTML(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain <b>", "plain &lt;b&gt;\n"},
		{"\x1b[38;5;196mred\x1b[0m", `<span style="color:#ff0000;">red</span><span style="">` + "\n"},
		{"\x1b[1;48;2;1;2;3mx", `<span style="background:#010203;font-weight:bold;">x` + "\n"},
		{"\x1b[7mrev", `<span style="color:#1c1c1c;background:#d0d0d0;">rev` + "\n"},
		{"\x1b[31;42mc", `<span style="color:#cd0000;background:#00cd00;">c` + "\n"},
	}
	for _, tt := range tests {
		got := terminalHTML(tt.in)
		body := got[strings.Index(got, `<pre id="screen">`)+len(`<pre id="screen">`) : strings.LastIndex(got, "</pre>")]
		body = strings.TrimSuffix(body, "</span>")
		if body != tt.want {
			t.Errorf("terminalHTML(%q) = %q, want %q", tt.in, body, tt.want)
		}
	}
	if got := xterm(16 + 36*5 + 6*5 + 5); got != "#ffffff" {
		t.Errorf("xterm(231) = %s", got)
	}
	if got := xterm(232); got != "#080808" {
		t.Errorf("xterm(232) = %s", got)
	}
}
