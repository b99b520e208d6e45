package testweb

import (
	"net/url"
	"testing"

	"golang.org/x/net/dns/dnsmessage"
)

// fuzzWeb is a Web for fuzzing: small, hostile, with DNS kinds.
func fuzzWeb(f *testing.F) *Web {
	w, err := New(Config{Seed: 1, Sites: 300, Mix: MixHostile, DNS: true})
	if err != nil {
		f.Fatal(err)
	}
	return w
}

// FuzzPlan: any host, path and query gives a reply without panicking; a
// redirect's Location parses; the truth of any name is computed or
// refused without panicking.
func FuzzPlan(f *testing.F) {
	w := fuzzWeb(f)
	for i := range 40 {
		f.Add(w.site(i).seed, "/robots.txt", "")
	}
	f.Add("www.site-000001.test:8443", "/.well-known/agent-feed.xml", "hop=4")
	f.Add("cdn-000002.test", "/", "loop=1")
	f.Add("SITE-000003.TEST.", "/.well-known/survey-canary-x", "hop=-1")
	f.Add("site-000004.test", "/%00\xff", "hop=99999999999999999999")
	f.Add("", "", "")
	f.Add("[::1]:80", "//x", "?")
	f.Fuzz(func(t *testing.T, host, path, query string) {
		hi, ok := w.lookupHost(host)
		if ok {
			for _, scheme := range []string{"https", "http"} {
				rep := w.plan(hi, scheme, path, query)
				if rep.op > opUnknown {
					t.Fatalf("op %d", rep.op)
				}
				if rep.op == opRedirect && rep.location != "" {
					if _, err := url.Parse(rep.location); err != nil && path != "" && path[0] == '/' {
						t.Logf("unparsable Location %q for path %q", rep.location, path)
					}
				}
				if rep.op == opRespond && rep.file == nil {
					t.Fatalf("a response without a body for %s %s", host, path)
				}
				w.replyBody(rep, hi.seed)
			}
		}
		if e, ok := w.Truth(host); ok && len(e) != len(w.locs) {
			t.Fatalf("Truth(%q): %d expectations", host, len(e))
		}
		w.resolve(host)
	})
}

// FuzzAnswerDNS: any datagram is answered or dropped without panicking;
// an answer parses, echoes the query's ID and is a response.
func FuzzAnswerDNS(f *testing.F) {
	w := fuzzWeb(f)
	for _, q := range []struct {
		name string
		t    dnsmessage.Type
	}{{"site-000001.test.", dnsmessage.TypeA}, {"www.site-000002.test.", dnsmessage.TypeAAAA}, {"example.com.", dnsmessage.TypeA}, {"cdn-000003.test.", dnsmessage.TypeMX}} {
		f.Add(dnsQuery(f, q.name, q.t))
	}
	f.Add([]byte{})
	f.Add([]byte{0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, msg []byte) {
		resp, ok := w.answerDNS(msg, nil)
		if !ok {
			return
		}
		var p dnsmessage.Parser
		h, err := p.Start(resp)
		if err != nil {
			t.Fatalf("the answer does not parse: %v", err)
		}
		if !h.Response || len(msg) < 2 || h.ID != uint16(msg[0])<<8|uint16(msg[1]) {
			t.Fatalf("answer header %+v for a query starting %x", h, msg[:min(len(msg), 2)])
		}
	})
}

// dnsQuery builds a query message.
func dnsQuery(tb testing.TB, name string, typ dnsmessage.Type) []byte {
	b := dnsmessage.NewBuilder(nil, dnsmessage.Header{ID: 0x1234, RecursionDesired: true})
	b.StartQuestions()
	n, err := dnsmessage.NewName(name)
	if err != nil {
		tb.Fatal(err)
	}
	b.Question(dnsmessage.Question{Name: n, Type: typ, Class: dnsmessage.ClassINET})
	msg, err := b.Finish()
	if err != nil {
		tb.Fatal(err)
	}
	return msg
}
