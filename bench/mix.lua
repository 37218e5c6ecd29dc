-- wrk script for bench/load.mjs: each request picks a path from the mix (PATHS, one per line in
-- the file named by the MIX environment variable) and every thread counts answers by status.
local paths = {}
for line in io.lines(os.getenv("MIX")) do
  if #line > 0 then paths[#paths + 1] = line end
end

local threads = {}
function setup(thread)
  thread:set("id", #threads + 1)
  threads[#threads + 1] = thread
end

function init(args)
  counts = {}
  math.randomseed(os.time() + id * 7919)
end

function request()
  return wrk.format("GET", paths[math.random(#paths)], { ["User-Agent"] = "crossfade-bench" })
end

function response(status, headers, body)
  counts[status] = (counts[status] or 0) + 1
end

function done(summary, latency, requests)
  local statuses = {}
  for _, thread in ipairs(threads) do
    for status, n in pairs(thread:get("counts")) do
      statuses[status] = (statuses[status] or 0) + n
    end
  end
  local parts = {}
  for status, n in pairs(statuses) do parts[#parts + 1] = string.format('"%d": %d', status, n) end
  local e = summary.errors
  io.write(string.format(
    'RESULT {"requests": %d, "duration_us": %d, "bytes": %d, "errors": {"connect": %d, "read": %d, "write": %d, "timeout": %d, "status": %d}, ' ..
    '"latency_us": {"p50": %d, "p90": %d, "p99": %d, "max": %d, "mean": %.0f}, "statuses": {%s}}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.timeout, e.status,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, latency.mean,
    table.concat(parts, ", ")))
end
