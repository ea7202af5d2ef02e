package netcap

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"mime"
	"mime/multipart"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Secret is a credential the recording carried: an access token or API key
// (by header or parameter name, or by its shape), a URL password, a
// password or card number of a request body or of a typed value, a cookie.
// Every output of Rank (Result JSON, Candidate.URL, the replay templates,
// the generator context) carries {{Placeholder}} where the value was; the
// value itself is only in Value, which no JSON or context output shows.
// Replay.Secrets lists the ones a replay's templates use, and
// Replay.Expand puts the values back.
type Secret struct {
	// Placeholder is the name used as {{Placeholder}}: [a-z0-9_], unique
	// in the Result, never a parameter's name.
	Placeholder string `json:"placeholder"`
	// Kind says what was recognised, e.g. `query parameter "access_token"`,
	// `header X-Auth-Token`, "URL password", "JWT", "card number".
	Kind string `json:"kind"`
	// Value is the recorded value, decoded (as the server received it);
	// kept out of JSON and of the context.
	Value string `json:"-"`
}

// minRedact is the shortest value replaced wherever it appears; shorter
// secrets are replaced only in the field they came from.
const minRedact = 4

// secretSet is every secret of one recording, by value.
type secretSet struct {
	list    []Secret
	byValue map[string]int
	used    map[string]bool // placeholder names taken (params, reserved, secrets)
	forms   []secretForm    // every encoding of every value, longest first
}

type secretForm struct {
	text string
	ph   string
}

func newSecretSet(params []Param) *secretSet {
	s := &secretSet{byValue: map[string]int{}, used: map[string]bool{}}
	for _, p := range params {
		s.used[p.Name] = true
	}
	for _, r := range []string{"csrf", "authorization", "proxy_authorization", "x_api_key"} {
		s.used[r] = true
	}
	return s
}

// add records value as a secret named after name and returns its
// placeholder; a value seen before keeps its first placeholder.
func (s *secretSet) add(value, name, kind string) string {
	if strings.TrimSpace(value) == "" {
		return ""
	}
	if i, ok := s.byValue[value]; ok {
		return s.list[i].Placeholder
	}
	base := ParamName(name)
	if base == "" {
		base = "secret"
	}
	ph := base
	for n := 2; s.used[ph]; n++ {
		ph = base + "_" + itoa(n)
	}
	s.used[ph] = true
	s.byValue[value] = len(s.list)
	s.list = append(s.list, Secret{Placeholder: ph, Kind: kind, Value: value})
	s.forms = nil
	return ph
}

// addNamed records a value under a placeholder chosen elsewhere (a typed
// secret parameter, a credential header).
func (s *secretSet) addNamed(value, ph, kind string) {
	if strings.TrimSpace(value) == "" {
		return
	}
	if _, ok := s.byValue[value]; ok {
		return
	}
	s.used[ph] = true
	s.byValue[value] = len(s.list)
	s.list = append(s.list, Secret{Placeholder: ph, Kind: kind, Value: value})
	s.forms = nil
}

// buildForms lists the encodings a value may appear in (as is,
// query-escaped, path-escaped, JSON-escaped), longest first.
func (s *secretSet) buildForms() {
	if s.forms != nil {
		return
	}
	seen := map[string]bool{}
	for _, sc := range s.list {
		if len(sc.Value) < minRedact {
			continue
		}
		q := strconv.Quote(sc.Value)
		js, _ := json.Marshal(sc.Value)
		for _, f := range []string{sc.Value, url.QueryEscape(sc.Value), url.PathEscape(sc.Value),
			strings.ReplaceAll(url.QueryEscape(sc.Value), "+", "%20"), q[1 : len(q)-1], string(js[1 : len(js)-1])} {
			if f != "" && !seen[f] {
				seen[f] = true
				s.forms = append(s.forms, secretForm{text: f, ph: sc.Placeholder})
			}
		}
	}
	sort.SliceStable(s.forms, func(a, b int) bool {
		if len(s.forms[a].text) != len(s.forms[b].text) {
			return len(s.forms[a].text) > len(s.forms[b].text)
		}
		return s.forms[a].text < s.forms[b].text
	})
}

