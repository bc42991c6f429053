"""Loads dnstwist.py from a path, with the dictionaries it ships read as its CLI reads its
--dictionary and --tld files: the parity fixtures and the generation benchmark must drive
dnstwist the same way."""
import importlib.util
import os
import re

RE_SUBDOMAIN = re.compile(r'^(?:(?:xn--)[a-z0-9-]{3,59}|[a-z0-9-]{1,63})$')
RE_TLD = re.compile(r'^[a-z0-9-]{2,63}(?:\.[a-z0-9-]{2,63})?$')


def _read(path, pattern):
    with open(path, encoding='utf-8') as f:
        return [x for x in set(f.read().lower().splitlines()) if pattern.match(x)]


def load_dnstwist(path):
    """Returns (the dnstwist module, its english.dict words, its common_tlds.dict TLDs)."""
    spec = importlib.util.spec_from_file_location('dnstwist', path)
    dnstwist = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(dnstwist)
    folder = os.path.join(os.path.dirname(path), 'dictionaries')
    words = _read(os.path.join(folder, 'english.dict'), RE_SUBDOMAIN)
    tlds = _read(os.path.join(folder, 'common_tlds.dict'), RE_TLD)
    return dnstwist, words, tlds
