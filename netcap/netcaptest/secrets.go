package netcaptest

import (
	"encoding/base64"
	"encoding/json"
	"net/url"
	"strings"
	"time"
)

// SecretsRecording is a recording full of credentials: a shop's sign-in,
// an API call, an export, an upload to S3, a checkout with a card and a
// profile change, each carrying its secrets the way real sites do.
type SecretsRecording struct {
	HAR     []byte // HAR 1.2 JSON
	Actions []byte // DOM action timeline JSON
	// Secrets are the recorded credential values (decoded): none may
	// appear in any output of netcap or `axtree rank`.
	Secrets []string
	// CheckoutURL is the request URL of the checkout POST.
	CheckoutURL string
}

// The secrets of the recording. Some are short (a CVC), some are only
// recognisable by shape (a JWT in a JSON response field the page then
// sends, an AWS key id, a card number typed into a field named "Number").
const (
	secretPassword  = "correct horse battery staple"
	secretPassword2 = "Tr0ub4dor&3"
	secretURLPass   = "s3cr3t-Pa55"
	secretAuthToken = "6bQz1XvT9pLkR2mN8sW4yH7jC3fD0aGe5uI"
	secretAPIKey    = "AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY"
	secretAPIKey2   = "live_4f9c2e7a1b3d5f60"
	secretAWSKey    = "AKIAIOSFODNN7EXAMPLE"
	secretAmzToken  = "FwoGZXIvYXdzEBYaDHqa0AP1/Z3ZXIvYXdzEBYaDHqa0AP1+ZXIvYXdzEXAMPLE=="
	secretAmzSig    = "a3f1c9e0b7d24f6e8a5b1c3d7e9f0a2b4c6d8e0f1a3b5c7d9e1f3a5b7c9d1e3f"
	secretSession   = "s%3Aj7Qx2LmN9pR4tV6wY8zA1bC3dE5fG7hJ"
	secretCard      = "4111 1111 1111 1111"
	secretCard2     = "5555555555554444"
	secretCVC       = "737"
	secretCVV       = "123"
	secretCSRF      = "Zm9yZ2VyeS1wcm90ZWN0aW9uLXRva2VuLTk4NzY1"
	secretResetTok  = "q8Vw3ZrT6yUx1NbM4kLp7JhG2fDs5Aa9"
)

// jwt is a realistic signed token (header.payload.signature).
var jwt = func() string {
	enc := base64.RawURLEncoding.EncodeToString
	return enc([]byte(`{"alg":"HS256","typ":"JWT"}`)) + "." +
		enc([]byte(`{"sub":"ada@example.com","iat":1764579600,"scope":"orders:read"}`)) + "." +
		"SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
}()

