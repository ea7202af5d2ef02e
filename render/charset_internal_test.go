package render

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/axtree/axtree/internal/shared"
)

// TestPlainUTF8MatchesSniff checks Decode's shortcut against the sniffing
// it skips: wherever plainUTF8 says yes, sniff returns the same bytes and
// "utf-8"; and it says no for the declarations that change the answer.
func TestPlainUTF8MatchesSniff(t *testing.T) {
	pages := []string{
		"<p>plain</p>", "", "<p>Men\xfc</p>", "Men\xc3\xbc",
		`<meta charset="utf-8"><p>Men` + "\xfc",
		`<meta charset=UTF-8><p>x`, `<meta charset='utf-8'>`, `<META CHARSET="Utf-8" >`,
		`<meta http-equiv="Content-Type" content="text/html; charset=utf-8">` + "\xfc",
		`<meta charset="windows-1252"><p>Men` + "\xfc",
		`<meta charset=utf-8x><p>Men` + "\xfc",
		`<meta charset="utf-8 "><p>` + "\xfc",
		`<meta charset=utf-8/><p>` + "\xfc",
		`<meta http-equiv="content-type" content="text/html; ch&#97;rset=windows-1252"><p>Men` + "\xfc",
		`<meta http-equiv="content-type" content="text/html; charset=iso-8859-2"><p>` + "\xfc",
		`<p title="&amp;">x</p><meta charset=koi8-r>` + "\xfc",
		"\xef\xbb\xbf<p>bom</p>", "\xff\xfe<\x00p\x00>\x00", "\xfe\xff\x00<\x00p",
		`<meta charset="utf-16"><p>` + "\xfc",
		strings.Repeat("x", 1020) + `<meta charset=windows-1252>` + "\xfc",
		strings.Repeat("x", 1015) + `charset=utf-8>` + "\xfc",
		strings.Repeat("x", 1017) + `charset=utf-8>` + "\xfc", // the label crosses the 1,024th byte
		strings.Repeat("c", 1030), strings.Repeat("cC", 600) + "<p>\xfc",
		`<meta CharSet="windows-1252"><p>` + "\xfc", `<meta cHARSET=koi8-r>ccc` + "\xfc",
		`<meta chcharset=utf-8><meta ccharset="windows-1252">` + "\xfc",
		`<meta charsetcharset=utf-8>` + "\xfc", `<meta charset=utf-8><meta CHARSET=windows-1252>` + "\xfc",
		`<meta http-equiv=Content-Type content="text/html; CHARSET=windows-1252">` + "\xfc",
		`<meta HTTP-EQUIV="content-type" content="text/html; ch&#x61;rset=windows-1252">` + "\xfc",
	}
	if files, _ := filepath.Glob(filepath.Join(shared.Root(), "corpus", "pages", "*.html")); files != nil {
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err == nil {
				pages = append(pages, string(b))
			}
		}
	}
	plain := 0
	for _, p := range pages {
		for _, ct := range []string{"", "text/html", "text/html; charset=iso-8859-1"} {
			b := []byte(p)
			want, wantName := sniff(b, ct)
			got, gotName := Decode(b, ct)
			assert.Equal(t, wantName, gotName, "%.60q %q", p, ct)
			assert.True(t, bytes.Equal(want, got), "%.60q %q", p, ct)
			if plainUTF8(b, ct) {
				plain++
				assert.Equal(t, "utf-8", wantName, "%.60q %q", p, ct)
			}
		}
	}
	assert.Greater(t, plain, 10, "the shortcut is taken")
	assert.False(t, plainUTF8([]byte(`<meta charset="windows-1252">`), ""))
	assert.False(t, plainUTF8([]byte(`<meta http-equiv=content-type content="text/html; ch&#97;rset=koi8-r">`), ""))
	assert.False(t, plainUTF8([]byte("<p>x"), "text/html; charset=utf-8"))
	assert.True(t, plainUTF8([]byte(`<meta charset="utf-8"><p>`), ""))
}

// indexFoldByByte is indexFold as it was written first: a comparison at
// every byte.
func indexFoldByByte(s []byte, needle string, from int) int {
	for i := from; i+len(needle) <= len(s); i++ {
		j := 0
		for j < len(needle) && lowerASCII(s[i+j]) == needle[j] {
			j++
		}
		if j == len(needle) {
			return i
		}
	}
	return -1
}

// TestIndexFoldSameAsByByte checks indexFold, which finds its candidates
// with bytes.IndexByte, against a comparison at every byte, for every
// start position of strings dense in near-matches of either case.
func TestIndexFoldSameAsByByte(t *testing.T) {
	texts := []string{
		"", "c", "C", "charset", "CHARSET", "xCharSeT=", "charse", "ccharset", "chcharsetC",
		"charsetcharset", "cCcChArSeTcharset", "http-equiv HTTP-EQUIV", "h", "hhttp-equi",
		strings.Repeat("Cc", 40) + "charSET" + strings.Repeat("c", 9),
		"<meta charset=utf-8>\xc3\xbc<p>Men\xfc CHARSET",
	}
	for _, tx := range texts {
		b := []byte(tx)
		for _, needle := range []string{"charset", "http-equiv", "utf-8", "c"} {
			for from := 0; from <= len(b)+1; from++ {
				assert.Equal(t, indexFoldByByte(b, needle, from), indexFold(b, needle, from), "%q %q from %d", tx, needle, from)
			}
		}
	}
}
