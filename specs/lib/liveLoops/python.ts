/** The polling loop in Python with requests (./index.ts). */
import type {LiveLoop} from './index';
import {pythonLiteral, pollPathWith} from './literal';

export function python(loop: LiveLoop): string {
  const replaced = loop.replaceWithoutAction
    ? 'polled.get("action") == "RESULT_ACTION_REPLACED" or ("action" not in polled and "content" in polled)'
    : 'polled.get("action") == "RESULT_ACTION_REPLACED"';
  const pollArguments = loop.pollBody === undefined ? '' : ', json=POLL_BODY';
  return `import os
import random
import sys
import time
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime
from typing import Any, Callable, Dict

import requests

CREATE_URL = f"{os.environ['API_BASE_URL']}${loop.createPath}"
HEADERS = {"x-api-key": os.environ["API_KEY"], "Content-Type": "application/json"}
RETRYABLE = {429, 500, 503}
FINAL = {${loop.terminalStatuses.map((status) => `"${status}"`).join(', ')}}


def poll_url(session_token: str) -> str:
    return f"{os.environ['API_BASE_URL']}${pollPathWith(loop, '{session_token}')}"


class SearchFailed(Exception):
    pass


def retry_after_seconds(res: requests.Response) -> float:
    """What Retry-After asks for, in seconds (seconds or an HTTP date); 0 when absent or unreadable."""
    value = res.headers.get("Retry-After", "").strip()
    if value.isdigit():
        return float(value)
    try:
        return max(0.0, (parsedate_to_datetime(value) - datetime.now(timezone.utc)).total_seconds())
    except (TypeError, ValueError):
        return 0.0


def request_with_retry(
    method: str,
    url: str,
    *,
    max_attempts: int = 4,
    base: float = 0.5,
    cap: float = 8.0,
    timeout: float = 30,
    **kwargs,
) -> requests.Response:
    """The request_with_retry of Rate limits: retries 429, 500, 503 and no answer."""
    for attempt in range(1, max_attempts + 1):
        retry_after = 0.0
        try:
            res = requests.request(method, url, timeout=timeout, **kwargs)  # a time limit per attempt
            if res.status_code not in RETRYABLE:
                return res
            problem = f"HTTP {res.status_code}"
            retry_after = retry_after_seconds(res)
        except (requests.ConnectionError, requests.Timeout) as err:
            problem = f"no answer ({type(err).__name__})"
        if attempt == max_attempts:
            raise RuntimeError(f"retry budget spent after {max_attempts} attempts: {problem}")
        wait = max(retry_after, random.uniform(0, min(cap, base * 2 ** (attempt - 1))))
        if wait > cap:
            raise RuntimeError(f"{problem}: Retry-After asks for {wait:.0f}s, more than the cap")
        print(f"{problem}, retrying in {wait:.2f}s", file=sys.stderr)
        time.sleep(wait)
    raise AssertionError("unreachable")


def live_search(
    body: Dict[str, Any], max_polls: int = 20, on_update: Callable[[Any], None] = lambda content: None
) -> Dict[str, Any]:
    """Run ${loop.what} to completion and return the final result set."""
    res = request_with_retry("POST", CREATE_URL, json=body, headers=HEADERS)
    res.raise_for_status()  # 400, 401, 403 and the rest: retrying will not help
    created = res.json()
    session_token = created["${loop.tokenField}"]
    status, content = created["status"], created.get("content")
    on_update(content)

    delay = ${(loop.pollIntervalMs / 1000).toFixed(1)}
    for _ in range(max_polls):
        if status in FINAL:
            break
        time.sleep(delay + random.uniform(0, 0.25))  # jitter
        delay = min(delay * 2, 5.0)

        res = request_with_retry("POST", poll_url(session_token)${pollArguments}, headers=HEADERS)  # retries itself
        res.raise_for_status()  # 400, 401, 403, 404 and the rest: give up
        polled = res.json()

        status = polled["status"]
        if ${replaced}:
            content = polled["content"]
            on_update(content)
        # NOT_MODIFIED, OMITTED and UNSPECIFIED: keep the content we have

    if status == "RESULT_STATUS_FAILED":
        raise SearchFailed(f"search failed (session {session_token})")
    return {
        "sessionToken": session_token,
        "status": status,
        "complete": status == "RESULT_STATUS_COMPLETE",
        "content": content,
    }


# The body shown above
body = ${pythonLiteral(loop.createBody)}
${loop.pollBody === undefined ? '' : `# The poll's body, sent with every poll\nPOLL_BODY = ${pythonLiteral(loop.pollBody)}\n`}

def count(content) -> int:
    return len(((content or {}).get("results") or {}).get("${loop.count.list}") or {})


result = live_search(body, on_update=lambda content: print(f"{count(content)} ${loop.count.noun} so far"))
print(f"final status: {result['status']}, {count(result['content'])} ${loop.count.noun}")
`;
}
