package runtime_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/axtree/axtree/runtime"
	"github.com/axtree/axtree/runtime/subroutine"
)

// A program runs in the page with its parameters as arguments and ax.
// (Compiled, not run by go test: it needs Chromium; the live tests run
// the same calls.)
func ExampleSession_Run() {
	ctx := context.Background()
	b, err := runtime.Start(ctx, runtime.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer b.Close()
	s, err := b.NewSession(ctx, runtime.SessionOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()
	if _, err := s.Open(ctx, "https://example.org/"); err != nil {
		fmt.Println(err)
		return
	}
	run, err := s.Run(ctx, `
		const link = await ax.find({role: "link", name: /more/i});
		if (!link) return ax.candidates;
		await ax.click(link);
		return (await ax.observe()).url;`, map[string]any{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(string(run.Result), run.Error, len(run.Calls))
}

// Replay runs a Subroutine once per row, in the page of its origin.
func ExampleBrowser_Replay() {
	ctx := context.Background()
	data, err := os.ReadFile("send_message.json")
	if err != nil {
		fmt.Println(err)
		return
	}
	sub, err := subroutine.Decode(data)
	if err != nil {
		fmt.Println(err)
		return
	}
	rows, err := subroutine.ReadRows(strings.NewReader("recipient,text\nada,hello\n"), subroutine.FormatCSV, sub)
	if err != nil {
		fmt.Println(err)
		return
	}
	b, err := runtime.Start(ctx, runtime.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer b.Close()
	_, _ = b.Replay(ctx, sub, rows, runtime.ReplayOptions{Concurrency: 2, OnRow: func(r runtime.RowResult) { fmt.Println(r) }})
}
