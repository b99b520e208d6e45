"""Read a survey dataset from a notebook, with DuckDB or through ``survey query``.

The notebooks in this directory import this module and nothing else of the
project::

    import surveydata as sd
    ds = sd.open()                     # SURVEY_DATA, default demo-data
    ds.query("adoption")               # a named query (survey query --list)
    ds.sql("SELECT count(*) AS n FROM targets WHERE crawl_id = getvariable('crawl')",
           crawl=ds.crawl)

Two ways to read the data give the same pandas DataFrames:

- ``duckdb``: the DuckDB Python package (``import duckdb``), when installed.
  It opens ``survey.duckdb`` read-only, or, when the directory has no
  database, the Parquet files of every table
  (``read_parquet('DIR/<table>/*/*.parquet', hive_partitioning = true)``,
  which also shows parts whose batch was interrupted; the database reads
  committed parts only). As the database does, it keeps the last row of
  each key of a table with a key, and presents the views of
  ``parquet-views.json`` (written by ``go run ./sink/cmd/gendict``):
  ``ai_stance`` over ``ai_stance_named`` (its parts), ``ai_stance_default``
  and ``ai_crawlers``. The database's build also brings parts written before
  2026-11-28 (a row per crawler in ``ai_stance``, no ``ai_stance_default``)
  to that form; read from Parquet, such a crawl's ``ai_stance`` is right, but
  the named AI stance queries count only its files that have a default row:
  build the database (``survey merge``) for those.
- ``cli``: the survey binary (``survey query --format csv``), read with
  pandas. It needs ``survey.duckdb`` and the binary: ``$SURVEY_BIN``, else
  ``bin/survey`` in the repository, else ``survey`` on PATH.

Parameters are DuckDB variables, as in the named queries: SQL reads
``getvariable('name')`` and ``sql(text, name=value)`` sets it (as text).

Environment:

- ``SURVEY_DATA``: a crawl's output directory, or its ``survey.duckdb``
  (default ``demo-data``; a relative path is looked up in the working
  directory, then in the repository).
- ``SURVEY_BACKEND``: ``duckdb``, ``cli`` or ``auto`` (the default: duckdb
  when the package is installed).
- ``SURVEY_BIN``: the survey binary.
- ``SURVEY_CRAWL``: the crawl to analyse (default: the most recent one,
  as the named queries choose it).
- ``SURVEY_FIGURES``: when set, ``savefig`` also writes each figure there
  as PNG.
"""

import io
import json
import os
import pathlib
import re
import shutil
import subprocess

import pandas as pd

__all__ = ["Dataset", "SurveyError", "open", "savefig", "no_data", "print_facts", "wilson_interval"]

#: The repository this module lives in (its parent directory).
REPO = pathlib.Path(__file__).resolve().parent.parent

_NAME = re.compile(r"^[a-z_][a-z0-9_]*$")
_PARAM_LINE = re.compile(r"^--\s*Param\s+([a-z_][a-z0-9_]*)\s*:")
_LIST_PARAM = re.compile(r"^\s+--param\s+([a-z_][a-z0-9_]*)=")


class SurveyError(Exception):
    """A dataset that cannot be opened or a query that failed, with the reason."""


def open(data=None, backend=None, survey_bin=None, crawl=None):  # noqa: A001 (module API)
    """Open a survey dataset and return a Dataset.

    Arguments default to the environment (SURVEY_DATA, SURVEY_BACKEND,
    SURVEY_BIN, SURVEY_CRAWL); see the module documentation.
    """
    return Dataset(data, backend, survey_bin, crawl)


def _literal(value):
    """Return value as a DuckDB string literal."""
    return "'" + str(value).replace("'", "''") + "'"


def _resolve_data(data):
    """Return (directory, database path or None) for a SURVEY_DATA value."""
    given = data or os.environ.get("SURVEY_DATA") or "demo-data"
    path = pathlib.Path(given).expanduser()
    if not path.is_absolute():
        for base in (pathlib.Path.cwd(), REPO):
            if (base / path).exists():
                path = base / path
                break
        else:
            raise SurveyError(
                f"survey data {given!r} not found (looked in {pathlib.Path.cwd()} and {REPO}); "
                "set SURVEY_DATA to a crawl's output directory or its survey.duckdb "
                "(make demo writes demo-data)")
    if not path.exists():
        raise SurveyError(f"survey data {given!r} not found; set SURVEY_DATA to a crawl's output "
                          "directory or its survey.duckdb")
    if path.is_file():
        return path.parent, path
    db = path / "survey.duckdb"
    return path, (db if db.is_file() else None)


