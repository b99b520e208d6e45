// Package survey measures how web sites tell automated agents what they may
// do. The packages below it form one pipeline: seeds, crawl, classify,
// extract, sink and queries, driven by the registry of locations and formats
// in package registry.
package survey

// Version is the version of the survey tool. It appears in the default
// User-Agent, in the crawls table and in reports.
const Version = "0.1.0"

// ProjectURL is where site owners can read what the crawler is and how to
// reach the people running it. It is part of the default User-Agent.
const ProjectURL = "https://github.com/agentpolicy/survey"
