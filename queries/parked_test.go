package queries_test

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/agentpolicy/survey/internal/simcrawl"
	"github.com/agentpolicy/survey/testweb"
)

// TestParked_HostileCrawl crawls the hostile mix, whose parked sites show a
// parking service's lander, and checks the queries that count parked
// domains: domain_outcomes' parked column, and adoption with parked=exclude
// (the parked domains left out of reachable and every count), include and
// a value it does not know.
func TestParked_HostileCrawl(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls a simulated web")
	}
	db := simcrawl.Open(t, simcrawl.Options{Sites: 300, Seed: 5, CrawlID: "parked", Mix: testweb.MixHostile})
	c := loadCrawl(t, db, "parked")
	parked := 0
	for _, tr := range c.targets {
		if tr.parked && tr.outcome == "ok" {
			parked++
		}
	}
	if parked == 0 {
		t.Fatal("no reachable domain of the hostile mix is parked; its parked kind should be")
	}

	checkDomainOutcomes(t, run(t, db, mustGet(t, "domain_outcomes"), nil), c)

	adoption := mustGet(t, "adoption")
	byDefault := run(t, db, adoption, nil)
	checkAdoptionOf(t, byDefault, c, false)
	if include := run(t, db, adoption, map[string]string{"parked": "include"}); !reflect.DeepEqual(include.rows, byDefault.rows) {
		t.Errorf("adoption with parked=include differs from its default")
	}
	exclude := run(t, db, adoption, map[string]string{"parked": "exclude"})
	checkAdoptionOf(t, exclude, c, true)
	if reflect.DeepEqual(exclude.rows, byDefault.rows) {
		t.Errorf("adoption with parked=exclude is its default, with %d parked domains", parked)
	}
	_, err := adoption.Run(context.Background(), db, map[string]string{"parked": "no"})
	if err == nil || !strings.Contains(err.Error(), "parameter parked must be include or exclude, not 'no'") {
		t.Errorf("parked=no: %v", err)
	}
}