// Secrets builds the secrets recording; bom puts a UTF-8 byte order mark
// before the JSON, as some HAR exporters write it.
func Secrets(bom bool) SecretsRecording {
	b := &builder{o: Options{}}
	at := func(i int) int { return 1000 + i*1500 }
	loginHTML := `<!doctype html><html><head><meta name="csrf-token" content="` + secretCSRF + `">` +
		`<title>Sign in</title></head><body><form action="/api/session"></form></body></html>`
	doc := b.add(0, "GET", "https://shop.example.com/login", "document",
		[]nv{{"accept", "text/html"}}, nil, 200, "text/html", loginHTML)
	doc.Response.Headers = append(doc.Response.Headers, nv{"set-cookie", "sid=" + secretSession + "; Path=/; HttpOnly; Secure"})
	doc.Response.Cookies = []nv{{"sid", secretSession}}
	cookie := nv{"cookie", "sid=" + secretSession + "; theme=dark"}

	// Sign in: JSON body with the password; the answer is a JWT.
	b.add(at(1), "POST", "https://shop.example.com/api/session", "fetch",
		[]nv{{"content-type", "application/json"}, {"x-csrf-token", secretCSRF}, cookie},
		&postData{MimeType: "application/json", Text: `{"email":"ada@example.com","password":` + jsonString(secretPassword) + `,"remember":true}`},
		200, "application/json", `{"access_token":"`+jwt+`","expires_in":3600}`)

	// The API: token in the query, keys in headers.
	b.add(at(2), "GET", "https://api.shop.example.com/v1/orders?access_token="+jwt+"&key="+secretAPIKey+"&page=1", "fetch",
		[]nv{{"authorization", "Bearer " + jwt}, {"x-auth-token", secretAuthToken}, {"api-key", secretAPIKey2}, {"accept", "application/json"}},
		nil, 200, "application/json", `{"orders":[{"id":"o-1042","total":4200}]}`)

	// An export with a password in the URL.
	b.add(at(3), "GET", "https://export:"+url.QueryEscape(secretURLPass)+"@files.shop.example.com/exports/orders.csv", "fetch",
		nil, nil, 200, "text/csv", "id,total\no-1042,4200\n")

	// A presigned S3 upload with a session token.
	cred := secretAWSKey + "/20261201/eu-central-1/s3/aws4_request"
	b.add(at(4), "PUT", "https://shop-uploads.s3.eu-central-1.amazonaws.com/avatars/ada.png?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential="+
		url.QueryEscape(cred)+"&X-Amz-Date=20261201T090000Z&X-Amz-Expires=300&X-Amz-SignedHeaders=host&X-Amz-Signature="+secretAmzSig, "fetch",
		[]nv{{"x-amz-security-token", secretAmzToken}, {"content-type", "image/png"}},
		&postData{MimeType: "image/png", Text: base64.StdEncoding.EncodeToString(pngBytes), Encoding: "base64"}, 200, "text/plain", "")

	// Checkout: a form with the card, the CVC and the CSRF token.
	form := url.Values{}
	form.Set("authenticity_token", secretCSRF)
	form.Set("card_number", secretCard)
	form.Set("cvc", secretCVC)
	form.Set("exp", "12/29")
	form.Set("name", "Ada Lovelace")
	checkout := b.add(at(5), "POST", "https://shop.example.com/api/checkout", "xhr",
		[]nv{{"content-type", "application/x-www-form-urlencoded"}, {"x-csrf-token", secretCSRF}, cookie},
		&postData{MimeType: "application/x-www-form-urlencoded", Text: form.Encode()}, 201, "application/json", `{"order":"o-1043","status":"paid"}`)
	checkoutURL := checkout.Request.URL

	// A second card, sent as JSON by a payment widget.
	b.add(at(6), "POST", "https://pay.shop.example.com/v2/payments", "fetch",
		[]nv{{"content-type", "application/json"}, {"x-api-key", secretAPIKey2}},
		&postData{MimeType: "application/json", Text: `{"amount":4200,"currency":"EUR","source":{"number":"` + secretCard2 + `","cvv":"` + secretCVV + `","exp":"11/28"}}`},
		200, "application/json", `{"status":"authorized"}`)

	// Profile: a multipart form with the new password.
	const boundary = "----WebKitFormBoundary7MA4YWxkTrZu0gW"
	mp := "--" + boundary + "\r\nContent-Disposition: form-data; name=\"display_name\"\r\n\r\nAda\r\n" +
		"--" + boundary + "\r\nContent-Disposition: form-data; name=\"new_password\"\r\n\r\n" + secretPassword2 + "\r\n" +
		"--" + boundary + "--\r\n"
	b.add(at(7), "POST", "https://shop.example.com/api/profile", "fetch",
		[]nv{{"content-type", "multipart/form-data; boundary=" + boundary}, cookie},
		&postData{MimeType: "multipart/form-data; boundary=" + boundary, Text: mp}, 200, "application/json", `{"ok":true}`)

	// A password-reset link visited as a document.
	b.add(at(8), "GET", "https://shop.example.com/reset?token="+secretResetTok, "document",
		[]nv{{"accept", "text/html"}}, nil, 200, "text/html", "<!doctype html><title>Reset</title>")

	type page struct {
		StartedDateTime string `json:"startedDateTime"`
		ID              string `json:"id"`
		Title           string `json:"title"`
	}
	har := struct {
		Log struct {
			Version string  `json:"version"`
			Creator nv      `json:"creator"`
			Pages   []page  `json:"pages"`
			Entries []entry `json:"entries"`
		} `json:"log"`
	}{}
	har.Log.Version = "1.2"
	har.Log.Creator = nv{"netcaptest", "1"}
	har.Log.Pages = []page{{StartedDateTime: T0.Format(time.RFC3339Nano), ID: "page_1", Title: "https://shop.example.com/login"}}
	har.Log.Entries = b.entries
	rec := SecretsRecording{CheckoutURL: checkoutURL}
	rec.HAR, _ = json.MarshalIndent(har, "", " ")
	if bom {
		rec.HAR = append([]byte("\xef\xbb\xbf"), rec.HAR...)
	}
	type act struct {
		Time   string `json:"time"`
		ID     int    `json:"id"`
		Role   string `json:"role"`
		Name   string `json:"name"`
		Action string `json:"action"`
		Value  string `json:"value,omitempty"`
		Type   string `json:"type,omitempty"`
	}
	t := func(d int) string { return ms(d).Format(time.RFC3339Nano) }
	acts := []act{
		{t(at(1) - 900), 3, "textbox", "Email", "type", "ada@example.com", "email"},
		{t(at(1) - 500), 4, "textbox", "Password", "type", secretPassword, "password"},
		{t(at(1) - 100), 5, "button", "Sign in", "click", "", ""},
		{t(at(5) - 900), 11, "textbox", "Number", "type", secretCard, "text"}, // a card by shape only
		{t(at(5) - 600), 12, "textbox", "CVC", "type", secretCVC, "text"},
		{t(at(5) - 100), 14, "button", "Pay", "click", "", ""},
		{t(at(7) - 500), 21, "textbox", "New password", "type", secretPassword2, ""},
		{t(at(7) - 100), 22, "button", "Save", "click", "", ""},
	}
	rec.Actions, _ = json.MarshalIndent(acts, "", " ")
	rec.Secrets = []string{secretPassword, secretPassword2, secretURLPass, secretAuthToken, secretAPIKey, secretAPIKey2,
		secretAWSKey, secretAmzToken, secretAmzSig, secretSession, secretCard, strings.ReplaceAll(secretCard, " ", ""),
		secretCard2, secretCSRF, secretResetTok, jwt, strings.SplitN(jwt, ".", 3)[2], secretCVC, secretCVV}
	return rec
}