// redact replaces every known secret in text by its {{placeholder}}:
// values of 6 bytes and more anywhere, shorter ones as whole tokens.
func (s *secretSet) redact(text string) string {
	if s == nil || len(s.list) == 0 || text == "" {
		return text
	}
	s.buildForms()
	for _, f := range s.forms {
		if !strings.Contains(text, f.text) {
			continue
		}
		if len(f.text) >= 6 {
			text = strings.ReplaceAll(text, f.text, "{{"+f.ph+"}}")
		} else {
			text = replaceToken(text, f.text, "{{"+f.ph+"}}")
		}
	}
	return text
}

// secretWords are parameter, header and field names (lower-case, letters
// and digits only) whose values are secrets.
var secretWords = map[string]bool{
	"key": true, "pwd": true, "pass": true, "passwd": true, "password": true, "pin": true,
	"sig": true, "auth": true, "xauth": true, "token": true, "secret": true, "sid": true,
	"session": true, "ssn": true, "otp": true, "cvv": true, "cvv2": true, "cvc": true,
	"cvc2": true, "csc": true, "iban": true, "pan": true, "cc": true, "ccnum": true,
	"card": true, "cardno": true, "creditcard": true, "jwt": true, "cookie": true,
	"setcookie": true, "authorization": true, "proxyauthorization": true,
}

// secretParts make a name secret wherever they occur in it.
var secretParts = []string{
	"token", "secret", "password", "passwd", "passwort", "passphrase", "passcode",
	"apikey", "accesskey", "secretkey", "privatekey", "clientkey", "authkey", "sessionkey",
	"licensekey", "signature", "credential", "csrf", "xsrf", "sessionid", "sessid",
	"cardnumber", "ccnumber", "cardnum", "securitycode", "cvv", "cvc",
}

// normName lower-cases s and keeps letters and digits only.
func normName(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
			b.WriteByte(c)
		case 'A' <= c && c <= 'Z':
			b.WriteByte(c + 'a' - 'A')
		}
	}
	return b.String()
}

// SecretName reports whether a header, parameter or field called name
// carries a secret: token, key, password, signature, session, CSRF and
// card fields (X-Auth-Token, Api-Key, X-Amz-Security-Token, access_token,
// client_secret, card_number, cvc, …).
func SecretName(name string) bool {
	n := normName(name)
	if n == "" {
		return false
	}
	if secretWords[n] {
		return true
	}
	for _, p := range secretParts {
		if strings.Contains(n, p) {
			return true
		}
	}
	return false
}

// Shapes of secrets recognised whatever their name.
var (
	reJWT     = regexp.MustCompile(`\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{0,}`)
	reBearer  = regexp.MustCompile(`(?i)\b(?:bearer|basic|token)\s+([A-Za-z0-9._~+/=-]{8,})`)
	reAWSKey  = regexp.MustCompile(`\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[A-Z0-9]{16}\b`)
	reKnown   = regexp.MustCompile(`\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|xox[abprs]-[A-Za-z0-9-]{10,}|(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{10,}|AIza[0-9A-Za-z_-]{35}|glpat-[A-Za-z0-9_-]{20,})`)
	reCard    = regexp.MustCompile(`\b\d(?:[ -]?\d){12,18}\b`)
	reLongTok = regexp.MustCompile(`[A-Za-z0-9_~+/=.-]{32,}`)
)

// secretShapes returns the secrets by shape within s, with a name and a
// kind for each: JWTs, bearer and basic credentials, AWS access keys, the
// token formats of GitHub, Slack, Stripe, Google and GitLab, card numbers
// (an issuer prefix, 13–19 digits and a valid Luhn check digit), and long
// high-entropy tokens (32+ characters mixing upper and lower case and
// digits, over 4 bits of entropy per character: not a UUID, a hex hash or
// a word).
func secretShapes(s string) [][3]string {
	var out [][3]string
	for _, m := range reJWT.FindAllString(s, -1) {
		out = append(out, [3]string{m, "jwt", "JWT"})
	}
	for _, m := range reBearer.FindAllStringSubmatch(s, -1) {
		out = append(out, [3]string{m[1], "token", "bearer/basic credential"})
	}
	for _, m := range reAWSKey.FindAllString(s, -1) {
		out = append(out, [3]string{m, "aws_access_key_id", "AWS access key id"})
	}
	for _, m := range reKnown.FindAllString(s, -1) {
		out = append(out, [3]string{m, "api_key", "API key"})
	}
	for _, m := range reCard.FindAllString(s, -1) {
		if IsCardNumber(m) {
			out = append(out, [3]string{m, "card_number", "card number"})
		}
	}
	for _, m := range reLongTok.FindAllString(s, -1) {
		if highEntropy(m) {
			out = append(out, [3]string{m, "token", "high-entropy token"})
		}
	}
	return out
}

