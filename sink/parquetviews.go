package sink

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// ParquetView tells a reader of the Parquet parts, which has no database,
// how to present one table as the database does (notebooks/surveydata.py
// reads them from notebooks/parquet-views.json, which gendict writes).
type ParquetView struct {
	// Table is the table's name: its parts' directory and, unless Stored
	// is set, the name to read them under.
	Table string `json:"table"`
	// Stored, when set, is the name to read the parts under; Table is
	// then the view View over it.
	Stored string `json:"stored,omitempty"`
	// View is the SELECT of Table, over Stored and the tables Reads.
	View string `json:"view,omitempty"`
	// Reads are the names View reads. When the parts of one of them are
	// missing (a directory written before it existed), the reader
	// presents Table as its parts instead.
	Reads []string `json:"reads,omitempty"`
	// Key, when set, are the columns that identify a row; of the rows
	// that share them, the one written last (the greatest part file name,
	// then row) counts, as in the database.
	Key []string `json:"key,omitempty"`
}

// ParquetViews returns, as indented JSON, the ParquetView of every table
// of tables that has a Key or is a view in the database.
func ParquetViews(tables []Table) ([]byte, error) {
	var out []ParquetView
	for _, t := range tables {
		if t.View == "" && len(t.Key) == 0 {
			continue
		}
		v := ParquetView{Table: t.Name, Stored: t.Stored, View: t.View, Key: t.Key}
		if t.View != "" {
			v.Reads = t.ViewReads
			if len(v.Reads) == 0 {
				return nil, fmt.Errorf("sink: table %s: a view without the names it reads", t.Name)
			}
		}
		out = append(out, v)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // the views' SQL holds > and <
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
