# Sourced by tools/fuzz/run and tools/fuzz/executions: `fuzz_code` prints the key of the code
# the fuzz targets run. They link conquian_check and what it links, the protocol target
# conquian_serve and the board_api target conquian_http (CMakeLists.txt), so the code is
# src/{base,cards,record,rules,turn,engine,pan,replay,check,solve,batch,analyse,serve,http}, the
# shipped rulesets compiled in, the build file and tools/fuzz/ itself; runs count for
# the same code while the git trees of these folders are the same, whatever else a commit
# changed ("+" when they have uncommitted changes).
fuzz_dirs=(src/base src/cards src/record src/rules src/turn src/engine src/pan src/replay src/check src/solve src/batch src/analyse src/serve src/http rulesets CMakeLists.txt tools/fuzz)
fuzz_code() {
  local key="" d
  for d in "${fuzz_dirs[@]}"; do key+=$(git rev-parse --short "HEAD:$d" 2>/dev/null || echo none); done
  key=$(printf '%s' "$key" | sha1sum | cut -c1-12)
  git diff --quiet HEAD -- "${fuzz_dirs[@]}" 2>/dev/null || key="$key+"
  printf '%s\n' "$key"
}
