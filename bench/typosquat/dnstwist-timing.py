"""Times dnstwist's own generation in one Python process, as `bench.ts` times ours.

    python3 dnstwist-timing.py DNSTWIST_PY RUNS DOMAIN... > JSON

For each domain: the median wall time of RUNS in-process `Fuzzer(domain, dictionary,
tld_dictionary).generate()` calls (after one warm-up run), with the dictionaries dnstwist
ships (english.dict, common_tlds.dict) read as its CLI reads them, and the sorted names.
"""
import json
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'packages', 'scanner', 'src', 'brand', 'testing'))
from dnstwist_loader import load_dnstwist  # noqa: E402
import time

path, runs, domains = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
dnstwist, words, tlds = load_dnstwist(path)

results = []
for domain in domains:
    host = dnstwist.UrlParser(domain).domain
    times = []
    names = None
    for run in range(runs + 1):
        started = time.perf_counter()
        fuzz = dnstwist.Fuzzer(host, dictionary=words, tld_dictionary=tlds)
        fuzz.generate()
        elapsed = (time.perf_counter() - started) * 1000
        if run > 0:
            times.append(elapsed)
        names = fuzz.domains
    results.append({
        'domain': domain,
        'ms': statistics.median(times),
        'names': sorted(p['domain'] for p in names if p['fuzzer'] != '*original'),
    })
json.dump(results, sys.stdout)
