package bench

import (
	"os"
	"strings"
	"testing"

	"github.com/axtree/axtree/internal/shared"
)

func counter(t testing.TB) *Counter {
	t.Helper()
	c, err := Tokens()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestTokensOffline loads and uses the tables with every proxy pointing at
// a closed port: the offline loader never touches the network. (When
// another test loaded the tables first this checks counting only; run
// `go test -run TestTokensOffline ./bench` to check the load itself.)
func TestTokensOffline(t *testing.T) {
	for _, k := range []string{"HTTPS_PROXY", "HTTP_PROXY", "https_proxy", "http_proxy", "ALL_PROXY"} {
		t.Setenv(k, "http://127.0.0.1:9")
	}
	t.Setenv("NO_PROXY", "")
	t.Setenv("TIKTOKEN_CACHE_DIR", t.TempDir()) // an empty cache: nothing to read there either
	c := counter(t)
	for _, e := range Encodings {
		ids := c.Encode(e, []byte("hello world"))
		if len(ids) != 2 {
			t.Errorf("%s: %q is %d tokens, want 2", e, "hello world", len(ids))
		}
		if got := c.enc[e].Decode(ids); got != "hello world" {
			t.Errorf("%s: round trip gives %q", e, got)
		}
	}
	if n := c.Count("no_such_encoding", []byte("x")); n != 0 {
		t.Errorf("unknown encoding counted %d tokens", n)
	}
}

// TestChunkedCountIsExact checks that cutting text at safeSplit points
// changes no token: counts with tiny chunks equal counts of the whole text.
func TestChunkedCountIsExact(t *testing.T) {
	c := counter(t)
	texts := []string{
		"a\n/b\n\n  c\n\td\n<div>\n</div>\n" + strings.Repeat("x y\n", 50),
		"punct!!\n/path\nword\n  \nnext\r\nwin\n'\ns\n123\n4567\n",
		"é\nà\n€\n\u00a0x\n",
	}
	if b, err := os.ReadFile("../corpus/pages/job-form.html"); err == nil {
		texts = append(texts, string(b))
	}
	p := shared.Path(t, "corpus", "pages", "apg-dialog.html")
	if b, err := os.ReadFile(p); err == nil {
		texts = append(texts, string(b))
	}
	for _, s := range texts {
		for _, e := range Encodings {
			whole := len(c.enc[e].EncodeOrdinary(s))
			for _, max := range []int{1, 7, 64, 1024} {
				n := 0
				c.each(e, []byte(s), max, func(ids []int) { n += len(ids) })
				if n != whole {
					t.Errorf("%s, chunks of %d: %d tokens, whole text %d (text %.40q)", e, max, n, whole, s)
				}
			}
		}
	}
}

func TestSafeSplit(t *testing.T) {
	for _, c := range []struct {
		in   string
		max  int
		want int
	}{
		{"abc", 10, 3},
		{"ab\ncd", 1, 3},
		{"ab\n/cd\nef", 1, 7},
		{"ab\n cd\n\nef", 1, 8},
		{"abcdef", 2, 6},
		{"ab\nécd\nx", 1, 8},
	} {
		if got := safeSplit([]byte(c.in), c.max); got != c.want {
			t.Errorf("safeSplit(%q, %d) = %d, want %d", c.in, c.max, got, c.want)
		}
	}
}