def _find_binary(survey_bin):
    """Return the survey binary's path, or None."""
    given = survey_bin or os.environ.get("SURVEY_BIN")
    if given:
        p = pathlib.Path(given).expanduser()
        if not p.is_file():
            raise SurveyError(f"survey binary {given!r} (SURVEY_BIN) does not exist")
        return p
    built = REPO / "bin" / "survey"
    if built.is_file():
        return built
    found = shutil.which("survey")
    return pathlib.Path(found) if found else None


def _parquet_tables(directory):
    """Return {table: glob} for every table directory holding Parquet parts."""
    out = {}
    for sub in sorted(directory.iterdir()):
        if sub.is_dir() and _NAME.match(sub.name) and any(sub.glob("*/*.parquet")):
            out[sub.name] = str(sub / "*" / "*.parquet")
    return out


def _parquet_views():
    """Return the list of parquet-views.json, beside this module."""
    return json.loads((pathlib.Path(__file__).resolve().parent / "parquet-views.json").read_text())


def _parquet_statements(directory, views=None):
    """Return the SQL that presents the Parquet parts under directory as the database does.

    Each table's parts are a view under its name (its stored name for a table
    that is a view in the database); a table with a key keeps the row of each
    key written last; then each view of ``views`` (parquet-views.json) is
    created over them, or, when the parts of a table it reads are missing (a
    directory written before that table existed), as its own parts.
    """
    if views is None:
        views = _parquet_views()
    spec = {v["table"]: v for v in views}
    tables = _parquet_tables(directory)
    present, stmts = set(), []
    for name, pattern in tables.items():
        v = spec.get(name, {})
        under = v.get("stored") or name
        if v.get("key"):
            src = (f"read_parquet({_literal(pattern)}, hive_partitioning = true, "
                   "filename = true, file_row_number = true)")
            select = (f"SELECT * EXCLUDE (filename, file_row_number) FROM {src} "
                      f"QUALIFY row_number() OVER (PARTITION BY {', '.join(v['key'])} "
                      "ORDER BY filename DESC, file_row_number DESC) = 1")
        else:
            select = f"SELECT * FROM read_parquet({_literal(pattern)}, hive_partitioning = true)"
        stmts.append(f"CREATE VIEW {under} AS {select}")
        present.add(under)
    for v in views:
        if not v.get("view") or v["table"] not in tables:
            continue
        if all(r in present for r in v["reads"]):
            stmts.append(f"CREATE VIEW {v['table']} AS {v['view']}")
        else:
            stmts.append(f"CREATE VIEW {v['table']} AS SELECT * FROM {v['stored']}")
    return stmts


def _read_csv(text):
    """Read survey query's CSV output.

    Only empty cells are missing values (a token such as "NA" or "null"
    stays text). CSV cannot tell NULL from an empty string: in a column of
    text both read as "", in a column of numbers as NaN.
    """
    if not text.strip():
        return pd.DataFrame()
    df = pd.read_csv(io.StringIO(text), keep_default_na=False, na_values=[""])
    for column in df.columns:
        values = df[column]
        if values.dtype == object and values.dropna().map(lambda v: isinstance(v, str)).all():
            df[column] = values.fillna("")
    return df


