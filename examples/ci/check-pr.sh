#!/usr/bin/env bash
# check-pr.sh BASE_DIR HEAD_DIR: compares a pull request (HEAD_DIR, its checkout) with its base branch
# (BASE_DIR, e.g. a `git worktree` of it) through the checks of bpdiff.config.json. This is what the
# workflow bpdiff-base-branch.yml runs (for a repository that commits no baselines; with committed
# baselines, bpdiff-pr-check.yml runs `bpdiff check --ci` alone), and what you run to try the same
# thing locally:
#
#   git worktree add --detach ../base origin/main && bash examples/ci/check-pr.sh ../base .
#
# Environment:
#   BPDIFF           the bpdiff command (default `bpdiff`; split on spaces: "node /x/dist/bin/bpdiff.cjs")
#   BPDIFF_CONFIG    the config's path inside each checkout (default bpdiff.config.json)
#   BPDIFF_SUMMARY   the file the markdown report is appended to (default $GITHUB_STEP_SUMMARY, else none)
#   BPDIFF_LABEL_A   the base's name in the report (default: baseline), e.g. the base branch's
#   BPDIFF_LABEL     the pull request's name in the report (default: B), e.g. its branch's
#
# Output: GitHub workflow commands on stdout (an ::error annotation at the breakpoint per difference,
# a ::notice per clean check), progress on stderr, the markdown report appended to the summary file.
# Exit status: 0 no differences, 1 a difference, 2 an error (as bpdiff's own), so a workflow step fails on 1 and 2.
#
# The design, in three steps:
# 1. Record the baselines in BASE with BASE's own config: `bpdiff check -u --config BASE/...`.
#    Each check's run starts in BASE, so the baseline is what the base branch does, and the files land
#    where BASE's config says (BASE/.bpdiff/baselines/line.json by default): here the baselines are made
#    from the base branch on every run, not committed.
# 2. Write a copy of HEAD's config in a temporary folder in which each check's cwd is HEAD's folder and
#    its baseline a copy, in that folder, of the file step 1 recorded for the check of the same name in
#    BASE (pr-config.mjs; bpdiff reads a config's baselines only inside its folder or repository).
#    Nothing is written into HEAD. A check that BASE's config does not have is new in the pull request:
#    it has nothing to compare with, and gets a ::notice instead.
# 3. Run `bpdiff check` with that config in HEAD's config folder once: `--format github` to stdout
#    and `--summary` for the markdown report, appended to the summary file.
#
# A baseline is compared in the file and with the condition it was recorded at; its line may move
# (the pull request updates the check's bp after adding lines above it; bpdiff says so in a hint).
# A check moved to another file or condition is left out with an ::error (exit 2); one whose bp stayed
# while the text of its line changed gets a ::warning: if lines above it were added or removed, the
# pull request's run stops at another statement than the base's, so update its bp (or compare the two
# checkouts live: bpdiff --cwd-a BASE --cwd-b HEAD ..., which follows the line).
set -euo pipefail

if [ "$#" -ne 2 ]; then
  echo "usage: check-pr.sh BASE_DIR HEAD_DIR (environment: BPDIFF, BPDIFF_CONFIG, BPDIFF_SUMMARY)" >&2
  exit 2
fi
base=$(cd "$1" && pwd -P)
head=$(cd "$2" && pwd -P)
read -r -a bpdiff <<<"${BPDIFF:-bpdiff}"
config=${BPDIFF_CONFIG:-bpdiff.config.json}
summary=${BPDIFF_SUMMARY:-${GITHUB_STEP_SUMMARY:-/dev/null}}
base_config="$base/$config"
head_config="$head/$config"

if [ ! -f "$head_config" ]; then
  echo "::error title=bpdiff::no $config in the pull request's checkout ($head)"
  exit 2
fi
if [ ! -f "$base_config" ]; then
  echo "::notice title=bpdiff::the base branch has no $config: nothing to compare with yet"
  exit 0
fi

# 1. The baselines, recorded from the base branch.
recorded=0
# What -u says about each baseline goes to the log (stderr): stdout carries workflow commands only.
(cd "$(dirname "$base_config")" && "${bpdiff[@]}" check -u --config "$base_config" >&2) || recorded=$?
if [ "$recorded" -ne 0 ]; then
  echo "::error title=bpdiff::the baselines could not be recorded on the base branch (bpdiff exited $recorded; see the log)"
  exit 2
fi

# 2. HEAD's checks, pointed at BASE's baselines (pr-config.mjs; node is there: bpdiff runs on it).
# It prints its notices, warnings and errors as workflow commands, and exits 2 when it left a check out.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
compared="$tmp/bpdiff.config.json"
prepared=0
node "$(dirname "${BASH_SOURCE[0]}")/pr-config.mjs" "$head_config" "$base_config" "$compared" || prepared=$?
if [ "$prepared" -ne 0 ] && [ "$prepared" -ne 2 ]; then
  echo "::error title=bpdiff::$config could not be read in the base or the pull request's checkout (see the log)"
  exit 2
fi
if [ ! -f "$compared" ]; then
  echo "::notice title=bpdiff::no check of the pull request's $config can be compared with the base branch"
  exit "$prepared"
fi

# 3. The comparison, as annotations and as the markdown summary.
cd "$(dirname "$head_config")"
labels=()
if [ -n "${BPDIFF_LABEL_A:-}" ]; then labels+=(--label-a "$BPDIFF_LABEL_A"); fi
if [ -n "${BPDIFF_LABEL:-}" ]; then labels+=(--label-b "$BPDIFF_LABEL"); fi
status=0
"${bpdiff[@]}" check --config "$compared" "${labels[@]}" --format github --summary "$tmp/summary.md" || status=$?
if [ -f "$tmp/summary.md" ]; then cat "$tmp/summary.md" >>"$summary"; fi
if [ "$status" -eq 2 ]; then
  # bpdiff's error is one line on stderr (in the log); the annotation points there.
  echo "::error title=bpdiff::bpdiff could not compare the pull request with its base (exit 2; see the log)"
fi
exit $((status > prepared ? status : prepared))
