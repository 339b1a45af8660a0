package indexer

import (
	"os"
	"testing"
)

func TestLangDumpIndex(t *testing.T) {
	root := os.Getenv("GORTEX_DUMP_DIR")
	if root == "" {
		t.Skip()
	}
	idx, err := Load(root)
	if err != nil {
		t.Fatal(err)
	}
	f, _ := os.Create("/tmp/smoke-symbols.txt")
	defer f.Close()
	for n := range idx.Store.Nodes() {
		if n.Kind.IsSymbol() {
			c, _ := idx.Store.Container(n.ID)
			cid := ""
			if c != nil {
				cid = string(c.ID)
			}
			f.WriteString(n.Lang + "\t" + string(n.Kind) + "\t" + n.Qualified + "\t" + string(n.ID) + "\t" + cid + "\n")
		}
	}
}