class Dataset:
    """A survey dataset opened for reading.

    Attributes: ``directory`` (the crawl output directory), ``db`` (its
    survey.duckdb, or None), ``backend`` ("duckdb" or "cli"), ``survey_bin``
    (the binary, or None) and ``crawl`` (the crawl analysed, or None for an
    empty dataset).
    """

    def __init__(self, data=None, backend=None, survey_bin=None, crawl=None):
        self.directory, self.db = _resolve_data(data)
        self.survey_bin = _find_binary(survey_bin)
        self.backend = (backend or os.environ.get("SURVEY_BACKEND") or "auto").lower()
        self._con = None
        self._catalogue = None
        self._source = None
        if self.backend == "auto":
            try:
                import duckdb  # noqa: F401
                self.backend = "duckdb"
            except ImportError:
                self.backend = "cli"
        if self.backend == "duckdb":
            self._open_duckdb()
        elif self.backend == "cli":
            if self.db is None:
                raise SurveyError(
                    f"{self.directory} has no survey.duckdb: the cli backend reads the database; "
                    f"build it from the crawl's Parquet files with survey merge --db "
                    f"{self.directory / 'survey.duckdb'} {self.directory} (or install the duckdb "
                    "Python package, which reads the Parquet files directly)")
            if self.survey_bin is None:
                raise SurveyError("no survey binary: set SURVEY_BIN, run make build, or install "
                                  "the duckdb Python package")
            self._source = f"{self.db} via {self.survey_bin} query"
        else:
            raise SurveyError(f"SURVEY_BACKEND {self.backend!r}: want duckdb, cli or auto")
        self.crawl = crawl or os.environ.get("SURVEY_CRAWL") or self._latest_crawl()
        self._runs = self._crawl_runs()
        self._locations = None

    def _open_duckdb(self):
        try:
            import duckdb
        except ImportError as e:
            raise SurveyError("SURVEY_BACKEND=duckdb but the duckdb Python package is not "
                              "installed (pip install duckdb)") from e
        if self.db is not None:
            try:
                self._con = duckdb.connect(str(self.db), read_only=True)
            except duckdb.Error as e:
                raise SurveyError(f"opening {self.db} read-only: {e}") from e
            self._source = f"{self.db} (DuckDB {duckdb.__version__}, read-only)"
            return
        tables = _parquet_tables(self.directory)
        if not tables:
            raise SurveyError(f"{self.directory} has neither survey.duckdb nor Parquet tables "
                              "(<table>/crawl=<id>/*.parquet)")
        self._con = duckdb.connect(":memory:")
        for statement in _parquet_statements(self.directory):
            self._con.execute(statement)
        self._source = (f"Parquet files under {self.directory} (DuckDB {duckdb.__version__}; "
                        "includes parts of interrupted batches)")

    def _latest_crawl(self):
        # As the named queries: the crawl whose first run started last (a
        # resumed older crawl does not become the latest), the greater id
        # on a tie.
        df = self.sql("SELECT crawl_id FROM crawls GROUP BY crawl_id "
                      "ORDER BY min(started_at) DESC, crawl_id DESC LIMIT 1")
        return None if df.empty else str(df.iloc[0, 0])

    def _crawl_runs(self):
        """Return the crawls table's rows of self.crawl, or None for an empty dataset.

        A crawl the database does not hold is an error that names those it holds.
        """
        crawls = self.sql("SELECT DISTINCT crawl_id FROM crawls ORDER BY 1")
        ids = [str(c) for c in crawls["crawl_id"]] if not crawls.empty else []
        self._crawl_ids = ids
        if self.crawl is None:
            return None
        if self.crawl not in ids:
            raise SurveyError(f"no crawl {self.crawl!r} in {self.db or self.directory} (its crawls: "
                              f"{', '.join(ids) or 'none'}); set SURVEY_CRAWL to one of them, or "
                              "leave it unset for the most recent")
        # One row per run: the Parquet files hold each run's row as written
        # when it started (status running, no end) and again when it ended;
        # the database keeps the last.
        return self.sql("SELECT shard, run, "
                        "coalesce(nullif(arg_max(status, ended_at IS NOT NULL), ''), 'unknown') AS status, "
                        "coalesce(max(domains), 0) AS domains, bool_and(ended_at IS NULL) AS killed FROM crawls "
                        "WHERE crawl_id = getvariable('crawl') GROUP BY shard, run "
                        "ORDER BY try_cast(split_part(shard, '/', 1) AS INTEGER), shard, run",
                        crawl=self.crawl)

    def locations(self):
        """Return the locations the crawl analysed fetched, sorted ([] for an empty dataset).

        A crawl of some --locations fetched only those: a table or chart of
        another location is empty because the crawl did not look, not
        because no site publishes the file (see not_fetched).
        """
        if self._locations is None:
            if self.crawl is None:
                self._locations = []
            else:
                df = self.sql("SELECT DISTINCT location FROM fetches "
                              "WHERE crawl_id = getvariable('crawl') ORDER BY 1", crawl=self.crawl)
                self._locations = [str(l) for l in df["location"]] if not df.empty else []
        return self._locations

    def not_fetched(self, *locations):
        """Say that the crawl fetched none of locations, or return None.

        The sentence (``crawl X did not fetch robots``) is what a chart or a
        key figure of those locations should show instead of "no data" or 0.
        An empty dataset (no crawl) returns None: there, no data is the
        finding.
        """
        if self.crawl is None or any(l in self.locations() for l in locations):
            return None
        which = locations[0] if len(locations) == 1 else "any of " + ", ".join(locations)
        return f"crawl {self.crawl} did not fetch {which} (--locations)"

    def incomplete(self):
        """Return the sentences saying how the crawl analysed is incomplete ([] when it is not).

        From the named query crawl_shards, as survey query and survey report
        say it: a shard is incomplete when its last run did not complete (it
        was interrupted, failed or killed: the figures cover the domains it
        committed), and missing when another shard of the crawl names a
        shard count the database does not hold.
        """
        if self._runs is None or self._runs.empty:
            return []
        out = []
        shards = self.query("crawl_shards")
        for _, r in shards.iterrows():
            status = str(r["status"])
            if status in ("complete", "missing"):
                continue
            if not bool(r["ended"]) and status != "interrupted":
                status += ", killed or still running"
            committed = "the domains it committed" if pd.isna(r["domains"]) else \
                f"the {int(r['domains'])} domains it committed"
            out.append(f"shard {r['shard']} ended run {int(r['last_run'])} {status}: its figures cover "
                       f"{committed} (survey crawl --resume continues it)")
        measured = self.sql("SELECT DISTINCT shard, CAST(options->'locations' AS VARCHAR) AS locations "
                            "FROM crawls WHERE crawl_id = getvariable('crawl') AND options IS NOT NULL "
                            "ORDER BY shard", crawl=self.crawl)
        if not measured.empty and measured["locations"].nunique() > 1:
            which = "; ".join(f"{s}: {str(l).strip('[]').replace(chr(34), '')}"
                              for s, l in zip(measured["shard"], measured["locations"]))
            out.append(f"the shards fetched different --locations ({which}): a location's shares are "
                       "of the domains fetched there, and counts across locations (files per site) "
                       "mix domains that were not looked at alike")
        missing = [str(r["shard"]) for _, r in shards.iterrows() if str(r["status"]) == "missing"]
        if missing:
            are = "shard " + missing[0] + " is" if len(missing) == 1 else \
                "shards " + ", ".join(missing) + " are"
            out.append(f"{are} not in the database: the figures cover the other shards' "
                       "domains only")
        return out

    def describe(self):
        """Return what the dataset is: its source, the crawl analysed, its runs and locations."""
        lines = [f"survey dataset {self._source}; backend {self.backend}"]
        if self.crawl is None:
            lines.append("no crawl: the dataset is empty")
            return "\n".join(lines)
        others = [c for c in self._crawl_ids if c != self.crawl]
        which = ("the only crawl in the database" if not others else
                 f"one of {len(others) + 1} crawls in the database (the others: {', '.join(others)}; "
                 "SURVEY_CRAWL chooses)")
        lines.append(f"crawl {self.crawl}: {which}")
        runs = "; ".join(f"shard {r['shard']} run {int(r['run'])} {r['status']} "
                         f"({int(r['domains'])} domains)" for _, r in self._runs.iterrows())
        lines.append(f"runs: {runs}")
        lines.append(f"locations fetched: {', '.join(self.locations()) or 'none'}")
        lines += [f"WARNING: {w}" for w in self.incomplete()]
        return "\n".join(lines)

    def __repr__(self):
        return self.describe()

    def close(self):
        """Close the DuckDB connection, if any."""
        if self._con is not None:
            self._con.close()
            self._con = None

    # Running SQL.

    def sql(self, text, **params):
        """Run SQL and return a DataFrame; params become DuckDB variables."""
        for name in params:
            if not _NAME.match(name):
                raise SurveyError(f"parameter name {name!r}: want lower case letters, digits, _")
        if self.backend == "duckdb":
            return self._duckdb_sql(text, params)
        # On the SQL's first line, so that DuckDB's error line numbers are the SQL's.
        sets = "".join(f"SET VARIABLE {k} = {_literal(v)}; "
                       for k, v in params.items() if v is not None)
        return self._cli(["--", sets + text], what=_first_line(text))

    def _duckdb_sql(self, text, params):
        import duckdb
        try:
            for k, v in params.items():
                if v is None:
                    self._con.execute(f"RESET VARIABLE {k}")
                else:
                    self._con.execute(f"SET VARIABLE {k} = {_literal(v)}")
            return self._con.execute(text).df()
        except duckdb.Error as e:
            raise SurveyError(f"query {_first_line(text)!r}: {e}") from e
        finally:
            for k in params:
                self._con.execute(f"RESET VARIABLE {k}")

    def _cli(self, args, what):
        cmd = [str(self.survey_bin), "query", "--db", str(self.db), "--format", "csv", *args]
        run = subprocess.run(cmd, capture_output=True, text=True, check=False)
        if run.returncode != 0:
            raise SurveyError(f"query {what!r}: survey query exited {run.returncode}: "
                              f"{run.stderr.strip()}")
        return _read_csv(run.stdout)

    # Named queries.

    def queries(self):
        """Return the named queries: a DataFrame of name, question, params."""
        cat = self._queries()
        return pd.DataFrame([(n, q["question"], ", ".join(q["params"])) for n, q in cat.items()],
                            columns=["name", "question", "params"])

    def has_query(self, name):
        """Report whether a named query exists."""
        return name in self._queries()

    def query(self, name, **params):
        """Run a named query (survey query NAME) and return a DataFrame.

        The crawl parameter defaults to this dataset's crawl when the query
        takes one; a parameter given as None is left unset (the query's
        default).
        """
        cat = self._queries()
        if name not in cat:
            raise SurveyError(f"no named query {name!r} (have: {', '.join(cat)})")
        declared = cat[name]["params"]
        for k in params:
            if k not in declared:
                raise SurveyError(f"query {name} has no parameter {k!r} (it has: "
                                  f"{', '.join(declared) or 'none'})")
        if "crawl" in declared and "crawl" not in params:
            params["crawl"] = self.crawl
        if self.backend == "duckdb":
            full = {k: params.get(k) for k in declared}
            return self._duckdb_sql(self._query_sql(name), full)
        args = []
        for k, v in params.items():
            if v is not None:
                args += ["--param", f"{k}={v}"]
        return self._cli([*args, "--", name], what=name)

    def _queries(self):
        """Return {name: {"question", "params"}}: the binary's, else the repository's."""
        if self._catalogue is not None:
            return self._catalogue
        cat = {}
        if self.survey_bin is not None:
            run = subprocess.run([str(self.survey_bin), "query", "--list"],
                                 capture_output=True, text=True, check=False)
            if run.returncode != 0:
                raise SurveyError(f"survey query --list exited {run.returncode}: "
                                  f"{run.stderr.strip()}")
            name = None
            for line in run.stdout.splitlines():
                if line and not line[0].isspace():
                    name = line.strip()
                    cat[name] = {"question": "", "params": []}
                elif name and (m := _LIST_PARAM.match(line)):
                    cat[name]["params"].append(m.group(1))
                elif name and line.strip() and not cat[name]["question"]:
                    cat[name]["question"] = line.strip()
        else:
            for f in sorted((REPO / "queries" / "sql").glob("*.sql")):
                text = f.read_text(encoding="utf-8")
                question = re.search(r"^--\s*Question:\s*(.*)$", text, re.M)
                cat[f.stem] = {"question": question.group(1) if question else "",
                               "params": _declared_params(text)}
            if not cat:
                raise SurveyError("no named queries: neither a survey binary nor "
                                  f"{REPO / 'queries' / 'sql'}")
        self._catalogue = cat
        return cat

    def _query_sql(self, name):
        """Return a named query's SQL: the binary's (survey query --show), else the file's."""
        if self.survey_bin is not None:
            run = subprocess.run([str(self.survey_bin), "query", "--show", name],
                                 capture_output=True, text=True, check=False)
            if run.returncode != 0:
                raise SurveyError(f"survey query --show {name}: {run.stderr.strip()}")
            return run.stdout
        return (REPO / "queries" / "sql" / f"{name}.sql").read_text(encoding="utf-8")

    # Schema.

    def tables(self):
        """Return the names of the dataset's tables (and views), sorted."""
        df = self.sql("SELECT DISTINCT table_name FROM information_schema.tables "
                      "WHERE table_schema = 'main' ORDER BY 1")
        return [str(t) for t in df["table_name"]] if not df.empty else []

    def has_table(self, name):
        """Report whether the dataset has a table (or view) of that name."""
        return name in self.tables()

    def columns(self, table):
        """Return the column names of a table, in order."""
        df = self.sql("SELECT column_name FROM information_schema.columns "
                      "WHERE table_schema = 'main' AND table_name = getvariable('t') "
                      "ORDER BY ordinal_position", t=table)
        return [str(c) for c in df["column_name"]] if not df.empty else []


