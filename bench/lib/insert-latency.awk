# Summarises bench/insert-latency.sh's results.tsv (round, participant, ops/s, p50 ms, p99 ms, server
# ms per insert, WAL sync ms per insert): medians per participant, the split of one insert's mean time, and the goal per round.
function median(list,    n, a, i, j, t) {
  n = split(list, a, " ")
  for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] + 0 > t + 0; j--) a[j + 1] = a[j]; a[j + 1] = t }
  return n == 0 ? "" : (n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2)
}
{
  ops[$2] = ops[$2] " " $3; p50[$2] = p50[$2] " " $4; p99[$2] = p99[$2] " " $5
  mean[$2] = mean[$2] " " 1000 / $3
  if ($6 != "-") server[$2] = server[$2] " " $6
  if ($7 != "-") syncs[$2] = syncs[$2] " " $7
  r50[$1, $2] = $4
}
END {
  printf "%-8s %10s %8s %8s %10s %12s\n", "who", "ops/s", "p50 ms", "p99 ms", "mean ms", "server ms"
  split("netty synced memory rocksdb", who, " ")
  for (k = 1; k <= 4; k++) {
    w = who[k]
    m[w] = median(mean[w]); s[w] = median(server[w])
    printf "%-8s %10.0f %8.3f %8.3f %10.3f %12s\n", w, median(ops[w]), median(p50[w]), median(p99[w]), m[w], (s[w] == "" ? "-" : sprintf("%.3f", s[w]))
  }
  print ""
  print "# one insert's mean time, split (medians of the rounds' means, ms)"
  printf "HTTP round trip of the minimal Netty server          %.3f\n", m["netty"]
  printf "memory insert, outside the server (client, network)  %.3f\n", m["memory"] - s["memory"]
  printf "memory insert, inside (HTTP decode to answer written) %.3f\n", s["memory"]
  printf "RocksDB insert, outside the server                   %.3f\n", m["rocksdb"] - s["rocksdb"]
  printf "RocksDB insert, inside                               %.3f\n", s["rocksdb"]
  printf "  of which the commit (inside, RocksDB less memory)  %.3f\n", s["rocksdb"] - s["memory"]
  w = median(syncs["rocksdb"])
  printf "    of which the WAL sync (RocksDB's own timing)      %.3f\n", w
  printf "    the rest: lanes, planning, batch, memtable       %.3f\n", s["rocksdb"] - s["memory"] - w
  printf "RocksDB's own synced put, in-process                 %.3f\n", m["synced"]
  print ""
  print "# goal: RocksDB insert p50 <= 1.5 x (synced put p50 + Netty round trip p50)"
  ratios = ""
  for (r = 1; r <= rounds; r++) {
    base = r50[r, "synced"] + r50[r, "netty"]
    if (base > 0) { ratio = r50[r, "rocksdb"] / base; ratios = ratios " " ratio; printf "round %d: %.3f / (%.3f + %.3f) = %.2f\n", r, r50[r, "rocksdb"], r50[r, "synced"], r50[r, "netty"], ratio }
  }
  g = median(ratios)
  printf "median ratio %.2f: %s\n", g, (g <= 1.5 ? "met" : "not met")
}
