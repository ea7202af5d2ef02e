package style

import (
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
)

// inside reports whether s lies in the bytes of t.
func inside(s, t string) bool {
	if s == "" || t == "" {
		return false
	}
	p, b := uintptr(unsafe.Pointer(unsafe.StringData(s))), uintptr(unsafe.Pointer(unsafe.StringData(t)))
	return p >= b && p < b+uintptr(len(t))
}

// ruleStrings lists every string a parsed rule keeps.
func ruleStrings(rules []rawRule) []string {
	var out []string
	for _, r := range rules {
		out = append(out, r.selectors)
		for _, d := range r.decls {
			out = append(out, d.kw)
			for _, c := range d.content {
				out = append(out, c.text, c.attr)
			}
		}
	}
	return out
}

// commentedSheet has comments between rules, inside selectors, inside
// declarations and values, a comment-like string, and ends in an
// unterminated comment.
const commentedSheet = `/* header */ .nav /* x */ .item { display: none /* why */ }
a.x::before { content: "/* not a comment */ " attr(title) } /**/ p{visibility:/*v*/hidden}
ul li.y , .z{cursor:pointer} span.q::after{content:"»"} /* tail`

// TestRehomeKeepsNoStrippedText checks that the rules of a sheet with
// comments keep no piece of the stripped copy (which would keep all of it
// alive), that the pieces equal what was parsed, and that they point into
// the page's own text wherever no comment was cut inside them.
func TestRehomeKeepsNoStrippedText(t *testing.T) {
	orig := strings.Clone(commentedSheet)
	stripped, cuts := stripCommentsAt(orig)
	require.NotEqual(t, orig, stripped)
	require.Len(t, cuts, 5)
	rules := parseSheet(stripped, newLayerTree(), nil)
	require.NotEmpty(t, rules)
	want := ruleStrings(rules)
	kept := 0
	for _, s := range want {
		if inside(s, stripped) {
			kept++
		}
	}
	require.Positive(t, kept, "parsed rules point into the stripped text")
	rehomeRules(rules, stripped, orig, cuts)
	got := ruleStrings(rules)
	assert.Equal(t, want, got, "the same strings")
	shared := 0
	for _, s := range got {
		assert.False(t, inside(s, stripped), "%q still points into the stripped text", s)
		if inside(s, orig) {
			shared++
		}
	}
	assert.Positive(t, shared, "pieces without a cut comment are the page's own text")
	assert.Equal(t, stripped, stripComments(orig), "stripComments is stripCommentsAt's text")
}

// TestRehomeSameStyles checks that a page whose style has comments
// computes the same styles as the same page with the comments cut by
// hand.
func TestRehomeSameStyles(t *testing.T) {
	body := `<body><nav class=nav><i class=item>i</i></nav><a class=x title=t>a</a><p>p</p>` +
		`<ul><li class=y>y</li></ul><span class=q>q</span><div class=z>z</div>`
	styles := func(css string) []Computed {
		root, err := html.Parse(strings.NewReader("<style>" + css + "</style>" + body))
		require.NoError(t, err)
		d := dom.New(root)
		s := New(d)
		var out []Computed
		for _, e := range d.Elements {
			out = append(out, s.Style(e))
		}
		return out
	}
	assert.Equal(t, styles(stripComments(commentedSheet)), styles(commentedSheet))
}

// stripCommentsByteLoop is stripComments as it was, byte by byte: the
// reference the run-copying version is checked against.
func stripCommentsByteLoop(s string) string {
	if !strings.Contains(s, "/*") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"' || c == '\'':
			j := skipString(s, i)
			b.WriteString(s[i:j])
			i = j
		case c == '\\' && i+1 < len(s):
			b.WriteString(s[i : i+2])
			i += 2
		case c == '/' && i+1 < len(s) && s[i+1] == '*':
			end := strings.Index(s[i+2:], "*/")
			if end < 0 {
				return b.String()
			}
			b.WriteByte(' ')
			i += 2 + end + 2
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String()
}

// TestStripCommentsMatchesByteLoop checks stripCommentsAt against the byte
// loop on every string of up to six bytes over quotes, backslash, slash,
// star and text, and that its cuts map every byte of the stripped text
// that is not a comment's space back to the same byte of the input.
func TestStripCommentsMatchesByteLoop(t *testing.T) {
	const alphabet = "/*\"'\\a "
	var buf []byte
	var try func(n int)
	try = func(n int) {
		s := string(buf)
		got, cuts := stripCommentsAt(s)
		if !assert.Equal(t, stripCommentsByteLoop(s), got, "%q", s) {
			t.FailNow()
		}
		spaces := map[int]bool{}
		for _, c := range cuts {
			spaces[int(c.at)-1] = true
		}
		shift := 0
		for p, k := 0, 0; p < len(got); p++ {
			for k < len(cuts) && int(cuts[k].at) <= p {
				shift = int(cuts[k].shift)
				k++
			}
			if !spaces[p] && !assert.Equal(t, s[p+shift], got[p], "%q: byte %d", s, p) {
				t.FailNow()
			}
		}
		if n == 0 {
			return
		}
		for i := 0; i < len(alphabet); i++ {
			buf = append(buf, alphabet[i])
			try(n - 1)
			buf = buf[:len(buf)-1]
		}
	}
	try(6)
}