def _first_line(text):
    for line in text.splitlines():
        if line.strip() and not line.strip().startswith("--"):
            return line.strip()[:80]
    return text.strip()[:80]


def _declared_params(sql_text):
    """Return the parameters a query's opening comment declares, in order."""
    out = []
    for line in sql_text.splitlines():
        if not line.startswith("--"):
            break
        m = _PARAM_LINE.match(line)
        if m:
            out.append(m.group(1))
    return out


# Charts.

def savefig(fig, name, crawl=None):
    """Write fig to $SURVEY_FIGURES/<name>.png when SURVEY_FIGURES is set.

    crawl, the crawl the figure shows (ds.crawl), is written in its lower
    right corner first, so that a figure read apart from its notebook says
    which crawl it describes. Returns the path written, or None. The
    notebook still shows the figure.
    """
    if not _NAME.match(name.replace("-", "_")):
        raise SurveyError(f"figure name {name!r}: want letters, digits, - and _")
    if crawl is not None:
        fig.text(0.995, 0.005, f"crawl {crawl}", ha="right", va="bottom", fontsize=7, color="grey")
    out = os.environ.get("SURVEY_FIGURES")
    if not out:
        return None
    path = pathlib.Path(out)
    path.mkdir(parents=True, exist_ok=True)
    target = path / f"{name}.png"
    fig.savefig(target, dpi=110, bbox_inches="tight")
    return target


