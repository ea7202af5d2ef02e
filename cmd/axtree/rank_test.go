package main

import (
	"bytes"
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/netcap/netcaptest"
)

// rankFiles writes a generated recording to a temp dir.
func rankFiles(t *testing.T, o netcaptest.Options) (har, actions string, rec netcaptest.Recording) {
	t.Helper()
	rec = netcaptest.Generate(o)
	dir := t.TempDir()
	har = filepath.Join(dir, "capture.har")
	actions = filepath.Join(dir, "actions.json")
	if err := os.WriteFile(har, rec.HAR, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(actions, rec.Actions, 0o644); err != nil {
		t.Fatal(err)
	}
	return har, actions, rec
}

func runCmd(stdin []byte, args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(args, bytes.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

type rankJSON struct {
	Candidates []struct {
		Method  string `json:"method"`
		URL     string `json:"url"`
		Score   int    `json:"score"`
		Reasons []struct {
			Points int    `json:"points"`
			Rule   string `json:"rule"`
			Detail string `json:"detail"`
		} `json:"reasons"`
	} `json:"candidates"`
	Plan    string `json:"plan"`
	Context string `json:"context"`
}

func TestRankJSON(t *testing.T) {
	har, actions, rec := rankFiles(t, netcaptest.Options{})
	// Flags after the positional argument, and before it.
	for _, args := range [][]string{
		{"rank", har, "--actions", actions, "--json", "--budget", "3000"},
		{"rank", "--json", "-budget=3000", "-actions", actions, har},
	} {
		code, out, errs := runCmd(nil, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		var got rankJSON
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("output is not JSON: %v\n%s", err, out)
		}
		if len(got.Candidates) != 5 || got.Candidates[0].Method != "POST" || got.Candidates[0].URL != rec.SendURL {
			t.Fatalf("candidates = %+v", got.Candidates)
		}
		sum := 0
		for _, r := range got.Candidates[0].Reasons {
			sum += r.Points
			if r.Rule == "" || r.Detail == "" {
				t.Errorf("reason without rule or detail: %+v", r)
			}
		}
		if sum != got.Candidates[0].Score {
			t.Errorf("reasons add up to %d, score %d", sum, got.Candidates[0].Score)
		}
		if got.Plan != "network" || len(got.Context) > 3000 || !strings.Contains(got.Context, "{{message}}") {
			t.Errorf("plan %s, context %d bytes:\n%s", got.Plan, len(got.Context), got.Context)
		}
	}
}

func TestRankTextAndStdin(t *testing.T) {
	har, actions, rec := rankFiles(t, netcaptest.Options{Variant: netcaptest.SendPersistedQuery})
	code, out, errs := runCmd(rec.HAR, "rank", "-", "--actions", actions)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"plan: dom (circuit breaker", " 1. score ", "POST " + rec.SendURL, "-18 volatile-id:", "# axtree network context"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	ctx := out[strings.Index(out, "# axtree network context"):]
	if strings.Contains(ctx, rec.SendHash) {
		t.Error("context contains the persisted-query hash")
	}
	// Without a timeline the request still ranks (no temporal points).
	code, out, _ = runCmd(nil, "rank", har)
	if code != 0 || strings.Contains(out, "after-action") {
		t.Errorf("no timeline: exit %d\n%s", code, out)
	}
}

func TestRankErrors(t *testing.T) {
	har, actions, rec := rankFiles(t, netcaptest.Options{Assets: 3})
	dir := t.TempDir()
	trunc := filepath.Join(dir, "trunc.har")
	os.WriteFile(trunc, rec.HAR[:len(rec.HAR)/2], 0o644)
	badActions := filepath.Join(dir, "bad.json")
	os.WriteFile(badActions, []byte(`[{"time":"soon"}]`), 0o644)
	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"rank"}, 2, "want FILE.har|-, got 0 arguments"},
		{[]string{"rank", har, har}, 2, "got 2 arguments"},
		{[]string{"rank", har, "--budget", "0"}, 2, "--budget must be positive"},
		{[]string{"rank", har, "--budget", "x"}, 2, `--budget: "x" is not a whole number`},
		{[]string{"rank", "--nope", har}, 2, "unknown flag --nope"},
		{[]string{"rank", "--actons", actions, har}, 2, "unknown flag --actons; did you mean --actions?"},
		{[]string{"rank", filepath.Join(dir, "missing.har")}, 1, "missing.har: no such file or directory"},
		{[]string{"rank", dir}, 1, "is a directory"},
		{[]string{"rank", trunc}, 1, "truncated HAR"},
		{[]string{"rank", har, "--actions", badActions}, 1, `time "soon" is not RFC 3339`},
		{[]string{"rank", har, "--actions", filepath.Join(dir, "none.json")}, 1, "none.json"},
	}
	for _, c := range cases {
		code, out, errs := runCmd(nil, c.args...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d containing %q", c.args[1:], code, errs, c.code, c.want)
		}
		if c.code == 1 && (strings.Count(errs, "\n") != 1 || out != "") {
			t.Errorf("%v: want one stderr line and no stdout, got %q / %q", c.args[1:], errs, out)
		}
	}
	// -h is not an error; "--" ends the flags.
	if code, _, _ := runCmd(nil, "rank", "-h"); code != 0 {
		t.Errorf("-h exit %d", code)
	}
	if code, _, errs := runCmd(nil, "rank", "--actions", actions, "--", har); code != 0 {
		t.Errorf("-- exit %d: %s", code, errs)
	}
	if code, _, errs := runCmd(nil, "rank", "--", har, "--json"); code != 2 || !strings.Contains(errs, "got 2 arguments") {
		t.Errorf("after --, flags are positional: exit %d %s", code, errs)
	}
}

