#!/usr/bin/env python3
"""Differential test of the C++ interpreter against reference.py.

For each game, with the default options and with every value of every option (one option
changed at a time), plays --games random games with the interpreter
(`BIN trace games/GROUP/NAME.lud --option ... --random --seed S`) and replays their moves through
reference.py; and plays as many random games with reference.py and replays their moves through
the interpreter (`BIN trace ... --moves "..."`).  Records are compared position by position.

A few option combinations are run too (COMBINATIONS; --no-combinations leaves them out), and the
crafted games of targeted.tsv are replayed through both (--no-targeted leaves them out).

usage: differential.py [--bin BIN] [--games-dir DIR] [--games K] [--max-turns N] [--seed0 S]
                       [--only GAME] [--config GAME[:OPT=V,...]] [--save DIR]
Prints per configuration: games compared, agreements, and the first disagreement (direction,
seed, ply, differing fields).  Exit status 1 on any disagreement."""
import argparse
import io
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import reference                      # noqa: E402
from compare_traces import describe   # noqa: E402

OPTIONS = {
    "kiuthi": {"holes": [str(v) for v in range(5, 11)], "counters": [str(v) for v in range(4, 10)],
               "chain": ["leakey", "driedger"], "shrink": ["summary", "leakey"],
               "opener": ["winner", "loser"]},
    "kisolo": {"start": ["standard", "townshend1", "townshend2"], "capture": ["turn", "origin"]},
    "okwe-ido": {"holes": [str(v) for v in range(10, 21, 2)], "capture": ["opposite", "landing"]},
    "lib-al-ghashim": {"chain": ["one", "all"]},
}
DEFAULTS = {"kiuthi": {"holes": "6", "counters": "6", "chain": "leakey", "shrink": "summary",
                       "opener": "winner"},
            "kisolo": {"start": "standard", "capture": "turn"},
            "okwe-ido": {"holes": "10", "capture": "opposite"},
            "lib-al-ghashim": {"chain": "one"}}


# A few combinations besides (small Kiuthi boards, where endless sowings (G6) occur).
COMBINATIONS = [
    ("kiuthi", ["holes=5", "shrink=leakey", "counters=9"]),
    ("kiuthi", ["holes=5", "shrink=leakey", "counters=6", "chain=driedger", "opener=loser"]),
    ("kiuthi", ["holes=5", "counters=9", "chain=driedger"]),
    ("kiuthi", ["holes=10", "counters=9", "shrink=leakey", "opener=loser"]),
    ("kisolo", ["start=townshend1", "capture=origin"]),
    ("kisolo", ["start=townshend2", "capture=origin"]),
    ("okwe-ido", ["holes=20", "capture=landing"]),
]


def configurations(only=None, combinations=True):
    for game, options in OPTIONS.items():
        if only and game not in only:
            continue
        yield game, []
        for name, values in options.items():
            for v in values:
                if v != DEFAULTS[game][name]:
                    yield game, [f"{name}={v}"]
        if combinations:
            for g, options in COMBINATIONS:
                if g == game:
                    yield g, options


def parse(text):
    records = []
    for line in text.splitlines():
        if line.strip():
            try:
                r = json.loads(line)
            except ValueError:
                r = {"unparsable": line}
            if isinstance(r, dict):
                r.pop("events", None)
                r.pop("start-events", None)
            records.append(r)
    return records


def moves_of(records):
    return [r["move"] for r in records if isinstance(r, dict) and "move" in r]


def game_file(games_dir, game):
    """games_dir/**/GAME.lud: games/ is grouped in folders (two-row/, four-row/ ...)."""
    found = [os.path.join(d, game + ".lud") for d, _, files in os.walk(games_dir)
             if game + ".lud" in files]
    if len(found) != 1:
        raise SystemExit(f"{game}.lud: {len(found)} files under {games_dir}, expected one")
    return found[0]


class Binary:
    def __init__(self, path, games_dir):
        self.path, self.games_dir = path, games_dir

    def run(self, game, options, extra):
        cmd = [self.path, "trace", game_file(self.games_dir, game)]
        for o in options:
            cmd += ["--option", o]
        cmd += extra
        for attempt in range(60):          # the binary is rebuilt by others from time to time
            if os.access(self.path, os.X_OK):
                try:
                    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
                    if p.stdout.strip():
                        return p.stdout, p.returncode, p.stderr
                except (OSError, subprocess.TimeoutExpired):
                    pass
            time.sleep(20)
        raise SystemExit(f"binary unusable: {' '.join(cmd[:4])}...")


class Skewed(reference.random.Random):
    """A random player that, half the time, plays the first or the last legal move in byte order
    (extreme placements, the same hole again and again...): it reaches corners that uniform random
    play seldom does."""

    def choice(self, seq):
        r = self.random()
        if r < 0.25:
            return seq[0]
        if r < 0.5:
            return seq[-1]
        return super().choice(seq)


def reference_trace(game, options, moves=None, seed=None, max_turns=2000, skewed=False):
    g = reference.make_game(game, options)
    out = io.StringIO()
    rng = (Skewed if skewed else reference.random.Random)(seed) if seed is not None else None
    reference.trace(g, moves, rng, max_turns, out)
    return out.getvalue()


def first_difference(expected, actual):
    """Index of the first differing line, or None."""
    for i in range(max(len(expected), len(actual))):
        e = expected[i] if i < len(expected) else None
        a = actual[i] if i < len(actual) else None
        if e != a:
            return i
    return None


