"""Between-run noise of a payload's median: one pass of N samples vs P passes of N/P samples
(the demands file lists the payload P times), interleaved, under the preset (CPU idle held,
pinned 0/1, FIFO 50)."""
import os
import struct
import subprocess
import sys
import time

import numpy as np
import pandas as pd

B = "/work/main/build/colcon/install/latencytest/bin/LatencyTest"
fd = os.open("/dev/cpu_dma_latency", os.O_WRONLY); os.write(fd, struct.pack("i", 0))
def run(name, payload, passes, samples, domain):
    demands = f"/tmp/passes/d{passes}.csv"
    open(demands, "w").write(";".join([str(payload)] * passes) + ";\n")
    raw = f"/tmp/passes/raw-{domain}.csv"
    if os.path.exists(raw): os.remove(raw)
    xml = f"/tmp/r1/logs/{name}.xml"
    sub = subprocess.Popen(["taskset", "-c", "1", "chrt", "-f", "50", B, "subscriber", "--xml", xml, "--file", demands,
                            "--domain", str(domain)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    t = time.monotonic()
    subprocess.run(["taskset", "-c", "0", "chrt", "-f", "50", B, "publisher", "--samples", str(samples // passes),
                    "--export_raw_data", raw, "--xml", xml, "--file", demands, "--domain", str(domain)],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
    sub.wait(timeout=30)
    frame = pd.read_csv(raw)
    return float(np.median(frame.iloc[:, 2])), time.monotonic() - t
os.makedirs("/tmp/passes", exist_ok=True)
reps = int(sys.argv[1]) if len(sys.argv) > 1 else 12
rows = []
for rep in range(reps):
    for name in ("interprocess_best_effort", "interprocess_reliable"):
        for passes in (1, 5, 10):
            median, wall = run(name, 1024, passes, 1000, 60 + passes)
            rows.append((name, passes, rep, median, wall))
table = pd.DataFrame(rows, columns=["sub", "passes", "rep", "median", "wall"])
table.to_csv("/tmp/passes/table.csv", index=False)
for (name, passes), g in table.groupby(["sub", "passes"]):
    print(f"{name:28} passes {passes:2}: s.d. of log median {np.log(g['median']).std(ddof=1):.3f}  "
          f"medians {' '.join(f'{m:.2f}' for m in g['median'])}  wall {g['wall'].mean():.2f} s")
