"""Times dnstwist's own generation in one Python process, as `bench.ts` times ours.

    python3 dnstwist-timing.py DNSTWIST_PY RUNS DOMAIN... > JSON

For each domain: the median wall time of RUNS in-process `Fuzzer(domain, dictionary,
tld_dictionary).generate()` calls (after one warm-up run), with the dictionaries dnstwist
ships (english.dict, common_tlds.dict) read as its CLI reads them, and the sorted names.
"""
import importlib.util
import json
import os
import re
import statistics
import sys
import time

path, runs, domains = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
spec = importlib.util.spec_from_file_location('dnstwist', path)
dnstwist = importlib.util.module_from_spec(spec)
spec.loader.exec_module(dnstwist)
folder = os.path.join(os.path.dirname(path), 'dictionaries')
re_subd = re.compile(r'^(?:(?:xn--)[a-z0-9-]{3,59}|[a-z0-9-]{1,63})$')
re_tld = re.compile(r'^[a-z0-9-]{2,63}(?:\.[a-z0-9-]{2,63})?$')
with open(os.path.join(folder, 'english.dict'), encoding='utf-8') as f:
    words = [x for x in set(f.read().lower().splitlines()) if re_subd.match(x)]
with open(os.path.join(folder, 'common_tlds.dict'), encoding='utf-8') as f:
    tlds = [x for x in set(f.read().lower().splitlines()) if re_tld.match(x)]

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
