package netcap

import (
	_ "embed"
	"net"
	"net/url"
	"path"
	"sort"
	"strings"

	"golang.org/x/net/publicsuffix"
)

//go:embed telemetry.txt
var telemetryData string

type telemetryRule struct {
	domain string
	path   string // "" or a prefix like "/tr"
	vendor string
}

// telemetryRules maps a domain to its rules; built once at init, read-only.
var telemetryRules = parseTelemetry(telemetryData)

func parseTelemetry(data string) map[string][]telemetryRule {
	m := make(map[string][]telemetryRule)
	for _, line := range strings.Split(data, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Fields(line)
		target := strings.ToLower(f[0])
		vendor := strings.Join(f[1:], " ")
		if vendor == "" {
			vendor = target
		}
		dom, p, _ := strings.Cut(target, "/")
		if p != "" {
			p = "/" + strings.TrimSuffix(p, "/")
		}
		dom = strings.Trim(dom, ".")
		if dom == "" {
			continue
		}
		m[dom] = append(m[dom], telemetryRule{domain: dom, path: p, vendor: vendor})
	}
	return m
}

// TelemetryDomains returns the embedded telemetry rules as "domain[/path]"
// strings, sorted.
func TelemetryDomains() []string {
	var out []string
	for _, rs := range telemetryRules {
		for _, r := range rs {
			out = append(out, r.domain+r.path)
		}
	}
	sort.Strings(out)
	return out
}

// Telemetry reports whether a request to host and path goes to a known
// telemetry host, and which vendor. The host matches a listed domain or any
// subdomain of it (label boundary: "notgoogle-analytics.com" does not match
// "google-analytics.com"); a rule with a path matches that path or below.
func Telemetry(host, urlPath string) (vendor string, ok bool) {
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	for h := host; h != ""; {
		for _, r := range telemetryRules[h] {
			if r.path == "" || urlPath == r.path || strings.HasPrefix(urlPath, r.path+"/") {
				return r.vendor, true
			}
		}
		i := strings.IndexByte(h, '.')
		if i < 0 {
			break
		}
		h = h[i+1:]
	}
	return "", false
}

// Site returns the registrable domain (eTLD+1) of host, lower-case and
// without port. IP addresses, single-label hosts and hosts that are public
// suffixes themselves are their own site.
func Site(host string) string {
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	if host == "" || net.ParseIP(host) != nil {
		return host
	}
	if d, err := publicsuffix.EffectiveTLDPlusOne(host); err == nil {
		return d
	}
	return host
}

// Resource types as Chrome's HAR _resourceType spells them.
const (
	typeDocument   = "document"
	typeScript     = "script"
	typeStylesheet = "stylesheet"
	typeImage      = "image"
	typeFont       = "font"
	typeMedia      = "media"
	typeFetch      = "fetch"
	typeXHR        = "xhr"
	typeManifest   = "manifest"
	typePing       = "ping"
	typeOther      = "other"
)

// resourceType returns the entry's resource type and whether it was
// inferred. Order: the recorded _resourceType; Sec-Fetch-Dest;
// X-Requested-With; the response MIME type (unless generic); the URL's
// extension. "" means unknown (not penalized).
func resourceType(e *Entry, u *url.URL) (string, bool) {
	if e.ResourceType != "" {
		return e.ResourceType, false
	}
	for _, h := range e.RequestHeaders {
		if strings.EqualFold(h.Name, "sec-fetch-dest") {
			switch strings.ToLower(strings.TrimSpace(h.Value)) {
			case "empty":
				return typeFetch, true
			case "document", "iframe", "frame", "embed", "object":
				return typeDocument, true
			case "script", "worker", "sharedworker", "serviceworker", "audioworklet", "paintworklet":
				return typeScript, true
			case "style":
				return typeStylesheet, true
			case "image":
				return typeImage, true
			case "font":
				return typeFont, true
			case "audio", "video", "track":
				return typeMedia, true
			case "manifest":
				return typeManifest, true
			case "report":
				return typePing, true
			}
		}
		if strings.EqualFold(h.Name, "x-requested-with") && strings.EqualFold(h.Value, "XMLHttpRequest") {
			return typeXHR, true
		}
	}
	mime := strings.ToLower(strings.TrimSpace(e.ResponseMime))
	if i := strings.IndexByte(mime, ';'); i >= 0 {
		mime = strings.TrimSpace(mime[:i])
	}
	switch {
	case mime == "text/html" || mime == "application/xhtml+xml":
		return typeDocument, true
	case strings.Contains(mime, "javascript") || strings.Contains(mime, "ecmascript"):
		return typeScript, true
	case mime == "text/css":
		return typeStylesheet, true
	case strings.HasPrefix(mime, "image/"):
		return typeImage, true
	case strings.HasPrefix(mime, "font/") || strings.Contains(mime, "font-") || strings.Contains(mime, "woff"):
		return typeFont, true
	case strings.HasPrefix(mime, "audio/") || strings.HasPrefix(mime, "video/"):
		return typeMedia, true
	case strings.Contains(mime, "json") || strings.Contains(mime, "graphql") ||
		mime == "text/event-stream" || mime == "application/x-protobuf" ||
		strings.HasSuffix(mime, "+xml") || mime == "text/xml" || mime == "application/xml":
		return typeFetch, true
	}
	if u != nil {
		switch strings.ToLower(path.Ext(u.Path)) {
		case ".html", ".htm":
			return typeDocument, true
		case ".js", ".mjs", ".cjs":
			return typeScript, true
		case ".css":
			return typeStylesheet, true
		case ".png", ".jpg", ".jpeg", ".gif", ".webp", ".avif", ".svg", ".ico", ".bmp":
			return typeImage, true
		case ".woff", ".woff2", ".ttf", ".otf", ".eot":
			return typeFont, true
		case ".mp4", ".webm", ".mp3", ".ogg", ".wav", ".m4a", ".m3u8", ".ts":
			return typeMedia, true
		case ".json":
			return typeFetch, true
		case ".webmanifest":
			return typeManifest, true
		}
	}
	return "", true
}

func isAPIType(t string) bool { return t == typeFetch || t == typeXHR || t == "" }
