#!/usr/bin/env python3
"""Random playouts per second of `mancala bench` beside a hand-written engine of the same games,
measured in one run on one machine, as the table of docs/performance.md.

    scripts/speed_table.py --handwritten PATH/TO/handwritten [--playouts 3000] [--runs 5] [--cpu 0]
                           [--playouts-of kisolo=30000] [--binary build-pgo/mancala]

For each game the hand-written engine plays (Kiuthi, Kisolo, Okwe (Ido), Li'b al-Ghashim) and each
configuration (the defaults, then each value of each option), the two programs are run in turn,
`--runs` times each, interleaved, and the medians compared. A game whose playouts vary a great
deal in cost (Kisolo: a few long relay sowings weigh more than the rest) needs more playouts a
run for its median to settle: `--playouts-of GAME=N`. Games that no hand-written engine plays
(every other file of games/) are measured alone. The hand-written engine is not part of this
project: give its path (it prints `... playouts_per_sec=Y ...` with `--bench`)."""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# games/GROUP/NAME.lud -> the hand-written engine's name for it, and its options' names and values.
HANDWRITTEN = {
    "kiuthi": ("kiuthi", {}),
    "kisolo": ("kisolo", {"capture": {"turn": "all"}}),
    "okwe-ido": ("okwe", {}),
    "lib-al-ghashim": ("lib", {}),
}


def options_of(binary, path):
    """Each option of a rule file with its values, from `mancala check` and the file's text."""
    text = open(path, encoding="utf-8").read()
    options = []
    for m in re.finditer(r'\(option\s+"([^"]+)"\s+("?[^\s")]+"?)\s+(\{[^}]*\}|\(range[^)]*\))', text):
        name, default, choices = m.group(1), m.group(2).strip('"'), m.group(3)
        if choices.startswith("{"):
            values = [v.strip('"') for v in choices[1:-1].split()]
        else:
            nums = [int(x) for x in re.findall(r"-?\d+", choices)]
            step = nums[2] if len(nums) > 2 else 1
            values = [str(v) for v in range(nums[0], nums[1] + 1, step)]
        options.append((name, default, values))
    return options


def configurations(binary, path):
    configs = [[]]
    for name, default, values in options_of(binary, path):
        configs += [[f"{name}={v}"] for v in values if v != default]
    return configs


PIN = []  # ["taskset", "-c", CPU] with --cpu: both programs on the same core


def mancala_rate(binary, path, options, playouts, seed):
    args = PIN + [binary, "bench", path, "--playouts", str(playouts), "--runs", "1", "--seed", str(seed), "--json"]
    for o in options:
        args += ["--option", o]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    return json.loads(out)["playouts_per_sec"]["median"]


def handwritten_rate(binary, game, options, playouts, seed):
    name, renames = HANDWRITTEN[game]
    args = PIN + [binary, name, "--bench", "--playouts", str(playouts), "--seed", str(seed)]
    for o in options:
        key, value = o.split("=", 1)
        args += ["--option", f"{key}={renames.get(key, {}).get(value, value)}"]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    return float(re.search(r"playouts_per_sec=([\d.]+)", out).group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, "build", "mancala"))
    parser.add_argument("--handwritten", help="the hand-written engine (optional)")
    parser.add_argument("--playouts", type=int, default=3000)
    parser.add_argument("--playouts-of", action="append", default=[], metavar="GAME=N",
                        help="playouts per run for one game (repeatable)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--games", nargs="*", help="games/ file names without .lud (default all)")
    parser.add_argument("--cpu", help="run both programs on this core (taskset): on a shared virtual "
                        "machine a process moved between cores is timed unevenly")
    args = parser.parse_args()
    if args.cpu is not None:
        PIN.extend(["taskset", "-c", args.cpu])

    playouts_of = {}
    for item in args.playouts_of:
        game, _, n = item.partition("=")
        playouts_of[game] = int(n)
    # games/ is grouped in folders (two-row/, four-row/ ...): NAME -> games/GROUP/NAME.lud
    files = {f[:-4]: os.path.join(d, f) for d, _, names in os.walk(os.path.join(ROOT, "games"))
             for f in names if f.endswith(".lud")}
    games = args.games or sorted(files)
    print("| game | options | `mancala bench` | hand-written | ratio |")
    print("|---|---|---|---|---|")
    for game in games:
        path = files[game]
        playouts = playouts_of.get(game, args.playouts)
        for options in configurations(args.binary, path):
            ours, theirs = [], []
            for run in range(args.runs):
                ours.append(mancala_rate(args.binary, path, options, playouts, args.seed + run))
                if args.handwritten and game in HANDWRITTEN:
                    theirs.append(handwritten_rate(args.handwritten, game, options, playouts, args.seed + run))
            a = statistics.median(ours)
            if theirs:
                b = statistics.median(theirs)
                print(f"| {game} | {' '.join(options) or 'defaults'} | {a:,.0f}/s | {b:,.0f}/s | {a / b:.2f} |", flush=True)
            else:
                print(f"| {game} | {' '.join(options) or 'defaults'} | {a:,.0f}/s | | |", flush=True)


if __name__ == "__main__":
    sys.exit(main())
