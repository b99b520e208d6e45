package crawl

import (
	"crypto/tls"
	"errors"
	"net/http/httptrace"
	"sync"
	"testing"
	"time"
)

// TestTiming_HooksAfterFinishChangeNothing runs every hook of a fetch's
// trace after the fetch has taken its figures, as net/http does for a
// response or a dial that outlives a given-up request: the figures the
// fetch took stay as they were, and the timing's own state does too.
func TestTiming_HooksAfterFinishChangeNothing(t *testing.T) {
	tm := &timing{}
	tr := tm.trace()
	tr.WroteRequest(httptrace.WroteRequestInfo{})
	time.Sleep(time.Millisecond)
	tr.GotFirstResponseByte()
	got := tm.finish()
	if got.ttfb <= 0 {
		t.Fatalf("ttfb %v before finishing, want > 0", got.ttfb)
	}

	time.Sleep(time.Millisecond)
	tr.ConnectStart("tcp", "192.0.2.1:443")
	tr.ConnectDone("tcp", "192.0.2.1:443", nil)
	tr.TLSHandshakeStart()
	tr.TLSHandshakeDone(tls.ConnectionState{}, errors.New("late handshake failure"))
	tr.GotConn(httptrace.GotConnInfo{})
	tr.WroteRequest(httptrace.WroteRequestInfo{})
	tr.GotFirstResponseByte()
	tm.addDNS(time.Second)
	if again := tm.finish(); again != got {
		t.Errorf("phases after late hooks = %+v, want %+v as finished", again, got)
	}
}

// TestTiming_ConcurrentHooks runs the hooks on other goroutines while the
// fetch finishes, as net/http's dial and read loops do; under the race
// detector (make test-race) an unguarded field fails it.
func TestTiming_ConcurrentHooks(t *testing.T) {
	tm := &timing{}
	tr := tm.trace()
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 100 {
				tr.ConnectStart("tcp", "192.0.2.1:443")
				tr.ConnectDone("tcp", "192.0.2.1:443", nil)
				tr.TLSHandshakeStart()
				tr.TLSHandshakeDone(tls.ConnectionState{}, nil)
				tr.WroteRequest(httptrace.WroteRequestInfo{})
				tr.GotFirstResponseByte()
				tm.addDNS(time.Microsecond)
			}
		}()
	}
	ph := tm.finish()
	_ = tm.latestConn()
	wg.Wait()
	if again := tm.finish(); again != ph {
		t.Errorf("phases changed after finish: %+v, then %+v", ph, again)
	}
}
