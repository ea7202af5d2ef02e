package axtree_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/axtree/axtree/axtree"
)

// runs renders the tree's lines as the printer joins them: pieces of one
// inline run on one line, separated by " | ".
func runs(tr *axtree.Tree) []string {
	var out []string
	tr.Walk(func(n *axtree.Node, d int) bool {
		s := n.Name
		if n.Role != "" {
			s = n.Role + ":" + n.Name
		}
		if n.Joined && len(out) > 0 {
			out[len(out)-1] += " | " + s
		} else {
			out = append(out, strings.Repeat(".", d)+s)
		}
		return true
	})
	return out
}

// Prose with links reads as one line per paragraph: the text and the
// links between two block boundaries are one inline run.
func TestInlineRuns(t *testing.T) {
	got := runs(build(t, `<p>On August 3, <a href=/t>Donald Trump</a> stated that <a href=/ms>Microsoft</a>
could buy it.<sup><a href=#c1>[136]</a></sup></p><p>Next paragraph <a href=/x>x</a></p>`))
	assert.Equal(t, []string{
		"On August 3, | link:Donald Trump | stated that | link:Microsoft | could buy it. | link:[136]",
		"Next paragraph | link:x",
	}, got)

	// A block, a <br>, an inline-block box or a flex item ends the run.
	got = runs(build(t, `<div>a <a href=/1>one</a><br>b <a href=/2 style="display:inline-block">two</a> c</div>
<div style="display:flex"><a href=/3>three</a><a href=/4>four</a></div><div>d <a href=/5>five</a><div>e</div></div>`))
	assert.Equal(t, []string{"a | link:one", "b", "link:two", "c", "link:three", "link:four", "d | link:five", "e"}, got)

	// Links side by side with no text between them are one run too; an
	// element that is not a childless inline control breaks it (an image,
	// a button: inline-block).
	got = runs(build(t, `<p><a href=/h>Help</a> · <a href=/t>Terms</a> <img alt=Logo src=l.png> x <button>Go</button> after</p>`))
	assert.Equal(t, []string{"link:Help | · | link:Terms", "img:Logo", "x", "button:Go", "after"}, got)

	// A list item with nothing but one run gives way to it, as it does to
	// a single line: a reference list prints one line per reference.
	got = runs(build(t, `<ol><li><a href=#r1>^</a> Smith (2009). <a href=/p>"Tasman"</a>. Retrieved 2011.</li>
<li><a href=#r2>^</a> Jones.</li><li><b>Kept</b><ul><li>inner</li><li>two</li></ul></li></ol>`))
	assert.Equal(t, []string{
		"list:",
		".link:^ | Smith (2009). | link:\"Tasman\" | . Retrieved 2011.",
		".link:^ | Jones.",
		".listitem:", "..Kept", "..list:", "...inner", "...two",
	}, got)
}

// A line left out by the say-once rules takes no run with it: what
// followed it in its run does not join the line before.
func TestInlineRunsAfterDrop(t *testing.T) {
	got := runs(build(t, `<div><a href=/b>Badge</a></div><div>Badge <a href=/c>more</a> here</div>`))
	assert.Equal(t, []string{"link:Badge", "link:more | here"}, got)
}
