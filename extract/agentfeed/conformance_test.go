package agentfeed

import (
	"bytes"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/diag"
)

func TestCodes_Catalogue(t *testing.T) {
	if err := diag.Catalogue(Codes()).Check(); err != nil {
		t.Fatal(err)
	}
	for _, c := range Codes() {
		if !strings.HasPrefix(c.ID, "agent-feed.") {
			t.Errorf("code %s is not in the agent-feed namespace", c.ID)
		}
	}
}

// TestConformance_Section8 runs one compact check per §8 reader conformance
// category; the tests named after §2–§7 cover each in depth.
func TestConformance_Section8(t *testing.T) {
	t.Run("Canonicalization", func(t *testing.T) {
		forms := []string{
			`{"asserted-at":"2026-04-27T12:00:00Z","endpoint":"/a","endpoint-id":"a","protocol":"rest","version":"1"}`,
			"{ \"version\" : \"1\",\n \"protocol\": \"rest\", \"endpoint-id\": \"a\", \"endpoint\": \"\\/a\", \"asserted-at\": \"2026-04-27T12:00:00Z\" }",
			`{"endpoint":"\u002fa","asserted-at":"2026-04-27T12:00:00Z","version":"\u0031","endpoint-id":"a","protocol":"rest"}`,
		}
		var payloads [][]byte
		for _, form := range forms {
			f, _ := parse(t, feed(t, "", rawEntry(TypeEndpointAnnouncement, form)), opts(t))
			payloads = append(payloads, f.Entries[0].Payload)
		}
		for _, p := range payloads[1:] {
			if !bytes.Equal(p, payloads[0]) || string(payloads[0]) != forms[0] {
				t.Errorf("canonical bytes differ: %s vs %s", p, payloads[0])
			}
		}
		f, diags := parse(t, feed(t, "", rawEntry(TypeEndpointAnnouncement, `{"version":NaN}`)), opts(t))
		wantCodes(t, diags, "payload-non-finite")
		wantStatuses(t, f, EntryInvalid)
	})
	t.Run("SigningRoundtrip", func(t *testing.T) {
		good := announce(0, "a", "/a", "rest", "1")
		other := announce(1, "b", "/b", "rest", "1")
		other.Key = key(2)
		f, _ := parse(t, feed(t, "", good, other), opts(t))
		wantStatuses(t, f, EntryApplied, EntryUnverified)
	})
	t.Run("DIDResolution", func(t *testing.T) {
		o := opts(t)
		o.DID.Body = didBody(t, 2)
		e := announce(0, "a", "/a", "rest", "1")
		e.Key = key(2)
		f, _ := parse(t, feed(t, "", e, announce(1, "b", "/b", "rest", "1")), o)
		wantStatuses(t, f, EntryApplied, EntryUnverified)
	})
	t.Run("EntryApplication", func(t *testing.T) {
		f, _ := parse(t, feed(t, "",
			announce(0, "a", "/a1", "rest", "1"), announce(1, "a", "/a2", "rest", "1"),
			schemaChange(2, "a", "1", "2", map[string]any{"add": []string{"/x"}}),
			announce(3, "b", "/b", "rest", "1"), deprecation(4, "a", "2026-10-01T00:00:00Z", "b")), opts(t))
		var st State
		st.Ingest(f)
		before, after := st.Resolve("a", t0()), st.Resolve("a", t0().AddDate(1, 0, 0))
		if len(f.Endpoints) != 2 || before.URL != "https://example.com/a2" || before.Version != "2" || after.URL != "https://example.com/b" {
			t.Errorf("endpoints %+v before %+v after %+v", f.Endpoints, before, after)
		}
	})
	t.Run("DisagreementDetection", func(t *testing.T) {
		f, _ := parse(t, feed(t, "", announce(0, "a", "/a", "rest", "1"), schemaChange(1, "a", "1", "2", map[string]any{"add": []string{"/x"}})), opts(t))
		var st State
		st.Ingest(f)
		if m, _ := st.Observe("a", []byte(`{"x":1}`)); m != nil {
			t.Errorf("mismatch on a predicted response: %+v", m)
		}
		if m, _ := st.Observe("a", []byte(`{"y":1}`)); m == nil || m.FallbackVersion != "1" {
			t.Errorf("no mismatch on an unpredicted response: %+v", m)
		}
	})
	t.Run("ForwardCompatibility", func(t *testing.T) {
		unknown := EntrySpec{ID: "u", Updated: at(1), Type: "status", Key: key(1), Payload: map[string]any{"x": 1}}
		delta := map[string]any{"add": []string{"/x"}, "future-op": true}
		f, _ := parse(t, feed(t, "", announce(0, "a", "/a", "rest", "1"), unknown, schemaChange(2, "a", "1", "2", delta)), opts(t))
		wantStatuses(t, f, EntryApplied, EntryUnknownType, EntryApplied)
		if d := f.Endpoints[0].Migrations[0].Delta; !strings.Contains(string(d.Raw), "future-op") {
			t.Errorf("unknown delta key not preserved: %s", d.Raw)
		}
		future, _ := parse(t, edit(t, string(feed(t, "", announce(0, "a", "/a", "rest", "1"))), ">0<", ">2<"), opts(t))
		if future.State != StateTerminated || len(future.Endpoints) != 0 {
			t.Errorf("future spec-version: state %s", future.State)
		}
	})
	t.Run("KillSwitch", func(t *testing.T) {
		var st State
		for _, status := range []string{StatusActive, StatusTerminated, StatusActive} {
			f, _ := parse(t, feed(t, status, announce(0, "a", "/a", "rest", "1")), opts(t))
			st.Ingest(f)
		}
		if !st.Revoked || st.Resolve("a", t0()).State != ResolveUntrusted {
			t.Error("toggling back to active re-trusted the origin")
		}
	})
	t.Run("Idempotency", func(t *testing.T) {
		var st State
		body := feed(t, "", announce(0, "a", "/a", "rest", "1"))
		f1, _ := parse(t, body, opts(t))
		f2, _ := parse(t, body, opts(t))
		st.Ingest(f1)
		if ev := st.Ingest(f2); len(ev) != 0 || f2.Entries[0].Status != EntryAlreadyLoaded {
			t.Errorf("re-ingest: %+v", ev)
		}
		f3, _ := parse(t, feed(t, "", announce(0, "a", "/changed", "rest", "1")), opts(t))
		if ev := st.Ingest(f3); len(ev) != 1 || ev[0].Kind != EventReplayMismatch {
			t.Errorf("replay: %+v", ev)
		}
	})
}

