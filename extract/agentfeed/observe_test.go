package agentfeed

import (
	"reflect"
	"testing"
)

// observed returns a state holding orders at 1.1, migrated from 1.0 by
// adding currency and renaming amount to total, plus an unknown operation.
func observed(t *testing.T) *State {
	content := `{"effective-at":"2026-04-27T13:00:00Z","endpoint-id":"orders","from-version":"1.0","migration":{"add":["/currency","/items/0/sku"],"remove":["/legacy"],"rename":{"amount":"total"},"split":{"/name":["/first","/last"]}},"to-version":"1.1"}`
	f, _ := parse(t, feed(t, "", announce(0, "orders", "/api/orders", "rest", "1.0"), rawEntry(TypeSchemaChange, content)), opts(t))
	var st State
	st.Ingest(f)
	return &st
}

// TestObserve_Section2_8_1_Predicted: a live response with the announced
// shape fires no event.
func TestObserve_Section2_8_1_Predicted(t *testing.T) {
	st := observed(t)
	m, err := st.Observe("orders", []byte(`{"currency":"EUR","total":12,"items":[{"sku":"a"}],"first":"x"}`))
	if err != nil || m != nil {
		t.Errorf("mismatch %+v, %v", m, err)
	}
}

// TestObserve_Section2_8_2_NotPredicted: an added field missing, a removed
// or renamed-from field still present: mismatch, with the fallback
// version; unknown operations (split) are not used.
func TestObserve_Section2_8_2_NotPredicted(t *testing.T) {
	st := observed(t)
	m, err := st.Observe("orders", []byte(`{"amount":12,"legacy":true,"items":[]}`))
	if err != nil {
		t.Fatal(err)
	}
	want := &Mismatch{EndpointID: "orders", URL: "https://example.com/api/orders", ExpectedVersion: "1.1", FallbackVersion: "1.0",
		ExpectedButMissing:     []string{"/currency", "/items/0/sku", "total"},
		ObservedButUnannounced: []string{"/legacy", "amount"}}
	if !reflect.DeepEqual(m, want) {
		t.Errorf("mismatch\n%+v\nwant\n%+v", m, want)
	}
	if st.Endpoints()[0].Version != "1.1" {
		t.Error("Observe changed the recorded version")
	}
}

func TestObserve_Errors(t *testing.T) {
	st := observed(t)
	if _, err := st.Observe("nope", []byte(`{}`)); err == nil {
		t.Error("unknown endpoint: no error")
	}
	if _, err := st.Observe("orders", []byte(`not json`)); err == nil {
		t.Error("non-JSON response: no error")
	}
	var fresh State
	f, _ := parse(t, feed(t, "", announce(0, "a", "/a", "rest", "1")), opts(t))
	fresh.Ingest(f)
	if m, err := fresh.Observe("a", []byte(`{}`)); m != nil || err != nil {
		t.Errorf("no migration: %+v %v", m, err)
	}
}

func TestPresent_JSONPointer(t *testing.T) {
	for path, want := range map[string]bool{
		"":            true,
		"/a~1b":       true,
		"/m~0n":       true,
		"/arr/1":      true,
		"/arr/2":      false,
		"/arr/01":     false,
		"/arr/-":      false,
		"a/b":         true,
		"/a/x":        false,
		"/nested/k/0": true,
	} {
		v := mustValue(t, `{"a/b":1,"m~n":2,"arr":[1,2],"nested":{"k":[null]}}`)
		if got := present(v, path); got != want {
			t.Errorf("present(%q) = %v, want %v", path, got, want)
		}
	}
}
