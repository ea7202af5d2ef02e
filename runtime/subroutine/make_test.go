package subroutine

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/netcap/netcaptest"
)

func TestMakeNetwork(t *testing.T) {
	rec := netcaptest.Generate(netcaptest.Options{})
	m, err := Make(rec.HAR, rec.Actions, MakeOptions{})
	require.NoError(t, err)
	s := m.Subroutine
	assert.Equal(t, PlanNetwork, s.Plan)
	assert.Equal(t, "POST /api/messages", m.Request)
	require.Len(t, s.Parameters, 1)
	assert.Equal(t, "message", s.Parameters[0].Name)
	assert.Equal(t, rec.Message, s.Parameters[0].Example)
	assert.Contains(t, s.Body, `ax.getCsrfToken({cookie: "ct0"})`)
	assert.Contains(t, s.Body, `"x-csrf-token": _csrf`)
	assert.Contains(t, s.Body, `"text": message`)
	out, err := s.Encode()
	require.NoError(t, err)
	assert.NotContains(t, string(out), rec.CSRF, "the recorded CSRF token is read at run time, never written")
	assert.NotContains(t, string(out), rec.Message+`"}`)
	assert.Contains(t, m.Omitted, "cookie")
	assert.Contains(t, m.Omitted, "x-client-transaction-id")
	// Decodes back.
	_, err = Decode(out)
	require.NoError(t, err)
}

func TestMakeCircuitBreaker(t *testing.T) {
	rec := netcaptest.Generate(netcaptest.Options{Variant: netcaptest.SendPersistedQuery})
	m, err := Make(rec.HAR, rec.Actions, MakeOptions{Name: "send_gql"})
	require.NoError(t, err)
	s := m.Subroutine
	assert.Equal(t, PlanDOM, s.Plan)
	assert.Equal(t, "send_gql", s.Name)
	out, err := s.Encode()
	require.NoError(t, err)
	assert.NotContains(t, string(out), rec.SendHash)
	assert.NotContains(t, string(out), rec.PageLoadHash)
	assert.Contains(t, s.Body, `await ax.type({role: "textbox", name: "Message"}, message, {clear: true});`)
	assert.Contains(t, s.Body, `await ax.click({role: "button", name: "Send"});`)
}

// har builds a one-request HAR around the page load.
func har(method, u, mime, body string, headers string) []byte {
	return []byte(`{"log":{"version":"1.2","entries":[
	 {"startedDateTime":"2026-03-02T09:00:00Z","request":{"method":"GET","url":"https://shop.example.org/cart","headers":[]},
	  "response":{"status":200,"content":{"size":10,"mimeType":"text/html","text":"<html></html>"}},"_resourceType":"document"},
	 {"startedDateTime":"2026-03-02T09:00:05.100Z","request":{"method":"` + method + `","url":"` + u + `",
	   "headers":[` + headers + `],
	   "postData":{"mimeType":"` + mime + `","text":` + body + `}},
	  "response":{"status":200,"content":{"size":2,"mimeType":"application/json","text":"{}"}},"_resourceType":"fetch"}]}}`)
}

const shopActions = `[
 {"time":"2026-03-02T09:00:02Z","id":5,"role":"textbox","name":"Customer","action":"type","value":"Zoë O'Brien","url":"https://shop.example.org/cart?tab=1"},
 {"time":"2026-03-02T09:00:03Z","id":7,"role":"spinbutton","name":"Quantity","action":"type","value":"12"},
 {"time":"2026-03-02T09:00:05Z","id":8,"role":"button","name":"Order now","action":"click"}]`

func TestMakeTemplatesPathQueryBody(t *testing.T) {
	h := har("POST", "https://shop.example.org/api/customers/Zo%C3%AB%20O%27Brien/orders?qty=12&src=web",
		"application/json", `"{\"qty\":12,\"note\":\"for Zoë O'Brien, thanks\",\"big\":12345678901234567}"`,
		`{"name":"Content-Type","value":"application/json"},{"name":"Authorization","value":"Bearer sekrit-token-123456"},{"name":"User-Agent","value":"x"},{"name":"X-Trace","value":"abc"}`)
	m, err := Make(h, []byte(shopActions), MakeOptions{})
	require.NoError(t, err)
	s := m.Subroutine
	body := s.Body
	assert.Contains(t, body, `ax.request("/api/customers/" + ax.encode(customer) + "/orders?qty=" + ax.encode(quantity) + "&src=web"`)
	assert.NotContains(t, body, "sekrit", "a credential is never written")
	assert.NotContains(t, body, "User-Agent")
	assert.Contains(t, body, `"x-trace": "abc"`)
	assert.Contains(t, m.Omitted, "authorization")
	assert.Contains(t, m.Omitted, "user-agent")
	assert.NotEmpty(t, m.Warnings)
	assert.Equal(t, "/cart?tab=1", s.Page)
	assert.Equal(t, "order_now", s.Name)
	// the path carries the customer: a network plan after all
	assert.Equal(t, PlanNetwork, s.Plan)
	assert.Contains(t, m.Reason, "URL path")
	// a number a double cannot hold keeps its digits
	assert.Contains(t, body, `ax.json({"qty": quantity, "note": "for " + customer + ", thanks", "big": ax.num("12345678901234567")})`)
	require.Len(t, s.Parameters, 2)
	assert.Equal(t, TypeString, s.Parameters[0].Type)
	assert.Equal(t, TypeInteger, s.Parameters[1].Type)
}

