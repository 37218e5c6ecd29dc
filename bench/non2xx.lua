-- wrk script of the benchmarks (bench/throughput.mjs): prints the status and the start of the
-- body of every answer that is not 2xx or 3xx, at most 20 a run, so the benchmark records what
-- failed and keeps measuring.
local printed = 0

response = function(status, headers, body)
  if status >= 400 and printed < 20 then
    printed = printed + 1
    local text = string.gsub(string.sub(body or "", 1, 300), "%s+", " ")
    io.write(string.format("NON2XX %d %s\n", status, text))
  end
end
