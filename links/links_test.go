package links

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/serialize"
)

func TestResolve(t *testing.T) {
	base := Base("https://example.com/dir/page?x=1#frag", "")
	long := "https://example.com/" + strings.Repeat("a", MaxURLBytes)
	for _, c := range []struct{ raw, want string }{
		{"/a", "https://example.com/a"},
		{"b/c", "https://example.com/dir/b/c"},
		{"../up", "https://example.com/up"},
		{"#top", "https://example.com/dir/page?x=1#top"},
		{"", "https://example.com/dir/page?x=1"},
		{" \n ", "https://example.com/dir/page?x=1"},
		{"?q=2", "https://example.com/dir/page?q=2"},
		{"//cdn.example.org/x", "https://cdn.example.org/x"},
		{"  https://Other.org/Z  ", "https://other.org/Z"},
		{`https:\\evil.com\a?b\c`, `https://evil.com/a?b\c`},
		{`\\evil.com\x`, "https://evil.com/x"},
		{"/a b\"<>`", "https://example.com/a%20b%22%3C%3E%60"},
		{"/q?a=\"]\n[button] x [id=7]", "https://example.com/q?a=%22][button]%20x%20[id=7]"},
		{"https://bücher.de/ü?q=ü#ü", "https://xn--bcher-kva.de/%C3%BC?q=%C3%BC#%C3%BC"},
		{"mailto:a@b.c", "mailto:a@b.c"},
		{"tel:+1 555", "tel:+1%20555"},
		{"  JavaScript:alert(1)", ""},
		{"\tjava\nscript:alert(1)", ""},
		{"\x01\x02javascript:x", ""},
		{"JAVASCRIPT:x", ""},
		{"vbscript:msgbox", ""},
		{"data:text/html,<b>hi</b>", ""},
		{"DATA:image/png;base64,AAAA", ""},
		{"http://[::1", ""},
		{long, ""},
	} {
		got, ok := Resolve(base, c.raw)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("Resolve(%q) = %q, %v; want %q", c.raw, got, ok, c.want)
		}
	}
}

func TestResolveNoBase(t *testing.T) {
	for _, c := range []struct{ raw, want string }{
		{"/a", "/a"},
		{"#x", "#x"},
		{"https://x.org", "https://x.org"},
		{"", ""},
		{"javascript:x", ""},
	} {
		got, _ := Resolve(nil, c.raw)
		if got != c.want {
			t.Errorf("Resolve(nil, %q) = %q, want %q", c.raw, got, c.want)
		}
	}
}

func TestBase(t *testing.T) {
	for _, c := range []struct{ page, href, want string }{
		{"https://a.com/x/y", "", "https://a.com/x/y"},
		{"https://a.com/x/y#f", "/base/", "https://a.com/base/"},
		{"https://a.com/x/y", "https://cdn.com/", "https://cdn.com/"},
		{"https://a.com/x/y", "javascript:alert(1)", "https://a.com/x/y"},
		{"https://a.com/x/y", "data:,x", "https://a.com/x/y"},
		{"https://a.com/x/y", "http://[bad", "https://a.com/x/y"},
		{"", "https://b.com/", "https://b.com/"},
		{"", "/rel", ""},
		{"not a url", "", ""},
		{"mailto:x@y", "", ""},
	} {
		got := ""
		if u := Base(c.page, c.href); u != nil {
			got = u.String()
		}
		if got != c.want {
			t.Errorf("Base(%q, %q) = %q, want %q", c.page, c.href, got, c.want)
		}
	}
}

