package runtime

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/internal/shared"
	"github.com/axtree/axtree/runtime/testsite"
)

// jsTarget is a target as a program writes it; re is a RegExp source.
type jsTarget struct {
	Role   string    `json:"role,omitempty"`
	Name   *string   `json:"name,omitempty"`
	Re     string    `json:"re,omitempty"`
	Flags  string    `json:"flags,omitempty"`
	Exact  *bool     `json:"exact,omitempty"`
	Within *jsTarget `json:"within,omitempty"`
}

func (j jsTarget) goTarget() axtree.Target {
	t := axtree.Target{Role: j.Role}
	switch {
	case j.Re != "":
		pat := j.Re
		if j.Flags != "" {
			pat = "(?" + j.Flags + ")" + pat
		}
		t.Re = regexp.MustCompile(pat)
	case j.Name != nil:
		t.Name = *j.Name
	}
	if j.Exact != nil && !*j.Exact {
		t.Mode = axtree.MatchSubstring
	}
	if j.Within != nil {
		w := j.Within.goTarget()
		t.Within = &w
	}
	return t
}

// findProgram runs findAll for every target and returns the ids.
const findProgram = `
const out = [];
function conv(t) {
  const o = {role: t.role};
  if (t.re) o.name = new RegExp(t.re, t.flags || "");
  else if (t.name !== undefined) o.name = t.name;
  if (t.exact !== undefined) o.exact = t.exact;
  if (t.within) o.within = conv(t.within);
  return o;
}
for (const t of targets) out.push((await ax.findAll(conv(t))).map(h => h.id));
return out;`

// targetsOf draws targets from a tree: every element's role and exact
// name, and for every third a regexp of its name's first word, a
// case-insensitive substring, or the role alone; limit caps them.
func targetsOf(tree *axtree.Tree, every, limit int) []jsTarget {
	var out []jsTarget
	i := 0
	var within *jsTarget
	tree.Walk(func(n *axtree.Node, _ int) bool {
		if n.Role == "" || len(out) >= limit {
			return len(out) < limit
		}
		i++
		if i%every != 0 {
			return true
		}
		name := n.Name
		t := jsTarget{Role: n.Role, Name: &name}
		switch i % 5 {
		case 1:
			if w := strings.Fields(name); len(w) > 0 && utf8.RuneCountInString(w[0]) > 1 {
				t = jsTarget{Role: n.Role, Re: "^" + regexp.QuoteMeta(w[0]), Flags: "i"}
			}
		case 2:
			if r := []rune(name); len(r) > 3 {
				sub, f := strings.ToUpper(string(r[1:len(r)-1])), false
				t = jsTarget{Role: n.Role, Name: &sub, Exact: &f}
			}
		case 3:
			t = jsTarget{Role: n.Role}
		case 4:
			if within != nil && name != "" {
				t.Within = within
			}
		}
		if (n.Role == "main" || n.Role == "form" || n.Role == "search" || n.Role == "navigation") && n.Name != "" {
			w := jsTarget{Role: n.Role}
			within = &w
		}
		out = append(out, t)
		return true
	})
	return out
}

// agree runs the targets in the page and compares with Tree.Find on the
// session's latest capture (the page does not change between them).
func agree(t *testing.T, s *Session, page string, targets []jsTarget) int {
	t.Helper()
	snap := s.Page().Last()
	require.NotNil(t, snap)
	var got [][]int
	r, err := s.Run(context.Background(), findProgram, map[string]any{"targets": targets})
	require.NoError(t, err)
	require.Empty(t, r.Error, "%s", page)
	require.NoError(t, json.Unmarshal(r.Result, &got))
	require.Len(t, got, len(targets))
	tree := snap.Result.Tree
	for i, tg := range targets {
		want := []int{}
		for _, m := range tree.Find(tg.goTarget()).Matches {
			want = append(want, m.ID)
		}
		b, _ := json.Marshal(tg)
		assert.Equal(t, want, got[i], "%s: target %s", page, b)
	}
	return len(targets)
}

func TestFindAgreesTestPages(t *testing.T) {
	f, err := testsite.StartForms()
	require.NoError(t, err)
	t.Cleanup(f.Close)
	g, err := testsite.StartGraphQL()
	require.NoError(t, err)
	t.Cleanup(g.Close)
	c, err := testsite.StartChat(testsite.ChatOptions{})
	require.NoError(t, err)
	t.Cleanup(c.Close)
	s := session(t, SessionOptions{})
	ctx := context.Background()
	n := 0
	for _, u := range []string{f.URL() + "/order", f.URL() + "/react", f.URL() + "/editor", f.URL() + "/date", g.URL() + "/app", c.URL() + "/login"} {
		_, err := s.Open(ctx, u)
		require.NoError(t, err)
		n += agree(t, s, u, targetsOf(s.Page().Last().Result.Tree, 1, 1000))
	}
	login(t, s, c)
	_, err = s.Open(ctx, c.URL()+"/app")
	require.NoError(t, err)
	n += agree(t, s, "chat /app", targetsOf(s.Page().Last().Result.Tree, 1, 1000))
	// A target within a found element and a miss agree too.
	_, err = s.Open(ctx, f.URL()+"/order")
	require.NoError(t, err)
	var ids []int
	runJSON(t, s, `const s = await ax.find({role: "search"}); return (await ax.findAll({role: "button", within: s})).map(h => h.id);`, nil, &ids)
	want := s.Page().Last().Result.Tree.Find(axtree.Target{Role: "button", Within: &axtree.Target{Role: "search"}})
	require.Len(t, want.Matches, 1)
	assert.Equal(t, []int{want.Matches[0].ID}, ids)
	t.Logf("%d targets agree on the test pages", n)
	assert.Greater(t, n, 40)
}

// 100 targets drawn from the corpus pages, loaded through the adapter's
// local-file path.
func TestFindAgreesCorpus(t *testing.T) {
	pages := shared.Pages(t)
	s := session(t, SessionOptions{})
	ctx := context.Background()
	dir := shared.Path(t, "corpus", "pages")
	total := 0
	// The small pages give most targets; the big ones a few each.
	for _, name := range pages {
		if total >= 100 {
			break
		}
		per := 8
		if strings.HasPrefix(name, "amazon") || strings.HasPrefix(name, "ebay") || strings.HasPrefix(name, "wikipedia") || strings.HasPrefix(name, "guardian") {
			per = 4
		}
		snap, _, err := s.Page().LoadFile(ctx, filepath.Join(dir, name+".html"))
		require.NoError(t, err, name)
		ids := snap.Result.Tree.IDs()
		every := len(ids)/per + 1
		tg := targetsOf(snap.Result.Tree, every, min(per, 100-total))
		if len(tg) == 0 {
			continue
		}
		total += agree(t, s, name, tg)
	}
	t.Logf("%d corpus targets agree", total)
	assert.Equal(t, 100, total, fmt.Sprintf("drew %d targets", total))
}