func TestSummary_BoundedEntryTypes(t *testing.T) {
	var entries []EntrySpec
	for i := 0; i < 40; i++ {
		entries = append(entries, EntrySpec{ID: strings.Repeat("x", i+1), Updated: at(i), Type: "type-" + strings.Repeat("y", i), Key: key(1), Payload: map[string]any{}})
	}
	f, _ := parse(t, feed(t, "", entries...), opts(t))
	s := f.Summary()
	if len(s.EntryTypes) != maxSummaryTypes+1 || s.EntryTypes["(other)"] != 40-maxSummaryTypes || s.Entries != 40 {
		t.Errorf("entry types %v", s.EntryTypes)
	}
}

// TestParse_DiagnosticsCapped: at most MaxDiagnosticsPerCode diagnostics
// per code, then one saying how many were left out; the entries and
// events stay complete.
func TestParse_DiagnosticsCapped(t *testing.T) {
	var entries []EntrySpec
	for i := 0; i < 150; i++ {
		e := announce(i, "a", "/a", "rest", "1")
		e.Key = key(2)
		entries = append(entries, e)
	}
	f, diags := parse(t, feed(t, "", entries...), opts(t))
	n, last := 0, diags[len(diags)-1]
	for _, d := range diags {
		if d.Code == codeUnverified.ID {
			n++
		}
	}
	if n != MaxDiagnosticsPerCode+1 || last.Code != codeUnverified.ID || last.Line != 0 || !strings.Contains(last.Message, "50 more") {
		t.Errorf("%d unverified-entry diagnostics, last %v", n, last)
	}
	if len(f.Events) != 150 || f.Summary().Unverified != 150 {
		t.Errorf("events %d", len(f.Events))
	}
}
