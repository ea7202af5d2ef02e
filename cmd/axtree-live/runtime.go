package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/signal"
	"time"

	"github.com/axtree/axtree/capture"
	"github.com/axtree/axtree/internal/cli"
	"github.com/axtree/axtree/runtime"
	"github.com/axtree/axtree/runtime/subroutine"
)

// browserFlags are the flags every runtime command shares.
type browserFlags struct {
	chromium, remote string
	timeout          time.Duration
	callTimeout      time.Duration
}

func (b *browserFlags) declare(f *cli.Flags, what string) {
	b.timeout, b.callTimeout = 60*time.Second, 20*time.Second
	f.Duration(&b.timeout, "timeout", "time limit of "+what)
	f.Duration(&b.callTimeout, "call-timeout", "time limit of one helper call (a find, a click, a request)")
	f.String(&b.chromium, "chromium", "PATH", "the Chromium executable (default: $AXTREE_CHROMIUM, /usr/bin/chromium, or chromium on PATH)")
	f.String(&b.remote, "remote", "WS-URL", "attach to a running browser's DevTools websocket URL (your own Chrome, started with --remote-debugging-port) instead of starting one")
}

func (b *browserFlags) check() error {
	if b.timeout <= 0 || b.callTimeout <= 0 {
		return cli.Usagef("--timeout and --call-timeout must be positive")
	}
	return nil
}

func (b *browserFlags) start(ctx context.Context, e *cli.Env, record bool) (*runtime.Browser, error) {
	rb, err := runtime.Start(ctx, runtime.Options{Record: record, Capture: capture.Options{
		ExecPath: b.chromium, RemoteURL: b.remote,
		NavTimeout: min(b.timeout, 60*time.Second), CollectTimeout: b.callTimeout, ActTimeout: b.callTimeout,
	}})
	if err != nil {
		return nil, err
	}
	for _, w := range rb.Capture().Warnings() {
		e.Warnf("%s", w)
	}
	return rb, nil
}

func (b *browserFlags) session() runtime.SessionOptions {
	return runtime.SessionOptions{ProgramTimeout: b.timeout, CallTimeout: b.callTimeout}
}

func execCommand() *cli.Command {
	var (
		url, paramsFile string
		bf              browserFlags
	)
	return &cli.Command{
		Name: "exec", Args: "PROGRAM.js|-",
		Summary: "run a program inside a page and print its result and helper calls",
		Doc: `Opens --url in Chromium, then runs PROGRAM.js in the page as the body of
an async function whose arguments are the keys of --params (a JSON object)
and ax, the helper namespace (find, findAll, waitFor, click, type, select,
check, press, observe, request, requestJson, getCsrfToken, act). The values
are passed as arguments, never spliced into the source. Prints one JSON
object: result (the program's return value), calls (every helper call: the
target as written, what it resolved to, its result or error, its time) and
error (why the program ended early, or absent). Exit status 1 when the
program failed.`,
		Flags: func(f *cli.Flags) {
			f.String(&url, "url", "URL", "the page to run the program in (required)")
			f.String(&paramsFile, "params", "FILE", "the program's parameters: a JSON object (default: none)")
			bf.declare(f, "the program")
		},
		MinArgs: 1, MaxArgs: 1,
		Run: func(e *cli.Env, args []string) error {
			if url == "" {
				return cli.Usagef("--url is required")
			}
			if err := bf.check(); err != nil {
				return err
			}
			page, err := pageURL(url)
			if err != nil {
				return err
			}
			prog, err := e.ReadFile(args[0], subroutine.MaxBodyBytes)
			if err != nil {
				return err
			}
			params := map[string]any{}
			if paramsFile != "" {
				b, err := e.ReadFile(paramsFile, 64<<20)
				if err != nil {
					return err
				}
				d := json.NewDecoder(bytes.NewReader(b))
				d.UseNumber()
				if err := d.Decode(&params); err != nil || params == nil {
					return fmt.Errorf("%s: the parameters must be one JSON object: %v", paramsFile, err)
				}
			}
			ctx, cancel := context.WithTimeout(context.Background(), bf.timeout+time.Minute)
			defer cancel()
			p := e.Progress()
			defer p.Done()
			p.Say("starting Chromium")
			b, err := bf.start(ctx, e, false)
			if err != nil {
				return err
			}
			defer b.Close()
			s, err := b.NewSession(ctx, bf.session())
			if err != nil {
				return err
			}
			defer s.Close()
			p.Say("loading %s", page)
			if _, err := s.Open(ctx, page); err != nil {
				return fmt.Errorf("%s: %v", url, cli.Message(err))
			}
			p.Say("running %s", args[0])
			run, err := s.Run(ctx, string(prog), params)
			p.Done()
			if err != nil {
				return err
			}
			out, err := json.MarshalIndent(run, "", "  ")
			if err != nil {
				return err
			}
			fmt.Fprintf(e.Stdout, "%s\n", out)
			if run.Error != "" {
				return cli.Status(1)
			}
			return nil
		},
	}
}

