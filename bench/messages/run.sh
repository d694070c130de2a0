#!/usr/bin/env bash
# The performance target of the messages reducer: a whole-process
# `scenario run` of bench/messages/suite (10,000 incoming messages merged into
# 100,000, compared with the golden file) against node running LangGraph JS's
# messagesStateReducer on the same files. See bench/messages/README.md.
#
#   bench/messages/run.sh                 # 20 timed runs of each
#   RUNS=50 bench/messages/run.sh
#   LG_PREFIX=/tmp/lg bench/messages/run.sh        # LangGraph from another npm prefix
#   KEEP=1 bench/messages/run.sh          # keep the generated suite
#
# Environment: RUNS (timed runs, default 20), WARMUP (default 3), LG_PREFIX
# (the directory whose node_modules holds @langchain/langgraph and
# @langchain/core; default: the repository, whose package.json and lockfile
# pin them; installed with npm ci there, or npm install elsewhere, when
# missing), SCENARIO_BIN (default
# /tmp/scenario-bench), BENCH_DIR (suite directory; default: a new temporary
# one), KEEP=1 (do not delete it), TARGET (required speed-up, default 3).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$repo"

runs=${RUNS:-20}
warmup=${WARMUP:-3}
target=${TARGET:-3}
bin=${SCENARIO_BIN:-/tmp/scenario-bench}

if [[ -n "${BENCH_DIR:-}" ]]; then
	dir=$BENCH_DIR
	mkdir -p "$dir"
else
	dir=$(mktemp -d /tmp/msgbench.XXXXXX)
fi
if [[ "${KEEP:-}" != 1 && -z "${BENCH_DIR:-}" ]]; then
	trap 'rm -rf "$dir"' EXIT
fi
lg=${LG_PREFIX:-$repo}

echo "== suite in $dir"
go run ./bench/messages/gen -out "$dir"
rm -rf "$dir/features" "$dir/golden"
cp -r bench/messages/suite/features "$dir/"
mkdir -p "$dir/golden"
ls -l "$dir/scenarios"

echo "== building $bin"
go build -o "$bin" ./cmd/scenario
go_cmd=("$bin" run --root "$dir" --format progress --no-color)

echo "== creating the golden file (scenario update)"
"$bin" update --root "$dir" --format progress --no-color
golden="$dir/golden/merge/merge-10k-messages-into-100k.json"
ls -l "$golden"
"${go_cmd[@]}" >/dev/null || { echo "scenario run fails against its own golden" >&2; exit 1; }

if [[ ! -d "$lg/node_modules/@langchain/langgraph" ]]; then
	if [[ "$lg" == "$repo" ]]; then
		echo "== npm ci in $repo"
		(cd "$repo" && npm ci --no-audit --no-fund --loglevel=error)
	else
		echo "== npm install --prefix $lg"
		mkdir -p "$lg"
		npm install --prefix "$lg" --no-audit --no-fund --loglevel=error \
			@langchain/langgraph@1.7.3 @langchain/core@1.4.0
	fi
fi
export NODE_PATH="$lg/node_modules"
node -e 'const p = require("@langchain/langgraph/package.json"); console.log("== @langchain/langgraph", p.version, "with @langchain/core", require("@langchain/core/package.json").version)'
js_out="$dir/langgraph-result.json"
node_cmd=(node bench/messages/reducer.mjs "$dir/scenarios/current.json" "$dir/scenarios/incoming.json" "$js_out")

echo "== checking that LangGraph's result equals the golden file"
"${node_cmd[@]}"
node - "$golden" "$js_out" <<'EOF'
const fs = require("node:fs");
const [a, b] = process.argv.slice(2).map((p) => JSON.parse(fs.readFileSync(p, "utf8")));
const canon = (v) => Array.isArray(v) ? v.map(canon)
	: v !== null && typeof v === "object" ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canon(v[k])])) : v;
if (JSON.stringify(canon(a)) !== JSON.stringify(canon(b))) {
	console.error("LangGraph's result differs from the golden file");
	process.exit(1);
}
console.log(`equal: ${a.messages.length} messages`);
EOF

echo "== timing: $runs runs each, $warmup warm-up"
if command -v hyperfine >/dev/null; then
	hyperfine -N --warmup "$warmup" --runs "$runs" --export-json "$dir/hyperfine.json" \
		-n "go: scenario run" "${go_cmd[*]}" \
		-n "node: messagesStateReducer" "${node_cmd[*]}"
	node - "$dir/hyperfine.json" "$target" <<'EOF'
const fs = require("node:fs");
const [file, target] = process.argv.slice(2);
const [go, js] = JSON.parse(fs.readFileSync(file, "utf8")).results;
const f = (r) => `${(r.mean * 1000).toFixed(0)} ms ± ${(r.stddev * 1000).toFixed(0)} (min ${(r.min * 1000).toFixed(0)}, user ${(r.user * 1000).toFixed(0)}, sys ${(r.system * 1000).toFixed(0)})`;
const ratio = js.mean / go.mean;
console.log(`go:    ${f(go)}\nnode:  ${f(js)}\nratio: node/go = ${ratio.toFixed(2)} (mean), ${(js.min / go.min).toFixed(2)} (min); CPU ${((js.user + js.system) / (go.user + go.system)).toFixed(2)}`);
console.log(ratio >= Number(target) ? `target met: at least ${target}x` : `target missed: under ${target}x`);
process.exit(ratio >= Number(target) ? 0 : 1);
EOF
else
	# no hyperfine: a loop with date +%s%N
	time_runs() {
		local i t0 t1
		for ((i = 0; i < warmup; i++)); do "$@" >/dev/null; done
		for ((i = 0; i < runs; i++)); do
			t0=$(date +%s%N)
			"$@" >/dev/null
			t1=$(date +%s%N)
			echo $(((t1 - t0) / 1000))
		done
	}
	stats() { awk '{s+=$1; q+=$1*$1; if(NR==1||$1<m)m=$1} END {mu=s/NR; sd=sqrt(q/NR-mu*mu); printf "%.0f %.0f %.0f\n", mu/1000, sd/1000, m/1000}'; }
	read -r gm gs gmin < <(time_runs "${go_cmd[@]}" | stats)
	read -r nm ns nmin < <(time_runs "${node_cmd[@]}" | stats)
	echo "go:    $gm ms ± $gs (min $gmin)"
	echo "node:  $nm ms ± $ns (min $nmin)"
	awk -v g="$gm" -v n="$nm" -v t="$target" 'BEGIN {r=n/g; printf "ratio: node/go = %.2f\n", r; if (r >= t) {print "target met: at least " t "x"} else {print "target missed: under " t "x"; exit 1}}'
fi