def report(direction, seed, ref, other, i, game, options):
    e = ref[i] if i < len(ref) else None
    a = other[i] if i < len(other) else None
    before = ref[i - 1] if i and i - 1 < len(ref) else None
    lines = [f"    first disagreement: {direction}, seed {seed}, line {i + 1} "
             f"(ply {(e or a or {}).get('ply')})"]
    if before is not None:
        lines.append(f"    position before: {json.dumps(before.get('state'), separators=(',', ':'))}")
        lines.append(f"    move played: {before.get('move')!r}")
    lines.append("    reference vs interpreter: " + describe(e, a).replace("\n  ", "\n      "))
    return "\n".join(lines)


def targeted(binary, args):
    """Replays the crafted move lists of targeted.tsv (Okwe games that reach the O7 end, Li'b
    distributions of equal holes...) through both implementations."""
    path = os.path.join(HERE, "targeted.tsv")
    compared = agreed = 0
    first = None
    with open(path) as f:
        for number, line in enumerate(f, 1):
            if not line.strip() or line.startswith("#"):
                continue
            game, options, moves = line.rstrip("\n").split("\t")
            if args.only and game not in args.only:
                continue
            options = options.split()
            mv = [m.strip() for m in moves.split(",") if m.strip()]
            ref = parse(reference_trace(game, options, mv, max_turns=args.max_turns))
            out, rc, err = binary.run(game, options, ["--moves", ", ".join(mv),
                                                      "--max-turns", str(args.max_turns)])
            other = parse(out)
            compared += 1
            i = first_difference(ref, other)
            if i is None:
                agreed += 1
            elif first is None:
                first = report(f"targeted.tsv line {number} ({game} {' '.join(options)})", "-",
                               ref, other, i, game, options)
    status = "OK " if agreed == compared else "FAIL"
    print(f"{status} targeted.tsv: {compared} games compared, {agreed} agree", flush=True)
    if first:
        print(first, flush=True)
        return 1
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    project = os.path.dirname(os.path.dirname(HERE))   # tests/reference/ -> the project's root
    ap.add_argument("--bin", default=os.path.join(project, "build", "mancala"))
    ap.add_argument("--games-dir", default=os.path.join(project, "games"))
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--max-turns", type=int, default=2000)
    ap.add_argument("--seed0", type=int, default=1)
    ap.add_argument("--only", action="append")
    ap.add_argument("--save", help="folder where disagreeing records are written")
    ap.add_argument("--no-combinations", action="store_true",
                    help="only the defaults and one option changed at a time")
    ap.add_argument("--no-targeted", action="store_true", help="leave out targeted.tsv")
    ap.add_argument("--skewed", action="store_true",
                    help="reference games: play the first or last legal move half the time")
    ap.add_argument("--config", action="append", metavar="GAME[:OPT=V,...]",
                    help="run only these configurations")
    args = ap.parse_args()
    binary = Binary(args.bin, args.games_dir)
    failures = 0
    total_games = 0
    if args.config:
        configs = [(c.split(":")[0], c.split(":")[1].split(",") if ":" in c else [])
                   for c in args.config]
    else:
        configs = list(configurations(args.only, not args.no_combinations))
    for game, options in configs:
        label = game + (" " + " ".join(options) if options else " (defaults)")
        compared = agreed = 0
        first = None
        for direction in ("interpreter->reference", "reference->interpreter"):
            for seed in range(args.seed0, args.seed0 + args.games):
                if direction == "interpreter->reference":
                    out, rc, err = binary.run(game, options, ["--random", "--seed", str(seed),
                                                              "--max-turns", str(args.max_turns)])
                    other = parse(out)
                    ref = parse(reference_trace(game, options, moves_of(other),
                                                max_turns=args.max_turns))
                else:
                    ref = parse(reference_trace(game, options, seed=seed, max_turns=args.max_turns,
                                                skewed=args.skewed))
                    mv = moves_of(ref)
                    out, rc, err = binary.run(game, options, ["--moves", ", ".join(mv),
                                                              "--max-turns", str(args.max_turns)])
                    other = parse(out)
                compared += 1
                i = first_difference(ref, other)
                if i is None:
                    agreed += 1
                    continue
                if first is None:
                    first = report(direction, seed, ref, other, i, game, options)
                if args.save:
                    os.makedirs(args.save, exist_ok=True)
                    stem = f"{game}{'-' + '-'.join(o.replace('=', '') for o in options) if options else ''}" \
                           f"-{'i2r' if direction.startswith('interp') else 'r2i'}-seed{seed}"
                    with open(os.path.join(args.save, stem + ".ref.jsonl"), "w") as f:
                        f.writelines(json.dumps(r, separators=(",", ":")) + "\n" for r in ref)
                    with open(os.path.join(args.save, stem + ".bin.jsonl"), "w") as f:
                        f.writelines(json.dumps(r, separators=(",", ":")) + "\n" for r in other)
        total_games += compared
        status = "OK " if agreed == compared else "FAIL"
        print(f"{status} {label}: {compared} games compared, {agreed} agree", flush=True)
        if first:
            failures += 1
            print(first, flush=True)
    if not args.config and not args.no_targeted:
        failures += targeted(binary, args)
    print(f"{total_games} games in all; {failures} configuration(s) with disagreements")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
