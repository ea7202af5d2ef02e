package bench

import (
	"fmt"
	"github.com/axtree/axtree/tokens"
	"hash/fnv"
	"os"
	"path/filepath"
	"sort"

	"github.com/axtree/axtree/observe"
	"github.com/axtree/axtree/render"
	"github.com/axtree/axtree/serialize"
)

// Sequence is a multi-step task: the pages an agent sees one after the
// other and the action it takes after each.
type Sequence struct {
	Name    string
	Task    string
	Steps   []string // HTML files, in order
	Actions []string // Actions[i] is taken after seeing Steps[i]
}

// DefaultSequences returns the project's sequences under corpusDir
// (corpus/sequences/job-form and corpus/sequences/shop), with the task and
// the actions an agent would take. Sequences whose folder is missing are
// left out.
func DefaultSequences(corpusDir string) []Sequence {
	defs := []Sequence{
		{
			Name: "job-form",
			Task: "Apply for the Senior Go Engineer job as Ada Lovelace (ada@example.org, GitHub https://github.com/ada, phone +49 30 5550100), based in Berlin, 3–5 years of Go, available from 2027-01-15. Agree to the privacy policy and submit.",
			Actions: []string{
				`type {"id": 11, "text": "Ada Lovelace"}; type {"id": 12, "text": "ada@example.org"}`,
				`type {"id": 13, "text": "https://github.com/ada"}; type {"id": 14, "text": "+49 30 5550100"}; select_option {"id": 16, "values": ["Berlin"]}; check {"id": 19}; type {"id": 21, "text": "2027-01-15"}; type {"id": 25, "text": "I like building fast, correct tools."}; check {"id": 26}`,
				`click {"id": 28}`,
				`done {"answer": "Application submitted.", "success": true}`,
			},
		},
		{
			Name: "shop",
			Task: "Search the cat shop for katzenfutter and open the product page of the Whiskas dry food with tuna.",
			Actions: []string{
				`type {"id": 4, "text": "katzenfutter", "submit": true}`,
				`click {"id": 17}`,
				`done {"answer": "Opened Whiskas Adult Dry Food with Tuna, 3.8 kg (€14,49).", "success": true}`,
			},
		},
	}
	var out []Sequence
	for _, s := range defs {
		m, _ := filepath.Glob(filepath.Join(corpusDir, "sequences", s.Name, "*.html"))
		if len(m) == 0 {
			continue
		}
		sort.Strings(m)
		s.Steps = m
		out = append(out, s)
	}
	return out
}

// CacheStep is one step of a simulated run. Shares compare the step's
// prompt with the previous step's: the longest common prefix, in bytes and
// in o200k_base tokens (the common prefix of the two token sequences, which
// is what a provider's prompt cache can reuse). The first step has nothing
// to share.
type CacheStep struct {
	Step         int     `json:"step"`
	Page         string  `json:"page"`
	PromptBytes  int     `json:"prompt_bytes"`
	PromptTokens int     `json:"prompt_tokens"`
	PrefixBytes  int     `json:"prefix_bytes"`
	PrefixTokens int     `json:"prefix_tokens"`
	ByteShare    float64 `json:"byte_share"`
	TokenShare   float64 `json:"token_share"`
	// ObservationShare is the share of this step's observation bytes that
	// are a prefix of the previous observation: the part of the figure the
	// observation format is responsible for.
	ObservationShare float64 `json:"observation_share"`
}

// CacheVariant is one observation format over a whole sequence.
type CacheVariant struct {
	Name  string      `json:"name"`
	Steps []CacheStep `json:"steps"`
}

// CacheRun is the simulation of one sequence.
type CacheRun struct {
	Sequence string `json:"sequence"`
	// FixedTokens counts the o200k_base tokens of the part of the prompt
	// that never changes (system text, tools, task).
	FixedTokens int            `json:"fixed_tokens"`
	Variants    []CacheVariant `json:"variants"`
	Notes       []string       `json:"notes,omitempty"`
}

// Observer turns step i's rendered page into the observation text.
type Observer func(step int, r *render.Result) []byte

// LeanObservation is axtree's lean tree, as rendered: the form state in
// the record after the tree. It is an Observer.
func LeanObservation(_ int, r *render.Result) []byte { return r.Text() }

// InlineStateObservation is the lean tree with each field's value and each
// choice's checked or selected state on the element's own line
// (serialize.Options.InlineState), to show what the state record is worth.
// It is an Observer.
func InlineStateObservation(_ int, r *render.Result) []byte {
	o := RenderOptions().Text
	o.InlineState = true
	return serialize.AppendText(nil, r.Tree, o)
}

// FreshObservation numbers elements from a different start at every
// capture, as a tool whose refs come from a fresh counter or random handles
// would: the same tree, ids shifted by an offset derived deterministically
// from the step. It is an Observer.
func FreshObservation(step int, r *render.Result) []byte {
	off := freshOffset(step)
	m := make(map[int]int)
	for _, id := range r.Tree.IDs() {
		m[id] = id + off
	}
	if err := r.Tree.Renumber(m); err != nil {
		return r.Text() // cannot happen for a positive shift; keep the tree
	}
	return r.Text()
}