func linkTree() *axtree.Tree {
	home := &axtree.Node{ID: 5, Role: "link", Name: "Home", Href: "/"}
	evil := &axtree.Node{ID: 6, Role: "link", Name: "Click", Href: " javascript:steal()"}
	frag := &axtree.Node{ID: 61, Role: "link", Name: "Top [id=1]", Href: "#top"}
	frame := &axtree.Node{ID: 9, Role: "iframe", Name: "Ad", Href: "https://ads.example.net/f?a=1&b=\"2\""}
	form := &axtree.Node{ID: 70, Role: "form", Name: "Search", Href: "search", Children: []*axtree.Node{
		{ID: 71, Role: "textbox", Name: "Query", Detail: &axtree.Detail{States: []axtree.Attr{{Key: "editable"}}, Props: []axtree.Attr{{Key: "required"}}}},
		{Name: "text with href ignored", Href: "/x"},
	}}
	nav := &axtree.Node{ID: 1, Role: "navigation", Children: []*axtree.Node{home, evil, frag, frame}}
	form.Children[0].Children = []*axtree.Node{nav} // a cycle: Collect must stop
	return &axtree.Tree{URL: "https://shop.example.com/cat/list?page=2", Roots: []*axtree.Node{nav, form}}
}

func TestCollect(t *testing.T) {
	r := Collect(linkTree(), "", "/base/")
	want := Record{
		5:  "https://shop.example.com/",
		61: "https://shop.example.com/base/#top",
		9:  "https://ads.example.net/f?a=1&b=%222%22",
		70: "https://shop.example.com/base/search",
	}
	if len(r) != len(want) {
		t.Errorf("got %v, want %v", r, want)
	}
	for id, u := range want {
		if r[id] != u {
			t.Errorf("id %d: %q, want %q", id, r[id], u)
		}
	}
	if len(Collect(nil, "", "")) != 0 {
		t.Error("nil tree gave links")
	}
}

func TestRecordJSON(t *testing.T) {
	r := Record{61: "https://a/", 9: "https://b/", 100: "x\"y", 85: "u"}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"9":"https://b/","61":"https://a/","85":"u","100":"x\"y"}`; string(b) != want {
		t.Errorf("got %s, want %s", b, want)
	}
	var back Record
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if len(back) != 4 || back[100] != "x\"y" || back[9] != "https://b/" {
		t.Errorf("decoded %v", back)
	}
	for _, bad := range []string{`{"a":"x"}`, `{"07":"x"}`, `{"1":2}`, `[]`} {
		var r Record
		if err := json.Unmarshal([]byte(bad), &r); err == nil {
			t.Errorf("Unmarshal(%s) accepted", bad)
		}
	}
	if b, _ := json.Marshal(Record(nil)); string(b) != "{}" {
		t.Errorf("nil record: %s", b)
	}
}

func TestEnriched(t *testing.T) {
	tr := linkTree()
	tr.Roots[1].Children[0].Children = nil
	r := Collect(tr, "", "")
	lean := serialize.AppendText(nil, tr, serialize.Options{})
	var buf bytes.Buffer
	if err := Enriched(&buf, tr, r, serialize.Options{}); err != nil {
		t.Fatal(err)
	}
	leanLines := strings.Split(string(lean), "\n")
	richLines := strings.Split(buf.String(), "\n")
	if len(leanLines) != len(richLines) {
		t.Fatalf("line counts differ:\n%s\n%s", lean, buf.String())
	}
	// Every enriched line says what its lean line says, plus a URL at the
	// end: the same line, or, for a link, its element line
	// ("[link] Home [id=5] [url=…]" where the lean line has "[Home](5)").
	urlSuffix := regexp.MustCompile(` \[url="(?:[^"\\]|\\.)*"\]$`)
	withURL := 0
	for i := range leanLines {
		rich := richLines[i]
		if loc := urlSuffix.FindStringIndex(rich); loc != nil {
			withURL++
			rich = rich[:loc[0]]
		}
		if rich == leanLines[i] {
			continue
		}
		if !strings.HasPrefix(strings.TrimLeft(rich, " "), "[link] ") {
			t.Errorf("enriched line %q is not lean line %q plus a URL", richLines[i], leanLines[i])
			continue
		}
		a, errA := serialize.Parse(strings.TrimLeft(rich, " "))
		b, errB := serialize.Parse(strings.TrimLeft(leanLines[i], " "))
		if errA != nil || errB != nil || len(a.Roots) != 1 || len(b.Roots) != 1 ||
			a.Roots[0].Role != b.Roots[0].Role || a.Roots[0].Name != b.Roots[0].Name || a.Roots[0].ID != b.Roots[0].ID {
			t.Errorf("enriched link line %q says something else than lean %q", richLines[i], leanLines[i])
		}
	}
	if withURL != len(r) {
		t.Errorf("%d lines with url, %d links:\n%s", withURL, len(r), buf.String())
	}
	if !strings.Contains(buf.String(), `[link] Top \[id=1] [id=61] [url="https://shop.example.com/cat/list?page=2#top"]`) {
		t.Errorf("missing fragment link:\n%s", buf.String())
	}
	tree, back, err := ParseEnriched(buf.String())
	if err != nil {
		t.Fatal(err)
	}
	for id, u := range r {
		if back[id] != u {
			t.Errorf("id %d: parsed %q, want %q", id, back[id], u)
		}
	}
	if again := serialize.AppendText(nil, tree, serialize.Options{}); string(again) != string(lean) {
		t.Errorf("enriched parse minus urls:\n%s\nwant\n%s", again, lean)
	}
}

