// Package sink writes the survey's dataset: one Parquet table per row type,
// partitioned by crawl, and the DuckDB database built from it.
//
// A table is a Go struct type whose exported fields are its columns (see
// core.go); [NewTable] derives the Arrow schema and the DuckDB column types
// from the struct by reflection, and [Tables] lists the tables of the current
// schema version. Adding a table is one row type plus one line in tables.go.
//
// The crawl pipeline writes rows with a [Writer], one unit per domain:
//
//	next, err := sink.Recover(dir, id, shard) // with --resume only
//	w, err := sink.Create(dir, sink.Options{CrawlID: id, Shard: shard})
//	bodies, err := sink.NewBodyStore(w, sink.BodyOptions{})
//	for each domain {
//		digest, err := bodies.Put(raw)         // once per body received
//		w.Append(sink.TableFetches, fetchRows) // []sink.FetchRow
//		w.Append(sink.TableDocuments, docRows) // []sink.DocumentRow
//		w.Append(sink.TableTargets, targetRow) // one sink.TargetRow
//		w.Commit()                             // the domain is one unit
//	}
//	w.Close() // writes committed units, drops an unfinished one
//	bodies.Close()
//
// Parts are written under DIR/<table>/crawl=<crawl-id>/ as
// part-<shard>-<seq>.parquet (hive layout). Every part is written to a
// temporary name and renamed when complete; within one batch the commit
// table's part (targets) is renamed last, so a batch whose targets part
// exists is complete. [Recover] removes what a killed run left behind.
// [Build] turns the committed parts of one or more output directories into
// a DuckDB database, and [Dictionary] documents the tables.
package sink
