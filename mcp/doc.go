// Package mcp is axtree's Model Context Protocol server: any agent that
// speaks MCP drives a real browser through axtree's numbered tree, on the
// official Go SDK (github.com/modelcontextprotocol/go-sdk; this package is
// its only importer).
//
// A Server owns one Chromium, launched on first use or attached to
// (capture.Options.RemoteURL), and gives every client session its own
// tabs. Its tools are named as Playwright MCP names them where they do the
// same job (browser_navigate, browser_snapshot, browser_click, ...), with
// id the number in the tree; axtree's own (browser_find, browser_check,
// browser_scroll_into_view, browser_run_program, one tool per Subroutine)
// follow the same style. README.md lists
// them with their JSON schemas.
//
// # Quiet answers
//
// An action answers with what changed, not the page: the step's
// observation id, the navigation and dialogs, the lines whose id is new or
// whose text changed (typed values and checked boxes included), and the ids
// that went away, each list bounded (DiffTrees, AppendQuiet). The full
// tree comes only from browser_snapshot, or when no element of the page
// before is left (a new site). Ids are stable across a session
// (observe.Stabilize): an element that is still there keeps its number,
// and an id the model read steps ago still names the same element or is
// reported as gone.
//
// # Budgets
//
// browser_snapshot's max_tokens fits the tree with package budget, counted
// with package tokens (the benchmarks' tokenizer): operable elements and
// their ids are never dropped.
//
// # Records
//
// Every step is stored as an observation in the Store (observe.Recorder),
// numbered against the tab's previous step, and every tool call is a step
// of the session's trajectory (package trajectory), written to
// Options.Trajectories, so a person can open any agent session in the
// viewer afterwards.
package mcp
