package pipeline_test

import (
	"database/sql"
	"net/http"
	"sync/atomic"
	"testing"
)

// TestRun_RetriedAnswerIsRecorded: a location answered first 503 with a
// Retry-After the crawler waits out is recorded with the second answer,
// and the first one's status and Retry-After in retried_status and
// retried_after; they were lost, so a retried fetch looked like any other
// with a long wait_ms. A location asked once has neither.
func TestRun_RetriedAnswerIsRecorded(t *testing.T) {
	var robots atomic.Int32
	_, dbPath := crawlServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" && robots.Add(1) == 1 {
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		if r.URL.Path == "/robots.txt" {
			w.Write([]byte("User-agent: *\nDisallow: /private/\n"))
			return
		}
		http.NotFound(w, r)
	}), "busy.test", "retried", true)
	db := openReadOnly(t, dbPath)
	var status, retried sql.NullInt32
	var after, outcome string
	var wait float64
	err := db.QueryRow(`SELECT status, retried_status, retried_after, outcome, wait_ms FROM fetches WHERE location = 'robots'`).
		Scan(&status, &retried, &after, &outcome, &wait)
	if err != nil {
		t.Fatal(err)
	}
	if status.Int32 != 200 || outcome != "present" || retried.Int32 != 503 || after != "1" || wait < 900 {
		t.Errorf("robots.txt: status %v, %s, retried_status %v, retried_after %q, wait_ms %.0f; want 200 present after a 503 with Retry-After: 1 waited out",
			status, outcome, retried, after, wait)
	}
	var others int
	if err := db.QueryRow(`SELECT count(*) FROM fetches WHERE location <> 'robots' AND (retried_status IS NOT NULL OR retried_after <> '')`).Scan(&others); err != nil {
		t.Fatal(err)
	}
	if others != 0 {
		t.Errorf("%d locations asked once have a retried answer", others)
	}
}
