// Package queries holds the survey's named SQL queries (embedded .sql files,
// each opening with a comment that states the question it answers and how
// to read the result), and runs SQL against a survey database, formatting
// the result as a table, CSV, JSON or Markdown.
package queries
