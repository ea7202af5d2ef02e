// Package loopback says which Host headers a server on a local address
// answers to, so that a page in the user's browser cannot reach it through
// DNS rebinding (a name of the attacker's that resolves to 127.0.0.1 sends
// its own name as the Host).
package loopback

import (
	"net"
	"strings"
)

// Is reports whether host (a name or an IP address, without port or
// brackets) names the loopback interface.
func Is(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Hosts returns the Host header values a server listening on addr
// (host:port) answers to, lower-cased: addr itself and, when its host is
// a loopback address, 127.0.0.1, localhost and [::1] with its port. A
// request whose Host is not among them is not meant for this server.
func Hosts(addr string) map[string]bool {
	out := map[string]bool{strings.ToLower(addr): true}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return out
	}
	if Is(host) {
		for _, h := range []string{"127.0.0.1", "localhost", "[::1]"} {
			out[h+":"+port] = true
		}
	}
	return out
}

// Allowed reports whether a request's Host header value is one of hosts
// (as Hosts returns them; compared without case).
func Allowed(hosts map[string]bool, hostHeader string) bool {
	return hostHeader != "" && hosts[strings.ToLower(hostHeader)]
}
