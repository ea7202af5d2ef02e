package netcap_test

import (
	"encoding/json"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/netcap"
	"github.com/axtree/axtree/netcap/netcaptest"
)

// secretForms are the ways a secret may be written in an output: as is,
// query- and path-escaped, JSON- and Go-quoted.
func secretForms(s string) []string {
	q := strconv.Quote(s)
	js, _ := json.Marshal(s)
	return []string{s, url.QueryEscape(s), url.PathEscape(s), q[1 : len(q)-1], string(js[1 : len(js)-1])}
}

// AssertNoSecret fails when an output holds a recorded secret. Secrets of
// under 6 bytes (a CVC) are looked for in the places they could stand.
func assertNoSecret(t *testing.T, what, out string, secrets []string) {
	t.Helper()
	for _, s := range secrets {
		if len(s) < 6 {
			for _, ctx := range []string{"=" + s, `"` + s + `"`, ":" + s + ",", " " + s + "\n"} {
				assert.NotContains(t, out, ctx, "%s: the secret %q is in the output", what, s)
			}
			continue
		}
		for _, f := range secretForms(s) {
			assert.NotContains(t, out, f, "%s: the secret %q is in the output", what, s)
		}
	}
}

func rankSecrets(t *testing.T, top int) (*netcap.Result, *netcap.Capture, netcaptest.SecretsRecording) {
	rec := netcaptest.Secrets(true)
	c, err := netcap.ParseHAR(rec.HAR)
	require.NoError(t, err, "a HAR with a UTF-8 BOM is accepted")
	acts, err := netcap.ParseActions(rec.Actions)
	require.NoError(t, err)
	return netcap.Rank(c, acts, netcap.Options{Top: top}), c, rec
}

// TestNoSecretInAnyOutput: a recording full of credentials (tokens and
// keys in queries and headers, a URL password, passwords and cards in
// JSON, form and multipart bodies and typed into fields, cookies, a CSRF
// token) ranks with every one of them a placeholder, in the Result's JSON
// and in the generator context.
func TestNoSecretInAnyOutput(t *testing.T) {
	for _, top := range []int{0, 20} {
		res, _, rec := rankSecrets(t, top)
		js, err := json.Marshal(res)
		require.NoError(t, err)
		assertNoSecret(t, "JSON", string(js), rec.Secrets)
		assertNoSecret(t, "context", res.Context, rec.Secrets)
		assertNoSecret(t, "Go fields", strings.Join(append([]string{res.Page, res.PlanReason}, res.Warnings...), "\n"), rec.Secrets)
		for _, c := range res.Candidates {
			assertNoSecret(t, "candidate URL", c.URL, rec.Secrets)
		}
	}
}

func TestSecretsArePlaceholders(t *testing.T) {
	res, _, rec := rankSecrets(t, 20)
	by := map[string]*netcap.Replay{}
	for i := range res.Candidates {
		c := &res.Candidates[i]
		by[c.Method+" "+strings.SplitN(c.URL, "?", 2)[0]] = c.Replay
	}
	co := by["POST "+rec.CheckoutURL]
	require.NotNil(t, co)
	assert.Contains(t, co.Body, "card_number={{")
	assert.Contains(t, co.Body, "cvc={{cvc}}")
	assert.Contains(t, co.Body, "authenticity_token={{csrf}}")
	orders := by["GET https://api.shop.example.com/v1/orders"]
	require.NotNil(t, orders)
	assert.Contains(t, orders.URL, "access_token={{")
	assert.Contains(t, orders.URL, "&page=1")
	var hdrs []string
	for _, h := range orders.Headers {
		hdrs = append(hdrs, h.Name+": "+h.Value)
	}
	assert.Contains(t, hdrs, "x-auth-token: {{x_auth_token}}")
	assert.Contains(t, hdrs, "api-key: {{api_key}}")
	assert.Contains(t, hdrs, "authorization: {{authorization}}")
	exp := by["GET https://export:{{url_password}}@files.shop.example.com/exports/orders.csv"]
	require.NotNil(t, exp, "URL password templated: %v", keys(by))
	pay := by["POST https://pay.shop.example.com/v2/payments"]
	require.NotNil(t, pay)
	assert.Contains(t, pay.Body, `"cvv":"{{cvv}}"`)
	assert.Contains(t, pay.Body, `"number":"{{`)
	assert.Contains(t, res.Context, "value withheld (secret) -> {{password}}")
	assert.Contains(t, res.Context, "secret: {{x_auth_token}} = header x-auth-token (recorded, value withheld)")
}