func TestMakeJSONNumbersAndForm(t *testing.T) {
	h := har("POST", "https://shop.example.org/api/orders", "application/json",
		`"{\"qty\":12,\"who\":\"Zoë O'Brien\",\"note\":\"for Zoë O'Brien\"}"`, `{"name":"content-type","value":"application/json"}`)
	m, err := Make(h, []byte(shopActions), MakeOptions{})
	require.NoError(t, err)
	assert.Contains(t, m.Subroutine.Body, `ax.json({"qty": quantity, "who": customer, "note": "for " + customer})`)
	require.Len(t, m.Subroutine.Parameters, 2)
	assert.Equal(t, TypeInteger, m.Subroutine.Parameters[1].Type)
	f := har("POST", "https://shop.example.org/api/orders", "application/x-www-form-urlencoded",
		`"qty=12&who=Zo%C3%AB+O%27Brien&x=1"`, `{"name":"content-type","value":"application/x-www-form-urlencoded"}`)
	m, err = Make(f, []byte(shopActions), MakeOptions{})
	require.NoError(t, err)
	assert.Contains(t, m.Subroutine.Body, `body: "qty=" + ax.encode(quantity) + "&who=" + ax.encode(customer) + "&x=1"`)
}

func TestMakeNothing(t *testing.T) {
	_, err := Make([]byte(`{"log":{"version":"1.2","entries":[]}}`), []byte(`[]`), MakeOptions{})
	assert.ErrorContains(t, err, "nothing to make")
	_, err = Make([]byte(`not json`), []byte(`[]`), MakeOptions{})
	assert.Error(t, err)
}

func TestJSString(t *testing.T) {
	s := jsString("</script>\u2028`${x}`'\"")
	assert.False(t, strings.Contains(s, "</script>"))
	assert.Contains(t, s, `\u003c/script\u003e`)
	assert.Contains(t, s, `\u2028`)
}

// Credentials netcap finds in the request become parameters without a
// recorded value; none is written into the file.
func TestMakeNeverWritesSecrets(t *testing.T) {
	h := har("POST", "https://shop.example.org/api/orders?access_token=ya29.a0AfH6SMBx3secret9token&qty=12", "application/json",
		`"{\"qty\":12,\"who\":\"Zoë O'Brien\",\"password\":\"hunter2-correct-horse\",\"card\":\"4111111111111111\"}"`,
		`{"name":"content-type","value":"application/json"},{"name":"X-Auth-Token","value":"tok_9f8e7d6c5b4a39281706"}`)
	m, err := Make(h, []byte(shopActions), MakeOptions{})
	require.NoError(t, err)
	out, err := m.Subroutine.Encode()
	require.NoError(t, err)
	for _, v := range []string{"ya29.a0AfH6SMBx3secret9token", "hunter2-correct-horse", "4111111111111111", "tok_9f8e7d6c5b4a39281706"} {
		assert.NotContains(t, string(out), v)
	}
	t.Logf("%s", out)
	var secret int
	for _, p := range m.Subroutine.Parameters {
		if strings.Contains(p.Description, "secret") {
			secret++
			assert.Nil(t, p.Example)
		}
	}
	assert.GreaterOrEqual(t, secret, 2)
}

// A DOM action after the top request makes a hybrid plan: the steps before
// it that the request does not carry, the request, the steps after it, and
// the request's answer as the result.
func TestMakeHybrid(t *testing.T) {
	h := har("POST", "https://shop.example.org/api/orders", "application/json",
		`"{\"qty\":12,\"who\":\"Zoë O'Brien\"}"`, `{"name":"content-type","value":"application/json"}`)
	acts := `[
 {"time":"2026-03-02T09:00:01Z","id":3,"role":"button","name":"New order","action":"click","url":"https://shop.example.org/cart"},
 {"time":"2026-03-02T09:00:02Z","id":5,"role":"textbox","name":"Customer","action":"type","value":"Zoë O'Brien"},
 {"time":"2026-03-02T09:00:03Z","id":7,"role":"spinbutton","name":"Quantity","action":"type","value":"12"},
 {"time":"2026-03-02T09:00:05Z","id":8,"role":"button","name":"Order now","action":"click"},
 {"time":"2026-03-02T09:00:07Z","id":9,"role":"button","name":"Close","action":"click"}]`
	m, err := Make(h, []byte(acts), MakeOptions{})
	require.NoError(t, err)
	s := m.Subroutine
	require.Equal(t, PlanHybrid, s.Plan, m.Reason)
	want := []string{
		`await ax.click({role: "button", name: "New order"});`,
		`const _res = await ax.request("/api/orders"`,
		`ax.json({"qty": quantity, "who": customer})`,
		`await ax.click({role: "button", name: "Close"});`,
		"return _res.json !== undefined ? _res.json : _res.text;\n",
	}
	at := 0
	for _, w := range want {
		i := strings.Index(s.Body[at:], w)
		require.GreaterOrEqual(t, i, 0, "%q after offset %d in\n%s", w, at, s.Body)
		at += i + len(w)
	}
	assert.True(t, strings.HasSuffix(s.Body, want[len(want)-1]))
	assert.NotContains(t, s.Body, "Order now", "the click that sent the request is the request")
	assert.NotContains(t, s.Body, "ax.type(", "typed values the request carries are its parameters")
	assert.Equal(t, []string{"customer", "quantity"}, s.ParamNames())
}