// stableObserver returns an Observer that numbers each step's elements as
// an observation run does (observe.Stabilize): elements still there keep
// the number they had in the previous step, new ones get fresh numbers.
// It carries state from step to step, so each sequence needs its own.
func stableObserver() Observer {
	var prev []observe.Element
	return func(_ int, r *render.Result) []byte {
		els, err := observe.Stabilize(r.Tree, observe.DocKeys(r.Doc), prev)
		if err == nil {
			prev = els
		}
		return r.Text()
	}
}

// freshOffset is the id shift of step i for FreshObservation: 100..999.
func freshOffset(step int) int {
	h := fnv.New32a()
	fmt.Fprintf(h, "capture-%d", step)
	return 100 + int(h.Sum32()%900)
}

// SimulateCache runs the agent loop of seq for our tree and for the
// fresh-numbering baseline. Playwright's format is not simulated: the
// shared corpus has Playwright snapshots of single pages only, none of the
// project's sequences; the run says so in its notes.
func SimulateCache(seq Sequence) (CacheRun, error) {
	c, err := tokens.Load()
	if err != nil {
		return CacheRun{}, err
	}
	run := CacheRun{
		Sequence:    seq.Name,
		FixedTokens: c.Count(tokens.O200k, Prompt(seq.Task, nil, nil)),
		Notes:       []string{"Playwright: no snapshots of this sequence exist (the shared corpus has single pages only), so its format is not simulated."},
	}
	for _, v := range []struct {
		name string
		obs  Observer
	}{
		{"axtree", LeanObservation},
		{"state-inline", InlineStateObservation},
		{"stable-ids", stableObserver()},
		{"fresh-numbering", FreshObservation},
	} {
		prompts, obs, pages, err := seqPrompts(seq, v.obs)
		if err != nil {
			return CacheRun{}, err
		}
		run.Variants = append(run.Variants, CacheVariant{Name: v.name, Steps: Shares(c, prompts, obs, pages)})
	}
	return run, nil
}

// seqPrompts renders every step of seq and lays out its prompt.
func seqPrompts(seq Sequence, o Observer) (prompts, obs [][]byte, pages []string, err error) {
	for i, path := range seq.Steps {
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, nil, nil, err
		}
		r, err := render.HTMLBytes(b, RenderOptions())
		if err != nil {
			return nil, nil, nil, fmt.Errorf("%s: %w", path, err)
		}
		ob := o(i, r)
		hist := seq.Actions[:min(i, len(seq.Actions))]
		prompts = append(prompts, Prompt(seq.Task, ob, hist))
		obs = append(obs, ob)
		pages = append(pages, filepath.Base(path))
	}
	return prompts, obs, pages, nil
}

// Shares computes the prefix shares of consecutive prompts. obs and pages
// may be nil; when given they have one entry per prompt.
func Shares(c *tokens.Counter, prompts, obs [][]byte, pages []string) []CacheStep {
	steps := make([]CacheStep, len(prompts))
	var prevTok []int
	for i, p := range prompts {
		tok := c.Encode(tokens.O200k, p)
		s := CacheStep{Step: i + 1, PromptBytes: len(p), PromptTokens: len(tok)}
		if pages != nil {
			s.Page = pages[i]
		}
		if i > 0 {
			s.PrefixBytes = commonPrefix(prompts[i-1], p)
			s.PrefixTokens = commonTokens(prevTok, tok)
			s.ByteShare = ratio(s.PrefixBytes, len(p))
			s.TokenShare = ratio(s.PrefixTokens, len(tok))
			if obs != nil {
				s.ObservationShare = ratio(commonPrefix(obs[i-1], obs[i]), len(obs[i]))
			}
		}
		steps[i] = s
		prevTok = tok
	}
	return steps
}

func commonPrefix(a, b []byte) int {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}

func commonTokens(a, b []int) int {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}

// writeCache writes one simulation as a Markdown table.
func writeCache(ew *errWriter, run CacheRun) {
	ew.printf("### Prompt-cache stability: %s (fixed part %d tokens)\n\n", run.Sequence, run.FixedTokens)
	ew.printf("| step | page | variant | prompt tokens | shared prefix tokens | token share | byte share | observation share |\n")
	ew.printf("|---:|---|---|---:|---:|---:|---:|---:|\n")
	for _, v := range run.Variants {
		for _, s := range v.Steps {
			if s.Step == 1 {
				ew.printf("| %d | %s | %s | %d | — | — | — | — |\n", s.Step, s.Page, v.Name, s.PromptTokens)
				continue
			}
			ew.printf("| %d | %s | %s | %d | %d | %.1f%% | %.1f%% | %.1f%% |\n", s.Step, s.Page, v.Name,
				s.PromptTokens, s.PrefixTokens, s.TokenShare*100, s.ByteShare*100, s.ObservationShare*100)
		}
	}
	for _, n := range run.Notes {
		ew.printf("\n%s\n", n)
	}
}
