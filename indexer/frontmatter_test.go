package indexer

import "testing"

func TestFrontMatter(t *testing.T) {
	tests := []struct {
		name, lang, src, want string
	}{
		{"yaml", "markdown", "---\ntitle: A\nstatus: implementable\n---\n# A\n", "title: A\nstatus: implementable"},
		{"toml", "markdown", "+++\nstatus = \"draft\"\n+++\n# A\n", "status = \"draft\""},
		{"crlf and a byte order mark", "markdown", "\uFEFF---\r\nstatus: provisional\r\n---\r\n# A\r\n", "status: provisional"},
		{"none", "markdown", "# A\n\nstatus: accepted\n", ""},
		{"unclosed", "markdown", "---\nstatus: accepted\n# A\n", ""},
		{"a text file has none", "text", "---\nstatus: accepted\n---\n", ""},
		{"empty", "markdown", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := frontMatter(tt.lang, []byte(tt.src)); got != tt.want {
				t.Errorf("frontMatter = %q, want %q", got, tt.want)
			}
		})
	}
}