func recordCommand() *cli.Command {
	var (
		harFile, actionsFile string
		duration             time.Duration
		bf                   browserFlags
	)
	return &cli.Command{
		Name: "record", Args: "URL",
		Summary: "record a task done in a page: HAR 1.2 and the DOM action timeline",
		Doc: `Opens URL and records until you press Enter (or --duration passes, or
standard input ends): every request of the page (fetch, XMLHttpRequest and
sendBeacon from inside the page, below any wrapper the site adds, with
their bodies; navigations, form posts and the rest from the DevTools
Network domain) and every DOM action (click, typing, choice, submit, key)
with its tree id, role, name and value. Writes --har (HAR 1.2) and
--actions (the timeline axtree rank and axtree subroutine make read).
Session cookies, credential headers and password fields are written as
"[redacted by axtree record]"; CSRF cookies are kept (make needs them).
Without --remote the browser is headless and nobody can act in it: to
record yourself, start Chrome with --remote-debugging-port=9222 and pass
--remote with its websocket URL.`,
		Flags: func(f *cli.Flags) {
			f.String(&harFile, "har", "FILE", "where to write the HAR (required)")
			f.String(&actionsFile, "actions", "FILE", "where to write the action timeline (required)")
			f.Duration(&duration, "duration", "stop after this long (default: when you press Enter)")
			bf.declare(f, "loading the page")
		},
		MinArgs: 1, MaxArgs: 1,
		Run: func(e *cli.Env, args []string) error {
			if harFile == "" || actionsFile == "" {
				return cli.Usagef("--har and --actions are required")
			}
			if err := bf.check(); err != nil {
				return err
			}
			page, err := pageURL(args[0])
			if err != nil {
				return err
			}
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
			defer stop()
			b, err := bf.start(ctx, e, true)
			if err != nil {
				return err
			}
			defer b.Close()
			s, err := b.NewSession(ctx, bf.session())
			if err != nil {
				return err
			}
			defer s.Close()
			rec, err := s.Record(ctx)
			if err != nil {
				return err
			}
			if _, err := s.Open(ctx, page); err != nil {
				return fmt.Errorf("%s: %v", args[0], cli.Message(err))
			}
			if duration > 0 {
				e.Notef("recording %s for %v", page, duration)
				select {
				case <-time.After(duration):
				case <-ctx.Done():
				}
			} else {
				e.Notef("recording %s: do the task, then press Enter", page)
				line := make(chan struct{})
				go func() {
					bufio.NewReader(e.Stdin).ReadString('\n')
					close(line)
				}()
				select {
				case <-line:
				case <-ctx.Done():
				}
			}
			out, err := rec.Stop()
			if err != nil {
				return err
			}
			for _, w := range out.Warnings {
				e.Warnf("%s", w)
			}
			if err := e.WriteOutput(harFile, out.HAR); err != nil {
				return err
			}
			if err := e.WriteOutput(actionsFile, append(out.Actions, '\n')); err != nil {
				return err
			}
			e.Notef("%d requests to %s, %d actions to %s", out.Entries, harFile, out.Steps, actionsFile)
			return nil
		},
	}
}

func subroutineCommand() *cli.Command {
	return &cli.Command{
		Name:    "subroutine",
		Summary: "make a Subroutine from a recording, or run one over rows",
		Sub:     []*cli.Command{subroutineMake(), subroutineRun()},
	}
}

