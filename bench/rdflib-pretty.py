"""rdflib as bench/pretty-formatted.ts compares it: reads FILE in FORMAT into a Dataset and writes it to stdout in OUT_FORMAT.

Usage: rdflib-pretty.py FILE FORMAT OUT_FORMAT (formats as rdflib names them: nquads, trig, turtle).
"""
import sys

from rdflib import Dataset

path, fmt, out = sys.argv[1:4]
dataset = Dataset()
dataset.parse(path, format=fmt)
sys.stdout.buffer.write(dataset.serialize(format=out, encoding='utf-8'))
