"""Reads an RDF file with rdflib and writes what it read as N-Quads, for tests that compare it with n3's reading.

Usage: rdflib-nquads.py FILE FORMAT [BASE] (FORMAT as rdflib names it: nquads, trig, turtle, nt; relative IRIs
resolved against BASE when given). Writes N-Quads to stdout; a file rdflib cannot read exits 1 with its error.
"""
import sys

from rdflib import Dataset

path, fmt = sys.argv[1:3]
base = sys.argv[3] if len(sys.argv) > 3 else None
dataset = Dataset()
try:
    dataset.parse(path, format=fmt, publicID=base)
except Exception as error:  # rdflib raises many kinds; the message is what a person needs
    print(f'{type(error).__name__}: {error}', file=sys.stderr)
    sys.exit(1)
sys.stdout.write(dataset.serialize(format='nquads'))
