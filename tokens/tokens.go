// Package tokens counts the tokens a language model would see in a text,
// with the BPE encodings OpenAI publishes (o200k_base for GPT-4o and later,
// cl100k_base for GPT-4 and GPT-3.5). Anthropic publishes no tokenizer;
// these are the standard public proxies.
//
// It uses github.com/pkoukk/tiktoken-go with the offline loader of
// github.com/pkoukk/tiktoken-go-loader (BPE tables embedded in the module):
// nothing is downloaded at run time. The tiktoken package keeps its loader
// in a package variable; Load sets it once, behind a sync.Once, the first
// time a Counter is asked for. bench, the observation server and the MCP
// server all count through this package.
package tokens

import (
	"context"
	"fmt"
	"sync"

	tiktoken "github.com/pkoukk/tiktoken-go"
	tiktoken_loader "github.com/pkoukk/tiktoken-go-loader"
)

// Encoding names a BPE encoding.
type Encoding string

// The two encodings counted: o200k_base (GPT-4o and later) and cl100k_base
// (GPT-4, GPT-3.5).
const (
	O200k  Encoding = "o200k_base"
	CL100k Encoding = "cl100k_base"
)

// Encodings returns the encodings a Counter knows, in the order reports
// print them.
func Encodings() []Encoding { return []Encoding{O200k, CL100k} }

// Counter counts tokens. It is read-only after construction and safe for
// concurrent use.
type Counter struct {
	enc map[Encoding]*tiktoken.Tiktoken
}

// load is the process-wide table load. The tables are immutable once
// loaded, and tiktoken's loader is itself process-wide, so they are loaded
// once per process.
var load = sync.OnceValues(func() (*Counter, error) {
	tiktoken.SetBpeLoader(tiktoken_loader.NewOfflineLoader())
	c := &Counter{enc: make(map[Encoding]*tiktoken.Tiktoken, 2)}
	for _, e := range Encodings() {
		t, err := tiktoken.GetEncoding(string(e))
		if err != nil {
			return nil, fmt.Errorf("tokens: load %s: %w", e, err)
		}
		c.enc[e] = t
	}
	return c, nil
})

// Load returns the process-wide Counter, loading the BPE tables on the
// first call (about a second). The first call also installs the offline
// loader in the tiktoken package, exactly once, so the tables are never
// fetched from the network.
func Load() (*Counter, error) { return load() }

// ChunkSize is the size past which a text is split at a safe point and
// encoded piece by piece, which keeps the tokenizer's per-call rune copies
// small and lets CountContext stop between pieces.
const ChunkSize = 32 << 10

// Count returns the number of tokens of b in encoding e. Special-token
// strings such as <|endoftext|> count as ordinary text. An unknown encoding
// counts as 0.
func (c *Counter) Count(e Encoding, b []byte) int {
	n := 0
	c.each(context.Background(), e, b, ChunkSize, func(ids []int) { n += len(ids) })
	return n
}

// CountContext is Count that stops when ctx is done, checking between
// pieces of ChunkSize bytes; it then returns ctx's error.
func (c *Counter) CountContext(ctx context.Context, e Encoding, b []byte) (int, error) {
	n := 0
	err := c.each(ctx, e, b, ChunkSize, func(ids []int) { n += len(ids) })
	return n, err
}

// Encode returns the token ids of b in encoding e (nil for an unknown
// encoding).
func (c *Counter) Encode(e Encoding, b []byte) []int {
	var out []int
	c.each(context.Background(), e, b, ChunkSize, func(ids []int) { out = append(out, ids...) })
	return out
}

// Decode returns the text of token ids in encoding e ("" for an unknown
// encoding).
func (c *Counter) Decode(e Encoding, ids []int) string {
	t := c.enc[e]
	if t == nil {
		return ""
	}
	return t.Decode(ids)
}

// each encodes b in chunks of at least max bytes, checking ctx before each.
// The chunks are cut only where no token of the encodings' split pattern
// can straddle the cut, so the result equals encoding b whole.
func (c *Counter) each(ctx context.Context, e Encoding, b []byte, max int, fn func([]int)) error {
	t := c.enc[e]
	if t == nil {
		return nil
	}
	for len(b) > 0 {
		if err := ctx.Err(); err != nil {
			return err
		}
		n := safeSplit(b, max)
		fn(t.EncodeOrdinary(string(b[:n])))
		b = b[n:]
	}
	return nil
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