// IsCardNumber reports whether s (digits, optionally grouped by spaces or
// dashes) is a payment card number: 13–19 digits, an issuer prefix (Visa,
// Mastercard, American Express, Discover, JCB, Diners, UnionPay, Maestro)
// and a valid Luhn check digit. The prefix keeps millisecond timestamps
// and other long numbers out.
func IsCardNumber(s string) bool {
	var d []byte
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case '0' <= c && c <= '9':
			d = append(d, c-'0')
		case c == ' ' || c == '-':
		default:
			return false
		}
	}
	if len(d) < 13 || len(d) > 19 {
		return false
	}
	p2 := int(d[0])*10 + int(d[1])
	p4 := p2*100 + int(d[2])*10 + int(d[3])
	switch {
	case d[0] == 4: // Visa
	case p2 >= 51 && p2 <= 55, p4 >= 2221 && p4 <= 2720: // Mastercard
	case p2 == 34 || p2 == 37: // Amex
	case p4 == 6011 || p2 == 65 || (p4/10 >= 644 && p4/10 <= 649): // Discover
	case p4 >= 3528 && p4 <= 3589: // JCB
	case p2 == 36 || p2 == 38 || (p4/10 >= 300 && p4/10 <= 305): // Diners
	case p2 == 62: // UnionPay
	case p2 == 50 || (p2 >= 56 && p2 <= 69): // Maestro
	default:
		return false
	}
	sum := 0
	for i := len(d) - 1; i >= 0; i-- {
		v := int(d[i])
		if (len(d)-1-i)%2 == 1 {
			v *= 2
			if v > 9 {
				v -= 9
			}
		}
		sum += v
	}
	return sum%10 == 0
}

// highEntropy reports whether a long token looks random: upper and lower
// case letters and digits, and a Shannon entropy over 4 bits per byte.
func highEntropy(s string) bool {
	var up, low, dig bool
	var count [256]int
	for i := 0; i < len(s); i++ {
		c := s[i]
		count[c]++
		switch {
		case 'A' <= c && c <= 'Z':
			up = true
		case 'a' <= c && c <= 'z':
			low = true
		case '0' <= c && c <= '9':
			dig = true
		}
	}
	if !up || !low || !dig || strings.Contains(strings.ToLower(s), "boundary") {
		return false // a multipart boundary is no secret
	}
	h := 0.0
	for _, n := range count {
		if n > 0 {
			p := float64(n) / float64(len(s))
			h -= p * math.Log2(p)
		}
	}
	return h > 4
}

// secretAction reports whether a typed value is a secret: the action's
// target is a password field (Type "password", or a name like
// "Password", "PIN", "CVC", "Card number", "IBAN"), or the value is a card
// number.
func secretAction(a *Action) bool {
	if a.Value == "" {
		return false
	}
	if strings.EqualFold(a.Type, "password") {
		return true
	}
	n := normName(a.Name)
	for _, p := range []string{"password", "passwort", "passcode", "passphrase", "cvv", "cvc",
		"securitycode", "cardnumber", "creditcard", "kartennummer", "iban", "ssn", "apikey", "secret", "token"} {
		if strings.Contains(n, p) {
			return true
		}
	}
	switch n {
	case "pin", "cvc2", "cvv2", "csc", "card":
		return true
	}
	return IsCardNumber(strings.TrimSpace(a.Value))
}

