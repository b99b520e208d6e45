package pipeline

import "github.com/agentpolicy/survey/sink"

// crawlerList appends the AI crawler list (sink.AICrawlerList) to every
// batch that holds ai_stance_default rows, which refer to it by its
// identifier: each batch then carries the list its rows need, whichever
// batches a build reads (a killed run's, one shard's, a reparse's).
// The zero value is ready to use.
type crawlerList struct {
	seq int // the batch the list was last appended to; 0 for none (batches count from 1)
}

// appendTo appends the list to w's batch under way, unless it holds it
// already or the rows p need none.
func (l *crawlerList) appendTo(w *sink.Writer, p *parsedRows) error {
	if !p.refersToCrawlerList() {
		return nil
	}
	seq := w.NextSeq()
	if l.seq == seq {
		return nil
	}
	_, rows := sink.AICrawlerList()
	if err := sink.AppendRows(w, sink.TableAICrawlers, rows...); err != nil {
		return err
	}
	l.seq = seq
	return nil
}

// refersToCrawlerList reports whether the rows hold an ai_stance_default
// row, which stands for the crawlers of a list.
func (r *parsedRows) refersToCrawlerList() bool {
	for _, f := range r.formats {
		if f.Table == sink.TableAIStanceDefault {
			return true
		}
	}
	return false
}
