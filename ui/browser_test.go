package ui

import (
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

var update = flag.Bool("update", false, "write the README's screenshot, docs/ui-map.png")

// browser starts Debian's headless Chromium with a fresh profile and no
// network of its own, for the length of the test. Without chromium the
// test skips, unless CI is set: then it fails.
func browser(t *testing.T) context.Context {
	t.Helper()
	exe := ""
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			exe = p
			break
		}
	}
	if exe == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("chromium is not installed; .ci/run installs it")
		}
		t.Skip("chromium is not installed (apt-get install chromium)")
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1200, 900),
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	actx, acancel := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(acancel)
	bctx, bcancel := chromedp.NewContext(actx)
	t.Cleanup(bcancel)
	if err := chromedp.Do(bctx); err != nil {
		t.Fatalf("start %s: %v", exe, err)
	}
	return bctx
}

// screenshots is where the test writes its screenshots, to be looked at.
func screenshots(t *testing.T) string {
	dir := os.Getenv("GORTEX_UI_SCREENSHOTS")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "gortex-ui-screenshots")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// page runs browser steps against one tab, failing the test at the first
// that fails.
type page struct {
	t     *testing.T
	ctx   context.Context
	shots string
}

func (p page) do(steps ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, steps...); err != nil {
		p.t.Fatal(err)
	}
}

func (p page) text(sel string) string {
	p.t.Helper()
	s, err := chromedp.Run(p.ctx, chromedp.Text(chromedp.CSS(sel)))
	if err != nil {
		p.t.Fatalf("text of %s: %v", sel, err)
	}
	return s
}

func (p page) attr(sel, name string) string {
	p.t.Helper()
	a, err := chromedp.Run(p.ctx, chromedp.AttributeValue(chromedp.CSS(sel), name))
	if err != nil {
		p.t.Fatalf("%s of %s: %v", name, sel, err)
	}
	return a.Value
}

func (p page) location() string {
	p.t.Helper()
	u, err := chromedp.Run(p.ctx, chromedp.Location())
	if err != nil {
		p.t.Fatal(err)
	}
	return u
}

// shot writes a screenshot of the whole page as name.png and returns its path.
func (p page) shot(name string) string {
	p.t.Helper()
	png, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100)) // quality 100 is a PNG
	if err != nil {
		p.t.Fatal(err)
	}
	path := filepath.Join(p.shots, name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		p.t.Fatal(err)
	}
	p.t.Logf("screenshot %s", path)
	return path
}

// TestBrowser drives the page in headless Chromium over the fixture: the
// map, a click down to Cart.Total, its answer, the ADR's page, search.
func TestBrowser(t *testing.T) {
	ctx := browser(t)
	s := newServer(t, fixture(t, nil))
	ts := serveTest(t, s)
	p := page{t: t, ctx: ctx, shots: screenshots(t)}
	css := func(sel string) chromedp.CSS { return chromedp.CSS(sel) }

	t.Run("map", func(t *testing.T) {
		p.t = t
		// The URL gortex ui prints: the token once, then a cookie.
		p.do(chromedp.Navigate(ts.URL+"/?token="+testToken), chromedp.WaitVisible(css("#treemap")))
		if u := p.location(); strings.Contains(u, "token") {
			t.Errorf("the token stays in the address bar: %s", u)
		}
		cart, other := p.attr(`#treemap a.tile[data-name="cart"]`, "data-class"), p.attr(`#treemap a.tile[data-name="internal"]`, "data-class")
		if cart != "well" || other != "none" {
			t.Errorf("cart is %q, internal %q; want well and none", cart, other)
		}
		shot := p.shot("map")
		if *update {
			b, err := os.ReadFile(shot)
			if err == nil {
				err = os.WriteFile("../docs/ui-map.png", b, 0o644)
			}
			if err != nil {
				t.Fatal(err)
			}
		}
	})

	t.Run("click down to Cart.Total", func(t *testing.T) {
		p.t = t
		p.do(
			chromedp.Click(css(`#treemap a.tile[data-name="cart"]`)),
			chromedp.WaitVisible(css(`#treemap a.tile[data-name="pricing.go"]`)),
			chromedp.Click(css(`#treemap a.tile[data-name="pricing.go"]`)),
			chromedp.WaitVisible(css(`#treemap a.tile[data-name="Cart.Total"]`)),
			chromedp.Click(css(`#treemap a.tile[data-name="Cart.Total"]`)),
			chromedp.WaitVisible(css(`ol.entries`)),
		)
		url, first := p.location(), p.text(`ol.entries > li:first-child .entry-head a`)
		if !strings.Contains(url, "/symbol?id=") || !strings.Contains(first, "docs/adr/0004-money-in-integer-cents.md") || !strings.Contains(first, "Decision") {
			t.Errorf("at %s the first entry is %q; want ADR 0004's Decision", url, first)
		}
		p.shot("symbol")
	})

	t.Run("the ADR beside the code", func(t *testing.T) {
		p.t = t
		p.do(chromedp.Click(css(`ol.entries > li:first-child .entry-head a`)), chromedp.WaitVisible(css(`.sections`)))
		heading, covers := p.text(`#L14 .sec-head`), p.text(`#L14 aside.covers`)
		if !strings.HasPrefix(heading, "Decision") || !strings.Contains(covers, "Cart.Total") {
			t.Errorf("section %q covers %q; want Decision beside Cart.Total", heading, covers)
		}
		p.shot("document")
	})

	t.Run("decisions", func(t *testing.T) {
		p.t = t
		p.do(chromedp.Navigate(ts.URL+"/decisions"), chromedp.WaitVisible(css(`ol.decisions`)))
		if chain := p.text(`li[id="docs/adr/0002-refund-as-store-credit.md"] .chain`); !strings.Contains(chain, "0003") {
			t.Errorf("ADR 0002's chain is %q; want ADR 0003", chain)
		}
		p.shot("decisions")
	})

	t.Run("search by a word of the title", func(t *testing.T) {
		p.t = t
		p.do(chromedp.KeyEvent("/"), chromedp.KeyEvent("integer\r"), chromedp.WaitVisible(css(`ol.hits`)))
		if hits := p.text(`ol.hits`); !strings.Contains(hits, "0004-money-in-integer-cents.md") {
			t.Errorf("search for integer found %q; want ADR 0004", hits)
		}
		p.shot("search")
	})
}
