package bench

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"
)

func TestSVGIsValidAndDeterministic(t *testing.T) {
	pwc := &Count{O200k: 900}
	rows := []Row{
		{Page: "a<&>\"page", HTML: Count{O200k: 400000}, Text: Count{O200k: 8000}, Playwright: pwc, PlaywrightNoURL: pwc, Lean: Count{O200k: 300}, Enriched: Count{O200k: 500}, JSON: Count{O200k: 700}, LeanTabs: Count{O200k: 310}},
		{Page: "no-playwright", HTML: Count{O200k: 50}, Text: Count{O200k: 1}, Lean: Count{O200k: 20}},
	}
	var a, b bytes.Buffer
	if err := WriteSVG(&a, rows); err != nil {
		t.Fatal(err)
	}
	if err := WriteSVG(&b, rows); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two drawings of the same rows differ")
	}
	dec := xml.NewDecoder(bytes.NewReader(a.Bytes()))
	bars, titles := 0, []string{}
	inTitle := false
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("not valid XML: %v", err)
		}
		switch x := tok.(type) {
		case xml.StartElement:
			if x.Name.Local == "title" {
				bars++
				inTitle = true
			}
		case xml.CharData:
			if inTitle {
				titles = append(titles, string(x))
			}
		case xml.EndElement:
			inTitle = false
		}
	}
	// Row 1 has all 8 representations, row 2 only HTML, text and lean.
	if bars != 11 {
		t.Errorf("%d bars, want 11: %q", bars, titles)
	}
	if !strings.Contains(strings.Join(titles, "|"), `a<&>"page: raw HTML 400000`) {
		t.Errorf("titles %q lack the escaped page name with its HTML count", titles)
	}
}
