package content

import "github.com/agentpolicy/survey/registry"

// tdmrepVariants returns the tdmrep.json corpus (W3C TDMRep Final
// Community Group Report of 2024-05-10, the TDM file on the origin server):
// a JSON array of rules, each an object with a location pattern, a
// tdm-reservation of 0 or 1 and, optionally, a tdm-policy URL.
func tdmrepVariants() []Variant {
	v := func(slug string, weight int, valid bool, body, note string) Variant {
		return Variant{Name: "tdmrep/" + slug, Location: registry.LocTDMRep, ContentType: typeJSON,
			Valid: valid, Body: staticString(body), Weight: weight, Note: note}
	}
	return []Variant{
		v("reserved-with-policy", 8, true, tdmrepReservedPolicy,
			"one rule for the whole site: TDM rights reserved, with a policy URL"),
		v("mixed-rules", 4, true, tdmrepMixed,
			"several rules, the most specific first (the first match is used), with * and $ patterns"),
		v("not-reserved", 2, true, "[\n  {\"location\": \"/\", \"tdm-reservation\": 0}\n]\n",
			"TDM rights explicitly not reserved"),
		v("object-not-array", 2, false, "{\n  \"tdm-reservation\": 1,\n  \"tdm-policy\": \"https://example.com/policies/tdm-policy.json\"\n}\n",
			"a single object without location, a common mistake: the file must be an array of rules"),
		v("missing-location", 1, false, "[\n  {\"tdm-reservation\": 1, \"tdm-policy\": \"https://example.com/policies/tdm-policy.json\"}\n]\n",
			"a rule without its required location"),
		v("reservation-out-of-range", 1, false, "[\n  {\"location\": \"/\", \"tdm-reservation\": 2, \"tdm-policy\": \"https://example.com/policies/tdm-policy.json\"}\n]\n",
			"tdm-reservation 2 (a value of an early draft): only 0 and 1 are defined"),
		v("reservation-string", 1, false, "[\n  {\"location\": \"/\", \"tdm-reservation\": \"1\"}\n]\n",
			OpenPrefix+"labelled invalid: tdm-reservation as the string \"1\" instead of the number 1; the report's examples use numbers and it defines no string form"),
		v("malformed-json", 1, false, "[\n  {\"location\": \"/\", \"tdm-reservation\": 1,},\n]\n",
			"not JSON: trailing commas"),
	}
}

const tdmrepReservedPolicy = `[
  {
    "location": "/",
    "tdm-reservation": 1,
    "tdm-policy": "https://example.com/policies/tdm-policy.json"
  }
]
`

const tdmrepMixed = `[
  {
    "location": "/images/*",
    "tdm-reservation": 1,
    "tdm-policy": "https://example.com/policies/images.json"
  },
  {
    "location": "/press/release-*.html$",
    "tdm-reservation": 0
  },
  {
    "location": "/*",
    "tdm-reservation": 1
  }
]
`