func subroutineMake() *cli.Command {
	var harFile, actionsFile, name, outFile string
	outFile = "-"
	return &cli.Command{
		Name: "make", Summary: "write a Subroutine from a HAR and its action timeline",
		Doc: `Ranks the recording's requests (as axtree rank does) and writes a
Subroutine file: for a network plan, the top request templated (the values
the user typed become parameters wherever they occur in the URL, query or
body; the CSRF token read at run time with getCsrfToken; replay-hostile,
per-request and browser-set headers left out; credentials never written);
when the circuit breaker trips (a persisted-query hash or another volatile
id), a DOM plan of find/type/click steps on the recorded semantic targets.
Why, and what was left out, goes to standard error.`,
		Flags: func(f *cli.Flags) {
			f.String(&harFile, "har", "FILE", "the recorded HAR (required)")
			f.String(&actionsFile, "actions", "FILE", "the recorded action timeline (required)")
			f.String(&name, "name", "NAME", "the Subroutine's name (default: from the last click)")
			f.String(&outFile, "out", "FILE", "where to write it (\"-\": standard output)")
		},
		MinArgs: 0, MaxArgs: 0,
		Run: func(e *cli.Env, args []string) error {
			if harFile == "" || actionsFile == "" {
				return cli.Usagef("--har and --actions are required")
			}
			har, err := e.ReadFile(harFile, 512<<20)
			if err != nil {
				return err
			}
			acts, err := e.ReadFile(actionsFile, 64<<20)
			if err != nil {
				return err
			}
			m, err := subroutine.Make(har, acts, subroutine.MakeOptions{Name: name})
			if err != nil {
				return err
			}
			b, err := m.Subroutine.Encode()
			if err != nil {
				return err
			}
			e.Notef("plan %s: %s", m.Subroutine.Plan, m.Reason)
			if len(m.Omitted) > 0 {
				e.Notef("headers left out: %v", m.Omitted)
			}
			for _, w := range m.Warnings {
				e.Warnf("%s", w)
			}
			return e.WriteOutput(outFile, b)
		},
	}
}

func subroutineRun() *cli.Command {
	var (
		rowsFile    string
		concurrency = 4
		bf          browserFlags
	)
	return &cli.Command{
		Name: "run", Args: "SUB.json",
		Summary: "run a Subroutine once per row of a CSV or JSONL file",
		Doc: `Opens the Subroutine's page (in a headless Chromium, or in your own
browser with --remote, where your session is) and runs its body once per
row, inside the page, --concurrency rows at a time. A CSV file has a header
naming every parameter; a JSONL file one JSON object per line. Values are
type-checked against the parameters; a row that does not fit is reported,
not run. Prints one JSON line per row, in row order: {"row", "line",
"outcome" (ok, error, invalid, skipped), "result" or "error", "ms"}. Exit
status 1 when any row did not succeed.`,
		Flags: func(f *cli.Flags) {
			f.String(&rowsFile, "rows", "FILE", "the rows: a .csv or .jsonl (.ndjson) file (required)")
			f.Int(&concurrency, "concurrency", "N", "how many rows run at once")
			bf.declare(f, "one row")
		},
		MinArgs: 1, MaxArgs: 1,
		Run: func(e *cli.Env, args []string) error {
			if rowsFile == "" {
				return cli.Usagef("--rows is required")
			}
			format := subroutine.FormatOf(rowsFile)
			if format == "" {
				return cli.Usagef("--rows %s: want a .csv, .jsonl or .ndjson file", rowsFile)
			}
			if concurrency < 1 || concurrency > 64 {
				return cli.Usagef("--concurrency must be 1..64, not %d", concurrency)
			}
			if err := bf.check(); err != nil {
				return err
			}
			data, err := e.ReadFile(args[0], subroutine.MaxFileBytes)
			if err != nil {
				return err
			}
			sub, err := subroutine.Decode(data)
			if err != nil {
				return fmt.Errorf("%s: %v", args[0], err)
			}
			raw, err := e.ReadFile(rowsFile, 1<<30)
			if err != nil {
				return err
			}
			rows, err := subroutine.ReadRows(bytes.NewReader(raw), format, sub)
			if err != nil {
				return fmt.Errorf("%s: %v", rowsFile, err)
			}
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
			defer stop()
			b, err := bf.start(ctx, e, false)
			if err != nil {
				return err
			}
			defer b.Close()
			failed := 0
			w := bufio.NewWriter(e.Stdout)
			defer w.Flush()
			_, err = b.Replay(ctx, sub, rows, runtime.ReplayOptions{Concurrency: concurrency, Session: bf.session(), OnRow: func(r runtime.RowResult) {
				if r.Outcome != runtime.RowOK {
					failed++
				}
				fmt.Fprintln(w, r.String())
				w.Flush()
			}})
			if err != nil {
				return err
			}
			if failed > 0 {
				w.Flush()
				e.Warnf("%d of %d rows did not succeed", failed, len(rows))
				return cli.Status(1)
			}
			return nil
		},
	}
}
