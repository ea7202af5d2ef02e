package mcp

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFileUpload: browser_file_upload puts files on a field by id, and
// answers the file chooser a click on the site's own button opened; the
// page's change handler reads the files. Paths outside the upload roots
// (also through a symbolic link), relative, missing or not regular files
// are refused.
func TestFileUpload(t *testing.T) {
	needChromium(t)
	web := site(t)
	root := t.TempDir()
	cv, letter := filepath.Join(root, "cv.txt"), filepath.Join(root, "letter.txt")
	require.NoError(t, os.WriteFile(cv, []byte("Ada, analyst"), 0o644))
	require.NoError(t, os.WriteFile(letter, []byte("Dear team"), 0o644))
	outside := filepath.Join(t.TempDir(), "secret.txt")
	require.NoError(t, os.WriteFile(outside, []byte("TOPSECRET"), 0o600))
	require.NoError(t, os.Symlink(outside, filepath.Join(root, "link.txt")))
	cs := connect(t, own(t, Options{UploadRoots: []string{root}}))

	nav := ok(t, cs, "browser_navigate", map[string]any{"url": web.URL + "/upload"})
	field := idOf(t, nav, `\[button\] CV`)
	res := ok(t, cs, "browser_file_upload", map[string]any{"id": field, "paths": []string{cv}})
	assert.Contains(t, res, "cv attached: cv.txt (12 bytes): Ada, analyst", "the page read the file")

	text, isErr := call(t, cs, "browser_file_upload", map[string]any{"paths": []string{letter}})
	assert.True(t, isErr)
	assert.Contains(t, text, "no file chooser is open")

	opened := ok(t, cs, "browser_click", map[string]any{"id": idOf(t, nav, `\[button\] Attach a cover letter`)})
	assert.Contains(t, opened, "file chooser: open for a file field that is not in the tree (one file)")
	for _, bad := range []struct{ path, want string }{
		{outside, "is outside the folders uploads may come from"},
		{filepath.Join(root, "link.txt"), "is outside the folders uploads may come from"},
		{"cv.txt", "give an absolute path"},
		{filepath.Join(root, "missing.txt"), "no such file"},
		{root, "is not a regular file"},
	} {
		text, isErr := call(t, cs, "browser_file_upload", map[string]any{"paths": []string{bad.path}})
		assert.True(t, isErr, bad.path)
		assert.Contains(t, text, bad.want, bad.path)
	}
	res = ok(t, cs, "browser_file_upload", map[string]any{"paths": []string{letter}})
	assert.Contains(t, res, "letter attached: letter.txt (9 bytes): Dear team")
	assert.NotContains(t, res, "file chooser: open", "answered")

	ok(t, cs, "browser_click", map[string]any{"id": idOf(t, nav, `\[button\] Attach a cover letter`)})
	res = ok(t, cs, "browser_file_upload", map[string]any{})
	assert.NotContains(t, res, "file chooser: open", "no paths cancels the chooser")
	snap := ok(t, cs, "browser_snapshot", map[string]any{})
	assert.Contains(t, snap, "letter attached: letter.txt", "a cancelled chooser changes nothing")
	assert.NotContains(t, snap, "TOPSECRET")
}

// The paths the model gives are checked before any page sees them: with no
// upload folder configured uploads are off (the working directory may be
// the user's home), and hidden files and folders inside a folder (.env,
// .ssh/…) are refused as if outside it.
func TestUploadPathsChecked(t *testing.T) {
	root := t.TempDir()
	cv := filepath.Join(root, "cv.txt")
	require.NoError(t, os.WriteFile(cv, []byte("Ada"), 0o644))
	env := filepath.Join(root, ".env")
	require.NoError(t, os.WriteFile(env, []byte("TOKEN=1"), 0o600))
	require.NoError(t, os.MkdirAll(filepath.Join(root, ".ssh"), 0o700))
	key := filepath.Join(root, ".ssh", "id_ed25519")
	require.NoError(t, os.WriteFile(key, []byte("KEY"), 0o600))
	require.NoError(t, os.Symlink(key, filepath.Join(root, "key.txt")))

	_, err := (&Server{}).checkUploads([]string{cv})
	assert.ErrorContains(t, err, "file uploads are off", "no folder given")

	s := &Server{opts: Options{UploadRoots: []string{root}}}
	got, err := s.checkUploads([]string{cv})
	require.NoError(t, err)
	real, err := filepath.EvalSymlinks(cv)
	require.NoError(t, err)
	assert.Equal(t, []string{real}, got)
	for _, bad := range []string{env, key, filepath.Join(root, "key.txt"), filepath.Join(root, "sub", "..", ".env")} {
		_, err := s.checkUploads([]string{bad})
		assert.ErrorContains(t, err, "is outside the folders uploads may come from", bad)
	}
}