func keys(m map[string]*netcap.Replay) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestReplayKeepsRealValues: Expand with no overrides gives back the
// recorded request, secrets included, for every ranked request; an
// override replaces a placeholder.
func TestReplayKeepsRealValues(t *testing.T) {
	res, c, _ := rankSecrets(t, 20)
	require.NotEmpty(t, res.Candidates)
	for _, cd := range res.Candidates {
		e := &c.Entries[cd.Index]
		r := cd.Replay
		require.NotNil(t, r)
		req, err := r.Expand(nil)
		require.NoError(t, err, cd.URL)
		got, err := url.Parse(req.URL)
		require.NoError(t, err)
		want, _ := url.Parse(e.URL)
		assert.Equal(t, want.Query(), got.Query(), "query of %s", e.URL)
		assert.Equal(t, want.User.String(), got.User.String(), "userinfo of %s", e.URL)
		assert.Equal(t, want.Host+want.Path, got.Host+got.Path)
		recorded := map[string]string{}
		for _, h := range e.RequestHeaders {
			recorded[strings.ToLower(h.Name)] = h.Value
		}
		for _, h := range req.Headers {
			if v, ok := recorded[strings.ToLower(h.Name)]; ok {
				assert.Equal(t, v, h.Value, "header %s of %s", h.Name, e.URL)
			}
		}
		switch r.BodyKind {
		case "json":
			var a, b any
			require.NoError(t, json.Unmarshal(e.Body, &a))
			require.NoError(t, json.Unmarshal([]byte(req.Body), &b), req.Body)
			assert.Equal(t, a, b, "body of %s", e.URL)
		case "form":
			a, _ := url.ParseQuery(string(e.Body))
			b, _ := url.ParseQuery(req.Body)
			assert.Equal(t, a, b, "body of %s", e.URL)
		case "text":
			assert.Equal(t, string(e.Body), req.Body, "body of %s", e.URL)
		}
	}
	// An override wins; an unknown placeholder is an error.
	r := res.Candidates[0].Replay
	vals := r.Values()
	require.NotEmpty(t, vals)
	r2 := *r
	r2.Body += "&x={{nope}}"
	_, err := r2.Expand(nil)
	assert.ErrorContains(t, err, "no value for {{nope}}")
}

func TestIsCardNumber(t *testing.T) {
	for _, s := range []string{"4111 1111 1111 1111", "5555555555554444", "378282246310005", "6011-1111-1111-1117", "2223003122003222"} {
		assert.True(t, netcap.IsCardNumber(s), s)
	}
	for _, s := range []string{"4111 1111 1111 1112", "1764579600000", "1234567890123", "17645796000001234", "12"} {
		assert.False(t, netcap.IsCardNumber(s), s)
	}
}

func TestSecretName(t *testing.T) {
	for _, n := range []string{"X-Auth-Token", "Api-Key", "X-Amz-Security-Token", "X-CSRF-Token", "access_token", "client_secret", "password", "card_number", "cvc", "key", "X-Amz-Signature", "new_password"} {
		assert.True(t, netcap.SecretName(n), n)
	}
	for _, n := range []string{"q", "page", "author", "keywords", "email", "content-type", "accept", "name"} {
		assert.False(t, netcap.SecretName(n), n)
	}
}