// collectSecrets finds every secret of the recording: in every entry's
// URL (password, query parameters), request and response headers and
// cookies, and request body (JSON fields, form fields, multipart parts,
// shapes in any text); and the typed values of secret actions (already
// marked Secret in params).
func collectSecrets(c *Capture, params []Param, actions []Action, csrf []string) *secretSet {
	s := newSecretSet(params)
	for _, v := range csrf {
		s.addNamed(v, "csrf", "CSRF token")
	}
	for _, p := range params {
		if p.Secret {
			s.addNamed(p.Value, p.Name, "typed into "+actions[p.Action].describe())
		}
	}
	for i := range c.Entries {
		e := &c.Entries[i]
		s.scanURL(e.URL)
		for _, h := range e.RequestHeaders {
			s.scanHeader(h)
		}
		for _, h := range e.ResponseHeaders {
			if ln := strings.ToLower(h.Name); ln != "set-cookie" && SecretName(h.Name) && !strings.HasPrefix(ln, "access-control-") {
				s.add(h.Value, h.Name, "response header "+h.Name)
			}
		}
		for _, ck := range e.Cookies {
			s.add(ck.Value, "cookie_"+ck.Name, "cookie "+ck.Name)
		}
		for _, ck := range e.ResponseCookies {
			s.add(ck.Value, "cookie_"+ck.Name, "cookie "+ck.Name)
		}
		if len(e.Body) > 0 && !e.BodyBinary {
			s.scanBody(e)
		}
	}
	return s
}

func (s *secretSet) scanShapes(text string) {
	for _, m := range secretShapes(text) {
		s.add(m[0], m[1], m[2])
	}
}

func (s *secretSet) scanURL(raw string) {
	u, err := url.Parse(raw)
	if err != nil {
		s.scanShapes(raw)
		return
	}
	if u.User != nil {
		if pw, ok := u.User.Password(); ok {
			s.add(pw, "url_password", "URL password")
		}
	}
	s.scanForm(u.RawQuery, "query parameter")
	s.scanShapes(u.Path)
	s.scanShapes(u.Fragment)
}

// scanForm reads k=v pairs (a query or a form body).
func (s *secretSet) scanForm(q, where string) {
	for _, kv := range strings.Split(q, "&") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		dk, err1 := url.QueryUnescape(k)
		dv, err2 := url.QueryUnescape(v)
		if err1 != nil || err2 != nil {
			dk, dv = k, v
		}
		if SecretName(dk) {
			s.add(dv, dk, where+" "+strconv.Quote(dk))
		} else {
			s.scanShapes(dv)
		}
	}
}

func (s *secretSet) scanHeader(h Header) {
	ln := strings.ToLower(strings.TrimSpace(h.Name))
	switch {
	case ln == "cookie":
		for _, part := range strings.Split(h.Value, ";") {
			if name, v, ok := strings.Cut(strings.TrimSpace(part), "="); ok {
				s.add(v, "cookie_"+name, "cookie "+name)
			}
		}
		return
	case credentialPlaceholder(ln) != "":
		s.addNamed(h.Value, credentialPlaceholder(ln), "header "+h.Name)
		s.scanShapes(h.Value) // the token inside "Bearer …" as well
		return
	case SecretName(h.Name) && !strings.HasPrefix(ln, "sec-"):
		s.add(h.Value, h.Name, "header "+h.Name)
		return
	}
	s.scanShapes(h.Value)
}

func (s *secretSet) scanBody(e *Entry) {
	switch bodyKind(e) {
	case "json":
		walkJSON(e.Body, func(path []string, key string, tok json.Token) (string, bool) {
			v, ok := scalarString(tok)
			if !ok {
				return "", false
			}
			if SecretName(key) {
				s.add(v, key, "body field "+strconv.Quote(key))
			} else if _, isStr := tok.(string); isStr {
				s.scanShapes(v)
			} else if IsCardNumber(v) {
				s.add(v, "card_number", "card number")
			}
			return "", false
		})
		return
	case "form":
		s.scanForm(string(e.Body), "form field")
		return
	}
	if mt, p, err := mime.ParseMediaType(e.BodyMime); err == nil && strings.HasPrefix(mt, "multipart/") && p["boundary"] != "" {
		r := multipart.NewReader(bytes.NewReader(e.Body), p["boundary"])
		for n := 0; n < 1000; n++ {
			part, err := r.NextPart()
			if err != nil {
				break
			}
			var b bytes.Buffer
			b.ReadFrom(io.LimitReader(part, 1<<20))
			name := part.FormName()
			if v := b.String(); SecretName(name) {
				s.add(v, name, "multipart field "+strconv.Quote(name))
			} else {
				s.scanShapes(v)
			}
		}
	}
	s.scanShapes(string(e.Body))
}