def no_data(ax, what, reason=None):
    """Mark an empty chart: the axes say there is no data for what.

    reason, when given, is said instead: why the chart is empty, such as
    Dataset.not_fetched's sentence for a location the crawl did not fetch.
    """
    ax.text(0.5, 0.5, reason or f"no {what} in this dataset", ha="center", va="center",
            transform=ax.transAxes, color="grey")
    ax.set_xticks([])
    ax.set_yticks([])


def wilson_interval(successes, trials, z=1.96):
    """Return the Wilson score interval of a share, in percent, as (low, high).

    successes and trials may be numbers or pandas Series; z = 1.96 gives a
    95% interval. A share of zero trials is (0, 0). The interval holds the
    share: it starts at exactly 0 for no successes and ends at exactly 100
    when every trial succeeded (in floating point, the formula misses both
    by 1e-14 or so, and a whisker drawn from the share would be negative).
    """
    k = pd.Series(successes, dtype="float64")
    n = pd.Series(trials, dtype="float64")
    safe = n.where(n > 0, 1.0)
    p = k / safe
    centre = (p + z * z / (2 * safe)) / (1 + z * z / safe)
    half = z * ((p * (1 - p) / safe + z * z / (4 * safe * safe)) ** 0.5) / (1 + z * z / safe)
    low = ((centre - half).clip(lower=0) * 100).where((n > 0) & (k > 0), 0.0)
    high = ((centre + half).clip(upper=1) * 100).where(k < n, 100.0).where(n > 0, 0.0)
    return low, high


def print_facts(facts):
    """Print the key figures of a notebook, one "name: value" line each.

    The notebooks end with these lines; their test compares them with the
    same figures counted in the database.
    """
    for k, v in facts.items():
        print(f"{k}: {v}")
