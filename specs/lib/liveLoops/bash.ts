/** The polling loop in bash with curl and jq (./index.ts). */
import type {LiveLoop} from './index';
import {jsonText, pollPathWith} from './literal';

export function bash(loop: LiveLoop): string {
  const pollFile = loop.pollBody === undefined ? '' : ' poll.json';
  const replaced = loop.replaceWithoutAction
    ? '{ [[ "$ACTION" == "RESULT_ACTION_REPLACED" ]] || jq -e \'(has("action") | not) and has("content")\' answer.json > /dev/null; }'
    : '[[ "$ACTION" == "RESULT_ACTION_REPLACED" ]]';
  return `#!/usr/bin/env bash
# Requires jq. Writes the body shown above to create.json${loop.pollBody === undefined ? '' : ", and the poll's to poll.json"}, then runs the search.
set -uo pipefail # no -e: call() reads each status itself
cat > create.json <<'EOF'
${jsonText(loop.createBody)}
EOF
${
  loop.pollBody === undefined
    ? ''
    : `cat > poll.json <<'EOF'
${jsonText(loop.pollBody)}
EOF
`
}
# call URL [BODY_FILE]: POSTs, and writes the answer to answer.json. Retries 429, 500, 503 and no
# answer (the loop of Rate limits: capped backoff with full jitter, at least Retry-After, a time limit
# per attempt, no wait after the last of 4 attempts); exits on any other error.
call() {
  local args=(-s --max-time 30 -X POST "$1" -H "x-api-key: $API_KEY" -o answer.json -D headers.txt -w '%{http_code}')
  if [[ $# -gt 1 ]]; then args+=(-H "Content-Type: application/json" -d "@$2"); fi
  local attempt status retry_after delay
  for ((attempt = 1; attempt <= 4; attempt++)); do
    : > headers.txt
    status=$(curl "\${args[@]}") || status=000
    case "$status" in
      2??) return 0 ;;
      429|500|503|000) ;; # retryable
      *) echo "HTTP $status: $(cat answer.json)" >&2; exit 1 ;;
    esac
    if ((attempt == 4)); then break; fi
    retry_after=$(tr -d '\\r' < headers.txt | awk 'tolower($1) == "retry-after:" && $2 ~ /^[0-9]+$/ { print $2 }')
    delay=$(awk -v seed="$RANDOM" -v a="$attempt" -v r="\${retry_after:-0}" \\
      'BEGIN { srand(seed); m = 0.5 * 2 ^ (a - 1); if (m > 8) m = 8; w = rand() * m; if (r > w) w = r; print w }')
    if awk -v w="$delay" 'BEGIN { exit !(w > 8) }'; then echo "HTTP $status: Retry-After is too long" >&2; exit 1; fi
    printf 'HTTP %s, retrying in %.2fs\\n' "$status" "$delay" >&2
    sleep "$delay"
  done
  echo "retry budget spent after 4 attempts: HTTP $status" >&2; exit 1
}

call "$API_BASE_URL${loop.createPath}" create.json
cp answer.json results.json
TOKEN=$(jq -r '.${loop.tokenField}' answer.json)
STATUS=$(jq -r '.status' answer.json)

DELAY=${loop.pollIntervalMs / 1000}; MAX_POLLS=20
for ((i = 1; i <= MAX_POLLS; i++)); do
  [[ ${loop.terminalStatuses.map((status) => `"$STATUS" == "${status}"`).join(' || ')} ]] && break
  sleep "$DELAY"; DELAY=$(( DELAY * 2 > 5 ? 5 : DELAY * 2 ))
  call "$API_BASE_URL${pollPathWith(loop, '$TOKEN')}"${pollFile}
  STATUS=$(jq -r '.status' answer.json)
  ACTION=$(jq -r '.action' answer.json)
  ${replaced} && cp answer.json results.json
  echo "poll $i: $STATUS $ACTION"
done
echo "final status: $STATUS"
`;
}
