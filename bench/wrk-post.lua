-- wrk's script for bench/quote-throughput.mjs: POSTs JSON at the URL given to wrk. With BENCH_BODY_START set, each
-- request's body is that text followed by a new idemId and "}" (every quote a new one, stored; the INSERT route gets
-- the same requests); without it the body is "{}". BENCH_TOKENS, when set, are bearers separated by commas, used in turn. At the end one JSON
-- line: the requests, the duration, the latency's percentiles (microseconds) and the failures (non-2xx replies;
-- socket errors and timeouts).
wrk.method = "POST"
wrk.headers["content-type"] = "application/json"
local tokens = {}
for token in string.gmatch(os.getenv("BENCH_TOKENS") or "", "[^,]+") do tokens[#tokens + 1] = "Bearer " .. token end
local bodyStart = os.getenv("BENCH_BODY_START")
local run = os.getenv("BENCH_RUN") or "0"

-- Each of wrk's threads has a Lua state of its own: a thread number keeps the idemIds of different threads apart.
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("thread_number", threads)
end

local counter = 0
function request()
  if not bodyStart or bodyStart == "" then return wrk.format(nil, nil, nil, "{}") end
  counter = counter + 1
  if #tokens > 0 then wrk.headers["authorization"] = tokens[counter % #tokens + 1] end
  return wrk.format(nil, nil, nil, bodyStart .. '"bench-wrk-' .. run .. '-' .. thread_number .. '-' .. counter .. '"}')
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"non2xx":%d,"errors":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), e.status,
    e.connect + e.read + e.write + e.timeout))
end
