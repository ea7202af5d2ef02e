package runtime

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/internal/shared"
	"github.com/axtree/axtree/runtime/subroutine"
	"github.com/axtree/axtree/runtime/testsite"
)

// BenchmarkReplayRow replays the chat site's send over 50 rows, one at a
// time in one tab, and reports the median time of one row in the page
// (ms/row, the body's run: CSRF read, the site's signing fetch, the answer).
func BenchmarkReplayRow(b *testing.B) {
	c, err := testsite.StartChat(testsite.ChatOptions{})
	require.NoError(b, err)
	defer c.Close()
	s, err := browser(b).NewSession(context.Background(), SessionOptions{})
	require.NoError(b, err)
	defer s.Close()
	loginB(b, s, c)
	sub := sendSubB(b, c.URL())
	var csv strings.Builder
	csv.WriteString("recipient,text\n")
	for i := 0; i < 50; i++ {
		fmt.Fprintf(&csv, "user%d,\"hello %d\"\n", i, i)
	}
	rows, err := subroutine.ReadRows(strings.NewReader(csv.String()), subroutine.FormatCSV, sub)
	require.NoError(b, err)
	var med float64
	for b.Loop() {
		res, err := browser(b).Replay(context.Background(), sub, rows, ReplayOptions{Concurrency: 1})
		require.NoError(b, err)
		var ms []float64
		for _, r := range res {
			require.Equal(b, RowOK, r.Outcome, r.Error)
			ms = append(ms, r.MS)
		}
		sort.Float64s(ms)
		med = (ms[24] + ms[25]) / 2
	}
	b.ReportMetric(med, "median-ms/row")
	b.ReportMetric(0, "ns/op")
}

// BenchmarkFindAmazon is one in-page ax.find({role: "button", name: "Go"}) on the Amazon corpus page: a
// capture of the live page, the Go render, Tree.Find, the element pinned.
func BenchmarkFindAmazon(b *testing.B) {
	dir := shared.Path(b, "corpus", "pages")
	s, err := browser(b).NewSession(context.Background(), SessionOptions{})
	require.NoError(b, err)
	defer s.Close()
	_, _, err = s.Page().LoadFile(context.Background(), filepath.Join(dir, "amazon-de-search.html"))
	require.NoError(b, err)
	for b.Loop() {
		r, err := s.Run(context.Background(), `return (await ax.find({role: "button", name: "Go"})) !== null;`, nil)
		require.NoError(b, err)
		require.Empty(b, r.Error)
		require.Equal(b, "true", string(r.Result))
	}
}

// BenchmarkCaptureAmazon is a plain capture of the same page, for the
// ratio: find = capture + render + Tree.Find + the channel.
func BenchmarkCaptureAmazon(b *testing.B) {
	dir := shared.Path(b, "corpus", "pages")
	s, err := browser(b).NewSession(context.Background(), SessionOptions{})
	require.NoError(b, err)
	defer s.Close()
	_, _, err = s.Page().LoadFile(context.Background(), filepath.Join(dir, "amazon-de-search.html"))
	require.NoError(b, err)
	for b.Loop() {
		_, err := s.Page().Capture(context.Background())
		require.NoError(b, err)
	}
}