// applySecrets puts placeholders for the recording's secrets into a
// prepared replay and lists the secrets it uses.
func applySecrets(r *Replay, s *secretSet) {
	if r == nil || s == nil {
		return
	}
	r.URL = s.redact(templateUserinfo(templateQuery(r.URL, s), s))
	for i := range r.Headers {
		r.Headers[i].Value = s.redact(r.Headers[i].Value)
	}
	switch r.BodyKind {
	case "json":
		if out, err := walkJSON([]byte(r.Body), func(_ []string, key string, tok json.Token) (string, bool) {
			v, ok := scalarString(tok)
			if !ok || !SecretName(key) {
				return "", false
			}
			i, known := s.byValue[v]
			if !known {
				return "", false
			}
			if _, isStr := tok.(string); isStr {
				return `"{{` + s.list[i].Placeholder + `}}"`, true
			}
			return "{{" + s.list[i].Placeholder + "}}", true
		}); err == nil {
			r.Body = out
		}
	case "form":
		r.Body = templateSecretFields(r.Body, s)
	}
	r.Body = s.redact(r.Body)
	uses := func(ph string) bool {
		t := "{{" + ph + "}}"
		if strings.Contains(r.URL, t) || strings.Contains(r.Body, t) {
			return true
		}
		for _, h := range r.Headers {
			if strings.Contains(h.Value, t) {
				return true
			}
		}
		return false
	}
	creds := map[string]bool{}
	for _, c := range r.Credentials {
		creds[c.Placeholder] = true
	}
	params := map[string]bool{}
	for _, p := range r.Params {
		params[p.Name] = true
	}
	for _, sc := range s.list {
		if creds[sc.Placeholder] || params[sc.Placeholder] || sc.Placeholder == "csrf" {
			continue
		}
		if uses(sc.Placeholder) {
			r.Secrets = append(r.Secrets, sc)
		}
	}
}

// templateQuery replaces the values of secret-named query parameters
// (which may be shorter than minRedact) by their placeholders.
func templateQuery(raw string, s *secretSet) string {
	base, q, ok := strings.Cut(raw, "?")
	if !ok {
		return raw
	}
	frag := ""
	if i := strings.IndexByte(q, '#'); i >= 0 {
		q, frag = q[:i], q[i:]
	}
	return base + "?" + templateSecretFields(q, s) + frag
}

// templateSecretFields replaces the values of secret-named k=v fields.
func templateSecretFields(q string, s *secretSet) string {
	parts := strings.Split(q, "&")
	for j, kv := range parts {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		dk, err1 := url.QueryUnescape(k)
		dv, err2 := url.QueryUnescape(v)
		if err1 != nil || err2 != nil || !SecretName(dk) {
			continue
		}
		if i, known := s.byValue[dv]; known {
			parts[j] = k + "={{" + s.list[i].Placeholder + "}}"
		}
	}
	return strings.Join(parts, "&")
}

// templateUserinfo replaces a URL password, which may be shorter than
// minRedact, by its placeholder.
func templateUserinfo(raw string, s *secretSet) string {
	u, err := url.Parse(raw)
	if err != nil || u.User == nil {
		return raw
	}
	pw, ok := u.User.Password()
	if !ok {
		return raw
	}
	i, known := s.byValue[pw]
	if !known {
		return raw
	}
	scheme, rest, ok := strings.Cut(raw, "://")
	at := strings.Index(rest, "@")
	if !ok || at < 0 {
		return raw
	}
	user := u.User.Username()
	return scheme + "://" + strings.ReplaceAll(url.QueryEscape(user), "+", "%20") + ":{{" + s.list[i].Placeholder + "}}" + rest[at:]
}
