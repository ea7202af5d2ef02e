package style

import (
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// This file keeps the rule parser as it was before it read each rule body
// once (blockEnd to find the body's end, then parseDecls over it, with
// byte loops): the reference TestParseSheetSameAsTwoPass checks the
// one-pass parser against.

type oldRuleParser struct {
	lt *layerTree
}

func oldParseSheet(src string, lt *layerTree, out []rawRule) []rawRule {
	p := oldRuleParser{lt: lt}
	return p.parseRuleList(src, 0, 0, "", out)
}

func (p *oldRuleParser) parseRuleList(s string, depth, layer int, layerName string, out []rawRule) []rawRule {
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case isWS(c) || c == ';':
			i = skipWS(s, i+1)
			continue
		case c == '}':
			i++ // stray closing brace
			continue
		case strings.HasPrefix(s[i:], "<!--"):
			i += 4
			continue
		case strings.HasPrefix(s[i:], "-->"):
			i += 3
			continue
		case c == '@':
			j := i + 1
			for j < len(s) && isNameChar(s[j]) {
				j++
			}
			name := strings.ToLower(s[i+1 : j])
			end, open := scanPrelude(s, j, true)
			prelude := s[j:end]
			if !open {
				i = end + 1 // past ';' (or end)
				if name == "layer" {
					// @layer a, b; declares the order of layers
					for _, n := range strings.Split(prelude, ",") {
						p.lt.child(layer, layerName, strings.TrimSpace(n))
					}
				}
				continue
			}
			close := blockEnd(s, end)
			body := s[end+1 : close]
			i = close + 1
			if depth+1 >= maxBlockDepth {
				continue
			}
			switch name {
			case "media":
				if evalMediaList(prelude) {
					out = p.parseRuleList(body, depth+1, layer, layerName, out)
				}
			case "supports":
				if evalSupports(prelude) {
					out = p.parseRuleList(body, depth+1, layer, layerName, out)
				}
			case "layer":
				ln := strings.TrimSpace(prelude)
				if ln == "" {
					p.lt.anon++
					ln = "\x00" + strconv.Itoa(p.lt.anon)
				}
				id, full := p.lt.child(layer, layerName, ln)
				out = p.parseRuleList(body, depth+1, id, full, out)
			}
			// Everything else (@font-face, @keyframes, @container, @scope,
			// @page, ...) is skipped.
		default:
			end, open := scanPrelude(s, i, false)
			if !open {
				return out // a prelude without a block runs to the end
			}
			close := blockEnd(s, end)
			decls := parseDecls(s[end+1:close], false)
			if len(decls) > 0 {
				out = append(out, rawRule{selectors: strings.TrimSpace(s[i:end]), decls: decls, layer: layer})
			}
			i = close + 1
		}
	}
	return out
}

// sheetTokens are the pieces the random sheets are made of: every byte
// the scanners act on, at-rules of each kind, and kept declarations.
var sheetTokens = []string{
	"a", "b.c", " ", "  ", "\n", "\t", "{", "}", ";", ":", "(", ")", "[", "]", "\"", "'", "\\",
	",", "@media screen", "@media print", "@layer x", "@layer", "@layer y.z", "@supports (display:grid)",
	"@font-face", "@x", "display", "display:none", "visibility:hidden", " !important", "content:'x'",
	"content:\"a}b\"", "cursor:pointer", "<!--", "-->", "@media all{", "x{display:block}", "url(a;b)",
	"DISPLAY", "Content-Visibility", "\v", "\u00a0", "\u3000", "*", "-", "x", "_", "\r\f",
}

// randomSheet returns a sheet of up to n random tokens.
func randomSheet(r *rand.Rand, n int) string {
	var b strings.Builder
	for k := r.Intn(n + 1); k > 0; k-- {
		b.WriteString(sheetTokens[r.Intn(len(sheetTokens))])
	}
	return b.String()
}

// TestParseSheetSameAsTwoPass checks that the one-pass parser finds the
// rules and layers the two-pass one did: on random sheets of every
// structural byte and at-rule, on deep nesting, and on the style text of
// every corpus page.
func TestParseSheetSameAsTwoPass(t *testing.T) {
	same := func(src string) bool {
		t.Helper()
		lt1, lt2 := newLayerTree(), newLayerTree()
		want := oldParseSheet(src, lt1, nil)
		got := parseSheet(src, lt2, nil)
		if !reflect.DeepEqual(want, got) || !reflect.DeepEqual(lt1, lt2) {
			t.Errorf("%q:\n got %+v %+v\nwant %+v %+v", src, got, *lt2, want, *lt1)
			return false
		}
		return true
	}
	deep := strings.Repeat("@media all{", 20) + "a{display:none}" + strings.Repeat("}", 20) + "b{display:none}"
	for _, src := range []string{"", "a{display:none}", "@media screen { a } b { display:none } }", deep, deep[:len(deep)-30],
		"a{\u00a0display:none}", "a{\vdisplay:none}", "a{display\v:none}", "a{display\u00a0:none}", "a{x display:none}",
		"a{*display:none}", "a{DISPLAY : none}", "a{ \n\t@display:none;cursor:pointer}", "a{:display:none}"} {
		same(src)
	}
	r := rand.New(rand.NewSource(11))
	for k := 0; k < 200000; k++ {
		if !same(randomSheet(r, 4+k%40)) {
			return
		}
	}
	styleRE := regexp.MustCompile(`(?is)<style[^>]*>(.*?)</style>`)
	dirs := []string{"../corpus/pages"}
	if sh := os.Getenv("AXTREE_SHARED"); sh != "" {
		dirs = append(dirs, filepath.Join(sh, "corpus", "pages"))
	}
	pages := 0
	for _, dir := range dirs {
		files, _ := filepath.Glob(filepath.Join(dir, "*.html"))
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				continue
			}
			pages++
			for i, m := range styleRE.FindAllSubmatch(b, -1) {
				if !same(stripComments(string(m[1]))) {
					t.Fatalf("%s: style %s", f, strconv.Itoa(i))
				}
			}
		}
	}
	if pages == 0 {
		t.Fatal("no corpus pages")
	}
}
