package tokens

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/internal/shared"
)

func counter(t testing.TB) *Counter {
	t.Helper()
	c, err := Load()
	require.NoError(t, err)
	return c
}

// TestTokensOffline loads and uses the tables with every proxy pointing at
// a closed port: the offline loader never touches the network. (When
// another test loaded the tables first this checks counting only; run
// `go test -run TestTokensOffline ./tokens` to check the load itself.)
func TestTokensOffline(t *testing.T) {
	for _, k := range []string{"HTTPS_PROXY", "HTTP_PROXY", "https_proxy", "http_proxy", "ALL_PROXY"} {
		t.Setenv(k, "http://127.0.0.1:9")
	}
	t.Setenv("NO_PROXY", "")
	t.Setenv("TIKTOKEN_CACHE_DIR", t.TempDir()) // an empty cache: nothing to read there either
	c := counter(t)
	for _, e := range Encodings() {
		ids := c.Encode(e, []byte("hello world"))
		assert.Len(t, ids, 2, "%s: tokens of %q", e, "hello world")
		assert.Equal(t, "hello world", c.Decode(e, ids), "%s: round trip", e)
	}
	assert.Zero(t, c.Count("no_such_encoding", []byte("x")), "unknown encoding")
	assert.Empty(t, c.Decode("no_such_encoding", []int{1}), "unknown encoding")
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
		for _, e := range Encodings() {
			whole := len(c.enc[e].EncodeOrdinary(s))
			for _, max := range []int{1, 7, 64, 1024} {
				n := 0
				require.NoError(t, c.each(context.Background(), e, []byte(s), max, func(ids []int) { n += len(ids) }))
				assert.Equal(t, whole, n, "%s, chunks of %d (text %.40q)", e, max, s)
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
		assert.Equal(t, c.want, safeSplit([]byte(c.in), c.max), "safeSplit(%q, %d)", c.in, c.max)
	}
}

// TestCountContextStops counts a text of many pieces under a context that
// is already done: no piece is counted and the context's error comes back;
// under a live context the count equals Count.
func TestCountContextStops(t *testing.T) {
	c := counter(t)
	text := []byte(strings.Repeat("[button] Go [id=1]\n", 10000)) // ~190 KB: several pieces
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	n, err := c.CountContext(ctx, O200k, text)
	assert.ErrorIs(t, err, context.Canceled)
	assert.Zero(t, n)
	n, err = c.CountContext(context.Background(), O200k, text)
	require.NoError(t, err)
	assert.Equal(t, c.Count(O200k, text), n)
}
