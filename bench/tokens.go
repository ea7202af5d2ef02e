package bench

import (
	"fmt"
	"sync"

	tiktoken "github.com/pkoukk/tiktoken-go"
	tiktoken_loader "github.com/pkoukk/tiktoken-go-loader"
)

// Encoding names a BPE encoding.
type Encoding string

// The two encodings every table reports: o200k_base (GPT-4o and later) and
// cl100k_base (GPT-4, GPT-3.5). Anthropic publishes no tokenizer; these are
// the standard public proxies.
const (
	O200k  Encoding = "o200k_base"
	CL100k Encoding = "cl100k_base"
)

// Encodings lists the encodings reported, in column order.
var Encodings = [...]Encoding{O200k, CL100k}

// Counter counts tokens. It is read-only after construction and safe for
// concurrent use.
type Counter struct {
	enc map[Encoding]*tiktoken.Tiktoken
}

var (
	tokensOnce sync.Once
	tokensVal  *Counter
	tokensErr  error
)

// Tokens returns the process-wide Counter, loading the BPE tables on the
// first call. The first call also installs the offline loader in the
// tiktoken package (tiktoken.SetBpeLoader sets a package variable there);
// it happens exactly once, under a sync.Once, so the tables are never
// fetched from the network. Loading takes about a second.
func Tokens() (*Counter, error) {
	tokensOnce.Do(func() {
		tiktoken.SetBpeLoader(tiktoken_loader.NewOfflineLoader())
		c := &Counter{enc: make(map[Encoding]*tiktoken.Tiktoken, len(Encodings))}
		for _, e := range Encodings {
			t, err := tiktoken.GetEncoding(string(e))
			if err != nil {
				tokensErr = fmt.Errorf("bench: load %s: %w", e, err)
				return
			}
			c.enc[e] = t
		}
		tokensVal = c
	})
	return tokensVal, tokensErr
}

// chunkSize is the size past which Encode splits text at a safe point (see
// safeSplit); pieces are encoded one by one, which keeps the tokenizer's
// per-call rune copies small.
const chunkSize = 32 << 10

// Count returns the number of tokens of b in encoding e. Special-token
// strings such as <|endoftext|> count as ordinary text. An unknown encoding
// counts as 0.
func (c *Counter) Count(e Encoding, b []byte) int {
	n := 0
	c.each(e, b, chunkSize, func(ids []int) { n += len(ids) })
	return n
}

// Encode returns the token ids of b in encoding e.
func (c *Counter) Encode(e Encoding, b []byte) []int {
	var out []int
	c.each(e, b, chunkSize, func(ids []int) { out = append(out, ids...) })
	return out
}

// each encodes b in chunks of at least max bytes. The chunks are cut only where no token of
// the encodings' split pattern can straddle the cut, so the result equals
// encoding b whole.
func (c *Counter) each(e Encoding, b []byte, max int, fn func([]int)) {
	t := c.enc[e]
	if t == nil {
		return
	}
	for len(b) > 0 {
		n := safeSplit(b, max)
		fn(t.EncodeOrdinary(string(b[:n])))
		b = b[n:]
	}
}

// safeSplit returns the length of the first chunk of b: all of b when it is
// at most max bytes, else the first cut at or after max that sits right
// after a '\n' and before an ASCII byte that is neither whitespace nor '/'.
// No pre-token of cl100k_base or o200k_base crosses such a cut: the only
// pre-tokens that contain a newline are runs of whitespace, which end before
// a non-space, and punctuation runs followed by [\r\n/]*, which end before
// anything but \r, \n and '/'. The one lookahead, \s+(?!\S), is never
// reached for a whitespace run ending in a newline because the earlier
// alternative \s*[\r\n]+ matches it first. Text without such a cut is
// returned whole.
func safeSplit(b []byte, max int) int {
	if len(b) <= max {
		return len(b)
	}
	for i := max; i < len(b); i++ {
		if b[i-1] != '\n' {
			continue
		}
		switch ch := b[i]; {
		case ch >= 0x80, ch == ' ', ch == '\t', ch == '\n', ch == '\r', ch == '\v', ch == '\f', ch == '/':
			continue
		}
		return i
	}
	return len(b)
}
