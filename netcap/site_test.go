package netcap

import (
	"net/url"
	"strings"
	"testing"
)

func TestTelemetryMatching(t *testing.T) {
	cases := []struct {
		host, path string
		vendor     string // "" = not telemetry
	}{
		{"www.google-analytics.com", "/g/collect", "Google Analytics"},
		{"region1.google-analytics.com", "/g/collect", "Google Analytics"},
		{"google-analytics.com", "/", "Google Analytics"},
		{"notgoogle-analytics.com", "/", ""},
		{"google-analytics.com.evil.example", "/", ""},
		{"WWW.GoogleTagManager.com.", "/gtm.js", "Google Tag Manager"},
		{"o450111.ingest.sentry.io", "/api/1/envelope/", "Sentry"},
		{"sentry.io", "/organizations/", ""},
		{"www.facebook.com", "/tr", "Facebook pixel"},
		{"www.facebook.com", "/tr/", "Facebook pixel"},
		{"www.facebook.com", "/trending", ""},
		{"www.facebook.com", "/", ""},
		{"connect.facebook.net", "/en_US/fbevents.js", "Facebook pixel"},
		{"c.clarity.ms", "/collect", "Microsoft Clarity"},
		{"bat.bing.com", "/action/0", "Bing UET"},
		{"www.bing.com", "/search", ""},
		{"in.hotjar.com", "/api", "Hotjar"},
		{"stats.g.doubleclick.net", "/g/collect", "DoubleClick"},
		{"app.example.com", "/api/messages", ""},
		{"", "", ""},
	}
	for _, c := range cases {
		v, ok := Telemetry(c.host, c.path)
		if ok != (c.vendor != "") || v != c.vendor {
			t.Errorf("Telemetry(%q, %q) = %q, %v; want %q", c.host, c.path, v, ok, c.vendor)
		}
	}
}

func TestTelemetryListCoversRequiredVendors(t *testing.T) {
	vendors := map[string]bool{}
	for _, rs := range telemetryRules {
		for _, r := range rs {
			vendors[r.vendor] = true
		}
	}
	for _, want := range []string{"Sentry", "Segment", "Hotjar", "Google Analytics", "Google Tag Manager",
		"Datadog RUM", "New Relic", "Mixpanel", "Amplitude", "FullStory", "Facebook pixel", "DoubleClick",
		"Bing UET", "Microsoft Clarity", "LinkedIn Insight", "TikTok pixel", "Heap", "LogRocket", "Optimizely"} {
		if !vendors[want] {
			t.Errorf("telemetry.txt lacks %s", want)
		}
	}
	d := TelemetryDomains()
	if len(d) < 50 || !strings.Contains(strings.Join(d, " "), "facebook.com/tr") {
		t.Errorf("TelemetryDomains = %d entries", len(d))
	}
	// The parser skips comments and blank lines and survives junk.
	m := parseTelemetry("# c\n\n  a.example  A  B \n/x\nb.example/p/ Bee\n.")
	if len(m) != 2 || m["a.example"][0].vendor != "A B" || m["b.example"][0].path != "/p" {
		t.Errorf("parseTelemetry = %+v", m)
	}
}

func TestSite(t *testing.T) {
	for in, want := range map[string]string{
		"app.example.com":      "example.com",
		"a.b.example.co.uk":    "example.co.uk",
		"EXAMPLE.COM.":         "example.com",
		"user.github.io":       "user.github.io",
		"localhost":            "localhost",
		"127.0.0.1":            "127.0.0.1",
		"[::1]:8080":           "::1",
		"co.uk":                "co.uk",
		"static.example.com:8": "example.com",
	} {
		if got := Site(in); got != want {
			t.Errorf("Site(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestResourceTypeInference(t *testing.T) {
	cases := []struct {
		url, mime string
		headers   []Header
		want      string
	}{
		{"https://a.example/x", "", []Header{{"Sec-Fetch-Dest", "empty"}}, typeFetch},
		{"https://a.example/x", "text/html", []Header{{"sec-fetch-dest", "document"}}, typeDocument},
		{"https://a.example/x", "text/html", []Header{{"X-Requested-With", "XMLHttpRequest"}}, typeXHR},
		{"https://a.example/x", "text/html; charset=utf-8", nil, typeDocument},
		{"https://a.example/x", "application/javascript", nil, typeScript},
		{"https://a.example/x", "text/css", nil, typeStylesheet},
		{"https://a.example/x", "image/webp", nil, typeImage},
		{"https://a.example/x", "font/woff2", nil, typeFont},
		{"https://a.example/x", "application/json; charset=utf-8", nil, typeFetch},
		{"https://a.example/x", "application/graphql-response+json", nil, typeFetch},
		{"https://a.example/app.JS?v=1", "", nil, typeScript},
		{"https://a.example/logo.svg", "application/octet-stream", nil, typeImage},
		{"https://a.example/f.woff2", "", nil, typeFont},
		{"https://a.example/api/x", "", nil, ""},
	}
	for _, c := range cases {
		u, _ := url.Parse(c.url)
		e := &Entry{URL: c.url, ResponseMime: c.mime, RequestHeaders: c.headers}
		if got, _ := resourceType(e, u); got != c.want {
			t.Errorf("%s %q %v: %q, want %q", c.url, c.mime, c.headers, got, c.want)
		}
	}
	if got, inferred := resourceType(&Entry{ResourceType: "ping", ResponseMime: "application/json"}, nil); got != "ping" || inferred {
		t.Errorf("recorded type not preferred: %q %v", got, inferred)
	}
}
