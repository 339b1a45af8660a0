package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
	"time"
)

func TestUIUsage(t *testing.T) {
	dir := fixtureCopy(t)
	tests := []struct {
		name string
		args []string
		code int
		say  string
	}{
		{"not host:port", []string{"ui", "--dir", dir, "--http", "8080"}, exitUsage, "want host:port"},
		{"an argument", []string{"ui", dir}, exitUsage, "the repository is --dir"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := run(t, tt.args...)
			if code != tt.code || !strings.Contains(stderr, tt.say) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, stderr, tt.code, tt.say)
			}
		})
	}
}

// TestUIServes: gortex ui prints the page's URL, serves the map there, and
// stops when its context ends.
func TestUIServes(t *testing.T) {
	dir := fixtureCopy(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	outR, outW := io.Pipe()
	done := make(chan int, 1)
	go func() {
		done <- Main(ctx, []string{"ui", "--dir", dir}, outW, io.Discard)
		outW.Close()
	}()
	line, err := bufio.NewReader(outR).ReadString('\n')
	if err != nil {
		t.Fatalf("no URL printed: %v", err)
	}
	go io.Copy(io.Discard, outR)
	url := strings.TrimSpace(line)
	if !strings.HasPrefix(url, "http://127.0.0.1:") || !strings.Contains(url, "/?token=") {
		t.Fatalf("URL %q, want loopback with a token", url)
	}
	if resp, err := http.Get(url[:strings.Index(url, "?")]); err != nil || resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("without the token: %v %v, want 401", resp, err)
	}
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := (&http.Client{Jar: jar}).Get(url)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `data-name="cart"`) {
		t.Errorf("GET %s: %d %.300s", url, resp.StatusCode, body)
	}
	cancel()
	select {
	case code := <-done:
		if code != exitOK {
			t.Errorf("exit %d after cancel", code)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("gortex ui did not stop")
	}
}
