package queries_test

import "testing"

// cardRow is an agent card's agent_cards row.
type cardRow struct {
	kind                        string
	endpoints                   int64
	feedChecked, feedConsistent bool
}

// checkAgentCards derives agent_cards from the documents at agent-card
// and the agent_cards rows, joined here by domain: a document without a
// row is a file that is not a JSON object (kind invalid).
func checkAgentCards(t *testing.T, tb table, c *crawlData) {
	want := map[string]map[string]int64{}
	var cards int64
	add := func(kind string, d documentRow, card cardRow) {
		m := want[kind]
		if m == nil {
			m = map[string]int64{}
			want[kind] = m
		}
		m["cards"]++
		if d.valid {
			m["valid"]++
		}
		if card.endpoints > 0 {
			m["with_endpoints"]++
		}
		m["endpoints"] += card.endpoints
		if card.feedChecked {
			m["feed_checked"]++
		}
		if card.feedConsistent {
			m["feed_consistent"]++
		}
	}
	for k, d := range c.documents {
		if k.location != "agent-card" {
			continue
		}
		cards++
		card, ok := c.formats.cards[d.domain]
		if !ok {
			card.kind = "invalid"
		}
		if card.kind != d.effective {
			t.Errorf("%s: agent card of kind %q, document effective %q", d.domain, card.kind, d.effective)
		}
		add(card.kind, d, card)
		add("(all)", d, card)
	}
	if want["a2a"] == nil {
		t.Errorf("agent card kinds %v: the simulated web serves A2A cards", want)
	}
	var got []string
	for i := range tb.rows {
		kind := tb.str(t, i, "kind")
		got = append(got, kind)
		w := want[kind]
		eqCounts(t, kind, tb.counts(t, i, "cards", "valid", "with_endpoints", "endpoints", "feed_checked", "feed_consistent"), w)
		tb.checkPct(t, i, "pct_cards", w["cards"], cards)
		tb.checkPct(t, i, "pct_valid", w["valid"], w["cards"])
		tb.checkPct(t, i, "pct_with_endpoints", w["with_endpoints"], w["cards"])
		if w["feed_checked"] > 0 {
			tb.checkPct(t, i, "pct_feed_consistent", w["feed_consistent"], w["feed_checked"])
		} else if v := tb.get(t, i, "pct_feed_consistent"); v != nil {
			t.Errorf("%s: pct_feed_consistent %v with no card compared, want null", kind, v)
		}
		if i > 0 && kind != "(all)" && tb.num(t, i, "cards") > tb.num(t, i-1, "cards") {
			t.Errorf("row %d (%s): more cards than the row before it", i, kind)
		}
	}
	checkRowKeys(t, got, want)
	if last := len(tb.rows) - 1; last < 0 || tb.str(t, last, "kind") != "(all)" {
		t.Errorf("the last row is not the (all) total")
	}
	if want["(all)"]["feed_checked"] == 0 {
		t.Errorf("no card compared with a feed: the simulated web serves cards beside verified feeds")
	}
}
