#!/usr/bin/env bash
# make notebooks: execute the notebooks against a survey dataset, headless,
# with Debian's Jupyter, and fail if any cell fails. The committed notebooks
# are never rewritten: the executed copies (.ipynb and .html) and the figures
# (PNG) go to the output directory.
#
# Usage: scripts/notebooks.sh DATA_DIR [NOTEBOOK.ipynb ...]
#   DATA_DIR    a crawl's output directory (survey.duckdb and/or Parquet tables)
#   NOTEBOOK    notebooks to run (default: every notebooks/*.ipynb)
# Environment:
#   PYTHON          interpreter with nbconvert, ipykernel, pandas, matplotlib
#                   (default /usr/bin/python3, Debian's)
#   SURVEY_BIN      survey binary for the csv fallback (default bin/survey)
#   SURVEY_BACKEND  duckdb, cli or auto (notebooks/surveydata.py)
#   SURVEY_CRAWL    crawl to analyse (default: the most recent)
#   NOTEBOOKS_OUT   output directory (default notebooks/out)
#   NOTEBOOKS_HTML  0 to skip the HTML copies
#   CELL_TIMEOUT    seconds a cell may run (default 600)
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
usage() { echo "usage: $0 DATA_DIR [NOTEBOOK.ipynb ...]" >&2; exit 2; }
[ $# -ge 1 ] || usage
[ -d "$1" ] || [ -f "$1" ] || { echo "notebooks: data $1 does not exist (run make demo, or give a crawl's output directory)" >&2; exit 2; }
data=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
if [ $# -gt 0 ]; then
  notebooks=("$@")
else
  notebooks=("$repo"/notebooks/*.ipynb)
fi
for nb in "${notebooks[@]}"; do
  [ -f "$nb" ] || { echo "notebooks: $nb does not exist" >&2; exit 2; }
done

python=${PYTHON:-/usr/bin/python3}
if ! "$python" -c 'import nbconvert, ipykernel, pandas, matplotlib' 2>/dev/null; then
  echo "notebooks: $python lacks nbconvert, ipykernel, pandas or matplotlib" >&2
  echo "  (Debian: apt-get install jupyter-nbconvert python3-ipykernel python3-pandas python3-matplotlib)" >&2
  exit 2
fi

survey_bin=${SURVEY_BIN:-$repo/bin/survey}
if [ -e "$survey_bin" ]; then
  survey_bin=$(cd "$(dirname "$survey_bin")" && pwd)/$(basename "$survey_bin")
fi
out=${NOTEBOOKS_OUT:-$repo/notebooks/out}
mkdir -p "$out"
out=$(cd "$out" && pwd)

# A private Jupyter setup: a kernel that runs $python (not whatever python3
# is first on PATH), and runtime files in a temporary directory.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/jupyter/kernels/survey-python3"
cat >"$work/jupyter/kernels/survey-python3/kernel.json" <<EOF
{"argv": ["$python", "-m", "ipykernel_launcher", "-f", "{connection_file}"],
 "display_name": "survey ($python)", "language": "python"}
EOF
export JUPYTER_PATH="$work/jupyter${JUPYTER_PATH:+:$JUPYTER_PATH}"
export JUPYTER_RUNTIME_DIR="$work/runtime"
export IPYTHONDIR="$work/ipython"
export SURVEY_DATA="$data"
export SURVEY_BIN="$survey_bin"
export SURVEY_FIGURES="$out/figures"
export PYTHONPATH="$repo/notebooks${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONDONTWRITEBYTECODE=1
export PYDEVD_DISABLE_FILE_VALIDATION=1

failed=()
for nb in "${notebooks[@]}"; do
  name=$(basename "$nb" .ipynb)
  echo "== $name"
  if ! "$python" -m nbconvert --to notebook --execute \
      --ExecutePreprocessor.kernel_name=survey-python3 \
      --ExecutePreprocessor.timeout="${CELL_TIMEOUT:-600}" \
      --ExecutePreprocessor.shutdown_kernel=immediate \
      --output-dir "$out" --output "$name" "$nb" 2>"$work/$name.log"; then
    sed 's/\x1b\[[0-9;]*m//g' "$work/$name.log" >&2
    echo "notebooks: $nb failed (above)" >&2
    failed+=("$nb")
    continue
  fi
  if [ "${NOTEBOOKS_HTML:-1}" != 0 ]; then
    "$python" -m nbconvert --to html --output-dir "$out" --output "$name" "$out/$name.ipynb" \
      2>"$work/$name.html.log" || { cat "$work/$name.html.log" >&2; failed+=("$nb (html)"); continue; }
  fi
  echo "   $out/$name.ipynb"
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "notebooks: ${#failed[@]} failed: ${failed[*]}" >&2
  exit 1
fi
echo "figures: $out/figures"
