#!/usr/bin/env python3
"""Writes fuzz/seeds/: move lists and records from tests/examples for fuzz_moves (byte 0: the
configuration, as in fuzz/targets.cpp; byte 1: 0 = move list, 1 = JSON Lines record), and a few
random byte strings for fuzz_interpreter. Run from anywhere; the output is committed."""
import json, os, random

here = os.path.dirname(os.path.abspath(__file__))
examples = os.path.join(here, '..', 'tests', 'examples')
# Must match configurations() in fuzz/targets.cpp.
CONFIGS = [('kiuthi', ''), ('kiuthi', 'chain=driedger'), ('kiuthi', 'shrink=leakey opener=loser'),
           ('kiuthi', 'holes=5 counters=4'), ('kisolo', ''), ('kisolo', 'start=townshend1'),
           ('kisolo', 'start=townshend2 capture=origin'), ('okwe-ido', ''),
           ('okwe-ido', 'capture=landing'), ('okwe-ido', 'holes=14'), ('lib-al-ghashim', ''),
           ('lib-al-ghashim', 'chain=all')]

out = os.path.join(here, 'seeds', 'moves')
os.makedirs(out, exist_ok=True)
for line in open(os.path.join(examples, 'INDEX.tsv')):
    if line.startswith('#') or not line.strip():
        continue
    name, game, options = (line.rstrip('\n').split('\t') + [''])[:3]
    index = CONFIGS.index((game, options.strip()))
    lines = [l for l in open(os.path.join(examples, name + '.jsonl')) if l.strip()]
    moves = [json.loads(l)['move'] for l in lines if 'move' in json.loads(l)]
    text = ', '.join(moves)
    while len(text) > 8000:  # fuzz_moves runs with -max_len=8192
        moves = moves[:len(moves) * 3 // 4]
        text = ', '.join(moves)
    with open(os.path.join(out, name + '.list'), 'wb') as f:
        f.write(bytes([index, 0]) + text.encode())
    record = ''
    for l in lines:
        if len(record) + len(l) > 8000:
            break
        record += l
    with open(os.path.join(out, name + '.jsonl'), 'wb') as f:
        f.write(bytes([index, 1]) + record.encode())

out = os.path.join(here, 'seeds', 'interpreter')
os.makedirs(out, exist_ok=True)
rng = random.Random(1)
for i in range(16):
    with open(os.path.join(out, 'random-%02d' % i), 'wb') as f:
        f.write(bytes(rng.randrange(256) for _ in range(64 + 32 * i)))
