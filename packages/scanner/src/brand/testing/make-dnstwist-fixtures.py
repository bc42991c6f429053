#!/usr/bin/env python3
"""Runs dnstwist once over the parity domains and writes its names, family by family, as the
fixture `dnstwist-names.json.gz` that `generate-lookalikes.parity.test.ts` compares against.

    python3 packages/scanner/src/brand/testing/make-dnstwist-fixtures.py [path/to/dnstwist.py]

The default path is $DNSTWIST_PY or ../shared/reference/dnstwist/dnstwist.py from the repo root.
dnstwist runs with the dictionaries it ships (english.dict and common_tlds.dict, also copied to
brand/data/dnstwist), so its dictionary and tld-swap families are compared too. Its optional
modules matter: `idna` (IDNA 2008) decides which names are valid, `tld` (absent here) would
replace its built-in suffix guess; the fixture records which were present.
"""
import gzip
import json
import os
import sys

from dnstwist_loader import load_dnstwist

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, '..', '..', '..', '..', '..'))
DEFAULT = os.environ.get('DNSTWIST_PY') or os.path.join(ROOT, '..', 'shared', 'reference', 'dnstwist', 'dnstwist.py')
OUT = os.path.join(HERE, 'dnstwist-names.json.gz')

# Varied shapes: one and two letters, long names, hyphens, digits, IDN and punycode input,
# ccTLDs with their own glyph tables, two-label suffixes (co.uk, com.br, co.jp), subdomains.
DOMAINS = [
    'a.co', 'x.com', 'ab.io', 'qq.com', 'bbc.co.uk', 'www.bbc.co.uk', 'paypal.com', 'google.com',
    'microsoft.com', 'bankofamerica.com', 'example.com', 'postfinance.ch', 'amazon.de', 'allegro.pl',
    'mercadolivre.com.br', 'my-bank.com', 'e-trade-online.com', '7-eleven.com', '1and1.com',
    'müller.de', 'xn--bcher-kva.info', 'xn--80ak6aa92e.com', 'rakuten.co.jp', 'danskebank.dk',
    'nordea.no', 'op.fi', 'desjardins.ca', 'login.microsoftonline.com', 'wellsfargo.com', 'yandex.ru',
    'gov.uk', 'société.fr', 'zz9.nl',
]


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else DEFAULT
    dnstwist, words, tlds = load_dnstwist(path)
    try:
        import idna  # noqa: F401
        idna_module = 'idna ' + idna.__version__ if hasattr(idna, '__version__') else 'idna'
    except ImportError:
        idna_module = 'built-in codec (IDNA 2003)'
    try:
        import tld  # noqa: F401
        tld_module = 'tld'
    except ImportError:
        tld_module = 'none (built-in suffix guess)'
    fixtures = {
        'dnstwist': dnstwist.__version__,
        'python': sys.version.split()[0],
        'idna': idna_module,
        'tld': tld_module,
        'dictionary': 'english.dict',
        'tlds': 'common_tlds.dict',
        'domains': {},
    }
    for domain in DOMAINS:
        url = dnstwist.UrlParser(domain)
        fuzz = dnstwist.Fuzzer(url.domain, dictionary=words, tld_dictionary=tlds)
        fuzz.generate()
        families = {}
        for permutation in fuzz.domains:
            if permutation['fuzzer'] != '*original':
                families.setdefault(permutation['fuzzer'], []).append(permutation['domain'])
        fixtures['domains'][domain] = {name: sorted(names) for name, names in sorted(families.items())}
        print('{:28} {:6d} names'.format(domain, sum(len(v) for v in families.values())), file=sys.stderr)
    with gzip.open(OUT, 'wt', encoding='utf-8', compresslevel=9) as f:
        json.dump(fixtures, f, ensure_ascii=True, separators=(',', ':'))
    print('wrote', os.path.relpath(OUT, ROOT), os.path.getsize(OUT), 'bytes', file=sys.stderr)


if __name__ == '__main__':
    main()
