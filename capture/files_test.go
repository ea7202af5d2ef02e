package capture

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// filesPage has a visible file field, a multiple one, and a hidden one
// behind a button of the site's own (input.click()); each change handler
// writes what the page read of the files: name, size and content.
const filesPage = `<!doctype html><title>Upload</title>
<label>CV <input type=file id=cv></label>
<label>Photos <input type=file id=photos multiple></label>
<button id=pick>Attach a document</button><input type=file id=hidden style="display:none">
<p>Plain <input type=text id=plain aria-label=Plain></p>
<p id=out>none</p>
<script>
function show(el) {
  el.addEventListener('change', async function () {
    const parts = [];
    for (const f of el.files) parts.push(f.name + ':' + f.size + ':' + (await f.text()).trim());
    document.getElementById('out').textContent = el.id + ' got ' + (parts.join(', ') || 'nothing');
  });
}
['cv', 'photos', 'hidden'].forEach(id => show(document.getElementById(id)));
document.getElementById('pick').addEventListener('click', () => document.getElementById('hidden').click());
</script>`

func writeFiles(t *testing.T) (dir string, a, b string) {
	t.Helper()
	dir = t.TempDir()
	a, b = filepath.Join(dir, "cv.txt"), filepath.Join(dir, "photo.txt")
	require.NoError(t, os.WriteFile(a, []byte("curriculum"), 0o644))
	require.NoError(t, os.WriteFile(b, []byte("a photo"), 0o644))
	return dir, a, b
}

// SetFiles puts files on the file field behind a tree id; the page's own
// change handler reads them.
func TestSetFiles(t *testing.T) {
	p := newPage(t)
	srv := serve(t, map[string]string{"/": filesPage})
	dir, a, b := writeFiles(t)
	ctx := context.Background()
	s := load(t, p, srv.URL+"/")
	cv := idOf(lineWith(s, "CV"))
	require.NotZero(t, cv, "%s", s.Result.Text())
	require.NoError(t, p.SetFiles(ctx, cv, []string{a}))
	s = recapture(t, p)
	assert.NotEmpty(t, lineWith(s, "cv got cv.txt:10:curriculum"), "%s", s.Result.Text())

	photos := idOf(lineWith(s, "Photos"))
	require.NoError(t, p.SetFiles(ctx, photos, []string{a, b}))
	s = recapture(t, p)
	assert.NotEmpty(t, lineWith(s, "photos got cv.txt:10:curriculum, photo.txt:7:a photo"), "%s", s.Result.Text())

	// What is refused, with the reason.
	s = recapture(t, p)
	cv = idOf(lineWith(s, "CV"))
	err := p.SetFiles(ctx, cv, []string{a, b})
	assert.ErrorContains(t, err, "takes one file, and 2 were given")
	assert.ErrorIs(t, p.SetFiles(ctx, cv, []string{filepath.Join(dir, "missing.txt")}), os.ErrNotExist)
	assert.ErrorContains(t, p.SetFiles(ctx, cv, []string{dir}), "not a regular file")
	assert.ErrorContains(t, p.SetFiles(ctx, idOf(lineWith(s, "[textbox]", "Plain")), []string{a}), "not a file field (input type=text)", "%s", s.Result.Text())
	assert.ErrorIs(t, p.SetFiles(ctx, 9999, []string{a}), ErrNoElement)
	assert.NotEmpty(t, lineWith(recapture(t, p), "photos got"), "nothing refused reached the page")
}

// A click on the site's own button opens the chooser of a hidden file
// field (not in the tree): FileChooser reports it and SetChooserFiles
// answers it; with no chooser open it is an error.
func TestFileChooser(t *testing.T) {
	p := newPage(t)
	srv := serve(t, map[string]string{"/": filesPage})
	_, a, b := writeFiles(t)
	ctx := context.Background()
	s := load(t, p, srv.URL+"/")
	assert.Nil(t, p.FileChooser(ctx))
	assert.ErrorIs(t, p.SetChooserFiles(ctx, []string{a}), ErrNoChooser)

	require.NoError(t, p.Act(ctx, idOf(lineWith(s, "[button] Attach a document")), Click, ""))
	fc := p.FileChooser(ctx)
	require.NotNil(t, fc, "the click opened a chooser")
	assert.False(t, fc.Multiple)
	assert.Zero(t, s.TreeID(fc.CaptureID), "the hidden field is not in the tree")
	assert.ErrorContains(t, p.SetChooserFiles(ctx, []string{a, b}), "takes one file")
	require.NoError(t, p.Act(ctx, idOf(lineWith(s, "[button] Attach a document")), Click, ""))
	require.NoError(t, p.SetChooserFiles(ctx, []string{b}))
	assert.Nil(t, p.FileChooser(ctx), "answered")
	s = recapture(t, p)
	assert.NotEmpty(t, lineWith(s, "hidden got photo.txt:7:a photo"), "%s", s.Result.Text())

	// A click on a visible field opens its chooser, which knows its id.
	photos := idOf(lineWith(s, "Photos"))
	require.NoError(t, p.Act(ctx, photos, Click, ""))
	fc = p.FileChooser(ctx)
	require.NotNil(t, fc)
	assert.True(t, fc.Multiple)
	assert.Equal(t, photos, s.TreeID(fc.CaptureID))
	require.NoError(t, p.SetChooserFiles(ctx, nil), "no files cancels it")
	assert.Nil(t, p.FileChooser(ctx))
	require.NoError(t, p.Act(ctx, photos, Click, ""), "a chooser opens again after a cancel")
	require.NotNil(t, p.FileChooser(ctx))
	require.NoError(t, p.SetChooserFiles(ctx, []string{a, b}))
	assert.NotEmpty(t, lineWith(recapture(t, p), "photos got cv.txt:10:curriculum, photo.txt:7:a photo"))
}
