package bench

import (
	"math"
	"unicode/utf8"

	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/roles"
)

// Screenshot estimate constants. See bench/README.md for the reasoning and
// the sources.
const (
	ViewportWidth  = 1280 // px, the screenshot width agents commonly use
	ViewportHeight = 800  // px
	RowHeight      = 24   // px: 16 px text at line-height 1.5
	CharsPerRow    = 100  // characters of running text in one row of a 1280 px layout
)

// Viewports estimates how many 1280×800 screenshots it takes to see the
// whole page: rows = ceil(visible text runes / CharsPerRow) + one row per
// form control (an interactive element other than a link, which sits
// inline in text); height = rows × RowHeight; viewports =
// max(1, ceil(height / ViewportHeight)). It ignores images, margins and
// multi-column layout, so it is a rough figure, not a rendering.
func Viewports(visibleRunes, controls int) int {
	rows := (visibleRunes+CharsPerRow-1)/CharsPerRow + controls
	v := (rows*RowHeight + ViewportHeight - 1) / ViewportHeight
	if v < 1 {
		v = 1
	}
	return v
}

// Controls counts the interactive elements of t that are not links.
func Controls(t *axtree.Tree) int {
	n := 0
	t.Walk(func(x *axtree.Node, _ int) bool {
		if x.Role != "" && x.Role != "link" && roles.IsInteractive(x.Role) {
			n++
		}
		return true
	})
	return n
}

// runes counts the runes of b.
func runes(b []byte) int { return utf8.RuneCount(b) }

// AnthropicImageTokens is Anthropic's published estimate for one image:
// an image whose long edge is over 1568 px or that would be over ~1,600
// tokens is first scaled down, keeping its aspect ratio, until it fits
// (long edge ≤ 1568 px, area ≤ 1600 × 750 = 1.2 MP); then
// tokens = ceil(width × height / 750). A 1280×800 screenshot needs no
// scaling (1.02 MP, under the 1.15 MP Anthropic recommends).
func AnthropicImageTokens(w, h int) int {
	fw, fh := float64(w), float64(h)
	if s := 1568 / math.Max(fw, fh); s < 1 {
		fw, fh = fw*s, fh*s
	}
	if a := fw * fh; a > 1600*750 {
		s := math.Sqrt(1600 * 750 / a)
		fw, fh = fw*s, fh*s
	}
	return int(math.Ceil(math.Round(fw) * math.Round(fh) / 750))
}

// OpenAIImageTokens is OpenAI's published cost of one image at detail
// "high" for GPT-4o: scale to fit within 2048×2048, then scale down so the
// shortest side is at most 768 px, count the 512 px tiles that cover it;
// tokens = 85 + 170 × tiles.
func OpenAIImageTokens(w, h int) int {
	fw, fh := float64(w), float64(h)
	if s := 2048 / math.Max(fw, fh); s < 1 {
		fw, fh = fw*s, fh*s
	}
	if s := 768 / math.Min(fw, fh); s < 1 {
		fw, fh = fw*s, fh*s
	}
	tiles := math.Ceil(math.Round(fw)/512) * math.Ceil(math.Round(fh)/512)
	return 85 + 170*int(tiles)
}
