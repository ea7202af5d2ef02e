package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

const loadUsage = `usage: axtreed load -page FILE [flags]

Measures an axtreed under load: starts one (this binary, as a child
process, on a loopback port, access log off) on -db, posts -page from
-clients concurrent clients until -requests posts are answered, each client
into a run of its own (an agent posting the same page state again and
again), and prints requests/s, p50 and p99 latency, the share answered 200
and the server's peak RSS (VmHWM of its process). It sends traffic to
127.0.0.1 only and stops the server at the end.

flags:
`

// runLoad implements `axtreed load`.
func runLoad(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("axtreed load", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, loadUsage); fs.PrintDefaults() }
	db := fs.String("db", "", "store the server uses: a SQLite file (default: a temp file) or a postgres:// URL")
	page := fs.String("page", "", "HTML page to post (required)")
	clients := fs.Int("clients", 32, "concurrent clients")
	requests := fs.Int("requests", 1000, "posts in all")
	concurrency := fs.Int("concurrency", 0, "the server's -concurrency (0: its default)")
	name := fs.String("name", "", "label of the result line (default: the page's file name)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if *page == "" || fs.NArg() > 0 || *clients < 1 || *requests < 1 {
		fmt.Fprint(stderr, "axtreed load: -page is required; -clients and -requests must be positive\n")
		fs.Usage()
		return 2
	}
	body, err := os.ReadFile(*page)
	if err != nil {
		fmt.Fprintf(stderr, "axtreed load: %v\n", err)
		return 1
	}
	if *db == "" {
		dir, err := os.MkdirTemp("", "axtreed-load")
		if err != nil {
			fmt.Fprintf(stderr, "axtreed load: %v\n", err)
			return 1
		}
		defer os.RemoveAll(dir)
		*db = dir + "/load.db"
	}
	if *name == "" {
		*name = (*page)[strings.LastIndexByte(*page, '/')+1:]
	}
	res, err := load(ctx, *db, body, *clients, *requests, *concurrency)
	if err != nil {
		fmt.Fprintf(stderr, "axtreed load: %v\n", err)
		return 1
	}
	kind := "sqlite"
	if strings.HasPrefix(*db, "postgres") {
		kind = "postgres"
	}
	fmt.Fprintf(stdout, "| %s | %s | %d KB | %d | %d | %.1f | %.1f ms | %.1f ms | %.1f%% | %.0f MB |\n",
		kind, *name, len(body)>>10, *clients, res.n, res.rps, ms(res.p50), ms(res.p99), 100*float64(res.ok)/float64(res.n), float64(res.peakRSS)/(1<<20))
	return 0
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

type loadResult struct {
	n, ok    int
	rps      float64
	p50, p99 time.Duration
	peakRSS  int64 // bytes
}

// load starts a server on db and drives it.
func load(ctx context.Context, db string, body []byte, clients, requests, concurrency int) (*loadResult, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	args := []string{"-addr", "127.0.0.1:0", "-db", db, "-access-log=false", "-max-conns", strconv.Itoa(clients + 16)}
	if concurrency > 0 {
		args = append(args, "-concurrency", strconv.Itoa(concurrency))
	}
	cmd := exec.CommandContext(ctx, self, args...)
	// A test binary (cmd/axtreed's TestMain) runs main when told to.
	cmd.Env = append(os.Environ(), "AXTREED_TEST_MAIN=1")
	errp, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	defer func() {
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
	}()
	base, err := waitListening(errp)
	if err != nil {
		return nil, err
	}
	tr := &http.Transport{MaxIdleConnsPerHost: clients}
	hc := &http.Client{Transport: tr, Timeout: 5 * time.Minute}
	postOne := func(run string) (int, error) {
		req, err := http.NewRequestWithContext(ctx, "POST", base+"/v1/observations", bytes.NewReader(body))
		if err != nil {
			return 0, err
		}
		req.Header.Set("Content-Type", "text/html")
		req.Header.Set("X-Axtree-Run", run)
		resp, err := hc.Do(req)
		if err != nil {
			return 0, err
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode, nil
	}
	if code, err := postOne("warm-up"); err != nil || code != 200 {
		return nil, fmt.Errorf("warm-up post: %d %v", code, err)
	}
	jobs := make(chan int)
	lat := make([]time.Duration, requests)
	codes := make([]int, requests)
	var wg sync.WaitGroup
	start := time.Now()
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			run := "load-" + strconv.Itoa(c)
			for i := range jobs {
				t0 := time.Now()
				code, err := postOne(run)
				lat[i] = time.Since(t0)
				if err != nil {
					code = -1
				}
				codes[i] = code
			}
		}()
	}
	for i := range requests {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	wall := time.Since(start)
	res := &loadResult{n: requests, rps: float64(requests) / wall.Seconds()}
	for _, c := range codes {
		if c == 200 {
			res.ok++
		}
	}
	slices.Sort(lat)
	res.p50 = lat[requests/2]
	res.p99 = lat[min(requests-1, requests*99/100)]
	res.peakRSS = peakRSS(cmd.Process.Pid)
	return res, nil
}

// waitListening reads the server's stderr until it says where it
// listens, then drains the rest in the background.
func waitListening(r io.Reader) (string, error) {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := sc.Text()
		if _, rest, ok := strings.Cut(line, "listening on "); ok {
			go io.Copy(io.Discard, r)
			return strings.Fields(rest)[0], nil
		}
		if strings.HasPrefix(line, "axtreed:") {
			return "", errors.New(line)
		}
	}
	return "", errors.New("the server exited before listening")
}

// peakRSS reads VmHWM of a process (Linux); 0 when unknown.
func peakRSS(pid int) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			f := strings.Fields(v)
			if len(f) > 0 {
				kb, _ := strconv.ParseInt(f[0], 10, 64)
				return kb << 10
			}
		}
	}
	return 0
}
