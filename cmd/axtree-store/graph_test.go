package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// obsCmd runs the command and returns its exit status and output.
func obsCmd(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func TestRunAndGraph(t *testing.T) {
	db := filepath.Join(t.TempDir(), "obs.db")
	dir := filepath.Join("..", "..", "corpus", "sequences", "job-form")
	var lines [2][]string
	for i, runID := range []string{"a", "b"} {
		code, out, errs := obsCmd(t, "run", "--db", db, "--run", runID, "--url", "https://jobs.example.org/apply", dir)
		if code != 0 {
			t.Fatalf("run %s: %d %s", runID, code, errs)
		}
		lines[i] = strings.Split(strings.TrimSpace(out), "\n")
		if len(lines[i]) != 4 || !strings.HasPrefix(lines[i][0], "0 ") || !strings.HasSuffix(lines[i][3], " 04-submitted.html") {
			t.Fatalf("run %s output:\n%s", runID, out)
		}
	}
	if strings.Join(lines[0], "\n") != strings.Join(lines[1], "\n") {
		t.Errorf("two replays of the same pages differ:\n%v\n%v", lines[0], lines[1])
	}
	code, out, errs := obsCmd(t, "graph", "--db", db, "--site", "jobs.example.org", "--format", "json")
	if code != 0 {
		t.Fatalf("graph: %d %s", code, errs)
	}
	var g struct {
		Nodes []struct{ ID string }
		Edges []struct{ Count int }
	}
	if err := json.Unmarshal([]byte(out), &g); err != nil {
		t.Fatalf("graph JSON: %v\n%s", err, out)
	}
	if len(g.Nodes) != 4 || len(g.Edges) != 3 {
		t.Errorf("graph has %d nodes and %d edges, want 4 and 3", len(g.Nodes), len(g.Edges))
	}
	for _, e := range g.Edges {
		if e.Count != 2 {
			t.Errorf("edge count %d, want 2", e.Count)
		}
	}
	code, dot, _ := obsCmd(t, "graph", "--db", db, "--format", "dot")
	if code != 0 || !strings.HasPrefix(dot, "digraph") || strings.Count(dot, "->") != 3 {
		t.Errorf("dot: %d\n%s", code, dot)
	}
	if code, out, _ := obsCmd(t, "graph", "--db", db, "--site", "nowhere.example"); code != 0 || !strings.Contains(out, `"nodes":[]`) {
		t.Errorf("graph of an unknown site: %d %s", code, out)
	}
}

func TestRunManifestWithActions(t *testing.T) {
	tmp := t.TempDir()
	seq, err := filepath.Abs(filepath.Join("..", "..", "corpus", "sequences", "shop"))
	if err != nil {
		t.Fatal(err)
	}
	man := `{"run": "shop-1", "url": "https://shop.example/",
	  "steps": [
	    {"file": "` + filepath.Join(seq, "01-search.html") + `"},
	    {"file": "` + filepath.Join(seq, "02-results.html") + `", "url": "https://shop.example/s?k=katzenfutter",
	     "action": {"element": 4, "action": "type", "value": "katzenfutter"}},
	    {"file": "` + filepath.Join(seq, "03-product.html") + `", "action": {"element": 2, "action": "click"}}]}`
	mp := filepath.Join(tmp, "run.json")
	if err := os.WriteFile(mp, []byte(man), 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(tmp, "obs.db")
	code, out, errs := obsCmd(t, "run", "--db", db, mp)
	if code != 0 {
		t.Fatalf("run: %d %s", code, errs)
	}
	if n := strings.Count(out, "\n"); n != 3 {
		t.Errorf("%d steps printed:\n%s", n, out)
	}
	_, g, _ := obsCmd(t, "graph", "--db", db, "--format", "json")
	for _, want := range []string{`"action":"type","value":"katzenfutter","role":"searchbox","name":"Search products"`, `"action":"click","role":"link","name":"Cat Shop home"`} {
		if !strings.Contains(g, want) {
			t.Errorf("graph lacks %s:\n%s", want, g)
		}
	}
}

func TestRunAndGraphReject(t *testing.T) {
	tmp := t.TempDir()
	db := filepath.Join(tmp, "obs.db")
	dir := filepath.Join("..", "..", "corpus", "sequences", "job-form")
	bad := filepath.Join(tmp, "bad.json")
	os.WriteFile(bad, []byte(`{"run":"x","steps":[{"file":"nope.html"}]}`), 0o644)
	badAction := filepath.Join(tmp, "act.json")
	os.WriteFile(badAction, []byte(`{"run":"x","steps":[{"file":"`+filepath.Join(dir, "01-empty.html")+`","action":{"element":1,"action":"click"}}]}`), 0o644)
	cases := []struct {
		args []string
		want int
	}{
		{[]string{"run", dir}, 2},                                    // no --db
		{[]string{"run", "--db", db, "--run", "../x", dir}, 2},       // bad run id
		{[]string{"run", "--db", db, filepath.Join(tmp, "none")}, 1}, // missing input
		{[]string{"run", "--db", db, bad}, 1},                        // missing page
		{[]string{"run", "--db", db, badAction}, 1},                  // action before any page
		{[]string{"graph"}, 2},                                       // no --db
		{[]string{"graph", "--db", db, "--format", "png"}, 2},
		{[]string{"graph", "--db", filepath.Join(tmp, "missing.db")}, 1},
	}
	for _, c := range cases {
		if code, _, errs := obsCmd(t, c.args...); code != c.want || errs == "" {
			t.Errorf("axtree %v: exit %d (%q), want %d with a message", c.args, code, errs, c.want)
		}
	}
	if _, err := os.Stat(filepath.Join(tmp, "missing.db")); err == nil {
		t.Error("graph created a database")
	}
}