// A recorded Authorization header is a secret: rank prints the
// {{authorization}} placeholder, in JSON and in text, never the value.
func TestRankHidesCredentials(t *testing.T) {
	har, actions, _ := rankFiles(t, netcaptest.Options{})
	b, err := os.ReadFile(har)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	const secret = "Bearer s3cr3t-TOKEN-0123456789abcdef"
	entries := doc["log"].(map[string]any)["entries"].([]any)
	for _, e := range entries {
		req := e.(map[string]any)["request"].(map[string]any)
		req["headers"] = append(req["headers"].([]any), map[string]any{"name": "Authorization", "value": secret})
	}
	if b, err = json.Marshal(doc); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(har, b, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"rank", har, "--actions", actions, "--json"}, {"rank", har, "--actions", actions}} {
		code, out, errs := runCmd(nil, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		if strings.Contains(out+errs, "s3cr3t") {
			t.Errorf("%v: the recorded Authorization value is printed:\n%s", args, out)
		}
		if !strings.Contains(out, "{{authorization}}") {
			t.Errorf("%v: no {{authorization}} placeholder in:\n%s", args, out)
		}
	}
}

// TestRankShowsNoSecret: `axtree rank`, text and --json, prints no value
// of the credentials-laden recording (read from a file and from standard
// input, with a UTF-8 BOM), only placeholders.
func TestRankShowsNoSecret(t *testing.T) {
	rec := netcaptest.Secrets(true)
	dir := t.TempDir()
	har := filepath.Join(dir, "shop.har")
	acts := filepath.Join(dir, "actions.json")
	require.NoError(t, os.WriteFile(har, rec.HAR, 0o644))
	require.NoError(t, os.WriteFile(acts, rec.Actions, 0o644))
	for _, args := range [][]string{
		{"rank", har, "--actions", acts},
		{"rank", har, "--actions", acts, "--json"},
		{"rank", "-", "--actions", acts, "--json"},
		{"rank", har},
	} {
		code, out, errs := runCmd(rec.HAR, args...)
		require.Equal(t, 0, code, "%v: %s", args, errs)
		all := out + errs
		for _, s := range rec.Secrets {
			if len(s) < 6 {
				for _, ctx := range []string{"=" + s, `"` + s + `"`, " " + s + "\n"} {
					assert.NotContains(t, all, ctx, "%v: secret %q printed", args[1:], s)
				}
				continue
			}
			for _, f := range []string{s, url.QueryEscape(s), strings.Trim(strconv.Quote(s), `"`)} {
				assert.NotContains(t, all, f, "%v: secret %q printed", args[1:], s)
			}
		}
		assert.Contains(t, out, "{{authorization}}")
		assert.Contains(t, out, "{{password}}")
	}
}
