package links

import (
	"strings"
	"unicode"
)

// asciiHost converts a host with non-ASCII labels to its punycode form
// ("bücher.de" → "xn--bcher-kva.de"): labels are lower-cased and encoded as
// RFC 3492 says. It is a small subset of IDNA (no Unicode normalisation or
// mapping tables, which would need golang.org/x/text): a label holding
// anything but letters, marks, digits and '-' is rejected (ok false), so
// bidi controls, spaces and symbols never reach a host.
func asciiHost(host string) (string, bool) {
	labels := strings.Split(host, ".")
	for i, l := range labels {
		if isASCII(l) {
			continue
		}
		l = strings.ToLower(l)
		for _, r := range l {
			if !(unicode.IsLetter(r) || unicode.IsMark(r) || unicode.IsDigit(r) || r == '-') {
				return "", false
			}
		}
		p, ok := punycode([]rune(l))
		if !ok {
			return "", false
		}
		labels[i] = "xn--" + p
	}
	return strings.Join(labels, "."), true
}

const (
	pcBase        = 36
	pcTMin        = 1
	pcTMax        = 26
	pcSkew        = 38
	pcDamp        = 700
	pcInitialBias = 72
	pcInitialN    = 128
	maxLabelRunes = 63
)

// punycode encodes label (RFC 3492 section 6.3).
func punycode(label []rune) (string, bool) {
	if len(label) > maxLabelRunes { // also keeps delta far from overflow
		return "", false
	}
	var out []byte
	for _, r := range label {
		if r < 0x80 {
			out = append(out, byte(r))
		}
	}
	b := len(out)
	h := b
	if b > 0 {
		out = append(out, '-')
	}
	n, delta, bias := rune(pcInitialN), 0, pcInitialBias
	for h < len(label) {
		m := rune(unicode.MaxRune + 1)
		for _, r := range label {
			if r >= n && r < m {
				m = r
			}
		}
		delta += int(m-n) * (h + 1)
		n = m
		for _, r := range label {
			if r < n {
				delta++
			}
			if r != n {
				continue
			}
			q := delta
			for k := pcBase; ; k += pcBase {
				t := k - bias
				if t < pcTMin {
					t = pcTMin
				} else if t > pcTMax {
					t = pcTMax
				}
				if q < t {
					break
				}
				out = append(out, pcDigit(t+(q-t)%(pcBase-t)))
				q = (q - t) / (pcBase - t)
			}
			out = append(out, pcDigit(q))
			bias = pcAdapt(delta, h+1, h == b)
			delta = 0
			h++
		}
		delta++
		n++
	}
	return string(out), true
}

func pcDigit(d int) byte {
	if d < 26 {
		return byte('a' + d)
	}
	return byte('0' + d - 26)
}

func pcAdapt(delta, numPoints int, first bool) int {
	if first {
		delta /= pcDamp
	} else {
		delta /= 2
	}
	delta += delta / numPoints
	k := 0
	for delta > ((pcBase-pcTMin)*pcTMax)/2 {
		delta /= pcBase - pcTMin
		k += pcBase
	}
	return k + (pcBase-pcTMin+1)*delta/(delta+pcSkew)
}
