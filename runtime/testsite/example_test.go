package testsite_test

import (
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"

	"github.com/axtree/axtree/runtime/testsite"
)

func ExampleStartChat() {
	c, err := testsite.StartChat(testsite.ChatOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Close()
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar}
	res, err := client.PostForm(c.URL()+"/login", url.Values{"user": {testsite.ChatUser}, "password": {testsite.ChatPassword}})
	if err != nil {
		fmt.Println(err)
		return
	}
	res.Body.Close()
	fmt.Println(res.Request.URL.Path, res.StatusCode)
	// Without the site's signature the send endpoint refuses.
	req, _ := http.NewRequest("POST", c.URL()+"/api/send", strings.NewReader(`{"to":"bob","text":"hi"}`))
	res, err = client.Do(req)
	if err != nil {
		fmt.Println(err)
		return
	}
	res.Body.Close()
	fmt.Println(res.StatusCode, c.Rejected(), len(c.Messages()))
	// Output:
	// /app 200
	// 403 [csrf] 0
}

func ExampleStartShop() {
	sh, err := testsite.StartShop()
	if err != nil {
		fmt.Println(err)
		return
	}
	defer sh.Close()
	// The product page's form posts here; the site answers with the basket.
	res, err := http.PostForm(sh.URL()+"/basket", url.Values{"sku": {"mug"}, "qty": {"2"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	res.Body.Close()
	fmt.Println(res.Request.URL.Path, res.StatusCode, sh.Orders())
	// Output:
	// /basket 200 [{mug 2}]
}

func ExampleStartSupport() {
	sup, err := testsite.StartSupport()
	if err != nil {
		fmt.Println(err)
		return
	}
	defer sup.Close()
	// The ticket request alone, without the draft that opening the dialog
	// creates, is refused.
	res, err := http.Post(sup.URL()+"/api/tickets", "application/json", strings.NewReader(`{"subject":"Hi","message":"x"}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	res.Body.Close()
	fmt.Println(res.StatusCode, sup.Rejected(), len(sup.Tickets()))
	// Output:
	// 409 1 0
}
