package mcp_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/axtree/axtree/mcp"
	"github.com/axtree/axtree/observe/sqlite"
)

// A server connected to a client in memory; the browser would start at the
// first tool call that needs a page.
func ExampleNew() {
	dir, _ := os.MkdirTemp("", "axtree-mcp-example-")
	defer os.RemoveAll(dir)
	store, err := sqlite.Open(filepath.Join(dir, "axtree.db"), sqlite.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer store.Close()
	srv, err := mcp.New(mcp.Options{Store: store})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer srv.Close()

	ctx := context.Background()
	serverSide, clientSide := sdk.NewInMemoryTransports()
	if _, err := srv.MCP().Connect(ctx, serverSide, nil); err != nil {
		fmt.Println(err)
		return
	}
	client := sdk.NewClient(&sdk.Implementation{Name: "example", Version: "v0"}, nil)
	cs, err := client.Connect(ctx, clientSide, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer cs.Close()
	res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "browser_navigate", Arguments: map[string]any{"url": "file:///etc/passwd"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.IsError, res.Content[0].(*sdk.TextContent).Text)
	// Output:
	// true refused to open "file:///etc/passwd": file: URLs would let a page read local files; the server allows them only when started with --allow-file-urls
}

// What an action answers: the lines that changed between two steps.
func ExampleDiffTrees() {
	before := "[textbox][editable] Email [id=4]\n[checkbox] Keep me posted [id=5]\n[Old offer](6)\n"
	after := "[textbox][editable] Email [id=4]\n[checkbox] Keep me posted [id=5]\nPlease confirm your email.\n[id=4] [value=\"ada@example.org\"]\n"
	d, err := mcp.DiffTrees([]byte(before), []byte(after))
	if err != nil {
		fmt.Println(err)
		return
	}
	os.Stdout.Write(mcp.AppendQuiet(nil, mcp.Step{Observation: "5f1c0e7a9b2d4c6e", Seq: 2}, d, mcp.QuietOptions{}))
	// Output:
	// step 2 · observation 5f1c0e7a
	// changed: [id=4] [value="ada@example.org"]
	// appeared: Please confirm your email.
	// gone: 6
}
