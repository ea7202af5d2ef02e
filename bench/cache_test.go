package bench

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/axtree/axtree/render"
)

func jobForm(t *testing.T) Sequence {
	t.Helper()
	for _, s := range DefaultSequences("../corpus") {
		if s.Name == "job-form" {
			if len(s.Steps) != 4 {
				t.Fatalf("job-form has %d steps, want 4", len(s.Steps))
			}
			return s
		}
	}
	t.Fatal("no job-form sequence under ../corpus/sequences")
	return Sequence{}
}

func variant(t *testing.T, run CacheRun, name string) CacheVariant {
	t.Helper()
	for _, v := range run.Variants {
		if v.Name == name {
			return v
		}
	}
	t.Fatalf("no variant %q", name)
	return CacheVariant{}
}

// TestCacheStableIDsBeatFreshNumbering checks that our tree keeps a large
// part of each observation as a shared prefix, and that renumbering from a
// different start at each capture throws it away.
func TestCacheStableIDsBeatFreshNumbering(t *testing.T) {
	run, err := SimulateCache(jobForm(t))
	if err != nil {
		t.Fatal(err)
	}
	ours, fresh := variant(t, run, "axtree"), variant(t, run, "fresh-numbering")
	for i := 1; i < len(ours.Steps); i++ {
		o, f := ours.Steps[i], fresh.Steps[i]
		t.Logf("step %d: ours %.1f%% of tokens (observation %.1f%%), fresh numbering %.1f%% (observation %.1f%%)",
			o.Step, o.TokenShare*100, o.ObservationShare*100, f.TokenShare*100, f.ObservationShare*100)
		if o.TokenShare <= f.TokenShare {
			t.Errorf("step %d: our token share %.3f is not above fresh numbering's %.3f", o.Step, o.TokenShare, f.TokenShare)
		}
		if o.ObservationShare < 0.2 {
			t.Errorf("step %d: only %.3f of our observation is a shared prefix; the page header and navigation did not change", o.Step, o.ObservationShare)
		}
		if f.ObservationShare > 0.05 {
			t.Errorf("step %d: fresh numbering kept %.3f of the observation; the first id line should differ", f.Step, f.ObservationShare)
		}
		if o.PrefixTokens < run.FixedTokens || o.PrefixTokens > o.PromptTokens {
			t.Errorf("step %d: prefix %d tokens outside [fixed %d, prompt %d]", o.Step, o.PrefixTokens, run.FixedTokens, o.PromptTokens)
		}
	}
	if ours.Steps[0].TokenShare != 0 || ours.Steps[0].PrefixTokens != 0 {
		t.Errorf("the first step has no previous prompt, got %+v", ours.Steps[0])
	}
}

// TestCacheTimestampDrops injects a capture timestamp at the top of every
// observation: the share of each step's prompt that is a prefix of the
// previous one must drop.
func TestCacheTimestampDrops(t *testing.T) {
	seq := jobForm(t)
	c := counter(t)
	clean, _, _, err := seqPrompts(seq, LeanObservation)
	if err != nil {
		t.Fatal(err)
	}
	stamped, obs, _, err := seqPrompts(seq, func(step int, r *render.Result) []byte {
		return append([]byte(fmt.Sprintf("captured at 2026-11-30T09:%02d:%02dZ\n", 14+step, 7*step%60)), r.Text()...)
	})
	if err != nil {
		t.Fatal(err)
	}
	a, b := Shares(c, clean, nil, nil), Shares(c, stamped, obs, nil)
	for i := 1; i < len(a); i++ {
		if b[i].TokenShare >= a[i].TokenShare || b[i].ByteShare >= a[i].ByteShare {
			t.Errorf("step %d: with a timestamp %.3f/%.3f (tokens/bytes), without %.3f/%.3f: no drop",
				i+1, b[i].TokenShare, b[i].ByteShare, a[i].TokenShare, a[i].ByteShare)
		}
		// what the observations still share ends inside the stamp line
		stamp := bytes.IndexByte(obs[i], '\n') + 1
		if max := float64(stamp) / float64(len(obs[i])); b[i].ObservationShare >= max {
			t.Errorf("step %d: observation share %.3f with a timestamp on top: more than the stamp line (%.3f)", i+1, b[i].ObservationShare, max)
		}
	}
}

// TestCacheAttributeOrderDrops swaps the order of two attributes on one
// early line of the second observation: the shared prefix must end there.
func TestCacheAttributeOrderDrops(t *testing.T) {
	c := counter(t)
	obs1 := []byte("[banner] [id=1]\n  [link] Home [id=2]\n  [textbox] Name [id=3] [required] [type=email]\n  [button] Go [id=4]\n")
	obs2 := []byte("[banner] [id=1]\n  [link] Home [id=2]\n  [textbox] Name [id=3] [type=email] [required]\n  [button] Go [id=4]\n")
	same := Shares(c, [][]byte{Prompt("t", obs1, nil), Prompt("t", obs1, []string{"a"})}, [][]byte{obs1, obs1}, nil)
	swapped := Shares(c, [][]byte{Prompt("t", obs1, nil), Prompt("t", obs2, []string{"a"})}, [][]byte{obs1, obs2}, nil)
	if swapped[1].TokenShare >= same[1].TokenShare || swapped[1].ObservationShare >= same[1].ObservationShare {
		t.Errorf("reordered attributes: share %+v, identical: %+v", swapped[1], same[1])
	}
	if same[1].ObservationShare != 1 {
		t.Errorf("identical observations share %.3f, want 1", same[1].ObservationShare)
	}
}

func TestFreshOffsetDeterministic(t *testing.T) {
	seen := map[int]bool{}
	for i := 0; i < 4; i++ {
		o := freshOffset(i)
		if o != freshOffset(i) || o < 100 || o > 999 {
			t.Errorf("freshOffset(%d) = %d", i, o)
		}
		seen[o] = true
	}
	if len(seen) < 4 {
		t.Errorf("offsets repeat across steps: %v", seen)
	}
}

// TestCacheJobFormBar is issue 5's bar: on the job-form sequence every
// step's prompt shares at least 85% of its o200k_base tokens with the
// previous step's. The state record is what gets it there: with the values
// and checked states on their lines (state-inline) the first typed value
// ends the shared prefix at the form's first field.
func TestCacheJobFormBar(t *testing.T) {
	run, err := SimulateCache(jobForm(t))
	if err != nil {
		t.Fatal(err)
	}
	ours, inline := variant(t, run, "axtree"), variant(t, run, "state-inline")
	for i := 1; i < len(ours.Steps); i++ {
		o, in := ours.Steps[i], inline.Steps[i]
		t.Logf("step %d (%s): %.1f%% of %d tokens shared; state inline %.1f%%", o.Step, o.Page, o.TokenShare*100, o.PromptTokens, in.TokenShare*100)
		if o.TokenShare < 0.85 {
			t.Errorf("step %d: token share %.3f < 0.85", o.Step, o.TokenShare)
		}
		if o.TokenShare < in.TokenShare {
			t.Errorf("step %d: the state record (%.3f) shares less than state inline (%.3f)", o.Step, o.TokenShare, in.TokenShare)
		}
	}
	// Filling in fields (steps 2 and 3) changes no element line: the tree
	// part of the observation is shared up to the state record.
	for _, i := range []int{1, 2} {
		if s := ours.Steps[i]; s.ObservationShare < 0.75 {
			t.Errorf("step %d: only %.3f of the observation shared although only field values changed", s.Step, s.ObservationShare)
		}
	}
}
