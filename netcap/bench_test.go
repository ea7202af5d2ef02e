package netcap_test

import (
	"testing"

	"github.com/axtree/axtree/netcap"
	"github.com/axtree/axtree/netcap/netcaptest"
)

// tenK is a 10,000-entry recording: the realistic page load plus filler
// polls.
func tenK(b *testing.B) netcaptest.Recording {
	b.Helper()
	base := netcaptest.Generate(netcaptest.Options{})
	c, err := netcap.ParseHAR(base.HAR)
	if err != nil {
		b.Fatal(err)
	}
	return netcaptest.Generate(netcaptest.Options{Filler: 10000 - len(c.Entries)})
}

// BenchmarkRank10k ranks a parsed 10,000-entry capture (scoring, top-5
// selection, replay preparation, context rendering).
func BenchmarkRank10k(b *testing.B) {
	rec := tenK(b)
	c, a := parse(b, rec)
	if len(c.Entries) != 10000 {
		b.Fatalf("entries = %d", len(c.Entries))
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if res := netcap.Rank(c, a, netcap.Options{}); res.Candidates[0].URL != rec.SendURL {
			b.Fatal("wrong top candidate")
		}
	}
}

// BenchmarkParseAndRank10k includes parsing the HAR JSON.
func BenchmarkParseAndRank10k(b *testing.B) {
	rec := tenK(b)
	b.SetBytes(int64(len(rec.HAR)))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := netcap.RankHAR(rec.HAR, rec.Actions, netcap.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
