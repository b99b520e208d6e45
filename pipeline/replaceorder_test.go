package pipeline

import (
	"slices"
	"testing"

	"github.com/agentpolicy/survey/sink"
)

// TestReplaceOrder_DocumentsLast: reparse replaces a batch's documents part
// after every other parsed table's, so that documents.parser_version says a
// batch is reparsed only once all of it is.
func TestReplaceOrder_DocumentsLast(t *testing.T) {
	tables := parsedTables()
	got := replaceOrder(tables)
	if len(got) != len(tables) || len(got) < 3 || got[len(got)-1] != sink.TableDocuments {
		t.Fatalf("order %v of %d tables: want every parsed table, documents last", got, len(tables))
	}
	rest := got[:len(got)-1]
	if !slices.IsSorted(rest) || slices.Contains(rest, sink.TableDocuments) {
		t.Errorf("order %v: want the others by name, documents once", got)
	}
}
