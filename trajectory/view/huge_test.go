package view_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/trajectory"
	"github.com/axtree/axtree/trajectory/view"
)

// TestViewerHugeRun: a 100 MB trajectory is within Decode's bound
// (trajectory.DefaultMaxBytes, 256 MiB) and its viewer works: it opens,
// and the last step's target is highlighted, with only the lines in view
// in the page.
func TestViewerHugeRun(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping the 100 MB trajectory")
	}
	browser(t) // skip early without Chromium
	b, err := trajectory.Marshal(hugeRun(t, 100<<20))
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(b), 100<<20)
	run, err := trajectory.Unmarshal(b, trajectory.Options{})
	require.NoError(t, err)
	b = nil
	page, err := view.HTML(run)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "viewer.html")
	require.NoError(t, os.WriteFile(path, page, 0o644))
	page = nil
	v := openFile(t, path)
	last := len(run.Steps) - 1
	v.click(fmt.Sprintf(`.step[data-step="%d"] .resolved .idlink`, last))
	v.wait(fmt.Sprintf(`document.querySelector(".step.sel").dataset.step === "%d" && document.querySelector("#tree .row.hl") !== null`, last))
	res := run.Steps[last].Actions[0].Resolved
	_, want := lineOf(t, obsOf(run, last).Text, res.ID)
	h := v.highlighted()
	assert.Equal(t, want, h.Text)
	assert.True(t, h.InView)
	var rows int
	v.eval(`document.querySelectorAll("#tree .row").length`, &rows)
	assert.Less(t, rows, 200)
	assert.Empty(t, v.p.ConsoleErrors())
}