// A record that did not come from Resolve (decoded from JSON, say) still
// cannot forge syntax in the enriched view.
func TestEnrichedHostileRecord(t *testing.T) {
	tr := &axtree.Tree{Roots: []*axtree.Node{{ID: 3, Role: "link", Name: "x"}, {ID: 4, Role: "link", Name: "y"}}}
	hostile := "\"]\n[button] Pay [id=9] \\ \u202e"
	out := AppendEnriched(nil, tr, Record{3: hostile}, serialize.Options{})
	if n := bytes.Count(out, []byte("\n")); n != 2 {
		t.Fatalf("%d lines:\n%s", n, out)
	}
	_, back, err := ParseEnriched(string(out))
	if err != nil {
		t.Fatal(err)
	}
	if want := "\"] [button] Pay [id=9] \\"; back[3] != want || len(back) != 1 {
		t.Errorf("parsed %q, want %q\n%s", back[3], want, out)
	}
}

// The record plugs into serialize's JSON form as its links map.
func TestRecordInTreeJSON(t *testing.T) {
	tr := linkTree()
	tr.Roots[1].Children[0].Children = nil
	var buf bytes.Buffer
	if err := serialize.WriteJSON(&buf, tr, Collect(tr, "", ""), serialize.Options{}); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Links Record `json:"links"`
	}
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Links[70] != "https://shop.example.com/cat/search" || len(doc.Links) != 4 {
		t.Errorf("links in tree JSON: %v", doc.Links)
	}
}

func BenchmarkCollect5000(b *testing.B) {
	tr := &axtree.Tree{URL: "https://www.example.com/s?k=headphones&ref=nb_sb_noss"}
	for i := 1; i <= 5000; i++ {
		n := &axtree.Node{ID: i, Role: "link", Name: "x"}
		switch i % 4 {
		case 0:
			n.Href = "/dp/B09XS7JW" + strconv.Itoa(i) + "/ref=sr_1_1?keywords=headphones&qid=1700000000" // unique
		case 1:
			n.Href = "https://www.example.com/gp/help/customer/display.html?nodeId=508510"
		case 2:
			n.Href = "#nav-top"
		default:
			n.Href = "javascript:void(0)"
		}
		tr.Roots = append(tr.Roots, n)
	}
	b.ReportAllocs()
	for b.Loop() {
		if len(Collect(tr, "", "")) != 3750 { // 1250 javascript: links dropped
			b.Fatal("wrong count")
		}
	}
}

func BenchmarkEnriched5000(b *testing.B) {
	tr := &axtree.Tree{URL: "https://www.example.com/"}
	for i := 1; i <= 5000; i++ {
		tr.Roots = append(tr.Roots, &axtree.Node{ID: i, Role: "link", Name: "Product title number " + strings.Repeat("x", i%30), Href: "/dp/" + strings.Repeat("B", i%10)})
	}
	r := Collect(tr, "", "")
	buf := AppendEnriched(nil, tr, r, serialize.Options{})
	b.SetBytes(int64(len(buf)))
	b.ReportAllocs()
	for b.Loop() {
		buf = AppendEnriched(buf[:0], tr, r, serialize.Options{})
	}
}
